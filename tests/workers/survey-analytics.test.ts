import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { groupsToHide } from "~/modules/access/anonymity";
import { sentimentCounts } from "~/modules/ai/sentiment";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { insertRun, TEST_BLOCKS } from "./survey-report-fixtures";

// Survey analytics: every tab's figures against SQL written here over the seeded demo companies
// (and one anonymous survey of known answers), the tab gates, other companies' and unreadable
// surveys, and the anonymity minimum on runs and department slices.

const BASE = "/analytics/survey-analytics";
let alice: string;
let gary: string;

async function page(path: string, cookie: string) {
  const response = await appFetch(path, { cookie });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}
async function rows<T>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (await env.DB.prepare(query).bind(...binds).all<T>()).results;
}
const departmentId = async (name: string) =>
  (await rows<{ id: string }>("SELECT id FROM departments WHERE company_id = 'c-acme' AND name = ?", name))[0].id;

/** Recipients and those who responded, per run of a survey, oldest first. */
async function participation(surveyId: string) {
  return rows<{ id: string; recipients: number; responded: number }>(
    `SELECT r.id, (SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id) AS recipients,
       (SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id AND sr.responded = 1) AS responded
     FROM survey_runs r WHERE r.survey_id = ? ORDER BY r.sequence`,
    surveyId
  );
}
const percent = (n: number, total: number) => Math.round((n / total) * 1000) / 10;

/** eNPS of one question of a run: % of 9–10 minus % of 0–6, rounded. */
async function enps(runId: string, blockId: string, department?: string) {
  const [r] = await rows<{ p: number; d: number; n: number }>(
    `SELECT SUM(value_num >= 9) AS p, SUM(value_num <= 6) AS d, COUNT(*) AS n FROM survey_answers
     WHERE run_id = ? AND block_id = ? AND value_num IS NOT NULL${department ? " AND department_id = ?" : ""}`,
    ...[runId, blockId, ...(department ? [department] : [])]
  );
  return r.n === 0 ? "" : String(Math.round(((r.p - r.d) / r.n) * 100));
}
async function average(runId: string, blockId: string, department?: string) {
  const [r] = await rows<{ s: number; n: number }>(
    `SELECT SUM(value_num) AS s, COUNT(*) AS n FROM survey_answers WHERE run_id = ? AND block_id = ? AND value_num IS NOT NULL${
      department ? " AND department_id = ?" : ""
    }`,
    ...[runId, blockId, ...(department ? [department] : [])]
  );
  return r.n === 0 ? "" : String(Math.round((r.s / r.n) * 100) / 100);
}
/** Text answers of runs, each text with its count. */
async function texts(runIds: string[]) {
  return rows<{ text: string; count: number }>(
    `SELECT value_text AS text, COUNT(*) AS count FROM survey_answers
     WHERE run_id IN (${runIds.map(() => "?").join(",")}) AND value_num IS NULL AND value_text IS NOT NULL GROUP BY value_text`,
    ...runIds
  );
}

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  gary = await sessionFor("gary@globex.test");
  // An anonymous survey (minimum 3) of two runs: the first meets its minimum, the second's own minimum of 11 is not met.
  await env.DB.prepare(
    `INSERT INTO surveys (id, company_id, title, workspace_id, blocks, anonymous, min_submission_count, launch_count, created_at, updated_at)
     VALUES ('sv-sa', 'c-acme', 'Anonymous Check-in', 'w-acme-hq', ?, 1, 3, 2, 0, 0)`
  )
    .bind(JSON.stringify(TEST_BLOCKS))
    .run();
  await insertRun({ id: "sa-anon-1", anonymous: true, min: 3, responses: 10, inspectorType: "audience" });
  await insertRun({ id: "sa-anon-2", anonymous: true, min: 11, responses: 10, inspectorType: "audience" });
  await env.DB.batch([
    env.DB.prepare("UPDATE survey_runs SET survey_id = 'sv-sa', sequence = 1 WHERE id = 'sa-anon-1'"),
    env.DB.prepare("UPDATE survey_runs SET survey_id = 'sv-sa', sequence = 2 WHERE id = 'sa-anon-2'"),
  ]);
});

