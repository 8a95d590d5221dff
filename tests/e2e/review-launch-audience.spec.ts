import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// Launch Review with JavaScript: once the draft has saved itself with a workspace, the Audience
// section suggests that workspace's people for Reviewee and Reviewer, without Save Draft or a reload.

test("the auto-saved draft's workspace members are suggested for Reviewee and Reviewer", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/reviews/manage-reviews/launch-review");
  await page.waitForLoadState("networkidle");
  const audience = page.locator("details#audience");
  await expect(audience.getByText(/Choose a workspace and save/)).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(`E2E suggestions ${Date.now()}`);
  await page.getByLabel("Workspace", { exact: true }).selectOption({ label: "Acme HQ" });
  await expect(page).toHaveURL(/\/reviews\/manage-reviews\/draft\/[0-9a-f-]{36}$/);

  await expect(audience.getByText(/Choose a workspace and save/)).toHaveCount(0);
  const reviewee = audience.getByLabel("Reviewee", { exact: true });
  const listId = await reviewee.getAttribute("list");
  expect(listId).toBeTruthy();
  await expect(page.locator(`datalist#${listId} option[value="eve@acme.test"]`)).toBeAttached();
  await expect(page.locator(`datalist#${listId} option[value="ed@acme.test"]`)).toBeAttached();
  expect(await audience.getByLabel("Reviewer", { exact: true }).getAttribute("list")).toBe(listId);

  // A pair picked from the suggestions is added.
  await reviewee.fill("eve@acme.test");
  await audience.getByLabel("Reviewer", { exact: true }).fill("ed@acme.test");
  await audience.getByRole("button", { name: "Add Pair" }).click();
  await expect(page.getByRole("table", { name: "Audience pairs" }).getByRole("row").filter({ hasText: "Ed" })).not.toHaveCount(0);
});
