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
