import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// Logout from the avatar menu, the three ways a person does it: the mouse, the keyboard, and
// without JavaScript. Afterwards a signed-in page sends them to the sign-in page.

const TODOS = "/reviews/todos";

async function expectSignedOut(page: Page) {
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  await page.goto(TODOS);
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
}

test.describe("JavaScript on", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "sam@acme.test");
    await page.goto(TODOS);
    // The Headless UI menu (after hydration) has aria-expanded; the <details> fallback has not.
    await expect(page.getByRole("button", { name: "Open user menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Logout clicked with the mouse signs the person out", async ({ page }) => {
    await page.getByRole("button", { name: "Open user menu" }).click();
    const signOut = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/sign-out");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await signOut;
    await expectSignedOut(page);
  });

  test("Logout chosen with the keyboard signs the person out", async ({ page }) => {
    await page.getByRole("button", { name: "Open user menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expectSignedOut(page);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Logout in the disclosure menu signs the person out", async ({ page }) => {
    await signIn(page, "sam@acme.test");
    await page.goto(TODOS);
    await page.locator("summary").filter({ hasText: "Open user menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expectSignedOut(page);
  });
});
