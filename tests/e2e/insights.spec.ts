import { expect, test, type Page } from "@playwright/test";
import { d1Execute, failOnPageErrors, signIn, sqlValue as q } from "./support";

// Feedback Insights on every page that shows them (002 §2.5): personal (a profile's tab, the
// landing page after sign-in), department, group, relationship, channel and workspace. Every
// figure is checked against the seeded counts in this server's database for the same range
// (feedback_daily_counts per person and day, feedback_competency_counts per tag, the survey
// recipients who responded to runs launched in the range), never against numbers written here.

type Row = Record<string, string | number | null>;

/** Runs the statements in one `wrangler d1 execute` and gives each statement's rows. */
function query(...statements: string[]): Row[][] {
  const out = JSON.parse(d1Execute(statements)) as Array<{ results: Row[] }>;
  return out.map((r) => r.results);
}

const DAY = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const startMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A fixed range inside the seeded six months, ending yesterday (seeded feedback ends then). */
const RANGE = { startDate: dayOffset(-60), endDate: dayOffset(-1) };
const rangeQuery = (scope: string, extra = "") => `?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&feedbackType=${scope}${extra}`;

const FIGURES = ["feedback_sent", "feedback_received", "feedback_requested", "praise_sent", "praise_received", "survey_submitted"] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

/** Each person's figures over a range, for the people `members` (a SELECT of user ids) who are not deactivated. */
function peopleFigures(companyId: string, members: string, start: string, end: string): Map<string, Figures> {
  const sum = (column: string) =>
    `COALESCE((SELECT SUM(d.${column}) FROM feedback_daily_counts d WHERE d.company_id = ${q(companyId)} AND d.user_id = u.id AND d.day >= ${q(start)} AND d.day <= ${q(end)}), 0)`;
  const [rows] = query(
    `SELECT u.id AS id, ${sum("sent")} AS feedback_sent, ${sum("received")} AS feedback_received, ${sum("requested")} AS feedback_requested,
       ${sum("praise_sent")} AS praise_sent, ${sum("praise_received")} AS praise_received,
       (SELECT COUNT(*) FROM survey_recipients r JOIN survey_runs s ON s.id = r.run_id
          WHERE r.company_id = ${q(companyId)} AND r.user_id = u.id AND r.responded = 1
            AND s.launched_at >= ${startMs(start)} AND s.launched_at < ${startMs(end) + DAY}) AS survey_submitted
     FROM users u WHERE u.company_id = ${q(companyId)} AND u.is_deleted = 0 AND u.id IN (${members})`
  );
  return new Map(rows.map((r) => [String(r.id), Object.fromEntries(FIGURES.map((f) => [f, Number(r[f])])) as Figures]));
}

/** How often each competency (behaviour_id '') was tagged in feedback the people received over the range. */
function competencyCounts(companyId: string, members: string, start: string, end: string): Map<string, number> {
  const [rows] = query(
    `SELECT competency_id AS id, SUM(count) AS n FROM feedback_competency_counts
     WHERE company_id = ${q(companyId)} AND behaviour_id = '' AND day >= ${q(start)} AND day <= ${q(end)} AND user_id IN (${members})
     GROUP BY competency_id`
  );
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}

const total = (people: Map<string, Figures>, figure: keyof Figures) => [...people.values()].reduce((s, p) => s + p[figure], 0);

async function stat(page: Page, field: string): Promise<number> {
  const text = await page.locator(`[data-stat="${field}"] [data-value]`).textContent();
  return Number((text ?? "").replace(/,/g, ""));
}

/** The personal tiles against the person's counts over the range the page shows. */
async function expectPersonalFigures(page: Page, companyId: string, userId: string) {
  const start = await page.getByLabel("Start date").inputValue();
  const end = (await page.getByLabel("End date").inputValue()) || dayOffset(0);
  const person = peopleFigures(companyId, q(userId), start, end).get(userId)!;
  expect(person.feedback_sent + person.feedback_received, "the seed gives this person feedback in the range").toBeGreaterThan(0);
  expect(await stat(page, "totalFeedbackSent")).toBe(person.feedback_sent);
  expect(await stat(page, "totalFeedbackReceived")).toBe(person.feedback_received);
  expect(await stat(page, "totalFeedbackRequested")).toBe(person.feedback_requested);
  expect(await stat(page, "totalPraiseSent")).toBe(person.praise_sent);
  expect(await stat(page, "totalPraiseReceived")).toBe(person.praise_received);
  expect(await stat(page, "totalSurveysSubmitted")).toBe(person.survey_submitted);
  const tags = competencyCounts(companyId, q(userId), start, end);
  const tiles = await page.locator('[data-treemap="competency"] li[data-tile]').evaluateAll((lis) =>
    lis.map((li) => ({ id: (li as HTMLElement).dataset.competency!, count: Number((li as HTMLElement).dataset.count) }))
  );
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(tile.count, tile.id).toBe(tags.get(tile.id));
}

