import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// The per-reviewee report opened from a review's Preview: the Reviewee picker lists and selects
// the previewed reviewee, even one without a completed review yet (Bella in the live Autumn review).

const REPORTS = "/reviews/reports";
const LIVE = { id: "rc-acme-live", title: "Autumn Performance Review 2026" };

test("Preview from a review row selects its reviewee in the picker", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto(`${REPORTS}?reviews=${LIVE.id}`);
  const table = page.locator("table[data-report-table]");
  await expect(table.locator("button[aria-expanded]").first()).toBeVisible();
  await page.getByRole("button", { name: `Actions for ${LIVE.title}` }).click();
  await page.getByRole("menuitem", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/reviews\/reports\/reviewee\?revieweeId=u-acme-bella&reviewIds=rc-acme-live$/);

  const picker = page.getByRole("combobox", { name: "Reviewee" });
  await expect(picker).toHaveValue("u-acme-bella");
  await expect(picker.locator("option:checked")).toHaveText(/^Bella /);
  await expect(page.getByRole("checkbox", { name: new RegExp(LIVE.title) })).toBeChecked();
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the report address of a reviewee without a completed review selects them", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`/reviews/reports/reviewee?revieweeId=u-acme-bella&reviewIds=${LIVE.id}`);
    const picker = page.getByRole("combobox", { name: "Reviewee" });
    await expect(picker).toHaveValue("u-acme-bella");
    await expect(picker.locator("option:checked")).toHaveText(/^Bella /);
  });
});
