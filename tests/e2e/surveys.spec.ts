import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn } from "./support";

// Surveys on both platform variants (Acme: Slack-type, workspaces; Globex:
// Teams-type, groups): an admin creates a survey from a predefined template, sets its audience
// (three chosen people), result viewers, anonymity (minimum 2) and real-time results, and
// schedules it for the next minute; the Worker's cron (GET /__scheduled, `wrangler dev
// --test-scheduled`, see scripts/e2e.mjs) starts the run once it is due; three recipients answer
// it (one without JavaScript, one from a saved and resumed draft); the admin sees the results
// withheld while fewer than the company's anonymity floor (3, above the survey's minimum) have
// answered (and, while open, until a whole step of real-time results is in); closes the survey;
// and reads the report and the department insights, where departments below the floor are hidden.
//
// The recipients: Acme's Liam, Noah (Engineering) and Maya (Customer Success); Globex's Marco,
// Oscar (Product) and Vik (Finance). No other spec excludes them or changes their department
// (organization.spec.ts excludes Grace, Hugo, Ravi and Sofia; review-pairs.spec.ts only shows
// Liam's and Noah's seeded review pairs). This file runs last; only its own surveys change.

const TEMPLATES = "/surveys/survey-templates";
const MANAGE = "/surveys/manage-surveys";
const REPORTS = "/surveys/reports";
const INSIGHTS = "/surveys/survey-insights/department";
const TEMPLATE = "Employee Engagement";
const NPS_QUESTION = /How likely are you to recommend this company as a place to work/;
const AGREE_QUESTION = "I understand how my work contributes to the company's goals.";
const MIN = 2;
/** The company's anonymity floor (companies.anonymity_floor, 3 by default): results show from it, whatever MIN says. */
const FLOOR = 3;
// The texts the pages show (app/modules/surveys/answers.ts, report.ts, app/lib/copy.ts), quoted.
const WITHHELD = `Results are withheld: this anonymous survey shows results once at least ${FLOOR} responses have been submitted.`;
const LIVE_STEPS = `Real-time results of this anonymous survey show in steps of ${FLOOR} responses, from ${2 * FLOOR} on, so that no one's answers can be told apart as they come in. Every response shows once the survey is closed.`;
const FLOOR_HINT = `Results stay hidden until at least ${FLOOR} people have answered, whatever the minimum here.`;
const TWO_HIDDEN = `2 departments are hidden to keep answers anonymous: a department shows once at least ${FLOOR} people in it have responded, and more are hidden when the hidden ones could otherwise be worked out from the totals.`;
const DRAFT_SAVED = "Your draft has been saved. You can come back and finish it later.";
const DRAFT_RESTORED = "Your draft has been restored.";
const THANK_YOU = "Thank you! Your response has been submitted.";

interface Recipient {
  email: string;
  js: boolean;
  /** Saves a draft first (the NPS answer and its comment), comes back and finishes it. */
  draft?: boolean;
  /** Which choice of each question (0 = first; capped at the last). */
  pick: number;
  nps: string;
  reason: string;
}

interface Platform {
  key: "acme" | "globex";
  label: string;
  admin: string;
  placeLabel: "Workspace" | "Group";
  place: string;
  /** The first two share a department, the third is alone in theirs: both below the floor, so both hidden in the insights. */
  recipients: [Recipient, Recipient, Recipient];
  /** The first two's department and the third's. */
  pairDepartment: string;
  aloneDepartment: string;
}

const PLATFORMS: Platform[] = [
  {
    key: "acme",
    label: "Slack-type (Acme)",
    admin: "alice@acme.test",
    placeLabel: "Workspace",
    place: "Acme HQ",
    recipients: [
      { email: "liam@acme.test", js: true, draft: true, pick: 3, nps: "10", reason: "Great team and a clear mission" },
      { email: "noah@acme.test", js: false, pick: 4, nps: "9", reason: "I learn something every week" },
      { email: "maya@acme.test", js: true, pick: 1, nps: "3", reason: "Too many priorities at once" },
    ],
    pairDepartment: "Engineering",
    aloneDepartment: "Customer Success",
  },
  {
    key: "globex",
    label: "Teams-type (Globex)",
    admin: "gina@globex.test",
    placeLabel: "Group",
    place: "Globex All Hands",
    recipients: [
      { email: "marco@globex.test", js: true, pick: 3, nps: "10", reason: "Ambitious product plans" },
      { email: "oscar@globex.test", js: false, draft: true, pick: 4, nps: "9", reason: "Kind colleagues who help" },
      { email: "vik@globex.test", js: true, pick: 1, nps: "3", reason: "Slow decisions" },
    ],
    pairDepartment: "Product",
    aloneDepartment: "Finance",
  },
];

