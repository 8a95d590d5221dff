import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf, texts } from "./shell-html";
import { insertRun, responseStatements } from "./survey-report-fixtures";

// Survey reports: aggregations in SQL, visibility, anonymity, who may see.

const REPORTS = "/surveys/reports";
const report = (runId: string, place = "w-acme-hq") => `${REPORTS}?workspaceOrChannelId=${place}&surveyId=${runId}`;
const NO_RESULT = "No result available for the selected survey.";
let alice: string;

async function page(path: string, cookie: string) {
  const response = await appFetch(path, { cookie });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}
const q = (id: string) => `[data-question="${id}"]`;

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  await insertRun({ id: "rep-closed", responses: 10 });
  await insertRun({ id: "rep-open", state: "open", live: false, responses: 10 });
  await insertRun({ id: "rep-live", state: "open", live: true, responses: 3 });
  // Open with live results: a closed run takes no more responses (and its report is kept once computed).
  await insertRun({ id: "rep-anon", anonymous: true, min: 5, responses: 4, inspectorType: "audience", state: "open", live: true });
  await insertRun({ id: "rep-sam", inspectorType: "audience", responses: 10 });
});

describe("a closed run's report", () => {
  it("shows title, state, participants and exact choice counts and percentages per question", async () => {
    const { status, html } = await page(report("rep-closed"), alice);
    expect(status).toBe(200);
    expect(await texts(html, "#report-title")).toEqual(["Report test rep-closed"]);
    expect(await attrs(html, "[data-state]", "data-state")).toEqual(["closed"]);
    expect(await attrs(html, "[data-participants]", "data-participants")).toEqual(["10"]);
    expect(textOf(html)).toContain("10 of 10");
    // 8 chose a choice, 2 Not Applicable: percentages of the 8.
    expect(await attrs(html, `${q("q-agree")} tr[data-choice]`, "data-choice")).toEqual([
      "Strongly Disagree",
      "Disagree",
      "Neutral",
      "Agree",
      "Strongly Agree",
      "Not Applicable",
    ]);
    expect(await attrs(html, `${q("q-agree")} tr[data-choice]`, "data-count")).toEqual(["1", "1", "0", "3", "3", "2"]);
    expect(await attrs(html, `${q("q-agree")} tr[data-percent]`, "data-percent")).toEqual(["12.5", "12.5", "0", "37.5", "37.5"]);
    expect(await attrs(html, `${q("q-agree")} [data-respondents]`, "data-respondents")).toEqual(["8"]);
  });

  it("gives multiple answers as percentages of the question's respondents", async () => {
    const { html } = await page(report("rep-closed"), alice);
    expect(await attrs(html, `${q("q-multi")} tr[data-choice]`, "data-count")).toEqual(["3", "3", "2"]);
    expect(await attrs(html, `${q("q-multi")} tr[data-choice]`, "data-percent")).toEqual(["60", "60", "40"]);
    expect(await attrs(html, `${q("q-multi")} [data-respondents]`, "data-respondents")).toEqual(["5"]);
  });

  it("computes NPS = % promoters (9–10) − % detractors (0–6), passives 7–8", async () => {
    const { html } = await page(report("rep-closed"), alice);
    expect(await attrs(html, `${q("q-nps")} [data-nps]`, "data-nps")).toEqual(["20"]);
    expect(await texts(html, `${q("q-nps")} [data-nps-part]`)).toEqual([
      "Promoters (9–10): 5 (50%)",
      "Passives (7–8): 2 (20%)",
      "Detractors (0–6): 3 (30%)",
    ]);
  });

  it("lists text answers and comments with their totals", async () => {
    const { html } = await page(report("rep-closed"), alice);
    expect(await texts(html, `${q("q-text")} [data-texts="answer"] li`)).toEqual(["Alpha", "Beta"]);
    expect(await attrs(html, `${q("q-text")} [data-texts="answer"]`, "data-total")).toEqual(["2"]);
    expect(await attrs(html, `${q("q-nps")} [data-texts="comment"]`, "data-total")).toEqual(["2"]);
    // Listed in the index's order (by score), not by time.
    expect((await texts(html, `${q("q-nps")} [data-texts="comment"] li`)).sort()).toEqual(["=SUM(A1)", "Great"]);
  });

  it("downloads as .xlsx with the same figures, formula-like text escaped", async () => {
    const response = await appFetch(`${REPORTS}/download?surveyId=rep-closed`, { cookie: alice });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(response.headers.get("Content-Disposition")).toContain("Report test rep-closed");
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    const flat = rows.map((r) => r.join("|").replace(/\|+$/, ""));
    expect(flat).toContain("Participants|10");
    expect(flat).toContain("Work › I have the tools I need.|Agree|3|37.5%");
    expect(flat).toContain("How likely are you to recommend us?|NPS|20");
    expect(flat).toContain("How likely are you to recommend us?|Comment|||'=SUM(A1)");
    expect(flat).toContain("Anything else?|Text answer|||Alpha");
  });
});

