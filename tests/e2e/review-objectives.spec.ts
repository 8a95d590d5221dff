import { expect, test } from "@playwright/test";
import { answerAll, d1Execute, signIn, sqlValue } from "./support";

// The reviewee's objectives in a review: Adam reviews Liam in a live review of our own whose
// questionnaire asks about the reviewee's objectives; Liam's objectives campaign overlaps it.

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DAY = 86_400_000;
const now = Date.now();
const REVIEW = `rc-e2e-ro-${tag}`;
const PAIR = `rp-e2e-ro-${tag}`;
const CAMPAIGN = `oc-e2e-ro-${tag}`;
const LIAM = "u-acme-liam";

const blocks = [
  {
    id: "b-objs",
    type: "objective-question",
    typeTitle: "Objective Question",
    objectiveValue: {
      label: "Rate this objective",
      selectedOption: "score-1-5",
      choices: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })),
      numericValue: false,
      commentBox: false,
      commentBoxGuide: "",
      required: true,
      dropdown: false,
      selectedView: "radio",
      isNotApplicableOption: false,
      objective: null,
      revieweeObjectives: true,
      showKPIs: true,
      isKPI: true,
      comments: [],
    },
  },
];

test.beforeAll(() => {
  const o1 = `o-e2e-ro-${tag}-1`;
  const o2 = `o-e2e-ro-${tag}-2`;
  d1Execute([
    `INSERT INTO objectives_campaigns (id, company_id, title, start_at, end_at, audience_type, audience_user_ids, state, created_by, updated_at)
     VALUES (${sqlValue(CAMPAIGN)}, 'c-acme', 'Objectives E2E', ${now - 20 * DAY}, ${now + 40 * DAY}, 'company', '[]', 'launched', 'u-acme-alice', ${now})`,
    `INSERT INTO objectives_participants (company_id, campaign_id, user_id, state) VALUES ('c-acme', ${sqlValue(CAMPAIGN)}, '${LIAM}', 'approved')`,
    `INSERT INTO objectives (id, company_id, owner_id, name, weight, doc_type, kpis, campaign_id, created_at, updated_at) VALUES
     (${sqlValue(o1)}, 'c-acme', '${LIAM}', 'Grow recurring revenue ${tag}', 60, 'performance-contract', '[]', ${sqlValue(CAMPAIGN)}, ${now - 2000}, ${now}),
     (${sqlValue(o2)}, 'c-acme', '${LIAM}', 'Ship the mobile app ${tag}', 40, 'okr', '[]', ${sqlValue(CAMPAIGN)}, ${now - 1000}, ${now})`,
    `INSERT INTO objective_key_results (id, company_id, objective_id, position, name, income_statement, target, actual, start_value, unit, direction, updated_at) VALUES
     ('kr-e2e-ro-${tag}-1', 'c-acme', ${sqlValue(o1)}, 0, 'Quarterly revenue', 1, 200, NULL, NULL, 'k$', 'increase', ${now}),
     ('kr-e2e-ro-${tag}-2', 'c-acme', ${sqlValue(o2)}, 0, 'App store rating', 0, 5, 4, 3, NULL, 'increase', ${now})`,
    `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, anonymous, template_title, template_blocks, created_by, launched_at, start_at, end_at, updated_at)
     VALUES (${sqlValue(REVIEW)}, 'c-acme', 'Objectives Review ${tag}', 'live', 'w-acme-hq', 0, 'Objectives', ${sqlValue(JSON.stringify(blocks))}, 'u-acme-alice', ${now - DAY}, ${now - 10 * DAY}, ${now + 10 * DAY}, ${now})`,
    `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at)
     VALUES (${sqlValue(PAIR)}, 'c-acme', ${sqlValue(REVIEW)}, '${LIAM}', 'u-acme-adam', 'pending', ${now})`,
  ]);
});

test("the reviewee's objectives appear in the reviewer's to-do panel and in the review's objective question", async ({ page }) => {
  await signIn(page, "adam@acme.test");
  await page.goto(`/reviews/todos/${PAIR}`);
  // Submit asks for confirmation in a dialog once the page is hydrated (before, the form posts).
  await page.waitForLoadState("networkidle");

  // The right panel's first tab: Liam's objectives of the review's period, with weight, progress and KPIs.
  const objectivesTab = page.getByRole("tab", { name: "Objectives" });
  await expect(objectivesTab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByText(`Grow recurring revenue ${tag}`)).toBeVisible();
  await expect(panel.getByText(/Weight 60%/)).toBeVisible();
  await expect(panel.getByText(/Progress 50%/)).toBeVisible();
  await expect(panel.getByText(/Quarterly revenue/)).toBeVisible();
  // Acme is Slack-type: its Goals tab follows the three specified ones.
  await page.getByRole("tab", { name: "Goals" }).click();
  await expect(page.getByRole("tabpanel")).toBeVisible();

  // The objective question offers each of Liam's objectives, rated per KPI.
  const form = page.locator("form:has([data-question])");
  await expect(form.locator("legend", { hasText: `Rate this objective — Grow recurring revenue ${tag}` })).toBeVisible();
  await expect(form.locator("legend", { hasText: `Rate this objective — Ship the mobile app ${tag}` })).toBeVisible();
  await expect(form.getByText("Performance contract").first()).toBeVisible();

  // The income-statement KPI needs its actual.
  await answerAll(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("This is a required field.").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await form.getByLabel("Actual of Quarterly revenue").fill("180");
  await page.getByRole("button", { name: "Submit" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to submit the review?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Review submitted successfully")).toBeVisible();

  // The submitted review reads the objectives as they were rated.
  await page.goto(`/reviews/todos/${PAIR}`);
  await expect(page.getByText(`Rate this objective — Grow recurring revenue ${tag}`).first()).toBeVisible();
  await expect(page.getByText("Actual of Quarterly revenue: 180")).toBeVisible();
});
