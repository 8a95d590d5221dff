import { expect, test, type Page } from "@playwright/test";
import { readyLink } from "./report-inbox";
import { d1Execute, signIn } from "./support";

// Data Studio through the real UI (001 §2, §5, §7–§9): a query across a link with a filter is
// built, run and checked against SQL, saved, loaded again after a reload and downloaded; and the
// same builder without JavaScript. One page load per step that needs one.
//
// Seeded data used (app/db/seed/demo.ts): Acme's people and departments; Alice is Acme's admin.

const PAGE = "/analytics/my-queries";
const TITLE = "E2E Engineering people";

function rowsOf(json: string): Array<Record<string, unknown>> {
  return (JSON.parse(json) as Array<{ results: Array<Record<string, unknown>> }>)[0]!.results;
}

async function pick(page: Page, opener: string | RegExp, choice: string | RegExp) {
  await page.getByRole("button", { name: opener }).first().click();
  const panel = page.getByRole("group", { name: opener });
  await panel.getByRole("button", { name: choice }).click();
}

test("a query across a link with a filter runs as SQL says, is saved, loaded again and downloaded", async ({ page }) => {
  d1Execute(`DELETE FROM data_studio_views WHERE title LIKE 'E2E %'`);
  await signIn(page, "alice@acme.test");
  await page.goto(PAGE);

  await pick(page, "Add Column +", "Name");
  await expect(page.locator("[data-ds-column]")).toHaveCount(1);
  await pick(page, "Add Column +", /^Department →/);
  const edge = page.locator("[data-ds-edge]");
  await expect(edge).toContainText("Pick an attribute with + Attr.");
  await pick(page, "Add an attribute of Department", "Name");
  const departmentName = page.locator('[data-ds-column="Department › Name"]');
  await expect(departmentName).toBeVisible();

  // The filter dropdown (300 × 300 px): focus moves into it; Enter applies and closes it, focus back on its button.
  const filterButton = departmentName.getByRole("button", { name: /^Filter/ });
  await filterButton.click();
  const panel = page.getByRole("group", { name: "Filter Department › Name" });
  const box = await panel.boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([300, 300]);
  await panel.getByLabel("Contains").fill("Engineering");
  await panel.getByLabel("Contains").press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(departmentName.locator("[data-ds-badge] [aria-hidden]")).toHaveText("1");
  await expect(filterButton).toBeFocused();

  await page.getByRole("button", { name: "Run", exact: true }).click();
  const preview = page.locator("table[data-ds-preview]");
  await expect(preview).toBeVisible();
  const expected = rowsOf(
    d1Execute(
      "SELECT u.name AS name FROM users u JOIN departments d ON d.id = u.department_id WHERE u.company_id = 'c-acme' AND u.is_deleted = 0 AND instr(lower(d.name), 'engineering') > 0"
    )
  ).map((r) => String(r.name));
  expect(expected.length).toBeGreaterThan(0);
  await expect(preview).toHaveAttribute("data-row-count", String(expected.length));
  const shown = await preview.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
  expect(shown).toHaveLength(Math.min(10, expected.length));
  for (const [name, department] of shown) {
    expect(expected).toContain(name);
    expect(department).toContain("Engineering");
  }

  // Save View needs a title (001 §5); then it saves.
  await page.getByRole("button", { name: "Save View" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await page.getByLabel("View title").fill(TITLE);
  await page.getByRole("button", { name: "Save View" }).click();
  await expect(page.locator("[data-ds-notice]")).toHaveText("View saved");

  await page.reload();
  await expect(page.locator("[data-ds-column]")).toHaveCount(0);
  await page.getByLabel("Saved view").selectOption({ label: TITLE });
  await page.getByRole("button", { name: "Load View" }).click();
  await expect(page.getByLabel("View title")).toHaveValue(TITLE);
  await expect(page.locator('[data-ds-column="Department › Name"] [data-ds-badge]')).toBeVisible();

  const known = new Set<string>();
  await page.getByRole("button", { name: "Download" }).click();
  await expect(page.locator("[data-ds-notice]")).toHaveText("Report will be emailed once completed");
  const link = await readyLink(page, TITLE, known);
  const file = await page.request.get(link);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("spreadsheetml");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each step posts the form and the page comes back with the query built so far", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(PAGE);
    await page.locator("[data-ds-add-column] summary").click();
    await page.getByRole("group", { name: "Add Column +" }).getByRole("button", { name: "Name", exact: true }).click();
    await expect(page.locator("[data-ds-column]")).toHaveCount(1);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const count = rowsOf(d1Execute("SELECT COUNT(*) AS n FROM users WHERE company_id = 'c-acme' AND is_deleted = 0"))[0]!.n;
    await expect(page.locator("table[data-ds-preview]")).toHaveAttribute("data-row-count", String(count));
    await expect(page.locator("table[data-ds-preview] tbody tr")).toHaveCount(10);
  });
});
