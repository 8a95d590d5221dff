import { expect, test, type Locator, type Page } from "@playwright/test";
import { mainNav, signIn } from "./support";

// Pulseboard in the Teams and Slack mobile clients: their tab is about 390 px wide. Below 768 px
// the sidebar is a menu behind the top bar's toggle, tables scroll inside their own region and
// dialogs fit the screen; without JavaScript the menu's links stand below the top bar. Nothing
// here changes a record: Kara's to-do and survey and the Edit dialog are opened, never saved.

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.PHONE_SHOTS_DIR;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const toggle = (page: Page) => page.getByRole("button", { name: "Toggle sidebar" });

/** The page itself never scrolls sideways, and its content column is wide enough for sentences. */
async function expectFitsPhone(page: Page, content: Locator = page.locator("main#main > div").first()) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  const box = await content.boundingBox();
  expect(box, "content has a box").not.toBeNull();
  expect(box!.width, `${page.url()} content width`).toBeGreaterThanOrEqual(340);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/** Fully inside the screen's width (and, for a dialog, its height). */
async function expectInsideScreen(target: Locator, { height = false } = {}) {
  const box = await target.boundingBox();
  expect(box, "has a box").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  if (height) {
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  }
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * The sidebar is out of sight (and out of the tab order) until the toggle opens it; opening moves
 * focus into the menu, Escape closes it and hands focus back to the toggle, and the keyboard opens
 * it as well as a tap.
 */
async function expectMenuBehindToggle(page: Page) {
  // Hydrated: the toggle says the menu is closed on a phone.
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(toggle(page)).toHaveAttribute("aria-controls", "sidebar");
  await expect(mainNav(page)).toBeHidden();

  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(mainNav(page)).toBeVisible();
  // It slides in from the left edge and stops there.
  await expect.poll(async () => (await page.locator("#sidebar").boundingBox())?.x).toBe(0);
  await expectInsideScreen(page.locator("#sidebar"));
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("#sidebar")))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(mainNav(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("#sidebar")))).toBe(true);
  // Tapping outside the menu closes it.
  await page.mouse.click(PHONE.width - 20, PHONE.height - 20);
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(mainNav(page)).toBeHidden();
}

/** Opens the menu and follows one of its links; the menu closes on the new page. */
async function followMenuLink(page: Page, name: string, url: RegExp) {
  await toggle(page).click();
  const link = mainNav(page).getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  // Measured once the menu has slid in.
  await expect.poll(async () => (await page.locator("#sidebar").boundingBox())?.x).toBe(0);
  await expectInsideScreen(link);
  await link.click();
  await expect(page).toHaveURL(url);
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(mainNav(page)).toBeHidden();
}

test("the sign-in page fits a phone", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsPhone(page, page.locator("section", { has: page.getByRole("heading", { level: 1 }) }));
  // The public pages' one-second loader has gone.
  await expect(page.locator(".public-loader")).toBeHidden();
  await shot(page, "sign-in");
});

test("a to-do: the nomination step fits, and the menu opens, closes and navigates", async ({ page }) => {
  await signIn(page, "leo@acme.test");
  await page.goto("/reviews/todos/awaiting-nomination/rc-acme-live");
  await expect(page.getByRole("button", { name: "Submit nominations" })).toBeVisible();
  await expectFitsPhone(page);
  await expectMenuBehindToggle(page);
  await toggle(page).click();
  await expect.poll(async () => (await page.locator("#sidebar").boundingBox())?.x).toBe(0);
  await shot(page, "todo-menu-open");
  await page.keyboard.press("Escape");
  await followMenuLink(page, "My Reviews", /\/reviews\/my-reviews$/);
  await expectFitsPhone(page);
});

