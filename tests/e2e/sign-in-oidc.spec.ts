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

/** An ID token the host (Teams) would hand the tab, from the fake provider scripts/e2e.mjs started. */
async function hostToken(email: string) {
  const response = await fetch(`${process.env.FAKE_OIDC_URL}/test/id-tokens`, {
    method: "POST",
    body: JSON.stringify({ platform: "msteams", email }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

test.describe("framed tab without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the host's token opens the page after the loader, leaves no token in the address, and works once in one browser", async ({ page, browser }) => {
    const token = await hostToken("tina@globex.test");
    await page.goto(`/tab?${new URLSearchParams({ token, platform: "msteams", redirect: "/reviews/todos" })}`);
    // The token step answered with a token-free address; the loader continues by meta refresh.
    expect(page.url()).not.toContain(token);
    expect(page.url()).toMatch(/\/tab\?authorization=/);
    const tokenFree = page.url();
    await expect(page).toHaveURL(/\/reviews\/todos$/, { timeout: 5000 });

    // The token-free address in another browser, and the token a second time, are refused.
    const other = await browser.newContext({ javaScriptEnabled: false });
    const stranger = await other.newPage();
    await stranger.goto(tokenFree);
    await expect(stranger).toHaveURL(/\/auth-error$/);
    await stranger.goto(`/tab?${new URLSearchParams({ token, platform: "msteams" })}`);
    await expect(stranger).toHaveURL(/\/auth-error$/);
    await other.close();
  });
});