/** What the first tests leave for the later ones (the tests of this file run in order). */
const made: Record<string, { title: string; startAt: number; runId?: string }> = {};

/** Waits until the page is hydrated (client-side handlers attached). */
const settle = (page: Page) => page.waitForLoadState("networkidle");

/** The first whole minute at least 10 s ahead: the smallest start the scheduler takes as "later" with room to submit. */
const nextMinute = () => Math.ceil((Date.now() + 10_000) / 60_000) * 60_000;

/** A UTC instant as the browser's datetime-local value (its own time zone, as the scheduler shows it). */
function localValue(page: Page, ms: number) {
  return page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);
}

const respondPath = (runId: string) => `/surveys/respond/${runId}`;
const npsRadio = (page: Page, value: string) => page.locator('[data-family="nps"]').getByRole("radio", { name: value, exact: true });
/** The NPS scale's radios are visually hidden inside their boxes: a person clicks the box. */
const pickNps = (page: Page, value: string) =>
  page
    .locator('[data-family="nps"] label')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .click();

/**
 * Answers every question of the open respondent form: choice `pick` of each radio group (the NPS
 * question `nps`), `text` in every empty text box (a resumed draft keeps what it had).
 */
async function answerSurvey(page: Page, r: Recipient) {
  const form = page.locator("form[data-respond-state=open]");
  const scales = form.locator('[data-family]:not([data-family="nps"]) input[type="radio"]');
  const names = new Set(await scales.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name)));
  for (const name of names) {
    const radios = form.locator(`input[type="radio"][name="${name}"]`);
    await radios.nth(Math.min(r.pick, (await radios.count()) - 1)).check();
  }
  await pickNps(page, r.nps);
  await expect(npsRadio(page, r.nps)).toBeChecked();
  await form.getByLabel("What is the main reason for your score?").fill(r.reason);
  for (const box of await form.locator("textarea").all()) if ((await box.inputValue()) === "") await box.fill(`Answer from ${r.email}`);
}

/** A recipient, in a browser of their own (JavaScript on or off), answers the run and submits once. */
async function respond(browser: Browser, baseURL: string, runId: string, title: string, r: Recipient) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: r.js });
  const page = await context.newPage();
  try {
    await signIn(page, r.email);
    await page.goto(respondPath(runId));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("This survey is anonymous: your name is not kept with your answers.")).toBeVisible();
    if (r.js) await settle(page);
    if (r.draft) {
      await pickNps(page, r.nps);
      await page.getByLabel("What is the main reason for your score?").fill(r.reason);
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText(DRAFT_SAVED)).toBeVisible();
      // Coming back later: the draft (kept for this browser's anonymous token) fills the form again.
      await page.goto(respondPath(runId));
      await expect(page.getByText(DRAFT_RESTORED)).toBeVisible();
      await expect(npsRadio(page, r.nps)).toBeChecked();
      await expect(page.getByLabel("What is the main reason for your score?")).toHaveValue(r.reason);
      if (r.js) await settle(page);
    }
    await answerSurvey(page, r);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    // One response per person: the form does not come back.
    await page.goto(respondPath(runId));
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
    // A recipient who is not a result viewer does not get the report.
    await page.goto(`${REPORTS}?surveyId=${runId}`);
    await expect(page).not.toHaveURL(/\/surveys\/reports/);
  } finally {
    await context.close();
  }
}

