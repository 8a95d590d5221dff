import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// The people picker of the review reports' filters and of the per-reviewee report: with
// JavaScript it searches the server as you type (listbox, arrows, Enter, Escape) and shows the
// chosen person's name; without it, its Search button brings the page back with the matching
// people to check. Uses Acme's closed "H1 2026 Performance Review" (Mona reviewed Eve), whose
// completed pairs no other spec changes.

const REPORTS = "/reviews/reports";
const REVIEWEE_REPORT = "/reviews/reports/reviewee";
const CLOSED = { id: "rc-acme-closed", title: "H1 2026 Performance Review" };
const table = (page: import("@playwright/test").Page) => page.locator("table[data-report-table]");
const revieweeLabels = (page: import("@playwright/test").Page) =>
  table(page).locator('tr[data-level="2"]:not([hidden]) > td:nth-child(2)');

test.describe("JavaScript on", () => {
  test("picks a reviewer by typing and clicking, a reviewee by keyboard; the filter keeps their names", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`${REPORTS}?reviews=${CLOSED.id}`);
    await expect(table(page).locator("button[aria-expanded]").first()).toBeVisible();
    const form = page.getByRole("form", { name: "Report filters" });

    // Typing asks the server: the list holds the matching people only.
    const reviewers = form.getByRole("combobox", { name: "Reviewers", exact: true });
    await reviewers.fill("mona");
    await expect(reviewers).toHaveAttribute("aria-expanded", "true");
    const listbox = page.locator(`[role="listbox"][id="${await reviewers.getAttribute("aria-controls")}"]`);
    await expect(listbox.getByRole("option", { name: /^Mona Larsen/ })).toBeVisible();
    for (const name of await listbox.locator("[data-person-name]").allInnerTexts()) expect(name.toLowerCase()).toContain("mona");
    await listbox.getByRole("option", { name: /^Mona Larsen/ }).click();
    await expect(form.getByRole("list", { name: "Chosen reviewers" })).toContainText("Mona Larsen");
    await reviewers.press("Escape");
    await expect(reviewers).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toHaveCount(0);

    // The keyboard: type, arrow down to the first match, Enter; Escape closes the list.
    const reviewees = form.getByRole("combobox", { name: "Reviewees", exact: true });
    await reviewees.focus();
    await reviewees.pressSequentially("Eve R");
    await expect(page.getByRole("option", { name: /^Eve Reyes/ })).toBeVisible();
    await reviewees.press("ArrowDown");
    await expect(reviewees).toHaveAttribute("aria-activedescendant", /.+/);
    await reviewees.press("Enter");
    await expect(form.getByRole("list", { name: "Chosen reviewees" })).toContainText("Eve Reyes");
    await reviewees.press("Escape");
    await expect(reviewees).toHaveAttribute("aria-expanded", "false");

    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/reviewers=u-acme-mona/);
    await expect(page).toHaveURL(/reviewees=u-acme-eve/);
    await expect(revieweeLabels(page)).toHaveText(["Reviewee: Eve Reyes"]);
    // Loaded afresh, the chosen people still show by name.
    await page.reload();
    await expect(form.getByRole("list", { name: "Chosen reviewers" })).toContainText("Mona Larsen");
    await expect(form.getByRole("list", { name: "Chosen reviewees" })).toContainText("Eve Reyes");
    // Removing one widens the filter again.
    await form.getByRole("button", { name: "Remove Eve Reyes" }).click();
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).not.toHaveURL(/reviewees=/);

    // Another company's people never come back.
    await reviewers.fill("Tina Silva");
    await expect(page.getByText("No matching people.")).toBeVisible();
  });

  test("the reviewee report's picker opens the chosen reviewee and shows their name", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(REVIEWEE_REPORT);
    const picker = page.getByRole("combobox", { name: "Reviewee" });
    await expect(picker).toBeVisible();
    await picker.fill("eve");
    await page.getByRole("option", { name: /^Eve Reyes/ }).click();
    await expect(page).toHaveURL(`${REVIEWEE_REPORT}?revieweeId=u-acme-eve`);
    await expect(picker).toHaveValue("Eve Reyes");
    await page.getByRole("checkbox", { name: new RegExp(CLOSED.title) }).check();
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page.getByRole("heading", { name: "Eve Reyes", level: 2 })).toBeVisible();
    await expect(picker).toHaveValue("Eve Reyes");
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Search brings back the matching people; checking one and Apply filters the table", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`${REPORTS}?reviews=${CLOSED.id}`);
    const form = page.getByRole("form", { name: "Report filters" });
    await expect(form.getByRole("combobox", { name: "Reviewees" })).toHaveCount(0);
    const search = form.getByRole("searchbox", { name: "Search reviewees" });
    await search.fill("Eve");
    await form.getByRole("button", { name: "Search" }).nth(1).click();
    await expect(page).toHaveURL(/revieweesQ=Eve/);
    // The review filter is kept across the search.
    await expect(form.getByLabel("Reviews", { exact: true })).toHaveValues([CLOSED.id]);
    const group = form.getByRole("group", { name: "Reviewees" });
    // Only this picker's search was asked.
    await expect(form.getByRole("group", { name: "Reviewers" }).getByRole("checkbox")).toHaveCount(0);
    await group.getByRole("checkbox", { name: /^Eve Reyes/ }).check();
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/reviewees=u-acme-eve/);
    await expect(revieweeLabels(page)).toHaveText(["Reviewee: Eve Reyes"]);
    // The chosen person stays checked, by name.
    await expect(group.getByRole("checkbox", { name: /^Eve Reyes/ })).toBeChecked();
    // Another company's people are never found.
    await search.fill("Tina Silva");
    await search.press("Enter");
    await expect(group.getByText("No matching people.")).toBeVisible();
  });
});