describe("tabs and gates", () => {
  it("opens the first tab from the bare path, keeping the filters", async () => {
    const { status, location } = await page(`${BASE}?surveyId=sv-acme-engagement`, alice);
    expect(status).toBe(302);
    expect(location).toBe(`${BASE}/timeline?surveyId=sv-acme-engagement`);
    const { html } = await page(`${BASE}/timeline`, alice);
    expect(await attrs(html, 'nav[aria-label="Survey Analytics tabs"] a', "href")).toEqual([
      `${BASE}/timeline`,
      `${BASE}/overview`,
      `${BASE}/sentiments`,
      `${BASE}/question-timeline`,
    ]);
  });

  it("sends someone without the Overview or Question Timeline permission home", async () => {
    const eve = await sessionFor("eve@acme.test");
    for (const tab of ["", "/timeline", "/overview", "/sentiments", "/question-timeline"]) {
      const { status, location } = await page(`${BASE}${tab}`, eve);
      expect([tab, status, location]).toEqual([tab, 302, "/"]);
    }
  });

  it("answers 404 for an unknown tab, another company's survey, a survey the viewer may not read, an unknown department or question", async () => {
    expect((await page(`${BASE}/nope`, alice)).status).toBe(404);
    for (const tab of ["timeline", "sentiments", "question-timeline"]) {
      expect((await page(`${BASE}/${tab}?surveyId=sv-globex-engagement`, alice)).status).toBe(404);
    }
    // Gary administers the Engineering group only: Team Pulse (all hands, results to Gina) is not his to read.
    expect((await page(`${BASE}/timeline?surveyId=sv-globex-pulse`, gary)).status).toBe(404);
    expect((await page(`${BASE}/timeline?surveyId=sv-globex-engagement`, gary)).status).toBe(200);
    expect((await page(`${BASE}/timeline?surveyId=sv-acme-engagement&departmentId=d-globex-x`, alice)).status).toBe(404);
    expect((await page(`${BASE}/question-timeline?surveyId=sv-acme-engagement&questionId=acme-eng-tools`, alice)).status).toBe(404);
  });

  it("lists only the surveys the viewer may read", async () => {
    const { html } = await page(`${BASE}/overview`, gary);
    expect(await attrs(html, "tr[data-survey]", "data-survey")).toEqual(["sv-globex-engagement"]);
    const own = await page(`${BASE}/timeline`, gary);
    expect(await attrs(own.html, 'select[name="surveyId"] option', "value")).toEqual(["sv-globex-engagement"]);
  });
});

