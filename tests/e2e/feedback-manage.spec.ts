import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// Manage feedback loops (002 §2.4, §7 list launched, detail launched, reminder) on both platforms,
// on the demo's launched loops (app/db/seed/feedback-loops.ts): the list with each loop's state
// and completion, a loop's pairs, and Send Reminder.

const MANAGE = "/workflows/manage-feedback-loops";
const settle = (page: Page) => page.waitForLoadState("networkidle");
const toast = (page: Page) => page.locator("[data-toast-type]");

const PLATFORMS = [
  { platform: "Slack-type", email: "alice@acme.test", live: "Engineering check-in", audience: "#engineering", ended: "How is your manager doing?" },
  { platform: "Teams-type", email: "gina@globex.test", live: "Engineering feedback", audience: "Engineering", ended: "Sales leadership feedback" },
] as const;

for (const p of PLATFORMS) {
  test.describe(`manage feedback loops on ${p.platform}`, () => {
    test("the list shows launched loops with their state and completion, and sorts by title", async ({ page }) => {
      await signIn(page, p.email);
      await page.goto(MANAGE);
      await expect(page.getByRole("heading", { name: "Manage Feedback Loops" })).toBeVisible();
      const table = page.getByRole("table", { name: "Feedback loops" });
      const live = table.getByRole("row").filter({ has: page.getByRole("link", { name: p.live, exact: true }) });
      await expect(live.locator("[data-state]")).toHaveText("Live");
      await expect(live).toContainText(p.audience);
      // About a third of the open run is given (the seed): a completion between 0 and 100.
      const completion = Number(await live.locator("[data-completion]").getAttribute("data-completion"));
      expect(completion).toBeGreaterThan(0);
      expect(completion).toBeLessThan(100);
      const ended = table.getByRole("row").filter({ has: page.getByRole("link", { name: p.ended, exact: true }) });
      await expect(ended.locator("[data-state]")).toHaveText("Ended");
      await expect(table.locator('[data-state="scheduled"]').first()).toBeVisible();

      await table.getByRole("link", { name: "Title" }).click();
      await expect(page).toHaveURL(/sort=title&dir=asc/);
      await expect(page.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "ascending");
      const titles = await page.getByRole("table", { name: "Feedback loops" }).locator("tbody tr td:first-child").allInnerTexts();
      expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    });

    test("a loop's detail shows its run's pairs, and Send Reminder reminds the pending senders once a day", async ({ page }) => {
      await signIn(page, p.email);
      await page.goto(MANAGE);
      await page.getByRole("link", { name: p.live, exact: true }).click();
      await expect(page.getByRole("heading", { name: p.live, level: 1 })).toBeVisible();
      const pairs = page.getByRole("table", { name: "Pairs" });
      await expect(pairs.locator('tr[data-status="given"]').first()).toBeVisible();
      await expect(pairs.locator('tr[data-status="pending"]').first()).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Given" })).toBeVisible();
      await settle(page);

      await page.getByRole("button", { name: "Send Reminder" }).click();
      // The first reminder of the day names how many were reminded; a later run of this test finds them reminded today.
      await expect(toast(page).getByText(/^Reminders sent to \d+ (people|person)\.$|^Everyone pending was already reminded today\.$/)).toBeVisible();
      await settle(page);
      await page.getByRole("button", { name: "Send Reminder" }).click();
      await expect(toast(page).getByText("Everyone pending was already reminded today.", { exact: true })).toBeVisible();
    });

    test("a one-on-one loop lists its 1-on-1 meetings", async ({ page }) => {
      await signIn(page, p.email);
      await page.goto(MANAGE);
      const table = page.getByRole("table", { name: "Feedback loops" });
      await table.getByRole("link", { name: /1-on-1s$/ }).first().click();
      await expect(page.getByRole("heading", { name: "1-on-1 meetings" })).toBeVisible();
      await expect(page.locator("[data-meetings] li").first()).toBeVisible();
      await expect(page.locator("[data-meetings] a").first()).toHaveAttribute("href", /^\/one-on-ones\/oo-/);
    });
  });
}