/** The reports' and insights' selectors: the platform's workspace (group), then the run (with JavaScript a choice submits). */
async function choose(page: Page, p: Platform, runId: string) {
  await settle(page);
  await page.getByRole("combobox", { name: p.placeLabel, exact: true }).selectOption({ label: p.place });
  await expect(page).toHaveURL(/workspaceOrChannelId=/);
  await settle(page);
  const survey = page.getByRole("combobox", { name: "Survey", exact: true });
  // The newest run of the workspace is selected by default: that is this one, unless another spec launched one since.
  if ((await survey.inputValue()) !== runId) {
    await survey.selectOption(runId);
    await expect(page).toHaveURL(new RegExp(`surveyId=${runId}`));
  }
  await expect(survey).toHaveValue(runId);
}

/** Signs in as someone else in the same page. */
async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

test.describe.serial("surveys", () => {
  for (const p of PLATFORMS) {
    test(`${p.label}: a survey is created from a template, given an audience, result viewers, anonymity and visibility, and scheduled`, async ({
      page,
    }) => {
      const title = `E2E survey ${p.key} ${Date.now()}`;
      await signIn(page, p.admin);
      await page.goto(TEMPLATES);
      await settle(page);
      await expect(page.getByRole("heading", { name: "Use Templates" })).toBeVisible();

      // Create New Survey, opened as a dialog from a predefined template.
      await page.getByRole("link", { name: new RegExp(`^${TEMPLATE}`) }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Survey" });
      await expect(dialog.getByText(`Starts from: ${TEMPLATE}`)).toBeVisible();
      // Nothing chosen: refused in place.
      await dialog.getByRole("button", { name: "Create Survey" }).click();
      await expect(dialog.getByText("This is a required field.")).toBeVisible();
      await dialog.getByLabel(p.placeLabel).selectOption({ label: p.place });
      await dialog.getByRole("button", { name: "Create Survey" }).click();
      await expect(page.getByText("Survey created successfully")).toBeVisible();
      await expect(page).toHaveURL(/\/surveys\/survey-library\/[^/]+$/);
      const surveyId = page.url().split("/").pop()!;

      // The builder holds the template's questions; a new name, then Save & Next.
      await settle(page);
      await expect(page.getByRole("heading", { name: "Survey Builder" })).toBeVisible();
      await expect(page.getByText(p.place, { exact: false }).first()).toBeVisible();
      await page.getByLabel("Name *", { exact: true }).fill(title);
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(page.getByText("Survey saved successfully")).toBeVisible();
      await expect(page).toHaveURL(`/surveys/survey-library/${surveyId}/survey-audience`);
      await settle(page);

      // Audience: three chosen people.
      const audience = page.getByRole("region", { name: "Audience", exact: true });
      await audience.getByRole("radio", { name: /^Users/ }).check();
      for (const r of p.recipients) await audience.getByRole("checkbox", { name: r.email }).check();
      await audience.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Audience saved")).toBeVisible();
      await expect(audience.getByText("Saved: Users — 3 people would receive the survey now.")).toBeVisible();

      // Result viewers: the admin alone (the recipients do not see the results).
      const viewers = page.getByRole("region", { name: "Result viewers" });
      await viewers.getByRole("radio", { name: "Users" }).check();
      await viewers.getByRole("checkbox", { name: p.admin }).check();
      await viewers.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Result viewers saved")).toBeVisible();
      await expect(viewers.getByText("Saved: 1 chosen person views the results.")).toBeVisible();

      // Anonymity on with a minimum of two: below the company's floor, which still applies (the field says so).
      const anonymity = page.getByRole("region", { name: "Anonymity" });
      await expect(anonymity.getByText(FLOOR_HINT)).toBeVisible();
      await anonymity.getByRole("radio", { name: "Yes" }).check();
      await anonymity.getByLabel("Minimum submission count").fill(String(MIN));
      await anonymity.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Anonymity saved")).toBeVisible();
      await expect(page.getByRole("region", { name: "Anonymity" }).getByRole("radio", { name: "Yes" })).toBeChecked();

      // Results in real time (so the withholding below the minimum is what hides them while open).
      const visibility = page.getByRole("region", { name: "Result visibility" });
      await visibility.getByRole("radio", { name: "Real Time" }).check();
      await visibility.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Result visibility saved")).toBeVisible();

      // Scheduler: the next whole minute, manual close, Launch schedules it.
      await page.getByRole("link", { name: "Save & Next" }).click();
      await expect(page).toHaveURL(`/surveys/survey-library/${surveyId}/survey-audience/survey-scheduler`);
      await expect(page.getByRole("heading", { name: "Schedule & Launch" })).toBeVisible();
      await settle(page);
      const startAt = nextMinute();
      await page.getByLabel("Start date").fill(await localValue(page, startAt));
      await expect(page.getByLabel("Frequency")).toHaveValue("does-not-repeat");
      await page.getByRole("radio", { name: /^Manually/ }).check();
      await expect(page.getByText(/^Launch schedules the first run for /)).toBeVisible();
      await page.getByRole("button", { name: "Launch", exact: true }).click();
      await expect(page.getByText(/^Survey scheduled: the first run starts on /)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${MANAGE}(\\?.*)?$`));
      // Scheduled, not started: no run yet.
      await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
      made[p.key] = { title, startAt };
    });
  }

  test("the cron starts each scheduled survey once it is due, and manage surveys lists the runs", async ({ page, request }) => {
    test.setTimeout(180_000);
    // Until the later of the two starts has passed (at most about 70 s), then the Worker's
    // scheduled handler; a fire in the same minute again does nothing (the cron claims each minute).
    const due = Math.max(...PLATFORMS.map((p) => made[p.key].startAt));
    const wait = due - Date.now() + 1_000;
    if (wait > 0) await page.waitForTimeout(wait);
    // Due, but nothing starts a run until the cron runs (wrangler dev does not fire it by itself).
    await signIn(page, PLATFORMS[0].admin);
    await page.goto(MANAGE);
    await expect(page.getByRole("heading", { name: "Manage Surveys" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: made[PLATFORMS[0].key].title })).toHaveCount(0);
    for (const p of PLATFORMS) {
      const { title } = made[p.key];
      await as(page, p.admin);
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(async () => {
        const fired = await request.get("/__scheduled?cron=*+*+*+*+*");
        expect(fired.ok()).toBe(true);
        await page.goto(MANAGE);
        await expect(row).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 75_000, intervals: [1_000, 2_000, 5_000] });
      await expect(row.getByText("Open", { exact: true })).toBeVisible();
      await expect(row.getByRole("cell", { name: TEMPLATE })).toBeVisible();
      await expect(row.getByRole("cell", { name: p.place })).toBeVisible();
      await expect(row.getByText("0%")).toBeVisible();
      const href = await row.getByRole("link", { name: title }).getAttribute("href");
      made[p.key].runId = href!.split("/").pop()!;
    }
  });

  for (const p of PLATFORMS) {
    test(`${p.label}: three recipients answer, results stay withheld below the minimum, the survey closes, report and department insights`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { title, runId } = made[p.key];
      expect(runId, "the run started by the cron").toBeTruthy();
      const [first, second, third] = p.recipients;
      const report = `${REPORTS}?surveyId=${runId}`;
      const download = `${REPORTS}/download?surveyId=${runId}`;

      // The run's details: anonymous, nobody named as having responded.
      await signIn(page, p.admin);
      await page.goto(`${MANAGE}/${runId}`);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText(`Anonymous (results shown from ${FLOOR} submissions)`)).toBeVisible();
      await expect(page.getByText("0 of 3 responded (0%)")).toBeVisible();
      for (const r of p.recipients) await expect(page.getByRole("row").filter({ hasText: r.email })).toHaveCount(1);
      await expect(page.getByRole("columnheader", { name: "Responded" })).toHaveCount(0);

      // One answer, floor three: the report, the insights and the download show no result at all.
      await respond(browser, baseURL!, runId!, title, first);
      await page.goto(report);
      await expect(page.getByText(WITHHELD)).toBeVisible();
      await expect(page.getByText("1 of 3", { exact: true })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Count" })).toHaveCount(0);
      await expect(page.getByText("Net Promoter Score")).toHaveCount(0);
      await expect(page.getByText(first.reason)).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Download (XLSX)" })).toHaveCount(0);
      expect((await page.request.get(download, { maxRedirects: 0 })).status()).toBe(404);
      // An anonymous survey's departments show once it is closed, real-time results or not.
      await page.goto(`${INSIGHTS}?surveyId=${runId}`);
      await expect(page.getByText("Results of this survey will be available once it is closed.")).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await page.goto(`${MANAGE}/${runId}`);
      await expect(page.getByText("1 of 3 responded (33%)")).toBeVisible();

      // The second answer (given with JavaScript off) reaches the survey's minimum of two, not the floor: still nothing.
      await respond(browser, baseURL!, runId!, title, second);
      await page.goto(report);
      await expect(page.getByText(WITHHELD)).toBeVisible();
      await expect(page.getByText("2 of 3", { exact: true })).toBeVisible();
      await expect(page.getByText("Net Promoter Score")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Download (XLSX)" })).toHaveCount(0);

      // The third reaches the floor, but while it is open an anonymous survey's real-time results
      // move in whole steps of three, one step behind: nothing yet, with the reason.
      await respond(browser, baseURL!, runId!, title, third);
      await page.goto(report);
      await expect(page.getByText(WITHHELD)).toHaveCount(0);
      await expect(page.getByText(LIVE_STEPS)).toBeVisible();
      await expect(page.getByText("Net Promoter Score")).toHaveCount(0);
      await expect(page.getByText(third.reason)).toHaveCount(0);

      // Close Survey, confirmed first.
      await page.goto(`${MANAGE}/${runId}`);
      await expect(page.getByText("3 of 3 responded (100%)")).toBeVisible();
      await page.getByRole("button", { name: "Close Survey" }).click();
      const confirm = page.getByRole("alertdialog", { name: `Close Survey: ${title}?` });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Close Survey" }).click();
      await expect(page.getByText("Survey closed successfully")).toBeVisible();
      await expect(page.getByRole("button", { name: "Close Survey" })).toHaveCount(0);
      await expect(page.getByText("Closed At")).toBeVisible();
      await page.goto(`${MANAGE}?state=closed`);
      await expect(page.getByRole("row").filter({ hasText: title }).getByText("100%")).toBeVisible();

      // The report, chosen with its selectors: counts, percentages, the NPS and the comments.
      await page.goto(REPORTS);
      await choose(page, p, runId!);
      await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
      await expect(page.getByText("3 of 3", { exact: true })).toBeVisible();
      const nps = page.getByRole("region", { name: NPS_QUESTION });
      await expect(nps.getByText("Net Promoter Score")).toBeVisible();
      await expect(nps.locator("[data-nps]")).toHaveAttribute("data-nps", "33");
      await expect(nps.getByText(/Promoters \(9–10\): 2 \(66\.7%\)/)).toBeVisible();
      await expect(nps.getByText(/Detractors \(0–6\): 1 \(33\.3%\)/)).toBeVisible();
      await expect(
        nps
          .getByRole("row")
          .filter({ has: page.getByRole("cell", { name: "10", exact: true }) })
          .getByRole("cell")
      ).toHaveText(["10", "1", "33.3%"]);
      for (const r of p.recipients) await expect(nps.getByText(r.reason)).toBeVisible();
      const agree = page.getByRole("region", { name: AGREE_QUESTION });
      for (const choice of ["Disagree", "Agree", "Strongly Agree"]) {
        await expect(
          agree
            .getByRole("row")
            .filter({ has: page.getByRole("cell", { name: choice, exact: true }) })
            .getByRole("cell")
        ).toHaveText([choice, "1", "33.3%"]);
      }
      await expect(page.getByRole("link", { name: "Download (XLSX)" })).toBeVisible();
      const xlsx = await page.request.get(download);
      expect(xlsx.status()).toBe(200);
      expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");

      // Department insights: two responses in one department and one in another are both below the
      // floor, so neither shows (the report's totals are all three; nothing narrower is shown).
      await page.goto(INSIGHTS);
      await choose(page, p, runId!);
      await expect(page.getByText("No insights available for the selected survey.")).toBeVisible();
      await expect(page.getByText(TWO_HIDDEN)).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByText(p.pairDepartment, { exact: true })).toHaveCount(0);
      await expect(page.getByText(p.aloneDepartment, { exact: true })).toHaveCount(0);
    });
  }
});
