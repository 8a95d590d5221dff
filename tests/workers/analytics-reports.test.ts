import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs } from "./shell-html";

// Analytics › Reports (/analytics/reports): the report rows (002 §3: id, uniqueId, type, name,
// anonymity, children) of the reviews, surveys, feedback loops and own Data Studio views the viewer
// may report on, checked against SQL written here; the GET filters (type, search, dates), sort and
// pages; and a row's Download queued as the report's own page queues it.

const PAGE = "/analytics/reports";
type Row = Record<string, unknown>;
const all = async (query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<Row>()).results;

let alice: string;
const tag = crypto.randomUUID().slice(0, 8);

/** What Acme's super admin may report on, by uniqueId, with its date. */
async function acmeExpected(): Promise<Array<{ uniqueId: string; name: string; at: number }>> {
  const rows = await all(
    `SELECT 'review:' || id AS u, title AS name, coalesce(launched_at, created_at) AS at FROM review_campaigns WHERE company_id = 'c-acme' AND state IN ('live', 'closed')
       AND EXISTS (SELECT 1 FROM review_pairs p WHERE p.campaign_id = review_campaigns.id)
     UNION ALL SELECT 'survey:' || s.id, s.title, (SELECT max(launched_at) FROM survey_runs r WHERE r.survey_id = s.id) FROM surveys s
       WHERE s.company_id = 'c-acme' AND EXISTS (SELECT 1 FROM survey_runs r WHERE r.survey_id = s.id)
     UNION ALL SELECT 'feedback-loop:' || id, title, created_at FROM feedback_loops WHERE company_id = 'c-acme'
     UNION ALL SELECT 'data-studio:' || id, title, updated_at FROM data_studio_views WHERE company_id = 'c-acme' AND user_id = 'u-acme-alice'`
  );
  return rows.map((r) => ({ uniqueId: String(r.u), name: String(r.name), at: Number(r.at) }));
}

async function listed(query: string, cookie = alice) {
  const response = await appFetch(`${PAGE}${query}`, { cookie });
  const html = await response.text();
  return { status: response.status, html, ids: await attrs(html, "[data-report-row]", "data-report-row") };
}

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  const view = JSON.stringify({ table: "people", columns: [] });
  const now = Date.now();
  // Enough of her own views that the list has a second page.
  const extra = Array.from({ length: 20 }, (_, i) => [`dsv-extra-${i}`, "c-acme", "u-acme-alice", `Saved query ${i + 1}`]);
  await env.DB.batch(
    [
      ...extra,
      ["dsv-mine", "c-acme", "u-acme-alice", `Headcount by team ${tag}`],
      ["dsv-other", "c-acme", "u-acme-adam", `Adam's private query ${tag}`],
      ["dsv-globex", "c-globex", "u-globex-gina", `Globex query ${tag}`],
    ].map(([id, company, user, title]) =>
      env.DB.prepare("INSERT INTO data_studio_views (id, company_id, user_id, title, view, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
        `${id}-${tag}`,
        company,
        user,
        title,
        view,
        now,
        now
      )
    )
  );
});

