import { expect, test, type Browser, type Page } from "@playwright/test";
import { d1Execute, signIn, sqlValue } from "./support";

// A feedback loop from start to finish on both platforms: an admin makes a loop from the SBI
// template, gives it an audience (a channel on Slack-type, a group on Teams-type) and
// manager-downward, schedules it (at least 48 hours ahead) and launches it; once the start is due
// the cron starts its run, once however often it fires; a manager follows the inbox's link and
// gives SBI feedback with JavaScript off; manage feedback loops shows the completion.
// The only step done outside the pages is moving the due time to now, as nobody waits 48 hours.

const DAY = 86_400_000;

interface Variant {
  key: string;
  admin: string;
  audienceLabel: RegExp;
  audienceChoice: string;
  slack: boolean;
  /** A manager in the audience's pairs, one of whose reports is `receiver`. */
  sender: string;
  receiver: string;
  pairs: number;
}

const VARIANTS: Variant[] = [
  // #product: Mona, Eve, Ed, Nina; Mona's reports Eve and Ed, Alice's Mona and Nina.
  { key: "Slack-type", admin: "alice@acme.test", audienceLabel: /^Channels/, audienceChoice: "#product", slack: true, sender: "mona@acme.test", receiver: "Eve", pairs: 4 },
  // Engineering: Gary's reports Hank, Ivy, Jack and Dev among its members.
  { key: "Teams-type", admin: "gina@globex.test", audienceLabel: /^Groups/, audienceChoice: "Engineering", slack: false, sender: "gary@globex.test", receiver: "Hank", pairs: 7 },
];

const section = (page: Page, name: string) => page.locator(`section:has(> form h2:text-is("${name}"))`);
const saved = (page: Page, name: string) => expect(section(page, name).locator("[data-save-status]")).toHaveText("Saved");

function ahead(days: number) {
  return `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T10:00`;
}

async function fireCron(page: Page) {
  const fired = await page.request.get("/__scheduled?cron=*+*+*+*+*");
  expect(fired.ok()).toBe(true);
}

/**
 * Fires the cron until the loop has a run: the cron claims each minute once, so a fire in a minute
 * another spec on this server already fired does nothing until the next minute.
 */
async function startedByCron(page: Page, loopHref: string) {
  const deadline = Date.now() + 75_000;
  for (;;) {
    await fireCron(page);
    await fireCron(page);
    await page.goto(loopHref);
    if ((await page.locator("[data-no-runs]").count()) === 0) return;
    if (Date.now() > deadline) throw new Error("The cron did not start the due run within 75 s");
    await page.waitForTimeout(5000);
  }
}

async function asSender(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

for (const v of VARIANTS) {
  test(`${v.key}: an SBI loop is configured, scheduled, launched, started once by the cron, given with JavaScript off, and completes`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = `SBI loop ${v.key} ${Date.now()}`;
    await signIn(page, v.admin);

    // The library: a loop from the SBI template.
    await page.goto("/workflows/library/template-types/feedback");
    await page.getByRole("button", { name: "Use template: Situation-Behaviour-Impact (SBI)" }).click();
    await expect(page.getByText("Feedback loop created successfully")).toBeVisible();
    const libraryLoopId = page.url().split("/").at(-1)!;
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Configure your feedback loop here" })).toBeVisible();
    expect(page.url()).toContain(`/${libraryLoopId}/config`);

    // Configuration: type (Slack-type only), audience, manager-downward, schedule, delivery.
    if (v.slack) {
      await section(page, "Feedback Type").getByLabel("Feedback to employees", { exact: true }).check();
      await saved(page, "Feedback Type");
    }
    await section(page, "Audience").getByRole("radio", { name: v.audienceLabel }).check();
    await section(page, "Audience").getByLabel(v.audienceChoice, { exact: true }).check();
    await saved(page, "Audience");
    await section(page, "Feedback-For").getByRole("radio", { name: "Manager downward" }).check();
    await saved(page, "Feedback-For");
    await expect(section(page, "Feedback-For").locator("[data-pair-count]")).toHaveAttribute("data-pair-count", String(v.pairs));
    await section(page, "Scheduler").getByLabel("Start date and time").fill(ahead(3));
    await saved(page, "Scheduler");
    await section(page, "Send Notifications As").getByLabel("Direct messages only").check();
    await saved(page, "Send Notifications As");

    await page.getByRole("button", { name: "Launch Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Launch Feedback Loop" });
    await expect(dialog).toContainText(`Are you sure to launch the feedback loop ${title}?`);
    await dialog.getByRole("button", { name: "Launch" }).click();
    await expect(page).toHaveURL(/\/workflows\/manage-feedback-loops$/);
    const row = page.getByRole("table", { name: "Feedback loops" }).getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(row.locator("[data-state]")).toHaveText("Scheduled");
    const loopHref = await row.getByRole("link", { name: title, exact: true }).getAttribute("href");
    const loopId = loopHref!.split("/").at(-1)!;

    // No run before the start; once it is due, the cron starts one run, however often it fires.
    await page.goto(loopHref!);
    await expect(page.locator("[data-no-runs]")).toBeVisible();
    const due = Date.now() - 1000;
    d1Execute(`UPDATE feedback_loops SET start_at = ${due}, next_run_at = ${due} WHERE id = ${sqlValue(loopId)}`);
    await startedByCron(page, loopHref!);
    await fireCron(page);
    await page.goto(loopHref!);
    await expect(page.getByRole("table", { name: "Pairs" }).locator("tbody tr")).toHaveCount(v.pairs);
    await expect(page.locator('select[name="run"] option')).toHaveCount(1);

    // The sender's message in the inbox leads to the Give Feedback page; sent with JavaScript off.
    const sender = await asSender(browser, v.sender, false);
    await sender.goto("/dev/inbox?mine=1");
    const message = sender.locator("tbody tr").filter({ hasText: title }).first();
    await expect(message).toContainText("Feedback is for");
    await message.getByRole("link").first().click();
    const giveLink = sender.getByRole("link", { name: new RegExp(`^Give Feedback to ${v.receiver}`) });
    if (await giveLink.count()) await giveLink.first().click();
    await expect(sender.getByRole("heading", { level: 1 })).toContainText(`Give Feedback to ${v.receiver}`);
    await sender.getByLabel("Situation").fill("In Tuesday's planning session");
    await sender.getByLabel("Behaviour", { exact: true }).fill("You split the epic into three shippable steps");
    await sender.getByLabel("Impact").fill("The team committed with confidence and shipped the first step on Friday");
    await sender.getByRole("button", { name: "Send Feedback" }).click();
    await expect(sender.locator('[data-give-state="sent"]')).toContainText("Your feedback has been sent.");
    await sender.context().close();

    // Manage: the pair is given and the completion counts it.
    await page.goto(loopHref!);
    await expect(page.locator('tr[data-status="given"]')).toHaveCount(1);
    await page.goto("/workflows/manage-feedback-loops");
    // Percentages to 2 decimals (002 §9): 1 of 4 is 25, 1 of 7 is 14.29.
    await expect(row.locator("[data-completion]")).toHaveAttribute("data-completion", String(Math.round(10_000 / v.pairs) / 100));
    await expect(row.locator("[data-state]")).toHaveText("Live");
  });
}
