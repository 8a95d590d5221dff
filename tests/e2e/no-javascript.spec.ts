import { expect, test } from "@playwright/test";
import { mainNav, signIn } from "./support";

test.use({ javaScriptEnabled: false });

test("with JavaScript off: demo sign-in, sidebar navigation, settings, and sign-out all work", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Alice");

  // To Do's opens the person's first review to give (000 §2).
  await mainNav(page).getByRole("link", { name: "To Do's" }).click();
  await expect(page).toHaveURL(/\/reviews\/todos(\/[^/]+)?$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("To Do's");

  // The settings modal is a server-rendered dialog without JavaScript; saving is a plain POST.
  await mainNav(page).getByRole("link", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("heading", { name: "Settings" })).toBeVisible();
  await dialog.getByLabel(/Reverse/).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved successfully")).toBeVisible();

  // Without JavaScript the avatar menu is a native disclosure.
  await page.locator("summary", { hasText: "Open user menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/reviews/todos");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("with JavaScript off: an unknown e-mail on the demo sign-in is refused with an error and no session", async ({ page }) => {
  await page.goto("/dev/sign-in");
  await page.getByPlaceholder(/E-mail/).fill("nobody@acme.test");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("No demo person has this e-mail")).toBeVisible();
  await page.goto("/reviews/todos");
  await expect(page).toHaveURL(/\/sign-in$/);
});
