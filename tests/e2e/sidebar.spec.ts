import { expect, test } from "@playwright/test";
import { mainNav, signIn } from "./support";

// Every sidebar entry a person can see opens its page or its placeholder, inside the shell.
// Each test signs in on its own and none needs another's writes, so the tests of this file are
// spread over both Playwright workers (and servers) instead of queueing behind one another.
test.describe.configure({ mode: "parallel" });

const people = [
  "alice@acme.test",
  "adam@acme.test",
  "mona@acme.test",
  "sam@acme.test",
  "gina@globex.test",
  "gary@globex.test",
  "mike@globex.test",
];

for (const email of people) {
  test(`every sidebar entry opens for ${email}`, async ({ browser }) => {
    // The server's answer and the shell are what is checked, so the pages are read without their
    // scripts: each page's interactive flows have their own specs, and ~140 hydrations cost minutes.
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, email);
    const links = mainNav(page).getByRole("link");
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((a) => ({ name: (a.textContent ?? "").trim(), href: a.getAttribute("href") ?? "" })),
    );
    const pages = targets.filter((t) => t.href.startsWith("/") && !t.href.includes("?"));
    expect(pages.length).toBeGreaterThan(3);
    for (const target of pages) {
      const response = await page.goto(target.href);
      expect(response?.status(), `${target.name} ${target.href}`).toBe(200);
      await expect(page.getByText("Page not found")).toHaveCount(0);
      await expect(page.getByText("Something went wrong.")).toHaveCount(0);
      await expect(mainNav(page)).toBeVisible();
    }
    await page.context().close();
  });
}

test("a super admin changes the analytics colour scale in the Settings modal and sees the server message", async ({ page }) => {
  await signIn(page, "gina@globex.test");
  await mainNav(page).getByRole("button", { name: "Settings" }).or(mainNav(page).getByRole("link", { name: "Settings" })).first().click();
  // Headless UI's dialog root has no box of its own (its panel is fixed), so check its title.
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("heading", { name: "Settings" })).toBeVisible();
  await dialog.getByLabel(/Reverse/).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved successfully")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Settings" })).toHaveCount(0);
});

test("an employee does not see admin entries and is sent home from an admin page", async ({ page }) => {
  await signIn(page, "sam@acme.test");
  await expect(mainNav(page).getByRole("link", { name: "Users" })).toHaveCount(0);
  await page.goto("/organization/settings/users");
  await expect(page).toHaveURL(/\/my-profile\/u-acme-sam\/feedback-insights$/);
});

test("the Settings dialog takes focus, closes on Escape and hands focus back", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  const opener = mainNav(page).getByRole("button", { name: "Settings" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
