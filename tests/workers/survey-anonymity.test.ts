import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { surveyPdfBuilder } from "~/modules/surveys/survey-report-files.server";
import type { ReportRow } from "~/modules/reports/generated.server";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { insertRun, responseStatements } from "./survey-report-fixtures";
import { seededRandom } from "../support/seeded-random";

// Anonymous survey results against an admin who reads every figure the pages send: the report's
// survey-wide counts, the insights' shown departments, and subtracts. The company floor applies
// whatever minimum the survey was given, in pages, downloads and queued files.

const REPORTS = "/surveys/reports";
const INSIGHTS = "/surveys/survey-insights/department";
const report = (runId: string) => `${REPORTS}?workspaceOrChannelId=w-acme-hq&surveyId=${runId}`;
const insights = (runId: string) => `${INSIGHTS}?workspaceOrChannelId=w-acme-hq&surveyId=${runId}`;
const WITHHELD_3 = "Results are withheld: this anonymous survey shows results once at least 3 responses have been submitted.";

// RESPONDENTS (survey-report-fixtures): 0 alice (People), 1 adam (Engineering), 2–4 mona, eve, ed
// (Product), 5 sam (Customer Success), 6–9 priya, liam, noah, olivia (Engineering).
// NPS answers: alice 10, adam 9, mona 9, eve 8, ed 7, sam 6, priya 5, liam 10, noah 10, olivia 3.
const ALL_BUT_SAM = [0, 1, 2, 3, 4, 6, 7, 8, 9];

let alice: string;

async function html(path: string) {
  const response = await appFetch(path, { cookie: alice });
  expect(response.status).toBe(200);
  return response.text();
}

/** What subtraction gives: the people and NPS total the report has and the shown departments do not. */
async function subtract(runId: string) {
  const reportHtml = await html(report(runId));
  const insightsHtml = await html(insights(runId));
  const participants = Number((await attrs(reportHtml, "[data-participants]", "data-participants"))[0]);
  const values = (await attrs(reportHtml, '[data-question="q-nps"] tr[data-choice]', "data-choice")).map(Number);
  const counts = (await attrs(reportHtml, '[data-question="q-nps"] tr[data-choice]', "data-count")).map(Number);
  const total = values.reduce((sum, v, i) => sum + v * counts[i], 0);
  const departments = await attrs(insightsHtml, "th[data-department]", "data-department");
  const responses = (await attrs(insightsHtml, "th[data-department]", "data-responses")).map(Number);
  const averages = (await attrs(insightsHtml, 'tr[data-question="q-nps"] td', "data-value")).map(Number);
  const shownPeople = responses.reduce((a, b) => a + b, 0);
  const shownSum = averages.reduce((sum, avg, i) => sum + avg * responses[i], 0);
  const hiddenDepartments = Number((await attrs(insightsHtml, "[data-hidden-departments]", "data-hidden-departments"))[0] ?? 0);
  return {
    departments,
    hiddenDepartments,
    hiddenPeople: participants - shownPeople,
    hiddenNps: Math.round(total - shownSum),
    reportHtml,
    insightsHtml,
  };
}

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  // People is alice alone; Product 3, Engineering 5: minimum 3.
  await insertRun({ id: "anon-one", anonymous: true, min: 3, responses: 0, who: ALL_BUT_SAM });
  // The same, but alice's response carries no department: "No department" is a group too.
  await insertRun({ id: "anon-nodept", anonymous: true, min: 3, responses: 0, who: ALL_BUT_SAM, noDepartment: [0] });
  await insertRun({ id: "anon-zero", anonymous: true, min: 0, responses: 0, who: [2, 3] });
  await insertRun({ id: "anon-zero-3", anonymous: true, min: 0, responses: 0, who: [2, 3, 4] });
  await insertRun({ id: "named-two", anonymous: false, min: 0, responses: 0, who: [2, 3] });
});

afterEach(async () => {
  await env.DB.prepare("UPDATE companies SET anonymity_floor = 3 WHERE id = 'c-acme'").run();
});