describe("timeline", () => {
  it("shows each run's participation, eNPS and average scores as SQL computes them", async () => {
    const { status, html } = await page(`${BASE}/timeline?surveyId=sv-acme-engagement`, alice);
    expect(status).toBe(200);
    const runs = await participation("sv-acme-engagement");
    expect(await attrs(html, "tr[data-run]", "data-run")).toEqual(runs.map((r) => r.id));
    expect(await attrs(html, "tr[data-run] td[data-recipients]", "data-recipients")).toEqual(runs.map((r) => String(r.recipients)));
    expect(await attrs(html, "tr[data-run] td[data-responded]", "data-responded")).toEqual(runs.map((r) => String(r.responded)));
    expect(await attrs(html, "tr[data-run] td[data-participation]", "data-participation")).toEqual(
      runs.map((r) => String(percent(r.responded, r.recipients)))
    );
    // The open run has real-time results and is named: its figures show.
    const expected = await Promise.all(runs.map((r) => enps(r.id, "acme-eng-enps")));
    expect(expected.every((e) => e !== "")).toBe(true);
    expect(await attrs(html, "tr[data-run] td[data-enps]", "data-enps")).toEqual(expected);
    expect(await attrs(html, 'tr[data-question="acme-eng-tools"] td', "data-average")).toEqual(
      await Promise.all(runs.map((r) => average(r.id, "acme-eng-tools")))
    );
  });

  it("withholds an anonymous run under its minimum: no eNPS, no averages", async () => {
    const { html } = await page(`${BASE}/timeline?surveyId=sv-sa`, alice);
    expect(await attrs(html, "tr[data-run]", "data-gate")).toEqual(["shown", "withheld"]);
    expect(await attrs(html, "tr[data-run] td[data-enps]", "data-enps")).toEqual([await enps("sa-anon-1", "q-nps"), ""]);
    expect(await attrs(html, 'tr[data-question="q-agree"] td', "data-average")).toEqual([await average("sa-anon-1", "q-agree"), ""]);
    expect(textOf(html)).toContain("Hidden to keep answers anonymous");
  });

  it("shows a department only when complementary suppression leaves it shown", async () => {
    const byDepartment = await rows<{ key: string | null; count: number }>(
      "SELECT department_id AS key, COUNT(*) AS count FROM survey_responses WHERE run_id = 'sa-anon-1' GROUP BY department_id ORDER BY department_id"
    );
    const hidden = groupsToHide(byDepartment, 3);
    const engineering = await departmentId("Engineering");
    const product = await departmentId("Product");
    // Product (3) meets the minimum itself, but is hidden to cover the two departments of one person each.
    expect(byDepartment.find((d) => d.key === product)?.count).toBe(3);
    expect(hidden.has(product)).toBe(true);
    expect(hidden.has(engineering)).toBe(false);

    const shown = await page(`${BASE}/timeline?surveyId=sv-sa&departmentId=${engineering}`, alice);
    expect(await attrs(shown.html, "tr[data-run]", "data-gate")).toEqual(["shown", "withheld"]);
    expect(await attrs(shown.html, 'tr[data-question="q-agree"] td', "data-average")).toEqual([await average("sa-anon-1", "q-agree", engineering), ""]);
    expect(await attrs(shown.html, "tr[data-run] td[data-enps]", "data-enps")).toEqual([await enps("sa-anon-1", "q-nps", engineering), ""]);

    const withheld = await page(`${BASE}/timeline?surveyId=sv-sa&departmentId=${product}`, alice);
    expect(await attrs(withheld.html, "tr[data-run]", "data-gate")).toEqual(["withheld", "withheld"]);
    expect(await attrs(withheld.html, "tr[data-run] td[data-responded]", "data-responded")).toEqual(["", ""]);
    expect(await attrs(withheld.html, 'tr[data-question="q-agree"] td', "data-average")).toEqual(["", ""]);
  });
});

describe("overview", () => {
  it("gives each survey's runs, its latest run's participation and the eNPS of its newest run with results", async () => {
    const { status, html } = await page(`${BASE}/overview`, alice);
    expect(status).toBe(200);
    const surveys = await rows<{ id: string; runs: number; latest: string }>(
      `SELECT s.id, COUNT(r.id) AS runs, (SELECT r2.id FROM survey_runs r2 WHERE r2.survey_id = s.id ORDER BY r2.sequence DESC LIMIT 1) AS latest
       FROM surveys s JOIN survey_runs r ON r.survey_id = s.id WHERE s.company_id = 'c-acme' GROUP BY s.id`
    );
    expect((await attrs(html, "tr[data-survey]", "data-survey")).sort()).toEqual(surveys.map((s) => s.id).sort());
    for (const s of surveys) {
      const row = `tr[data-survey="${s.id}"]`;
      const latest = (await participation(s.id)).at(-1)!;
      expect(await attrs(html, `${row} td[data-runs]`, "data-runs")).toEqual([String(s.runs)]);
      expect(await attrs(html, `${row} td[data-latest-run]`, "data-latest-run")).toEqual([s.latest]);
      expect(await attrs(html, `${row} td[data-recipients]`, "data-recipients")).toEqual([String(latest.recipients)]);
      expect(await attrs(html, `${row} td[data-responded]`, "data-responded")).toEqual([String(latest.responded)]);
    }
    // Engagement: its open run is named with real-time results, so the eNPS is that run's.
    expect(await attrs(html, 'tr[data-survey="sv-acme-engagement"] td[data-enps]', "data-enps")).toEqual([
      await enps("sr-acme-engagement-2", "acme-eng-enps"),
    ]);
    // The anonymous survey's latest run is withheld: the eNPS is the first run's.
    expect(await attrs(html, 'tr[data-survey="sv-sa"] td[data-enps]', "data-enps")).toEqual([await enps("sa-anon-1", "q-nps")]);
    // Weekly Pulse asks no 0–10 question.
    expect(await attrs(html, 'tr[data-survey="sv-acme-pulse"] td[data-enps]', "data-enps")).toEqual([""]);
  });
});