/**
 * A group's card against its people's counts over RANGE with the scope all_feedback (sent plus
 * received): the tiles that follow from the counts alone, every leaderboard row, its order, and
 * the competency treemap.
 */
async function expectGroupFigures(page: Page, companyId: string, members: string) {
  const people = peopleFigures(companyId, members, RANGE.startDate, RANGE.endDate);
  expect(people.size).toBeGreaterThan(0);
  await expect(page.locator("[data-insights-withheld]")).toHaveCount(0);
  expect(await stat(page, "totalFeedbackCount")).toBe(total(people, "feedback_sent") + total(people, "feedback_received"));
  expect(await stat(page, "totalFeedbackRequestCount")).toBe(total(people, "feedback_requested"));
  expect(await stat(page, "totalSurveySubmittedCount")).toBe(total(people, "survey_submitted"));
  await expectLeaderboard(page, people);
  const tags = competencyCounts(companyId, members, RANGE.startDate, RANGE.endDate);
  const tiles = await page.locator('[data-treemap="competency"] li[data-tile]').evaluateAll((lis) =>
    lis.map((li) => ({ id: (li as HTMLElement).dataset.competency!, count: Number((li as HTMLElement).dataset.count) }))
  );
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(tile.count, tile.id).toBe(tags.get(tile.id));
}

async function expectLeaderboard(page: Page, people: Map<string, Figures>) {
  const shown = await page.locator("table[data-leaderboard] tr[data-leaderboard-user]").evaluateAll((rows) =>
    rows.map((tr) => ({
      id: (tr as HTMLElement).dataset.leaderboardUser!,
      cells: Object.fromEntries([...tr.querySelectorAll<HTMLElement>("td[data-col]")].map((td) => [td.dataset.col!, Number(td.textContent)])),
    }))
  );
  expect(new Set(shown.map((r) => r.id))).toEqual(new Set(people.keys()));
  for (const row of shown) {
    for (const figure of FIGURES) expect(row.cells[figure], `${row.id} ${figure}`).toBe(people.get(row.id)![figure]);
  }
  // 002 §9: sorted by total, highest first.
  const totals = shown.map((r) => r.cells.total);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
}

failOnPageErrors();

test("the landing page after sign-in is one's own Feedback Insights with one's figures for the last three months", async ({ page }) => {
  await signIn(page, "eve@acme.test");
  await page.goto("/");
  await expect(page).toHaveURL(/\/my-profile\/u-acme-eve\/feedback-insights$/);
  const start = await page.getByLabel("Start date").inputValue();
  await expect(page.getByLabel("End date")).toHaveValue(dayOffset(0));
  const days = (Date.parse(dayOffset(0)) - Date.parse(start)) / DAY;
  expect(days).toBeGreaterThanOrEqual(89);
  expect(days).toBeLessThanOrEqual(92);
  await expect(page.getByRole("list", { name: "Overview" }).getByRole("listitem")).toHaveCount(6);
  await expectPersonalFigures(page, "c-acme", "u-acme-eve");
  await expect(page.getByRole("button", { name: "Download as PDF" })).toBeVisible();
  await expect(page.locator("table[data-leaderboard]")).toHaveCount(0);
});

test("a manager reads a report's figures; a peer gets the sentence and no figures", async ({ page }) => {
  await signIn(page, "mona@acme.test");
  await page.goto("/my-team/default/users/u-acme-eve/feedback-insights");
  await expectPersonalFigures(page, "c-acme", "u-acme-eve");

  await signIn(page, "ed@acme.test");
  await page.goto("/my-team/default/users/u-acme-eve/feedback-insights");
  await expect(page.locator("[data-insights-not-shared]")).toContainText("feedback insights are shown only to");
  await expect(page.locator("[data-stat]")).toHaveCount(0);
  await expect(page.locator("[data-treemap]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Download as PDF" })).toHaveCount(0);
});