describe("when results may be shown", () => {
  it("shows an open run without live results only once closed, and offers no download", async () => {
    const { html } = await page(report("rep-open"), alice);
    expect(textOf(html)).toContain("Results of this survey will be available once it is closed.");
    expect(await attrs(html, "[data-question]", "data-question")).toEqual([]);
    expect(html).not.toContain(`${REPORTS}/download`);
    expect((await appFetch(`${REPORTS}/download?surveyId=rep-open`, { cookie: alice })).status).toBe(404);
  });

  it("shows an open run with live results, with a download", async () => {
    const { html } = await page(report("rep-live"), alice);
    expect(await attrs(html, "[data-participants]", "data-participants")).toEqual(["3"]);
    expect(await attrs(html, `${q("q-nps")} [data-nps]`, "data-nps")).toEqual(["100"]);
    expect(html).toContain(`${REPORTS}/download?surveyId=rep-live`);
  });

  it("says exactly 'No result available for the selected survey.' for a run without responses", async () => {
    // Seeded (app/db/seed/surveys.ts): Acme Labs' closed retro run had no responses.
    const { html } = await page(report("sr-acme-labs-retro-1", "w-acme-labs"), alice);
    expect(textOf(html)).toContain(NO_RESULT);
    expect(await attrs(html, "[data-question]", "data-question")).toEqual([]);
  });
});

describe("anonymity minimum", () => {
  it("withholds everything below the minimum submission count, and shows it once reached (closed; real time moves in steps of it)", async () => {
    const below = await page(report("rep-anon"), alice);
    expect(textOf(below.html)).toContain(
      "Results are withheld: this anonymous survey shows results once at least 5 responses have been submitted."
    );
    expect(await attrs(below.html, "[data-question]", "data-question")).toEqual([]);
    expect(below.html).not.toContain("Alpha");
    expect((await appFetch(`${REPORTS}/download?surveyId=rep-anon`, { cookie: alice })).status).toBe(404);

    await env.DB.batch(await responseStatements({ id: "rep-anon", anonymous: true }, "c-acme", 4));
    // Open with real-time results: the first whole step of 5 shows once 10 have answered.
    const open = await page(report("rep-anon"), alice);
    expect(textOf(open.html)).toContain("Real-time results of this anonymous survey show in steps of 5 responses, from 10 on");
    expect(await attrs(open.html, "[data-question]", "data-question")).toEqual([]);
    await env.DB.prepare("UPDATE survey_runs SET state = 'closed', closed_at = ? WHERE id = 'rep-anon'").bind(Date.now()).run();
    const at = await page(report("rep-anon"), alice);
    expect(textOf(at.html)).not.toContain("Results are withheld");
    expect(textOf(at.html)).not.toContain("Real-time results");
    expect(await attrs(at.html, "[data-participants]", "data-participants")).toEqual(["5"]);
    expect(await attrs(at.html, `${q("q-agree")} tr[data-choice]`, "data-count")).toEqual(["0", "0", "0", "3", "2", "0"]);
  });

  it("withholds the seeded anonymous pulse (3 responses, minimum 5)", async () => {
    const { html } = await page(report("sr-acme-pulse-2"), alice);
    expect(textOf(html)).toContain("Results are withheld");
    expect(await attrs(html, "[data-question]", "data-question")).toEqual([]);
  });
});