describe("sentiments", () => {
  it("classifies the text answers of every run with results, with names on a named survey", async () => {
    const { status, html } = await page(`${BASE}/sentiments?surveyId=sv-acme-engagement`, alice);
    expect(status).toBe(200);
    const counts = sentimentCounts(await texts(["sr-acme-engagement-1", "sr-acme-engagement-2"]));
    expect(counts.positive).toBeGreaterThan(0);
    expect(counts.negative).toBeGreaterThan(0);
    expect(await attrs(html, "[data-share]", "data-count")).toEqual([String(counts.positive), String(counts.neutral), String(counts.negative)]);
    const names = await attrs(html, '[data-answers="negative"] li', "data-name");
    expect(names.length).toBe(Math.min(20, counts.negative));
    expect(names.every((n) => n.length > 0)).toBe(true);
  });

  it("leaves out the runs under the minimum, and shows anonymous answers without names", async () => {
    const { html } = await page(`${BASE}/sentiments?surveyId=sv-sa`, alice);
    const counts = sentimentCounts(await texts(["sa-anon-1"]));
    const total = counts.positive + counts.neutral + counts.negative;
    expect(total).toBeGreaterThan(0);
    const shown = (await attrs(html, "[data-share]", "data-count")).map(Number);
    expect(shown.reduce((a, n) => a + n, 0)).toBe(total);
    expect(await attrs(html, "[data-answers] li", "data-name")).toEqual(Array(total).fill(""));
    expect(textOf(html)).toContain("1 run is left out to keep answers anonymous.");
    // A hidden department's answers do not show either.
    const product = await departmentId("Product");
    const hidden = await page(`${BASE}/sentiments?surveyId=sv-sa&departmentId=${product}`, alice);
    expect(await attrs(hidden.html, "[data-answers] li", "data-name")).toEqual([]);
    expect(textOf(hidden.html)).toContain("No text answers to read yet for this selection.");
  });
});

describe("question timeline", () => {
  it("follows the tracked question over the runs: respondents, eNPS and each choice's count", async () => {
    const { status, html } = await page(`${BASE}/question-timeline?surveyId=sv-acme-engagement`, alice);
    expect(status).toBe(200);
    const runs = await participation("sv-acme-engagement");
    expect(await attrs(html, "tr[data-run]", "data-run")).toEqual(runs.map((r) => r.id));
    const respondents = await Promise.all(
      runs.map(async (r) => {
        const [x] = await rows<{ n: number }>(
          "SELECT COUNT(*) AS n FROM survey_answers WHERE run_id = ? AND block_id = 'acme-eng-enps' AND value_num IS NOT NULL",
          r.id
        );
        return String(x.n);
      })
    );
    expect(await attrs(html, "tr[data-run] td[data-respondents]", "data-respondents")).toEqual(respondents);
    expect(await attrs(html, "tr[data-run] td[data-enps]", "data-enps")).toEqual(await Promise.all(runs.map((r) => enps(r.id, "acme-eng-enps"))));
    const tens = await rows<{ n: number }>(
      "SELECT COUNT(*) AS n FROM survey_answers WHERE run_id = ? AND block_id = 'acme-eng-enps' AND value_num = 10",
      runs[0].id
    );
    expect(await attrs(html, `tr[data-run="${runs[0].id}"] td[data-choice="10"]`, "data-count")).toEqual([String(tens[0].n)]);
  });

  it("offers only surveys with a tracked question, one picked on another tab giving way to the first", async () => {
    // Weekly Pulse tracks no question.
    const { status, html } = await page(`${BASE}/question-timeline?surveyId=sv-acme-pulse`, alice);
    expect(status).toBe(200);
    const offered = await attrs(html, 'select[name="surveyId"] option', "value");
    expect(offered).not.toContain("sv-acme-pulse");
    expect(await attrs(html, 'select[name="surveyId"] option[selected]', "value")).toEqual([offered[0]]);
  });

  it("opens on the first survey with a tracked question, for a group admin too", async () => {
    const { status, html } = await page(`${BASE}/question-timeline`, gary);
    expect(status).toBe(200);
    expect(await attrs(html, 'select[name="surveyId"] option', "value")).toEqual(["sv-globex-engagement"]);
    expect(await attrs(html, "tr[data-run]", "data-gate")).toEqual(["shown"]);
    expect(await attrs(html, "tr[data-run] td[data-enps]", "data-enps")).toEqual([await enps("sr-globex-engagement-1", "globex-eng-enps")]);
  });
});