test("a treemap tile opens the person's feedback filtered by its competency, behaviour and type over the range", async ({ page }) => {
  await signIn(page, "eve@acme.test");
  const chart = page.locator('figure[data-chart="treemap-competency"]');
  await expect(chart).toHaveAttribute("role", "img");
  await expect(chart).toHaveAttribute("aria-label", /Treemap of competencies/);
  await expect(chart.locator("svg.apexcharts-svg")).toBeVisible({ timeout: 15_000 });

  const start = await page.getByLabel("Start date").inputValue();
  const end = await page.getByLabel("End date").inputValue();
  const strengths = page.getByRole("list", { name: "Strengths" });
  const tile = strengths.locator("a[data-tile-link]").first();
  await tile.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`/my-profile/u-acme-eve/feedback\\?competency=k-acme-[^&]+&behaviour=k-acme-[^&]+&behaviourType=strength&startDate=${start}&endDate=${end}$`)
  );

  // A click on the chart's tile goes to the same kind of address.
  await page.goBack();
  const rect = page.locator('figure[data-chart="treemap-developmentCompetency"] .apexcharts-treemap-rect').first();
  await expect(rect).toBeVisible({ timeout: 15_000 });
  await rect.click();
  await expect(page).toHaveURL(/\/my-profile\/u-acme-eve\/feedback\?competency=k-acme-[^&]+&behaviour=[^&]+&behaviourType=developmentArea&startDate=/);
});

test("department insights add up the department's people; another company's department is a 404", async ({ page }) => {
  await signIn(page, "gina@globex.test");
  await page.goto("/organization/settings/departments/d-globex-sales");
  await page.getByRole("link", { name: "Feedback Insights" }).click();
  await expect(page).toHaveURL(/\/organization\/settings\/departments\/d-globex-sales\/feedback-insights/);
  await page.goto(`/organization/settings/departments/d-globex-sales/feedback-insights${rangeQuery("all_feedback")}`);
  await expectGroupFigures(page, "c-globex", `SELECT id FROM users WHERE company_id = 'c-globex' AND department_id = 'd-globex-sales'`);
  // The View link opens the person's profile under Users.
  const first = page.locator("table[data-leaderboard] tr[data-leaderboard-user]").first();
  await expect(first.getByRole("link", { name: /^View / })).toHaveAttribute("href", /^\/organization\/settings\/users\/u-globex-/);

  const foreign = await page.goto("/organization/settings/departments/d-acme-sales/feedback-insights");
  expect(foreign?.status()).toBe(404);
  const unknown = await page.goto("/organization/settings/groups/g-nope/feedback-insights");
  expect(unknown?.status()).toBe(404);
});

test("group insights add up the group's members", async ({ page }) => {
  await signIn(page, "gina@globex.test");
  await page.goto("/organization/settings/groups/g-globex-engineering");
  await expect(page.getByRole("link", { name: "Feedback Insights" })).toHaveAttribute("href", "/organization/settings/groups/g-globex-engineering/feedback-insights");
  await page.goto(`/organization/settings/groups/g-globex-engineering/feedback-insights${rangeQuery("all_feedback")}`);
  await expectGroupFigures(page, "c-globex", `SELECT user_id FROM group_members WHERE company_id = 'c-globex' AND group_id = 'g-globex-engineering'`);
});

test("relationship insights stand above the members card; a relationship one is not in is a 404", async ({ page }) => {
  await signIn(page, "eve@acme.test");
  await page.goto(`/my-team/rel-acme-phoenix${rangeQuery("all_feedback")}`);
  const card = page.locator('section[data-insights="group"]');
  const members = page.getByRole("region", { name: "Members" });
  expect((await card.boundingBox())!.y).toBeLessThan((await members.boundingBox())!.y);
  await expectGroupFigures(
    page,
    "c-acme",
    `SELECT user_id FROM custom_relationship_members WHERE company_id = 'c-acme' AND relationship_id = 'rel-acme-phoenix'`
  );
  const response = await page.goto("/my-team/rel-acme-mentoring");
  expect(response?.status()).toBe(404);
});