describe("complementary suppression (a department of one person)", () => {
  it("leaves nothing of the one-person department computable from the report's totals and the shown departments", async () => {
    const seen = await subtract("anon-one");
    // Hiding People alone would leave total − Engineering − Product = alice's own answer (10).
    expect(seen.hiddenPeople).toBeGreaterThanOrEqual(3);
    expect(seen.hiddenDepartments).toBeGreaterThanOrEqual(2);
    expect(seen.departments).toEqual(["Engineering"]);
    // What subtraction gives is People and Product together (10 + 9 + 8 + 7), not one person.
    expect(seen.hiddenPeople).toBe(4);
    expect(seen.hiddenNps).toBe(34);
    // The hidden departments' figures are not in the page or its loader data at all.
    for (const page of [seen.insightsHtml]) {
      expect(page).not.toContain("d-acme-people");
      expect(page).not.toContain("d-acme-product");
    }
  });

  it("counts people without a department as a group of their own", async () => {
    const seen = await subtract("anon-nodept");
    expect(seen.departments).toEqual(["Engineering"]);
    expect(seen.hiddenDepartments).toBe(2);
    expect(seen.hiddenPeople).toBe(4);
    expect(textOf(seen.insightsHtml)).not.toContain("No department");
  });

  it("says how many departments are hidden and why, without naming them", async () => {
    const { insightsHtml } = await subtract("anon-one");
    expect(textOf(insightsHtml)).toContain(
      "2 departments are hidden to keep answers anonymous: a department shows once at least 3 people in it have responded, and more are hidden when the hidden ones could otherwise be worked out from the totals."
    );
  });
});

describe("complementary suppression over random departments (seeded)", () => {
  it("for any set of respondents, what subtraction leaves is no department alone and never fewer than 3 people", async () => {
    const { next } = seededRandom(20261126);
    let withHidden = 0;
    for (let i = 0; i < 12; i++) {
      const who = Array.from({ length: 10 }, (_, k) => k).filter(() => next() < 0.75);
      const noDepartment = who.filter(() => next() < 0.15);
      const id = `anon-rand-${i}`;
      await insertRun({ id, anonymous: true, min: next() < 0.5 ? 0 : 3, responses: 0, who, noDepartment });
      const seen = await subtract(id);
      const context = `${id}: who ${who}, no department ${noDepartment}`;
      if (who.length < 3) {
        expect(seen.departments, context).toEqual([]);
        expect(await attrs(seen.reportHtml, "[data-question]", "data-question"), context).toEqual([]);
        continue;
      }
      const shownResponses = (await attrs(seen.insightsHtml, "th[data-department]", "data-responses")).map(Number);
      for (const n of shownResponses) expect(n, context).toBeGreaterThanOrEqual(3);
      if (seen.hiddenPeople > 0) {
        withHidden++;
        expect(seen.hiddenDepartments, context).toBeGreaterThanOrEqual(2);
        expect(seen.hiddenPeople, context).toBeGreaterThanOrEqual(3);
      }
    }
    expect(withHidden).toBeGreaterThan(5);
  }, 60_000);
});

