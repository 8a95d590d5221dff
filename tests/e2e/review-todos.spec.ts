import { expect, test } from "@playwright/test";
import { answerAll, signIn } from "./support";

// A reviewer completes a review from the to-do list with JavaScript on (auto-save,
// required answers, save for later, submit) and declines one with JavaScript off. Kara's two
// reviews in the seeded live "Customer Success Q3 Review" (rp-acme-delayed-02 and -03) are used.

test("JavaScript on: required answers, quiet auto-save, save for later, then submit after confirming", async ({ page }) => {
  await signIn(page, "kara@acme.test");
  await page.goto("/reviews/todos/rp-acme-delayed-02");
  await expect(page.getByRole("heading", { name: "Customer Success Q3 Review", level: 2 }).first()).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ completed/)).toBeVisible();

  // The context panel is tabs: Objectives, Feedback, Reviews (keyboard: arrows move between them).
  const objectives = page.getByRole("tab", { name: "Objectives" });
  await expect(objectives).toHaveAttribute("aria-selected", "true");
  await objectives.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Feedback" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel").getByText("No Feedback available!")).toBeVisible();

  // An incomplete submit says what is missing and moves to the first question with an error.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("This is a required field.").first()).toBeVisible();
  await expect(page.locator("[data-first-error]").locator("input, select, textarea").first()).toBeFocused();

  await answerAll(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save & Finalize later" }).click();
  await expect(page.getByText("Saved. You can finish the review later.")).toBeVisible();

  await page.getByRole("button", { name: "Submit" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to submit the review?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Review submitted successfully")).toBeVisible();
  // The next review to give opens; the submitted one is struck through with a green dot.
  await expect(page).not.toHaveURL(/rp-acme-delayed-02$/);
  await expect(page.locator('li[data-todo-state="completed"] a[href="/reviews/todos/rp-acme-delayed-02"]')).toBeVisible();
});

test("JavaScript on: a review is declined with a reason after confirming and leaves the list (Globex, Zoe declines Bruno)", async ({
  page,
}) => {
  await signIn(page, "zoe@globex.test");
  await page.goto("/reviews/todos/rp-globex-delayed-02");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Decline" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to decline this review?" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel("Reason").fill("Bruno moved to another team");
  await confirm.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Review declined")).toBeVisible();
  await expect(page.locator('a[href="/reviews/todos/rp-globex-delayed-02"]')).toHaveCount(0);
  // Declined for good: the review cannot be opened again.
  expect((await page.goto("/reviews/todos/rp-globex-delayed-02"))?.status()).toBe(404);
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a review is declined with a reason after confirming and leaves the list", async ({ page }) => {
    await signIn(page, "kara@acme.test");
    await page.goto("/reviews/todos/rp-acme-delayed-03");
    await page.getByRole("button", { name: "Decline" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to decline this review?" });
    await expect(confirm).toBeVisible();
    await confirm.getByLabel("Reason").fill("I do not work with Rosa");
    await confirm.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("Review declined")).toBeVisible();
    await expect(page.locator('a[href="/reviews/todos/rp-acme-delayed-03"]')).toHaveCount(0);
  });

  test("a review is saved for later, then submitted after confirming (Globex, Mike reviews Tina)", async ({ page }) => {
    await signIn(page, "mike@globex.test");
    await page.goto("/reviews/todos/rp-globex-live-01");
    // Without JavaScript the context panel's sections stand one under the other.
    for (const name of ["Objectives", "Feedback", "Reviews"])
      await expect(page.getByRole("heading", { name, level: 3, exact: true })).toBeVisible();
    await answerAll(page);
    await page.getByRole("button", { name: "Save & Finalize later" }).click();
    await expect(page.getByText("Saved. You can finish the review later.")).toBeVisible();
    // The saved answers come back with the page.
    await expect(page.locator('form:has([data-question]) input[type="radio"]:checked').first()).toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to submit the review?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Review submitted successfully")).toBeVisible();
    await expect(page.locator('li[data-todo-state="completed"] a[href="/reviews/todos/rp-globex-live-01"]')).toBeVisible();
  });
});