describe("who may see a report", () => {
  it("is a 404 for another company's run, and Globex's selectors list no Acme workspace", async () => {
    const gina = await sessionFor("gina@globex.test");
    expect((await page(`${REPORTS}?surveyId=rep-closed`, gina)).status).toBe(404);
    expect((await appFetch(`${REPORTS}/download?surveyId=rep-closed`, { cookie: gina })).status).toBe(404);
    const own = await page(REPORTS, gina);
    expect(own.status).toBe(200);
    const options = await texts(own.html, 'select[name="workspaceOrChannelId"] option');
    expect(options).toContain("Engineering");
    expect(options.join()).not.toContain("Acme");
  });

  it("lists a workspace's runs newest first and opens the newest by default", async () => {
    const { html } = await page(`${REPORTS}?workspaceOrChannelId=w-acme-labs`, alice);
    expect(await attrs(html, 'select[name="surveyId"] option', "value")).toEqual(["sr-acme-labs-retro-1"]);
    expect(await texts(html, "#report-title")).toEqual(["Labs Quarterly Retro"]);
  });

  it("opens a run to its result viewers without ViewSurveys, and only that way", async () => {
    const sam = await sessionFor("sam@acme.test");
    // Inspector type 'audience': sam is a recipient.
    const viewer = await page(report("rep-sam"), sam);
    expect(viewer.status).toBe(200);
    expect(await attrs(viewer.html, `${q("q-nps")} [data-nps]`, "data-nps")).toEqual(["20"]);
    // Inspector type 'users' (alice only): not sam's.
    expect(await page(report("rep-closed"), sam)).toMatchObject({ status: 302, location: "/" });
    expect(await page(REPORTS, sam)).toMatchObject({ status: 302, location: "/" });
    // The seeded engagement run names mona among its result viewers.
    const mona = await sessionFor("mona@acme.test");
    expect((await page(report("sr-acme-engagement-1"), mona)).status).toBe(200);
  });

  it("keeps a Teams-type group admin to runs of the groups they administer", async () => {
    const gary = await sessionFor("gary@globex.test");
    // Seeded Team Pulse is in Globex All Hands (administered by gina only), result viewer gina.
    expect(await page(`${REPORTS}?surveyId=sr-globex-pulse-1`, gary)).toMatchObject({ status: 302, location: "/" });
    const own = await page(`${REPORTS}?surveyId=sr-globex-engagement-1`, gary);
    expect(own.status).toBe(200);
    expect(await texts(own.html, "#report-title")).toEqual(["Engineering Engagement"]);
  });
});

describe("speed: the report's statements use the survey indexes", () => {
  it("aggregates answers with a covering scan of survey_answers_run_block and counts responses on a survey_responses index", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind("rep-closed", "c-acme").all<{ detail: string }>()).results
        .map((r) => r.detail)
        .join("\n");
    const scoped = "(SELECT id FROM survey_runs WHERE id = ? AND company_id = ?)";
    expect(
      await plan(`SELECT block_id, value_num, COUNT(*) AS n FROM survey_answers WHERE run_id = ${scoped} GROUP BY block_id, value_num`)
    ).toMatch(/USING COVERING INDEX survey_answers_run_block/);
    expect(await plan(`SELECT COUNT(*) AS n FROM survey_responses WHERE run_id = ${scoped}`)).toMatch(
      /USING COVERING INDEX survey_responses_(run|respondent)/
    );
    const grouped = await plan(
      `SELECT block_id, value_num, COUNT(*) AS n FROM survey_answers WHERE run_id = ${scoped} GROUP BY block_id, value_num`
    );
    expect(grouped).not.toMatch(/USE TEMP B-TREE/);
  });
});
