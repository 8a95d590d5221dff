import { expect, test, type Page } from "@playwright/test";
import { d1Execute, signIn } from "./support";

// Review Analytics (Overview, Organization) and Analytics › Reports, as Acme's super admin: the
// figures shown are checked against this server's database, and one row's Download is queued.

type Row = Record<string, string | number | null>;
const query = (...statements: string[]): Row[][] => (JSON.parse(d1Execute(statements)) as Array<{ results: Row[] }>).map((r) => r.results);
const CAMPAIGN = "rc-acme-closed";

const dataOf = (page: Page, selector: string, key: string, value: string) =>
  page.locator(selector).evaluateAll(
    (els, [k, v]) => els.map((el) => [(el as HTMLElement).getAttribute(k), (el as HTMLElement).getAttribute(v)] as [string, string]),
    [key, value]
  );

test("review analytics and the reports list show the seeded figures; a download is queued", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  const [states, averages, departments] = query(
    `SELECT state, count(*) AS n FROM review_pairs WHERE campaign_id = '${CAMPAIGN}' GROUP BY state`,
    `SELECT a.key AS block, round(avg(json_extract(a.value, '$.value')), 2) AS average FROM review_pairs p, json_each(p.answers) a
     WHERE p.campaign_id = '${CAMPAIGN}' AND p.state = 'completed' AND json_type(a.value, '$.value') IN ('integer', 'real')
       AND coalesce(json_extract(a.value, '$.notApplicable'), 0) = 0 GROUP BY a.key`,
    `SELECT coalesce(u.department_id, '') AS k, count(*) AS pairs, sum(p.state = 'completed') AS completed
     FROM review_pairs p JOIN users u ON u.id = p.reviewee_id WHERE p.campaign_id = '${CAMPAIGN}' GROUP BY 1`
  );

  // Overview, reached from the sidebar's Analytics › Reviews entry, then the review picked in the form.
  await page.goto("/analytics/review-analytics");
  await page.getByRole("combobox", { name: "Review", exact: true }).selectOption(CAMPAIGN);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics/review-analytics/overview\\?campaign=${CAMPAIGN}`));
  const shownStates = new Map(await dataOf(page, "[data-pair-state]", "data-pair-state", "data-n"));
  expect(shownStates).toEqual(new Map(states.map((r) => [String(r.state), String(r.n)])));
  const shownAverages = new Map(await dataOf(page, "[data-question]", "data-question", "data-average"));
  expect(averages.length).toBeGreaterThan(0);
  for (const r of averages) expect(Number(shownAverages.get(String(r.block))), String(r.block)).toBeCloseTo(Number(r.average), 2);
  await expect(page.locator('[data-chart="question-averages"]')).toBeVisible();

  // Organization: by department.
  await page.getByRole("link", { name: "Organization" }).click();
  await expect(page).toHaveURL(/\/analytics\/review-analytics\/organization/);
  const pairs = new Map(await dataOf(page, "[data-slice]", "data-slice", "data-pairs"));
  const completed = new Map(await dataOf(page, "[data-slice]", "data-slice", "data-completed"));
  expect(pairs).toEqual(new Map(departments.map((r) => [String(r.k), String(r.pairs)])));
  expect(completed).toEqual(new Map(departments.map((r) => [String(r.k), String(r.completed)])));

  // Reports: the reviews of the list, and the closed review's answers queued.
  const [reviews] = query(
    `SELECT 'review:' || id AS u FROM review_campaigns WHERE company_id = 'c-acme' AND state IN ('live', 'closed') ORDER BY title COLLATE NOCASE, id`
  );
  await page.goto("/analytics/reports?type=review&sort=name&dir=asc");
  const rows = await page.locator("[data-report-row]").evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.reportRow));
  expect(rows).toEqual(reviews.map((r) => r.u));
  await page.locator(`[data-report-download="${CAMPAIGN}"] button`).click();
  await expect(page.getByRole("status").getByText("Report will be emailed once completed", { exact: true })).toBeVisible();
  const [[queued]] = query(
    `SELECT kind, json_extract(scope, '$.filters.reviewIds[0]') AS review FROM generated_reports WHERE requested_by = 'u-acme-alice' ORDER BY created_at DESC LIMIT 1`
  );
  expect(queued).toEqual({ kind: "bulk-xlsx", review: CAMPAIGN });
});
