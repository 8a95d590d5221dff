import { expect, test } from "@playwright/test";

// scripts/e2e.mjs points the app's OpenID settings at a fake provider on 127.0.0.1 whose
// authorize endpoint answers at once for alice@acme.test (Slack) or gina@globex.test (Teams).

test("Sign in with Slack: a person in two workspaces picks the primary one and lands on their profile", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Slack" }).click();
  await expect(page).toHaveURL(/\/slack\/select-slack-workspace\?/);
  await page.getByLabel("Acme HQ").check();
  await page.getByRole("button", { name: /continue|select/i }).click();
  await expect(page).toHaveURL(/\/my-profile\/u-acme-alice\/feedback-insights$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Alice");
});

test("Sign in with Microsoft Teams lands a Globex person on their profile", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Microsoft Teams" }).click();
  await expect(page).toHaveURL(/\/my-profile\/u-globex-gina\/feedback-insights$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Gina");
});

test("a signed-in person opening the sign-in page goes to their profile", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Microsoft Teams" }).click();
  await expect(page).toHaveURL(/feedback-insights$/);
  await page.goto("/sign-in");
  await expect(page).toHaveURL(/\/my-profile\/u-globex-gina\/feedback-insights$/);
});
