import { expect, test, type Locator, type Page } from "@playwright/test";
import { d1Execute, signIn, sqlValue } from "./support";

// Profile tabs through the real UI (002 §2.6): the Performance tab's figures against the
// per-reviewee report's, who gets the tab, the header's managers with JavaScript off, and the
// Reviews and Objectives tabs of one's own profile checked against D1.
//
// Seeded data used (app/db/seed/demo.ts): Acme's Eve has completed reviews (Mona reviewed her in
// the closed "H1 2026 Performance Review", which shares results with reviewees at close). Ed's
// managers are changed and put back; Eve gets one objective and one report share of her own.

const EVE = "u-acme-eve";

/** The rows of a scores table: each row's heading, its cells and its average, as shown. */
async function scoreRows(table: Locator): Promise<string[][]> {
  await expect(table.locator("tbody tr").first()).toBeVisible();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())));
}

async function headings(table: Locator): Promise<string[]> {
  return table.locator("thead th").evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? "").trim()));
}

function rowsOf(sql: string): Array<Record<string, unknown>> {
  const out = JSON.parse(d1Execute(sql)) as Array<{ results: Array<Record<string, unknown>> }>;
  return out[0]?.results ?? [];
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Profile tabs" }).getByRole("link");

test.describe("Performance tab", () => {
  test("shows the same scores as the reviewee report for the same reviewee and campaign", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto(`/organization/settings/users/${EVE}/performance`);
    const campaigns = page.locator("li[data-campaign-id]");
    await expect(campaigns.first()).toBeVisible();
    const ids = await campaigns.evaluateAll((items) => items.map((i) => i.getAttribute("data-campaign-id")!));
    const expected = rowsOf(
      `SELECT DISTINCT p.campaign_id AS id FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id
       WHERE p.reviewee_id = ${sqlValue(EVE)} AND p.state = 'completed' AND c.state IN ('live', 'closed')`
    ).map((r) => String(r.id));
    expect([...ids].sort()).toEqual([...expected].sort());

    for (const id of ids) {
      // The selector submits itself (debounced) once the page is hydrated.
      await page.goto(`/organization/settings/users/${EVE}/performance`);
      await page.getByLabel("Campaign", { exact: true }).selectOption(id);
      await expect(page).toHaveURL(new RegExp(`/performance\\?campaign=${id}$`));
      const tab = page.locator("table[data-score-rows]");
      const tabRows = await scoreRows(tab);
      const tabHead = await headings(tab);
      expect(tabRows.length).toBeGreaterThan(0);

      await page.goto(`/reviews/reports/reviewee?revieweeId=${EVE}&reviewIds=${id}`);
      const report = page.locator("#competency-analytics table");
      expect(await scoreRows(report)).toEqual(tabRows);
      expect(await headings(report)).toEqual(tabHead);
    }
  });

  test("is not offered on one's own profile, and without ViewPerformanceTab its path leads home", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.goto("/organization/settings/users/u-acme-alice/performance");
    await expect(page).toHaveURL(/\/organization\/settings\/users\/u-acme-alice\/feedback-insights$/);
    await expect(tabs(page)).toHaveText(["Feedback Insights", "Feedback", "Goals", "Objectives"]);

    // Without the gate the Performance path is a route the viewer may not open: home, i.e. their own profile.
    await signIn(page, "mona@acme.test");
    await page.goto(`/my-team/default/users/${EVE}/performance`);
    await expect(page).toHaveURL(/\/my-profile\/u-acme-mona\/feedback-insights$/);
    await page.goto(`/my-team/default/users/${EVE}/feedback`);
    await expect(tabs(page)).toHaveText(["Feedback Insights", "Feedback", "Goals", "Objectives"]);
  });
});

test.describe("Managers on the profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const managersOf = (userId: string) =>
    rowsOf(`SELECT manager_id AS id FROM user_managers WHERE user_id = ${sqlValue(userId)} ORDER BY manager_id`).map((r) => String(r.id));

  test("adds a manager and removes one, each visible on the profile", async ({ page }) => {
    const profile = "/organization/settings/users/u-acme-ed/feedback";
    expect(managersOf("u-acme-ed")).toEqual(["u-acme-mona"]);
    const [mona, adam] = ["u-acme-mona", "u-acme-adam"].map((id) =>
      String(rowsOf(`SELECT name FROM users WHERE id = ${sqlValue(id)}`)[0].name)
    );
    await signIn(page, "alice@acme.test");
    await page.goto(profile);
    const managers = page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: "Managers" }) })
      .locator("dd li a");
    await expect(managers).toHaveText([mona]);

    await page.getByRole("link", { name: /Edit managers/ }).click();
    await expect(page).toHaveURL(/\/feedback\?dialog=managers$/);
    await page.getByLabel("Find people").fill(adam.split(" ")[0]);
    await page.locator('form:has(input[name="mq"])').getByRole("button", { name: "Search" }).click();
    await page.getByRole("checkbox", { name: new RegExp(adam) }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(new RegExp(`${profile}$`));
    await expect(page.locator("#managers-dialog-title")).toHaveCount(0);
    await expect(page.getByText(/^Managers of Ed .* updated\.$/)).toBeVisible();
    await expect(managers).toHaveText([adam, mona]);
    expect(managersOf("u-acme-ed")).toEqual(["u-acme-adam", "u-acme-mona"]);

    await page.getByRole("link", { name: /Edit managers/ }).click();
    await page.getByRole("checkbox", { name: new RegExp(adam) }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(new RegExp(`${profile}$`));
    await expect(managers).toHaveText([mona]);
    expect(managersOf("u-acme-ed")).toEqual(["u-acme-mona"]);
  });
});

