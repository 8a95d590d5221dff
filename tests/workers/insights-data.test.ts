import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { personOfUser } from "~/modules/auth/session.server";
import { dayString, defaultRange, parseInsightsFilters, type InsightsFilters } from "~/modules/insights/filters";
import { groupInsights, insightsGroupOptions, mayReadPersonalInsights, personalInsights, type Population } from "~/modules/insights/insights.server";
import { insightsReportContent } from "~/modules/insights/insights-report.server";
import type { ChartItem, GroupInsights } from "~/modules/insights/types";

// Feedback Insights' figures, read from the roll-ups, against the same figures counted straight
// from the feedback items, requests, loop pairs and survey recipients; populations; the withheld
// rule; who may read a person's insights.

const db = createDb(env.DB);
const ACME = "c-acme";
const today = dayString(new Date());
const viewer = async (id: string, companyId = ACME) => {
  const person = await personOfUser(db, companyId, id);
  if (!person) throw new Error(`no ${id}`);
  return person;
};
const filters = (over: Partial<InsightsFilters> = {}): InsightsFilters => ({ ...defaultRange(today), endDate: today, scope: "group", groupIds: [], ...over });
const all = async <T>(query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<T>()).results;

interface Raw {
  userId: string;
  sent: number;
  received: number;
  requested: number;
  praise_sent: number;
  praise_received: number;
  surveys: number;
}