describe("the report list", () => {
  it("lists exactly what the viewer may report on, newest first, 25 a page", async () => {
    const expected = (await acmeExpected()).sort((a, b) => b.at - a.at || a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
    expect(expected.length).toBeGreaterThan(25);
    const first = await listed("");
    expect(first.status).toBe(200);
    expect(first.ids).toHaveLength(25);
    const second = await listed("?page=2");
    const shown = [...first.ids, ...second.ids];
    expect(new Set(shown)).toEqual(new Set(expected.map((e) => e.uniqueId)));
    expect(await attrs(first.html, "[data-total]", "data-total")).toEqual([String(expected.length)]);
    // Dates descending by default (002 §9: a date column sorts descending first).
    const at = new Map(expected.map((e) => [e.uniqueId, e.at]));
    for (let i = 1; i < shown.length; i++) expect(at.get(shown[i - 1])!).toBeGreaterThanOrEqual(at.get(shown[i])!);
    expect(shown).toContain(`data-studio:dsv-mine-${tag}`);
    expect(shown).not.toContain(`data-studio:dsv-other-${tag}`);
    expect(first.html + second.html).not.toContain("Globex");
  });

  it("filters by type, search and dates, and sorts by name ascending first", async () => {
    const surveys = await listed("?type=survey");
    const expectedSurveys = await all("SELECT 'survey:' || s.id AS u FROM surveys s WHERE s.company_id = 'c-acme' AND EXISTS (SELECT 1 FROM survey_runs r WHERE r.survey_id = s.id)");
    expect(new Set(surveys.ids)).toEqual(new Set(expectedSurveys.map((r) => r.u)));

    const searched = await listed(`?search=${encodeURIComponent(`team ${tag}`)}`);
    expect(searched.ids).toEqual([`data-studio:dsv-mine-${tag}`]);

    const reviews = await all("SELECT id, coalesce(launched_at, created_at) AS at FROM review_campaigns WHERE id = 'rc-acme-closed'");
    const day = new Date(Number(reviews[0].at)).toISOString().slice(0, 10);
    const onDay = await listed(`?type=review&from=${day}&to=${day}`);
    expect(onDay.ids).toContain("review:rc-acme-closed");
    const expectedOnDay = (await acmeExpected()).filter((e) => e.uniqueId.startsWith("review:") && new Date(e.at).toISOString().slice(0, 10) === day);
    expect(new Set(onDay.ids)).toEqual(new Set(expectedOnDay.map((e) => e.uniqueId)));

    const byName = await listed("?type=review&sort=name");
    const names = await all(
      "SELECT 'review:' || id AS u FROM review_campaigns WHERE company_id = 'c-acme' AND state IN ('live', 'closed') ORDER BY title COLLATE NOCASE ASC, id"
    );
    expect(byName.ids).toEqual(names.map((r) => r.u));
  });

  it("refuses an end date before the start date with a message and lists nothing", async () => {
    const r = await listed("?from=2026-05-10&to=2026-05-01");
    expect(r.status).toBe(400);
    expect(r.ids).toEqual([]);
    expect(r.html).toContain("The start date must be on or before the end date.");
  });

  it("lists a survey's runs as its children", async () => {
    const [survey] = await all(
      "SELECT s.id FROM surveys s WHERE s.company_id = 'c-acme' AND (SELECT count(*) FROM survey_runs r WHERE r.survey_id = s.id) > 1 LIMIT 1"
    );
    const runs = await all("SELECT id FROM survey_runs WHERE survey_id = ?", survey.id);
    const { html } = await listed(`?type=survey&search=`);
    const children = await attrs(html, `[data-children="survey:${survey.id}"] [data-report-child]`, "data-report-child");
    expect(new Set(children)).toEqual(new Set(runs.map((r) => `survey-run:${r.id}`)));
  });

  it("is for admins of the viewer's company only", async () => {
    const employee = await appFetch(PAGE, { cookie: await sessionFor("eve@acme.test") });
    expect(employee.status).toBe(302);
    const globex = await listed("?search=", await sessionFor("gina@globex.test"));
    expect(globex.status).toBe(200);
    expect(globex.ids.some((id) => id.includes("acme"))).toBe(false);
    expect(globex.ids).toContain(`data-studio:dsv-globex-${tag}`);
  });
});

describe("downloads", () => {
  const queued = async () => (await all("SELECT kind, scope FROM generated_reports WHERE requested_by = 'u-acme-alice' ORDER BY created_at")).length;

  it("queues a review's answers and a survey run's report; says it will be emailed", async () => {
    const before = await queued();
    const review = await postForm(`${PAGE}?type=review`, { intent: "review", id: "rc-acme-closed" }, alice);
    expect([302, 303]).toContain(review.status);
    expect(review.headers.get("Location")).toBe(`${PAGE}?type=review`);
    expect(review.headers.get("Set-Cookie") ?? "").toContain("__toast");
    const [row] = await all("SELECT kind, scope FROM generated_reports WHERE requested_by = 'u-acme-alice' ORDER BY created_at DESC LIMIT 1");
    expect(row.kind).toBe("bulk-xlsx");
    expect(JSON.parse(String(row.scope)).filters.reviewIds).toEqual(["rc-acme-closed"]);

    const [run] = await all(
      "SELECT id, survey_id FROM survey_runs WHERE company_id = 'c-acme' AND state = 'closed' AND anonymous = 0 AND submitted_count > 0 ORDER BY launched_at DESC LIMIT 1"
    );
    const { html } = await listed("?type=survey");
    expect(await attrs(html, `[data-report-child="survey-run:${run.id}"] [data-report-download]`, "data-report-download")).toEqual([run.id]);
    const survey = await postForm(PAGE, { intent: "survey-run", id: String(run.id) }, alice);
    expect([302, 303]).toContain(survey.status);
    const [last] = await all("SELECT kind, scope FROM generated_reports WHERE requested_by = 'u-acme-alice' ORDER BY created_at DESC LIMIT 1");
    expect(last.kind).toBe("survey-pdf");
    expect(JSON.parse(String(last.scope))).toEqual({ runId: run.id });
    expect(await queued()).toBe(before + 2);
  });

  it("another company's review or run, a draft and bad input are refused and queue nothing", async () => {
    const before = await queued();
    const [globexRun] = await all("SELECT id FROM survey_runs WHERE company_id = 'c-globex' LIMIT 1");
    expect((await postForm(PAGE, { intent: "review", id: "rc-globex-closed" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "review", id: "rc-acme-draft" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "survey-run", id: String(globexRun.id) }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "other", id: "x" }, alice)).status).toBe(400);
    // A team admin does not hold the report table: a review's workbook is not theirs to ask for.
    expect((await postForm(PAGE, { intent: "review", id: "rc-acme-closed" }, await sessionFor("adam@acme.test"))).status).toBe(404);
    expect(await queued()).toBe(before);
  });
});
