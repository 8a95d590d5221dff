import { expect, test } from "@playwright/test";

test("an unknown path shows the not-found page with its exact texts and a way home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found")).toBeVisible();
  await expect(page.getByText("Oops! Looks like you followed a bad link...")).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});
