import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// Launch a review from draft to live to closed and reopened with JavaScript
// on, and launch a simple one with JavaScript off.

const LIST = "/reviews/manage-reviews";

/** Title, the first workspace and the first questionnaire: enough for a draft that can launch. */
async function fillBasics(page: Page, title: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Workspace", { exact: true }).selectOption({ label: "Acme HQ" });
  await page.getByLabel("Questionnaire", { exact: true }).selectOption({ index: 1 });
}

/** Self Review for the Product department: every member of it reviews themselves. */
async function selfReviewProduct(page: Page) {
  await page.getByRole("radio", { name: "Department" }).check();
  await page.getByRole("checkbox", { name: "Product", exact: true }).check();
  await page.getByRole("button", { name: "Self Review" }).click();
  await expect(page.getByRole("table", { name: "Audience pairs" }).getByRole("row").filter({ hasText: "Eve" }).first()).toBeVisible();
}

test("JavaScript on: draft auto-saves, launches after confirmation, finalizes and reopens", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto(LIST);
  await page.getByRole("link", { name: "Launch New" }).click();
  await expect(page).toHaveURL(`${LIST}/launch-review`);
  await page.waitForLoadState("networkidle");

  // Launching an empty form shows the specification's message and saves nothing.
  await page.getByRole("button", { name: "Launch Review" }).click();
  await expect(page.getByText("This is a required field.").first()).toBeVisible();

  const title = `E2E launch ${Date.now()}`;
  await fillBasics(page, title);
  // The first auto-save makes the draft; the address becomes the draft's.
  await expect(page).toHaveURL(/\/reviews\/manage-reviews\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Draft saved automatically as you type.")).toBeVisible();

  // A start date ahead turns the button into Schedule Review; clearing it turns it back.
  await page.getByLabel("Start date (UTC)").fill("2031-01-01T09:00");
  await expect(page.getByRole("button", { name: "Schedule Review" })).toBeVisible();
  await page.getByLabel("Start date (UTC)").fill("");
  await expect(page.getByRole("button", { name: "Launch Review" })).toBeVisible();

  await selfReviewProduct(page);
  await page.getByLabel("Reviewee", { exact: true }).first().fill("eve@acme.test");
  await page.getByLabel("Reviewer", { exact: true }).fill("ed@acme.test");
  await page.getByRole("button", { name: "Add Pair" }).click();
  await expect(page.getByRole("table", { name: "Audience pairs" }).getByRole("row").filter({ hasText: "Ed" })).not.toHaveCount(0);

  await page.getByRole("button", { name: "Launch Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Launch Review?" });
  await expect(dialog.getByRole("heading", { name: "Launch Review?" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Launch Review" })).toBeFocused();
  await dialog.getByRole("button", { name: "Launch Review" }).click();
  await expect(page.getByText("Review launched successfully")).toBeVisible();
  // 000 §9: after 2000 ms the list.
  await expect(page).toHaveURL(LIST, { timeout: 6000 });
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Live", { exact: true })).toBeVisible();

  // Live → Closed from the review's page.
  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.getByRole("button", { name: "Finalize Review" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finalize Review" }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?.*)?$`));

  // Closed → Live again from the list's row action.
  await page.goto(`${LIST}?filter=1&status=closed`);
  const closed = page.getByRole("row").filter({ hasText: title });
  await expect(closed.getByText("Closed", { exact: true })).toBeVisible();
  await closed.getByRole("button", { name: `Reopen Review: ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reopen Review" }).click();
  await expect(page.getByText("Review reopened successfully")).toBeVisible();
  await page.goto(LIST);
  await expect(page.getByRole("row").filter({ hasText: title }).getByText("Live", { exact: true })).toBeVisible();
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a simple review is saved, given an audience, confirmed and launched", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`${LIST}/launch-review`);
    const title = `E2E no-JS launch ${Date.now()}`;
    await fillBasics(page, title);
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/reviews\/manage-reviews\/draft\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    await selfReviewProduct(page);
    await page.getByRole("button", { name: "Launch Review" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Launch Review?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Launch Review" }).click();
    await expect(page.getByText("Review launched successfully")).toBeVisible();
    // The page goes back to the list by itself (a refresh after 2 s).
    await expect(page).toHaveURL(LIST, { timeout: 8000 });
    await expect(page.getByRole("row").filter({ hasText: title }).getByText("Live", { exact: true })).toBeVisible();
  });

  test("an upload with people outside the workspace lists the rows that were not added", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`${LIST}/launch-review`);
    await fillBasics(page, `E2E upload ${Date.now()}`);
    await page.getByRole("button", { name: "Save Draft" }).click();
    await page.getByRole("radio", { name: "Upload" }).first().check();
    await page.locator("#pairsFile").setInputFiles({
      name: "pairs.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Reviewee Email,Reviewer Email\neve@acme.test,ed@acme.test\ngina@globex.test,ed@acme.test\n"),
    });
    await page.getByRole("button", { name: "Upload" }).first().click();
    const dialog = page.getByRole("alertdialog", { name: "1 pair was not added" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("cell", { name: "gina@globex.test" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Audience pairs" }).getByRole("row")).toHaveCount(2);
  });
});
