import { expect, test, type Page } from "@playwright/test";
import { d1Execute, signIn } from "./support";

// Objectives campaigns (001 §2, §4, §5): an admin creates a campaign, meeting each §5 message on
// the way, then launches it; the manage page lists who has set objectives and who has not, with
// reminders; and the same form works with JavaScript off.

const DAY = 86_400_000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const toast = (page: Page) => page.locator("[data-toast-type]");

test("an admin creates, then launches an objectives campaign, seeing each §5 message on the way", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/objective-campaigns");
  await expect(page.getByRole("heading", { name: "Objective Campaigns" })).toBeVisible();
  await page.getByRole("link", { name: "Add New" }).click();
  await expect(page).toHaveURL(/\/objective-campaigns\/launch-review$/);
  // Hydrated: the people picker is a combobox, no longer the search fallback.
  await expect(page.locator("[data-people-picker-fallback]")).toHaveCount(0);

  const create = page.getByRole("button", { name: "Create", exact: true });
  await create.click();
  await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Start date and time must be set to the current moment or a future date and time.", { exact: true })).toBeVisible();
  await expect(page.getByText("End date must be the same as or later than the start date.", { exact: true })).toBeVisible();
  await expect(page.getByText("At least one audience type must be selected", { exact: true })).toBeVisible();
  await expect(page.getByText("Either 'Notify Managers' or 'Notify Employee' must be selected.", { exact: true })).toBeVisible();

  const title = `Objectives ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await expect(page.getByText("Title is required", { exact: true })).toBeHidden();
  await page.getByLabel("Start Date").fill(local(Date.now() - DAY));
  await expect(page.getByText("Start date and time must be set to the current moment or a future date and time.", { exact: true })).toBeVisible();
  const start = Date.now() + 2 * DAY;
  await page.getByLabel("Start Date").fill(local(start));
  await page.getByLabel("End Date").fill(local(start - DAY));
  await expect(page.getByText("End date must be the same as or later than the start date.", { exact: true })).toBeVisible();
  await page.getByLabel("End Date").fill(local(start + 30 * DAY));
  await page.getByRole("radio", { name: "Users" }).check();
  await create.click();
  await expect(page.getByText("At least one user must be selected when 'Users' audience is chosen.", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "Company" }).check();
  await page.getByLabel("Notify Employees").check();
  await expect(page.getByText("Either 'Notify Managers' or 'Notify Employee' must be selected.", { exact: true })).toBeHidden();
  await create.click();

  await expect(page).toHaveURL(/\/objective-campaigns\/draft\/[0-9a-f-]{36}$/);
  await expect(toast(page).getByText(`${title} saved as a draft.`)).toBeVisible();
  await page.goto("/objective-campaigns");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  await expect(row.locator("[data-state]")).toHaveText("Draft");
  await row.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/objective-campaigns\/draft\//);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Launch", exact: true }).click();
  await expect(page).toHaveURL(/\/objective-campaigns\/manage\/[0-9a-f-]{36}$/);
  await expect(toast(page).getByText(new RegExp(`^${title} launched: \\d+ people were asked to set objectives\\.$`))).toBeVisible();
  await page.goto("/objective-campaigns");
  await expect(page.getByRole("row").filter({ hasText: title }).locator("[data-state]")).toHaveText("Launched");
});

test("the manage page lists who has and who has not set objectives, and reminds the pending", async ({ page }) => {
  d1Execute([
    "UPDATE objectives_participants SET state = 'approved', submitted_at = 1700000000000, approved_at = 1700000000000 WHERE campaign_id = 'oc-acme-okr' AND user_id = 'u-acme-eve'",
    "UPDATE objectives_participants SET state = 'submitted', submitted_at = 1700000000000 WHERE campaign_id = 'oc-acme-okr' AND user_id = 'u-acme-ed'",
    "UPDATE objectives_participants SET reminded_at = NULL WHERE campaign_id = 'oc-acme-okr'",
  ]);
  await signIn(page, "alice@acme.test");
  await page.goto("/objective-campaigns");
  await page.getByRole("row").filter({ has: page.locator('a[href="/objective-campaigns/manage/oc-acme-okr"]') }).getByRole("link").click();
  await expect(page).toHaveURL(/\/objective-campaigns\/manage\/oc-acme-okr$/);
  const table = page.getByRole("table", { name: "Participants" });
  await expect(table.locator('tr[data-participant="u-acme-eve"]')).toContainText("Approved");
  await expect(table.locator('tr[data-participant="u-acme-ed"]')).toContainText("Submitted");
  await expect(table.locator('tr[data-participant="u-acme-sam"]')).toContainText("Pending");
  await expect(table.getByRole("link", { name: "Eve" }).first()).toHaveAttribute("href", "/organization/settings/users/u-acme-eve/objectives");

  await page.getByRole("combobox", { name: "State" }).selectOption("pending");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/state=pending/);
  await expect(table.locator('tr[data-participant="u-acme-eve"]')).toHaveCount(0);
  await expect(table.locator('tr[data-state="pending"]').first()).toBeVisible();

  await table.locator('tr[data-participant="u-acme-sam"]').getByRole("button", { name: /Send Reminder/ }).click();
  await expect(toast(page).getByText("Reminder sent to 1 person.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Send Reminder to all pending" }).click();
  await expect(toast(page).getByText(/^Reminder sent to \d+ people\.$/)).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin is refused with the message, picks people through the search, and creates and launches", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto("/objective-campaigns/launch-review");
    await page.getByRole("button", { name: "Create and Launch" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(page.getByText("At least one audience type must be selected", { exact: true })).toBeVisible();

    const title = `No-script objectives ${Date.now()}`;
    const start = Date.now() + DAY;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Start Date").fill(local(start));
    await page.getByLabel("End Date").fill(local(start + 30 * DAY));
    await page.getByRole("radio", { name: "Users" }).check();
    await page.getByLabel("Notify Managers").check();
    await page.getByRole("searchbox", { name: "Search users" }).fill("Priya");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("checkbox", { name: /Priya/ }).check();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page.getByRole("button", { name: "Create and Launch" }).click();

    await expect(page).toHaveURL(/\/objective-campaigns\/manage\/[0-9a-f-]{36}$/);
    const table = page.getByRole("table", { name: "Participants" });
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator('tr[data-participant="u-acme-priya"]')).toContainText("Pending");
  });
});