/** Each person's figures for the range, counted from the source tables (not the counts). */
async function raw(people: string[], start: string, end: string): Promise<Map<string, Raw>> {
  const ids = JSON.stringify(people);
  const rows = await all<Raw>(
    `WITH ppl AS (SELECT value AS id FROM json_each(?1)),
     items AS (SELECT *, strftime('%Y-%m-%d', sent_at / 1000, 'unixepoch') AS d FROM feedback_items WHERE company_id = ?4 AND visible = 1)
     SELECT p.id AS userId,
       (SELECT count(*) FROM items WHERE sender_id = p.id AND source <> 'praise' AND d BETWEEN ?2 AND ?3)
       + (SELECT count(*) FROM feedback_loop_pairs lp JOIN feedback_loops l ON l.id = lp.loop_id AND l.anonymous = 1 JOIN feedback_loop_runs r ON r.id = lp.run_id
           WHERE lp.company_id = ?4 AND lp.sender_id = p.id AND lp.state = 'given' AND strftime('%Y-%m-%d', r.deadline_at / 1000, 'unixepoch') BETWEEN ?2 AND ?3
             AND EXISTS (SELECT 1 FROM feedback_items i WHERE i.run_id = lp.run_id AND i.receiver_id = lp.receiver_id AND i.visible = 1)) AS sent,
       (SELECT count(*) FROM items WHERE receiver_id = p.id AND source <> 'praise' AND d BETWEEN ?2 AND ?3) AS received,
       (SELECT count(*) FROM feedback_requests WHERE company_id = ?4 AND requester_id = p.id AND strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') BETWEEN ?2 AND ?3) AS requested,
       (SELECT count(*) FROM items WHERE sender_id = p.id AND source = 'praise' AND d BETWEEN ?2 AND ?3) AS praise_sent,
       (SELECT count(*) FROM items WHERE receiver_id = p.id AND source = 'praise' AND d BETWEEN ?2 AND ?3) AS praise_received,
       (SELECT count(*) FROM survey_recipients sv JOIN survey_runs sr ON sr.id = sv.run_id
          WHERE sv.company_id = ?4 AND sv.user_id = p.id AND sv.responded = 1 AND strftime('%Y-%m-%d', sr.launched_at / 1000, 'unixepoch') BETWEEN ?2 AND ?3) AS surveys
     FROM ppl p`,
    ids,
    start,
    end,
    ACME
  );
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The tags of the feedback the people received in the range, counted from the items' dimension infos. */
async function rawTags(people: string[], start: string, end: string) {
  const ids = JSON.stringify(people);
  const where = `fi.company_id = ?4 AND fi.visible = 1 AND fi.receiver_id IN (SELECT value FROM json_each(?1))
    AND strftime('%Y-%m-%d', fi.sent_at / 1000, 'unixepoch') BETWEEN ?2 AND ?3`;
  const competency = await all<{ id: string; n: number }>(
    `SELECT json_extract(d.value, '$.id') AS id, count(*) AS n FROM feedback_items fi, json_each(fi.dimension_infos) d WHERE ${where} GROUP BY 1`,
    ids, start, end, ACME
  );
  const behaviours = await all<{ id: string; kind: string; n: number }>(
    `SELECT json_extract(f.value, '$.id') AS id, CASE WHEN json_extract(f.value, '$.str') THEN 'strength' ELSE 'developmentArea' END AS kind, count(*) AS n
       FROM feedback_items fi, json_each(fi.dimension_infos) d, json_each(d.value, '$.focusAreas') f
      WHERE ${where} AND (json_extract(f.value, '$.str') OR json_extract(f.value, '$.sug')) GROUP BY 1, 2`,
    ids, start, end, ACME
  );
  return {
    competency: Object.fromEntries(competency.map((c) => [c.id, c.n])),
    strength: Object.fromEntries(behaviours.filter((b) => b.kind === "strength").map((b) => [b.id, b.n])),
    development: Object.fromEntries(behaviours.filter((b) => b.kind === "developmentArea").map((b) => [b.id, b.n])),
  };
}

const counts = (items: ChartItem[]) => Object.fromEntries(items.map((i) => [i.id, i.count]));
const activeIds = async (where: string, ...binds: unknown[]) =>
  (await all<{ id: string }>(`SELECT id FROM users u WHERE u.company_id = '${ACME}' AND u.is_deleted = 0 AND ${where} ORDER BY id`, ...binds)).map((r) => r.id);

/** The group's figures equal the source tables' for exactly these people. */
async function expectGroupMatches(got: GroupInsights, people: string[], f: InsightsFilters) {
  const end = f.endDate || today;
  expect(got.withheld).toBe(false);
  if (got.withheld) return;
  expect(got.memberCount).toBe(people.length);
  expect(got.leaderboard.map((r) => r.userId).sort()).toEqual([...people].sort());
  const want = await raw(people, f.startDate, end);
  for (const row of got.leaderboard) {
    const w = want.get(row.userId)!;
    expect({ ...row, user_name: "" }, row.userId).toEqual({
      userId: row.userId,
      user_name: "",
      feedback_sent: w.sent,
      feedback_received: w.received,
      feedback_requested: w.requested,
      praise_sent: w.praise_sent,
      praise_received: w.praise_received,
      survey_submitted: w.surveys,
      total: w.sent + w.received + w.requested + w.praise_sent + w.praise_received + w.surveys,
    });
  }
  const sum = (k: keyof Raw) => [...want.values()].reduce((s, r) => s + Number(r[k]), 0);
  const scoped = f.scope === "all_feedback" ? sum("sent") + sum("received") : f.scope === "group" ? sum("sent") : sum("received");
  const praise = f.scope === "all_feedback" ? sum("praise_sent") + sum("praise_received") : f.scope === "group" ? sum("praise_sent") : sum("praise_received");
  expect(got.overview).toEqual({
    totalFeedbackCount: scoped,
    totalFeedbackRequestCount: sum("requested"),
    totalPublicPraise: praise,
    totalSurveySubmittedCount: sum("surveys"),
    userParticipatedCount: [...want.values()].filter((r) => r.sent + r.received + r.requested + r.praise_sent + r.praise_received + r.surveys > 0).length,
  });
  const tags = await rawTags(people, f.startDate, end);
  expect(counts(got.charts.competency)).toEqual(tags.competency);
  expect(counts(got.charts.strengthCompetency)).toEqual(tags.strength);
  expect(counts(got.charts.developmentCompetency)).toEqual(tags.development);
}

describe("personal insights", () => {
  it("equal the source tables' counts for the default range and another range, with named, shared-out treemaps", async () => {
    const mona = await viewer("u-acme-mona");
    for (const f of [filters(), filters({ startDate: "2026-01-01", endDate: dayString(new Date(Date.now() - 20 * 86_400_000)) })]) {
      const got = await personalInsights(db, mona, "u-acme-eve", f, today);
      const w = (await raw(["u-acme-eve"], f.startDate, f.endDate)).get("u-acme-eve")!;
      expect(got.overview).toEqual({
        totalFeedbackSent: w.sent,
        totalFeedbackReceived: w.received,
        totalFeedbackRequested: w.requested,
        totalPraiseSent: w.praise_sent,
        totalPraiseReceived: w.praise_received,
        totalSurveysSubmitted: w.surveys,
      });
      expect(w.received).toBeGreaterThan(0);
      const tags = await rawTags(["u-acme-eve"], f.startDate, f.endDate);
      expect(counts(got.charts.competency)).toEqual(tags.competency);
      expect(counts(got.charts.strengthCompetency)).toEqual(tags.strength);
      expect(counts(got.charts.developmentCompetency)).toEqual(tags.development);
      expect(got.charts.competency.length).toBeGreaterThan(0);
      const c = got.charts.competency[0];
      expect(c).toMatchObject({ dimensionId: c.id, behaviourType: "" });
      expect(c.name).not.toBe("");
      const total = got.charts.competency.reduce((s, i) => s + i.count, 0);
      expect(c.avg).toBe(Math.round((c.count / total) * 10_000) / 100);
      for (const s of got.charts.strengthCompetency) expect(s.behaviourType).toBe("strength");
    }
  });

  it("the cleared range runs to today; a start after today covers nothing", async () => {
    const eve = await viewer("u-acme-eve");
    const cleared = parseInsightsFilters(new URLSearchParams({ startDate: "2026-03-01", endDate: "2026-02-01" }), { kind: "personalInsights", platform: "slack", today });
    expect(cleared.endDate).toBe("");
    const got = await personalInsights(db, eve, "u-acme-eve", cleared, today);
    const w = (await raw(["u-acme-eve"], "2026-03-01", today)).get("u-acme-eve")!;
    expect(got.overview.totalFeedbackReceived).toBe(w.received);
    const future = await personalInsights(db, eve, "u-acme-eve", { ...cleared, startDate: "2999-01-01" }, today);
    expect(Object.values(future.overview)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(future.charts.competency).toEqual([]);
  });

  it("another company's person, or someone the viewer may not read, gives zeros", async () => {
    const gina = await viewer("u-globex-gina", "c-globex");
    const foreign = await personalInsights(db, gina, "u-acme-eve", filters(), today);
    expect(Object.values(foreign.overview).every((n) => n === 0)).toBe(true);
    expect(foreign.charts.competency).toEqual([]);
    const peer = await personalInsights(db, await viewer("u-acme-ed"), "u-acme-eve", filters(), today);
    expect(Object.values(peer.overview).every((n) => n === 0)).toBe(true);
  });
});

describe("who may read a person's insights", () => {
  it("the person, their manager and a ViewUsers holder; not a peer, nor another company", async () => {
    expect(await mayReadPersonalInsights(db, await viewer("u-acme-eve"), "u-acme-eve")).toBe(true);
    expect(await mayReadPersonalInsights(db, await viewer("u-acme-mona"), "u-acme-eve")).toBe(true);
    expect(await mayReadPersonalInsights(db, await viewer("u-acme-ed"), "u-acme-eve")).toBe(false);
    expect(await mayReadPersonalInsights(db, await viewer("u-acme-eve"), "u-acme-mona")).toBe(false);
    const alice = await viewer("u-acme-alice");
    expect(alice.permissions).toContain("ViewUsers");
    expect(await mayReadPersonalInsights(db, alice, "u-acme-eve")).toBe(true);
    expect(await mayReadPersonalInsights(db, alice, "u-globex-tina")).toBe(false);
    expect(await mayReadPersonalInsights(db, await viewer("u-globex-gina", "c-globex"), "u-acme-eve")).toBe(false);
  });
});

describe("group insights", () => {
  it("a department: its active people, figures equal to the source tables' in each scope", async () => {
    const alice = await viewer("u-acme-alice");
    const people = await activeIds("u.department_id = 'd-acme-engineering'");
    expect(people.length).toBeGreaterThan(3);
    for (const scope of ["all_feedback", "group", "user"] as const) {
      const f = filters({ scope });
      await expectGroupMatches(await groupInsights(db, alice, { kind: "department", departmentId: "d-acme-engineering" }, f, today), people, f);
    }
  });

  it("relationships: My Team as its card lists it, a custom one of its members only, nobody for a viewer outside it", async () => {
    const mona = await viewer("u-acme-mona");
    const team = await activeIds(
      `u.id <> 'u-acme-mona' AND u.id IN (SELECT manager_id FROM user_managers WHERE user_id = 'u-acme-mona'
        UNION SELECT t.user_id FROM user_managers m JOIN user_managers t ON t.manager_id = m.manager_id WHERE m.user_id = 'u-acme-mona'
        UNION SELECT user_id FROM user_managers WHERE manager_id = 'u-acme-mona')`
    );
    expect(team).toEqual(expect.arrayContaining(["u-acme-eve", "u-acme-ed"]));
    await expectGroupMatches(await groupInsights(db, mona, { kind: "relationship", relationshipId: "default" }, filters(), today), team, filters());

    const eve = await viewer("u-acme-eve");
    const phoenix = await activeIds("u.id IN (SELECT user_id FROM custom_relationship_members WHERE relationship_id = 'rel-acme-phoenix')");
    const got = await groupInsights(db, eve, { kind: "relationship", relationshipId: "rel-acme-phoenix" }, filters(), today);
    await expectGroupMatches(got, phoenix, filters());
    // Mona is not in it: not among its people, and it has none for her.
    expect(!got.withheld && got.leaderboard.some((r) => r.userId === "u-acme-mona")).toBe(false);
    expect(await groupInsights(db, mona, { kind: "relationship", relationshipId: "rel-acme-phoenix" }, filters(), today)).toMatchObject({ memberCount: 0 });
  });

  it("the workspace: every active person, channels and workspaces by their members; a deactivated person drops out and the treemaps stay exact", async () => {
    const alice = await viewer("u-acme-alice");
    const everyone = await activeIds("1");
    await expectGroupMatches(await groupInsights(db, alice, { kind: "workspaceOrChannel", groupIds: [] }, filters(), today), everyone, filters());
    const engineering = await activeIds("u.id IN (SELECT user_id FROM channel_members WHERE channel_id = 'ch-acme-engineering')");
    await expectGroupMatches(await groupInsights(db, alice, { kind: "workspaceOrChannel", groupIds: ["ch-acme-engineering"] }, filters(), today), engineering, filters());
    const labs = await activeIds(
      "u.id IN (SELECT user_id FROM workspace_members WHERE workspace_id = 'w-acme-labs' UNION SELECT user_id FROM channel_members WHERE channel_id = 'ch-acme-sales')"
    );
    await expectGroupMatches(await groupInsights(db, alice, { kind: "workspaceOrChannel", groupIds: ["w-acme-labs", "ch-acme-sales"] }, filters(), today), labs, filters());

    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-eve'").run();
    try {
      await expectGroupMatches(
        await groupInsights(db, alice, { kind: "workspaceOrChannel", groupIds: [] }, filters(), today),
        everyone.filter((id) => id !== "u-acme-eve"),
        filters()
      );
    } finally {
      await env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = 'u-acme-eve'").run();
    }
  });

  it("another company's department, group, relationship or channel adds nobody", async () => {
    const alice = await viewer("u-acme-alice");
    const foreign: Population[] = [
      { kind: "department", departmentId: "d-globex-engineering" },
      { kind: "group", groupId: "g-globex-all" },
      { kind: "relationship", relationshipId: "rel-globex-buddies" },
      { kind: "workspaceOrChannel", groupIds: ["g-globex-all"] },
    ];
    for (const population of foreign) {
      const got = await groupInsights(db, alice, population, filters(), today);
      expect(got, population.kind).toMatchObject({ withheld: false, memberCount: 0, leaderboard: [] });
      if (!got.withheld) expect(Object.values(got.overview).every((n) => n === 0)).toBe(true);
    }
  });

  it("the group filter offers Slack-type workspaces then channels, Teams-type groups, each by name", async () => {
    const acme = await insightsGroupOptions(db, await viewer("u-acme-alice"));
    const kinds = acme.map((o) => o.kind);
    expect(kinds.indexOf("channel")).toBeGreaterThan(kinds.lastIndexOf("workspace"));
    expect(acme.filter((o) => o.kind === "workspace").map((o) => o.id)).toEqual(["w-acme-hq", "w-acme-labs"].filter((id) => acme.some((o) => o.id === id)));
    const channels = acme.filter((o) => o.kind === "channel").map((o) => o.name);
    expect(channels).toEqual([...channels].sort((a, b) => a.localeCompare(b)));
    const globex = await insightsGroupOptions(db, await viewer("u-globex-gina", "c-globex"));
    expect(globex.length).toBe(4);
    expect(globex.every((o) => o.kind === "group" && o.id.startsWith("g-globex-"))).toBe(true);
  });

  it("withheld below the anonymity minimum when the range holds anonymous feedback; shown without it, and at the minimum", async () => {
    const alice = await viewer("u-acme-alice");
    const group = async (id: string, members: string[]) => {
      await env.DB.prepare("INSERT INTO groups (id, company_id, name, created_at) VALUES (?, 'c-acme', ?, 0)").bind(id, id).run();
      for (const m of members) await env.DB.prepare("INSERT INTO group_members (company_id, group_id, user_id) VALUES ('c-acme', ?, ?)").bind(id, m).run();
    };
    const small = ["u-acme-liam", "u-acme-zara"];
    await group("g-test-small", small);
    await group("g-test-floor", [...small, "u-acme-leo"]);
    const f = filters();
    // Without anonymous feedback a small group is shown.
    const shown = await groupInsights(db, alice, { kind: "group", groupId: "g-test-small" }, f, today);
    await expectGroupMatches(shown, small, f);
    // An anonymous item one of them received, released, in the range.
    const day = Date.parse(`${today}T00:00:00.000Z`) - 5 * 86_400_000;
    await env.DB.prepare(
      `INSERT INTO feedback_items (id, company_id, source, feedback_type, feedback_type_title, receiver_id, anonymous, visible, created_at, sent_at, run_id)
       VALUES ('fi-test-anon', 'c-acme', 'loop', 'feedback-to-employee', 'Feedback', 'u-acme-zara', 1, 1, ?1, ?1, 'fr-test')`
    )
      .bind(day)
      .run();
    expect(await groupInsights(db, alice, { kind: "group", groupId: "g-test-small" }, f, today)).toEqual({ withheld: true, memberCount: 2 });
    // A range without it shows the group again.
    const before = filters({ startDate: "2026-01-01", endDate: dayString(new Date(day - 86_400_000)) });
    expect((await groupInsights(db, alice, { kind: "group", groupId: "g-test-small" }, before, today)).withheld).toBe(false);
    // At the minimum (3) it is shown.
    expect(await groupInsights(db, alice, { kind: "group", groupId: "g-test-floor" }, f, today)).toMatchObject({ withheld: false, memberCount: 3 });
    // A company that raised its floor withholds that one too.
    const strict = { ...alice, company: { ...alice.company, anonymityFloor: 5 } };
    expect((await groupInsights(db, strict, { kind: "group", groupId: "g-test-floor" }, f, today)).withheld).toBe(true);
    // A sender's given pair in an anonymous loop's run ending in the range counts too.
    await env.DB.prepare("DELETE FROM feedback_items WHERE id = 'fi-test-anon'").run();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO feedback_loops (id, company_id, library_loop_id, template_type, template_name, title, workflow_type, audience_type, anonymous, delivery, blocks, start_at, run_span_ms, state, created_at)
         VALUES ('fb-test-anon', 'c-acme', 'fl-x', 'feedback', 'T', 'T', 'direct-feedback', 'users', 1, 'dm-only', '[]', 0, 0, 'live', 0)`
      ),
      env.DB.prepare(
        "INSERT INTO feedback_loop_runs (id, company_id, loop_id, sequence, state, started_at, deadline_at) VALUES ('fr-test-anon', 'c-acme', 'fb-test-anon', 1, 'closed', 0, ?)"
      ).bind(day),
      env.DB.prepare(
        "INSERT INTO feedback_loop_pairs (company_id, loop_id, run_id, sender_id, receiver_id, state) VALUES ('c-acme', 'fb-test-anon', 'fr-test-anon', 'u-acme-liam', 'u-acme-eve', 'given')"
      ),
    ]);
    expect((await groupInsights(db, alice, { kind: "group", groupId: "g-test-small" }, f, today)).withheld).toBe(true);
    expect((await groupInsights(db, alice, { kind: "group", groupId: "g-test-small" }, before, today)).withheld).toBe(false);
  });
});

describe("the personal insights PDF", () => {
  it("holds the person's figures for whoever may read them, an admin included, read as the requester is now", async () => {
    const range = defaultRange(today);
    const report = (requestedBy: string) => ({
      id: "ir-test",
      companyId: ACME,
      requestedBy,
      scope: { personId: "u-acme-eve", startDate: range.startDate, endDate: today },
    });
    const w = (await raw(["u-acme-eve"], range.startDate, today)).get("u-acme-eve")!;
    expect(w.received).toBeGreaterThan(0);
    for (const reader of ["u-acme-alice", "u-acme-mona", "u-acme-eve"]) {
      const { person, insights } = await insightsReportContent(db, report(reader));
      expect(person.name).toBeTruthy();
      expect(insights.overview.totalFeedbackReceived, reader).toBe(w.received);
      expect(insights.overview.totalFeedbackSent, reader).toBe(w.sent);
    }
    // A peer (who could never have asked for it) gets no figures.
    expect((await insightsReportContent(db, report("u-acme-ed"))).insights.overview.totalFeedbackReceived).toBe(0);
  });
});