test("managers are edited in a dialog with JavaScript on", async ({ page }) => {
  const profile = "/organization/settings/users/u-acme-ed/feedback";
  await signIn(page, "alice@acme.test");
  await page.goto(profile);
  await page.getByRole("link", { name: /Edit managers/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /^Managers of Ed/ })).toBeVisible();
  const box = dialog.getByRole("checkbox").first();
  await expect(box).toBeChecked();
  await box.uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await expect(page.getByText("No managers assigned!")).toBeVisible();
  expect(rowsOf(`SELECT manager_id FROM user_managers WHERE user_id = 'u-acme-ed'`)).toEqual([]);

  await page.getByRole("link", { name: /Edit managers/ }).click();
  await dialog.getByLabel("Find people").fill("Mona");
  await dialog.getByRole("button", { name: "Search" }).click();
  await dialog.getByRole("checkbox", { name: /Mona/ }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  // The profile shows the saved manager once the post's answer is in; D1 holds it by then.
  await expect(page.getByText("No managers assigned!")).toHaveCount(0);
  await expect.poll(() => rowsOf(`SELECT manager_id AS id FROM user_managers WHERE user_id = 'u-acme-ed'`).map((r) => r.id)).toEqual(["u-acme-mona"]);
});

test.describe("Reviews and Objectives tabs of one's own profile", () => {
  test("the Reviews tab lists the results and reports shared with the person, with links", async ({ page }) => {
    const shareId = "e2e-profile-share-eve";
    d1Execute(
      `INSERT OR IGNORE INTO report_shares (id, company_id, campaign_id, reviewee_id, user_id, shared_by, created_at)
       SELECT ${sqlValue(shareId)}, company_id, 'rc-acme-closed', 'u-acme-adam', ${sqlValue(EVE)}, 'u-acme-alice', 1767225600000
       FROM users WHERE id = ${sqlValue(EVE)}`
    );
    const results = rowsOf(
      `SELECT p.id AS id, c.title AS title FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id
       WHERE p.reviewee_id = ${sqlValue(EVE)} AND p.state = 'completed' AND c.id = 'rc-acme-closed'`
    );
    expect(results.length).toBeGreaterThan(0);

    await signIn(page, "eve@acme.test");
    await page.goto(`/my-profile/${EVE}/reviews`);
    for (const r of results) {
      const row = page.locator(`li[data-review-result="${r.id}"]`);
      await expect(row).toContainText(String(r.title));
      await expect(row.getByRole("link")).toHaveAttribute("href", `/reviews/my-reviews?tab=received&review=${r.id}`);
    }
    const report = page.locator(`li[data-shared-report="${shareId}"]`);
    await expect(report).toContainText("H1 2026 Performance Review");
    await report.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/reviews/my-reviews/shared-reports/${shareId}$`));

    await signIn(page, "sam@acme.test");
    await page.goto("/my-profile/u-acme-sam/reviews");
    await expect(page.getByText("No reviews shared with you yet.")).toBeVisible();
  });

  test("the Objectives tab lists the person's objectives of their active campaign with weight, kind and key results", async ({ page }) => {
    // Eve's approved set in Acme's "H2 OKRs" (app/db/seed/objective-sets.ts).
    const stored = rowsOf(`SELECT id, name, weight FROM objectives WHERE owner_id = ${sqlValue(EVE)} AND campaign_id = 'oc-acme-okr' ORDER BY created_at, id`);
    await signIn(page, "eve@acme.test");
    await page.goto(`/my-profile/${EVE}/objectives`);
    await expect(page.locator("li[data-objective-id]")).toHaveCount(stored.length);
    const item = page.locator(`li[data-objective-id="obj-acme-eve-discovery"]`);
    await expect(item.getByRole("heading", { level: 2 })).toHaveText("Run continuous discovery");
    await expect(item.locator("[data-objective-weight]")).toHaveText("40%");
    await expect(item).toContainText("OKR");
    await expect(item).toContainText("Customer interviews");
    await expect(page.locator("[data-participant-state]")).toHaveText("Approved");

    await signIn(page, "sam@acme.test");
    await page.goto("/my-profile/u-acme-sam/objectives");
    await expect(page.getByText("No objectives set!")).toBeVisible();
  });
});

test("members cards link View to the profile under the card's base and say Admin for a team admin", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/my-team/default");
  const adam = page.locator('li[data-member-id="u-acme-adam"]');
  await expect(adam.locator("[data-member-title]")).toHaveText("Admin");
  await expect(adam.locator("[data-member-view]")).toHaveAttribute("href", "/my-team/default/users/u-acme-adam");
});