test("channel insights on My Groups add up the group's members", async ({ page }) => {
  await signIn(page, "gary@globex.test");
  await page.goto(`/my-groups/g-globex-engineering${rangeQuery("all_feedback")}`);
  await expect(page.getByLabel("Feedback type")).toHaveValue("all_feedback");
  await expectGroupFigures(page, "c-globex", `SELECT user_id FROM group_members WHERE company_id = 'c-globex' AND group_id = 'g-globex-engineering'`);
});

test("workspace insights: the bare path opens the overview; the leader board tab shows the leaderboard alone", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto(`/analytics/feedback-analytics${rangeQuery("all_feedback")}`);
  await expect(page).toHaveURL(/\/analytics\/feedback-analytics\/overview\?/);
  await expectGroupFigures(page, "c-acme", `SELECT id FROM users WHERE company_id = 'c-acme'`);
  for (const chart of ["competency", "strengthCompetency", "developmentCompetency"]) {
    await expect(page.locator(`figure[data-chart="treemap-${chart}"] svg.apexcharts-svg`)).toBeVisible({ timeout: 15_000 });
  }

  await page.getByRole("link", { name: "Leader Board" }).click();
  await expect(page).toHaveURL(/\/analytics\/feedback-analytics\/leader-board\?startDate=/);
  await expect(page.locator("table[data-leaderboard]")).toBeVisible();
  await expect(page.locator("[data-stat]")).toHaveCount(0);
  await expectLeaderboard(page, peopleFigures("c-acme", `SELECT id FROM users WHERE company_id = 'c-acme'`, RANGE.startDate, RANGE.endDate));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters round-trip through the URL, an end before the start is cleared", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto("/analytics/feedback-analytics/overview");
    await page.getByLabel("Start date").fill(RANGE.startDate);
    await page.getByLabel("End date").fill(RANGE.endDate);
    await page.getByLabel("Feedback type").selectOption("user");
    await page.getByRole("group", { name: "Workspaces and Channels" }).getByLabel("engineering", { exact: true }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/overview\\?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&feedbackType=user&groups=ch-acme-engineering$`)
    );
    await expect(page.getByLabel("Start date")).toHaveValue(RANGE.startDate);
    await expect(page.getByLabel("End date")).toHaveValue(RANGE.endDate);
    await expect(page.getByLabel("End date")).toHaveAttribute("min", RANGE.startDate);
    await expect(page.getByLabel("Feedback type")).toHaveValue("user");
    await expect(page.getByLabel("engineering", { exact: true })).toBeChecked();
    const members = `SELECT user_id FROM channel_members WHERE company_id = 'c-acme' AND channel_id = 'ch-acme-engineering'`;
    const people = peopleFigures("c-acme", members, RANGE.startDate, RANGE.endDate);
    // feedbackType=user: the feedback the people received.
    expect(await stat(page, "totalFeedbackCount")).toBe(total(people, "feedback_received"));
    await expectLeaderboard(page, people);

    // The end picker takes no day before the start (002 §5): the browser refuses to submit it.
    await page.getByLabel("End date").fill(dayOffset(-70));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`endDate=${RANGE.endDate}&`));
    // One in the address anyway is cleared: the figures then run to today.
    await page.goto(`/analytics/feedback-analytics/overview?startDate=${RANGE.startDate}&endDate=${dayOffset(-70)}&feedbackType=user&groups=ch-acme-engineering`);
    await expect(page.getByLabel("End date")).toHaveValue("");
    const toToday = peopleFigures("c-acme", members, RANGE.startDate, dayOffset(0));
    expect(await stat(page, "totalFeedbackCount")).toBe(total(toToday, "feedback_received"));
  });

  test("personal insights follow the chosen range", async ({ page }) => {
    await signIn(page, "eve@acme.test");
    await page.getByLabel("Start date").fill(RANGE.startDate);
    await page.getByLabel("End date").fill(RANGE.endDate);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/my-profile/u-acme-eve/feedback-insights\\?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}$`));
    await expectPersonalFigures(page, "c-acme", "u-acme-eve");
    // The tile links work without JavaScript: they are links.
    await page.getByRole("list", { name: "Competencies" }).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/my-profile/u-acme-eve/feedback\\?competency=k-acme-[^&]+&startDate=${RANGE.startDate}&endDate=${RANGE.endDate}$`));
  });
});
