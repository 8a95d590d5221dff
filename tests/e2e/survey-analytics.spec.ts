import { expect, test, type Page } from "@playwright/test";
import { sentimentCounts } from "../../app/modules/ai/sentiment";
import { d1Execute, failOnPageErrors, signIn } from "./support";

// Survey analytics in the browser: each tab opened once (through its tab link), every figure
// shown checked against this server's database, the charts drawn without a page error.

type Row = Record<string, string | number | null>;
const query = (...statements: string[]): Row[][] => (JSON.parse(d1Execute(statements)) as Array<{ results: Row[] }>).map((r) => r.results);

const SURVEY = "sv-acme-engagement";
const ENPS = "acme-eng-enps";

/** Per run of the survey: recipients, responded, and the eNPS counts of its tracked question; and its text answers. */
function surveyFigures() {
  const [runs, texts] = query(
    `SELECT r.id, (SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id) AS recipients,
       (SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id AND sr.responded = 1) AS responded,
       (SELECT COUNT(*) FROM survey_answers a WHERE a.run_id = r.id AND a.block_id = '${ENPS}' AND a.value_num IS NOT NULL) AS answers,
       (SELECT COUNT(*) FROM survey_answers a WHERE a.run_id = r.id AND a.block_id = '${ENPS}' AND a.value_num >= 9) AS promoters,
       (SELECT COUNT(*) FROM survey_answers a WHERE a.run_id = r.id AND a.block_id = '${ENPS}' AND a.value_num <= 6) AS detractors
     FROM survey_runs r WHERE r.survey_id = '${SURVEY}' ORDER BY r.sequence`,
    `SELECT value_text AS text, COUNT(*) AS count FROM survey_answers
     WHERE run_id IN (SELECT id FROM survey_runs WHERE survey_id = '${SURVEY}') AND value_num IS NULL AND value_text IS NOT NULL GROUP BY value_text`
  );
  const perRun = runs.map((r) => ({
    id: String(r.id),
    recipients: Number(r.recipients),
    responded: Number(r.responded),
    answers: Number(r.answers),
    participation: Math.round((Number(r.responded) / Number(r.recipients)) * 1000) / 10,
    enps: Math.round(((Number(r.promoters) - Number(r.detractors)) / Number(r.answers)) * 100),
  }));
  return { runs: perRun, sentiments: sentimentCounts(texts.map((r) => ({ text: String(r.text), count: Number(r.count) }))) };
}

const cells = (page: Page, selector: string, attribute: string) =>
  page.locator(selector).evaluateAll((els, a) => els.map((e) => e.getAttribute(a) ?? ""), attribute);

failOnPageErrors();

test("each survey analytics tab shows the survey's figures as the database holds them", async ({ page }) => {
  const { runs, sentiments: counts } = surveyFigures();
  expect(runs.length).toBeGreaterThan(1);
  await signIn(page, "alice@acme.test");

  await page.goto(`/analytics/survey-analytics?surveyId=${SURVEY}`);
  await expect(page).toHaveURL(new RegExp(`/analytics/survey-analytics/timeline\\?surveyId=${SURVEY}$`));
  const tabs = page.getByRole("navigation", { name: "Survey Analytics tabs" });
  await expect(tabs.getByRole("link", { name: "Timeline", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await cells(page, "tr[data-run]", "data-run")).toEqual(runs.map((r) => r.id));
  expect(await cells(page, "tr[data-run] td[data-participation]", "data-participation")).toEqual(runs.map((r) => String(r.participation)));
  expect(await cells(page, "tr[data-run] td[data-enps]", "data-enps")).toEqual(runs.map((r) => String(r.enps)));
  await expect(page.locator('figure[data-chart="participation"]')).toBeVisible();

  await tabs.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page).toHaveURL(/\/analytics\/survey-analytics\/overview$/);
  const row = page.locator(`tr[data-survey="${SURVEY}"]`);
  const latest = runs.at(-1)!;
  await expect(row.locator("td[data-recipients]")).toHaveAttribute("data-recipients", String(latest.recipients));
  await expect(row.locator("td[data-responded]")).toHaveAttribute("data-responded", String(latest.responded));
  await expect(row.locator("td[data-enps]")).toHaveAttribute("data-enps", String(latest.enps));

  await tabs.getByRole("link", { name: "Sentiments" }).click();
  await expect(page).toHaveURL(/\/analytics\/survey-analytics\/sentiments$/);
  await page.getByRole("combobox", { name: "Survey" }).selectOption(SURVEY);
  await expect(page).toHaveURL(new RegExp(`/sentiments\\?surveyId=${SURVEY}&departmentId=$`));
  await expect(page.locator("[data-share]")).toHaveCount(3);
  expect(await cells(page, "[data-share]", "data-count")).toEqual([counts.positive, counts.neutral, counts.negative].map(String));
  await expect(page.locator('figure[data-chart="sentiments"]')).toBeVisible();

  await tabs.getByRole("link", { name: "Question Timeline" }).click();
  await expect(page.getByRole("heading", { name: "How likely are you to recommend this company as a place to work to a friend?" })).toBeVisible();
  expect(await cells(page, "tr[data-run] td[data-respondents]", "data-respondents")).toEqual(runs.map((r) => String(r.answers)));
  expect(await cells(page, "tr[data-run] td[data-enps]", "data-enps")).toEqual(runs.map((r) => String(r.enps)));
  await expect(page.locator('figure[data-chart="question-enps"]')).toBeVisible();
});