test("a review answer form fits, and its Decline confirmation fits the screen", async ({ page }) => {
  await signIn(page, "kara@acme.test");
  await page.goto("/reviews/todos/rp-acme-delayed-02");
  await expect(page.getByRole("heading", { name: "Customer Success Q3 Review", level: 2 }).first()).toBeVisible();
  await expectFitsPhone(page);
  await expectMenuBehindToggle(page);
  // A rating scale's table scrolls inside itself, never the page.
  for (const question of await page.locator("[data-question]").all()) await expectInsideScreen(question);
  await shot(page, "answer-form");
  await page.getByRole("button", { name: "Decline" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to decline this review?" });
  await expect(confirm).toBeVisible();
  await expectInsideScreen(confirm);
  await expectInsideScreen(confirm.getByRole("button", { name: "Decline" }));
  await expectFitsPhone(page);
});

test("a survey answer page fits a phone", async ({ page }) => {
  await signIn(page, "kara@acme.test");
  await page.goto("/surveys/respond/sr-acme-engagement-2");
  await expect(page.getByRole("heading", { name: "Employee Engagement", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await expectFitsPhone(page);
  await expectMenuBehindToggle(page);
  await expectInsideScreen(page.getByRole("button", { name: "Submit" }));
  await shot(page, "survey");
});

test("list pages: tables scroll in their own labelled region and the Edit dialog fits", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/organization/settings/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expectFitsPhone(page);
  await expectMenuBehindToggle(page);
  const table = page.getByRole("table").first();
  const region = page.getByRole("region").filter({ has: table }).last();
  await expect(region).toHaveAttribute("tabindex", "0");
  await expectInsideScreen(region);
  // The region scrolls from the keyboard.
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await shot(page, "users");

  await page.goto("/organization/settings/users?dialog=edit&user=u-acme-eve");
  const dialog = page.getByRole("dialog", { name: /Edit Eve/ });
  await expect(dialog.getByRole("heading", { name: /Edit Eve/ })).toBeVisible();
  await expectInsideScreen(page.locator('[id^="headlessui-dialog-panel"]'));
  await expectFitsPhone(page);
  await shot(page, "users-edit");

  await page.goto("/reviews/manage-reviews");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsPhone(page);
  await shot(page, "manage-reviews");
});

test("a builder's Full Preview dialog fits the screen", async ({ page }) => {
  await signIn(page, "gina@globex.test");
  await page.goto("/reviews/review-questionnaires/new");
  await page.getByLabel("Questionnaire name", { exact: true }).fill("On a phone");
  await expectFitsPhone(page);
  await page.getByRole("button", { name: "Full Preview" }).click();
  await expect(page.getByRole("heading", { name: "Full Preview" })).toBeVisible();
  await expectInsideScreen(page.locator('[id^="headlessui-dialog-panel"]'), { height: true });
  await expectFitsPhone(page);
  await shot(page, "full-preview");
});

test("the Settings dialog opened from the menu fits, and focus returns to the toggle", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await toggle(page).click();
  await mainNav(page).getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("heading", { name: "Settings" })).toBeVisible();
  // The menu closed as focus went into the dialog (the page behind it is inert: no role lookup).
  await expect(page.locator("#sidebar-toggle")).toHaveAttribute("aria-expanded", "false");
  await expectInsideScreen(page.locator('[id^="headlessui-dialog-panel"]'), { height: true });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(toggle(page)).toBeFocused();
});

test.describe("at the 768 px boundary", () => {
  test.use({ viewport: { width: 768, height: 900 }, isMobile: false, hasTouch: false });

  test("the sidebar stays beside the page and the toggle collapses it, as on a desktop", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.waitForLoadState("networkidle");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page)).toBeVisible();
    expect((await page.locator("#sidebar").boundingBox())?.width).toBe(256);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(mainNav(page)).toBeHidden();
    await expect.poll(async () => (await page.locator("#sidebar").boundingBox())?.width ?? 0).toBe(0);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu's links stand below the top bar and every page still fits", async ({ page }) => {
    await signIn(page, "kara@acme.test");
    await expect(mainNav(page)).toBeVisible();
    const bar = await page.locator("header").first().boundingBox();
    const nav = await mainNav(page).boundingBox();
    expect(nav!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
    await expectInsideScreen(mainNav(page));
    await expectFitsPhone(page);
    await shot(page, "no-js");
    await mainNav(page).getByRole("link", { name: "To Do's" }).click();
    await expect(page).toHaveURL(/\/reviews\/todos(\/[^/]+)?$/);
    await expectFitsPhone(page);
    await page.goto("/surveys/respond/sr-acme-engagement-2");
    await expectFitsPhone(page);
  });
});