describe("an open anonymous run with real-time results", () => {
  /** Everything the report page shows of the run's answers: NPS counts, respondents, texts and comments. */
  async function view(runId: string) {
    const page = await html(report(runId));
    return {
      text: textOf(page),
      nps: (await attrs(page, '[data-question="q-nps"] tr[data-choice]', "data-count")).map(Number),
      respondents: (await attrs(page, "[data-respondents]", "data-respondents")).join(","),
      texts: textOf(page).match(/Alpha|Beta|Great|=SUM\(A1\)/g)?.join(",") ?? "",
      covered: (await attrs(page, "[data-covered]", "data-covered"))[0] ?? null,
    };
  }

  it("never lets two views taken as answers come in differ by fewer people than the minimum", async () => {
    const run = await insertRun({ id: "anon-live", anonymous: true, min: 0, state: "open", live: true, responses: 0 });
    const views: Array<Awaited<ReturnType<typeof view>>> = [];
    const downloads: Array<Array<Array<string | number>> | null> = [];
    for (let k = 0; k < 10; k++) {
      await env.DB.batch(await responseStatements({ id: run, anonymous: true }, "c-acme", k));
      views.push(await view(run));
      const file = await appFetch(`${REPORTS}/download?surveyId=${run}`, { cookie: alice });
      downloads.push(
        file.status === 200
          ? XLSX.utils.sheet_to_json<Array<string | number>>(
              XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array" }).Sheets["Survey report"],
              { header: 1 }
            )
          : null
      );
    }
    // The download follows the same steps: none below 6 responses, then the first 3, then 6.
    expect(downloads.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(downloads.slice(5).map((rows) => Number(rows?.find((r) => r[0] === "Responses shown")?.[1]))).toEqual([3, 3, 3, 6, 6]);
    const npsRows = (rows: Array<Array<string | number>> | null) => JSON.stringify(rows?.filter((r) => String(r[0]).startsWith("How likely")));
    expect(npsRows(downloads[7])).toBe(npsRows(downloads[5]));
    // Below twice the floor (3): nothing, with the reason.
    for (const v of views.slice(0, 5)) {
      expect(v.nps).toEqual([]);
      expect(v.texts).toBe("");
    }
    expect(views[3].text).toContain(
      "Real-time results of this anonymous survey show in steps of 3 responses, from 6 on, so that no one's answers can be told apart as they come in. Every response shows once the survey is closed."
    );
    // 6, 7, 8 responses: the first 3; 9 and 10: the first 6.
    expect(views.slice(5).map((v) => v.covered)).toEqual(["3", "3", "3", "6", "6"]);
    expect(views[6]).toEqual({ ...views[5], text: views[6].text });
    expect(views[7]).toEqual({ ...views[5], text: views[7].text });
    expect(views[9]).toEqual({ ...views[8], text: views[9].text });
    expect(views[5].text).toContain(
      "These results cover the first 3 of 6 responses: real-time results of an anonymous survey move in steps of 3"
    );
    // Every change between two views is made of at least 3 people's answers.
    const people = (v: (typeof views)[number]) => v.nps.reduce((a, b) => a + b, 0);
    const seen = [0, ...views.map(people)];
    for (let i = 1; i < seen.length; i++) {
      const change = seen[i] - seen[i - 1];
      expect(change === 0 || change >= 3, `view ${i}: ${seen[i - 1]} → ${seen[i]}`).toBe(true);
    }
    // No department shows while it is open: a department's change would be whoever answered in between.
    expect(textOf(await html(insights(run)))).toContain("Results of this survey will be available once it is closed.");
    // Closed: everything, 4 more people than the last real-time view.
    await env.DB.prepare("UPDATE survey_runs SET state = 'closed', closed_at = ? WHERE id = ?").bind(Date.now(), run).run();
    const closed = await view(run);
    expect(closed.covered).toBeNull();
    expect(people(closed)).toBe(10);
    expect(people(closed) - seen.at(-1)!).toBeGreaterThanOrEqual(3);
    expect(await attrs(await html(insights(run)), "th[data-department]", "data-department")).toEqual(["Engineering"]);
  });
});

describe("the company's anonymity floor", () => {
  it("shows nothing of an anonymous run with minimum 0 and two responses: report, insights, downloads", async () => {
    const page = await html(report("anon-zero"));
    expect(textOf(page)).toContain(WITHHELD_3);
    expect(await attrs(page, "[data-question]", "data-question")).toEqual([]);
    expect(await attrs(page, "a[download]", "href")).toEqual([]);
    const insightsPage = await html(insights("anon-zero"));
    expect(textOf(insightsPage)).toContain(WITHHELD_3);
    expect(await attrs(insightsPage, "th[data-department]", "data-department")).toEqual([]);
    expect((await appFetch(`${REPORTS}/download?surveyId=anon-zero`, { cookie: alice })).status).toBe(404);
    const pdf = await appFetch(REPORTS, {
      method: "POST",
      body: new URLSearchParams({ intent: "pdf", surveyId: "anon-zero" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie: alice,
    });
    expect(pdf.status).toBe(404);
    // A named run of two shows its results: the floor is about anonymous answers.
    expect(await attrs(await html(report("named-two")), "[data-question]", "data-question")).not.toEqual([]);
  });

  it("shows an anonymous run with minimum 0 once it has the floor's three responses", async () => {
    const page = await html(report("anon-zero-3"));
    expect(textOf(page)).not.toContain("Results are withheld");
    expect(await attrs(page, '[data-question="q-nps"] [data-respondents]', "data-respondents")).toEqual(["3"]);
  });

  it("follows a company that raises its floor, in pages and downloads, even for a closed run seen before", async () => {
    expect(await attrs(await html(report("anon-one")), "[data-question]", "data-question")).not.toEqual([]);
    expect((await appFetch(`${REPORTS}/download?surveyId=anon-one`, { cookie: alice })).status).toBe(200);
    await env.DB.prepare("UPDATE companies SET anonymity_floor = 10 WHERE id = 'c-acme'").run();
    alice = await sessionFor("alice@acme.test");
    const page = await html(report("anon-one"));
    expect(textOf(page)).toContain(
      "Results are withheld: this anonymous survey shows results once at least 10 responses have been submitted."
    );
    expect(await attrs(page, "[data-question]", "data-question")).toEqual([]);
    expect((await appFetch(`${REPORTS}/download?surveyId=anon-one`, { cookie: alice })).status).toBe(404);
    expect(await attrs(await html(insights("anon-one")), "th[data-department]", "data-department")).toEqual([]);
  });

  it("hides departments below a raised floor even when the survey's minimum is lower", async () => {
    await env.DB.prepare("UPDATE companies SET anonymity_floor = 4 WHERE id = 'c-acme'").run();
    alice = await sessionFor("alice@acme.test");
    const seen = await subtract("anon-one");
    // Engineering 5 ≥ 4; Product 3 and People 1 are below it.
    expect(seen.departments).toEqual(["Engineering"]);
    expect(seen.hiddenPeople).toBe(4);
  });

  it("reads the floor from the database when a queued survey file is made (no viewer there)", async () => {
    const row = (runId: string) =>
      ({ id: `rep-${runId}`, companyId: "c-acme", kind: "survey-pdf", scope: { runId } }) as unknown as ReportRow;
    await expect(surveyPdfBuilder.build(env as Env, createDb(env.DB), row("anon-zero"))).rejects.toThrow(/results are not shown \(withheld\)/);
    await env.DB.prepare("UPDATE companies SET anonymity_floor = 10 WHERE id = 'c-acme'").run();
    await expect(surveyPdfBuilder.build(env as Env, createDb(env.DB), row("anon-one"))).rejects.toThrow(/results are not shown \(withheld\)/);
  });

  it("says next to the minimum field that results stay hidden below the company's floor", async () => {
    await env.DB.prepare("UPDATE companies SET anonymity_floor = 5 WHERE id = 'c-acme'").run();
    alice = await sessionFor("alice@acme.test");
    const page = await html("/surveys/survey-library/sv-acme-engagement/survey-audience");
    expect(textOf(page)).toContain("Results stay hidden until at least 5 people have answered, whatever the minimum here.");
    const hint = await attrs(page, "[data-anonymity-floor]", "id");
    expect(await attrs(page, 'input[name="minSubmissionCount"]', "aria-describedby")).toEqual([hint[0]]);
  });

  it("states the minimum in force on the run's details", async () => {
    const page = await html("/surveys/manage-surveys/anon-zero");
    expect(textOf(page)).toContain("Anonymous (results shown from 3 submissions)");
  });
});
