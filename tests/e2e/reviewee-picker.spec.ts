import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// The per-reviewee report opened from a review's Preview: the Reviewee picker shows the
// previewed reviewee as chosen, even one without a completed review yet (the picker searches the
// reviewees with one). Other specs change the live Autumn review's pairs earlier in the run, so
// the Preview test follows whichever reviewee the Preview opens, and the address test uses Zara,
// whose pair there is never completed.

const REPORTS = "/reviews/reports";
const LIVE = { id: "rc-acme-live", title: "Autumn Performance Review 2026" };

test("Preview from a review row selects its reviewee in the picker", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto(`${REPORTS}?reviews=${LIVE.id}`);
  const table = page.locator("table[data-report-table]");
  await expect(table.locator("button[aria-expanded]").first()).toBeVisible();
  await page.getByRole("button", { name: `Actions for ${LIVE.title}` }).click();
  await page.getByRole("menuitem", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/reviews\/reports\/reviewee\?revieweeId=[^&]+&reviewIds=rc-acme-live$/);
  const revieweeId = new URL(page.url()).searchParams.get("revieweeId")!;

  // The picker shows their name and sends their id.
  const picker = page.getByRole("combobox", { name: "Reviewee" });
  await expect(picker).toHaveValue(/^\S+ \S/);
  await expect(page.getByRole("form", { name: "Choose the report" }).locator('input[name="revieweeId"]')).toHaveValue(revieweeId);
  await expect(page.getByRole("checkbox", { name: new RegExp(LIVE.title) })).toBeChecked();
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the report address of a reviewee without a completed review selects them", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`/reviews/reports/reviewee?revieweeId=u-acme-zara&reviewIds=${LIVE.id}`);
    const chosen = page.getByRole("radio", { name: /^Zara / });
    await expect(chosen).toBeChecked();
    await expect(chosen).toHaveAttribute("value", "u-acme-zara");
  });
});
