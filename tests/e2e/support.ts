import { expect, type Page } from "@playwright/test";

/** Signs in through the demo sign-in page: one plain POST form per person, field `email`. */
export async function signIn(page: Page, email: string) {
  await page.goto("/dev/sign-in");
  await page.locator(`form:has(input[name="email"][value="${email}"]) button[type="submit"]`).click();
  await expect(page).toHaveURL(/\/my-profile\/[^/]+\/feedback-insights$/);
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Answers every question of a review: the first choice of each radio group or select, `text` in every text box. */
export async function answerAll(page: Page, text = "Thoughtful and reliable") {
  const form = page.locator("form:has([data-question])");
  for (const name of new Set(
    await form.locator('input[type="radio"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))
  )) {
    await form.locator(`input[type="radio"][name="${name}"]`).first().check();
  }
  for (const select of await form.locator("select").all()) await select.selectOption({ index: 1 });
  for (const box of await form.locator('textarea, input[type="text"]').all()) await box.fill(text);
}
