import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { personGoals } from "~/modules/goals/person-goals.server";
import { personObjectives } from "~/modules/objectives/person-objectives.server";
import { appFetch, postForm, sessionFor } from "./helpers";
import { textOf } from "./shell-html";

// The reviewee's objectives in reviews: the read other areas call, the to-do right panel, and an
// objective question about the reviewee's objectives. Adam reviews Liam in a live review of our own.

const db = createDb(env.DB);
const tag = crypto.randomUUID().slice(0, 8);
const DAY = 86_400_000;
const now = Date.now();
const LIAM = "u-acme-liam";
const REVIEW = `rc-ro-${tag}`;
const PAIR = `rp-ro-${tag}`;
const PATH = `/reviews/todos/${PAIR}`;
const Q = "b-objs";

const campaign = (id: string, company: string, state: string, start: number, end: number) =>
  env.DB.prepare(
    `INSERT INTO objectives_campaigns (id, company_id, title, start_at, end_at, audience_type, audience_user_ids, state, created_by, updated_at)
     VALUES (?, ?, ?, ?, ?, 'company', '[]', ?, 'u-acme-alice', ?)`
  ).bind(id, company, `Objectives ${id}`, start, end, state, now);
const participant = (campaignId: string, company: string, user: string, state = "approved") =>
  env.DB.prepare("INSERT INTO objectives_participants (company_id, campaign_id, user_id, state) VALUES (?, ?, ?, ?)").bind(
    company,
    campaignId,
    user,
    state
  );
const objective = (id: string, company: string, campaignId: string, name: string, weight: number, at: number, kind = "okr") =>
  env.DB.prepare(
    `INSERT INTO objectives (id, company_id, owner_id, name, description, weight, doc_type, kpis, campaign_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`
  ).bind(id, company, LIAM, name, `About ${name}`, weight, kind, campaignId, at, at);
const keyResult = (id: string, objectiveId: string, position: number, name: string, extra: { target?: number; actual?: number | null; start?: number; income?: boolean } = {}) =>
  env.DB.prepare(
    `INSERT INTO objective_key_results (id, company_id, objective_id, position, name, description, period, sub_role, client, industry,
       income_statement, target, actual, start_value, unit, direction, updated_at)
     VALUES (?, 'c-acme', ?, ?, ?, 'How it is measured', 'Q4', 'Lead', 'Initrode', 'Retail', ?, ?, ?, ?, 'units', 'increase', ?)`
  ).bind(id, objectiveId, position, name, extra.income ? 1 : 0, extra.target ?? 100, extra.actual ?? null, extra.start ?? null, now);

const CURRENT = `oc-ro-${tag}-now`;
const NAMES = ["Grow revenue", "Ship the mobile app", "Hire two engineers", "Cut churn", "Lift NPS", "Sixth objective"];
const ids = NAMES.map((_, i) => `o-ro-${tag}-${i + 1}`);

const questionBlocks = [
  { id: "b-title", type: "title", typeTitle: "Title", titleValue: { text: "Objectives" } },
  {
    id: Q,
    type: "objective-question",
    typeTitle: "Objective Question",
    objectiveValue: {
      label: "How did they do on",
      selectedOption: "score-1-5",
      choices: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })),
      numericValue: false,
      commentBox: true,
      commentBoxGuide: "Why?",
      required: true,
      dropdown: false,
      selectedView: "radio",
      isNotApplicableOption: true,
      objective: null,
      revieweeObjectives: true,
      showKPIs: true,
      isKPI: true,
      comments: [],
    },
  },
];

let adam: string;

beforeAll(async () => {
  adam = await sessionFor("adam@acme.test");
  await env.DB.batch([
    // The campaign of the review's period, Liam approved; six objectives, oldest first.
    campaign(CURRENT, "c-acme", "launched", now - 20 * DAY, now + 40 * DAY),
    participant(CURRENT, "c-acme", LIAM),
    ...NAMES.map((name, i) => objective(ids[i], "c-acme", CURRENT, name, [40, 20, 10, 10, 10, 10][i], now - (10 - i) * 1000, i === 0 ? "performance-contract" : "okr")),
    keyResult(`kr-ro-${tag}-1`, ids[0], 0, "Quarterly revenue", { target: 200, actual: 50, income: true }),
    keyResult(`kr-ro-${tag}-2`, ids[0], 1, "New customers", { target: 10, actual: 10 }),
    keyResult(`kr-ro-${tag}-3`, ids[1], 0, "App store rating", { target: 5, actual: 4, start: 3 }),
    // A campaign that ended before the review: left out of the review's period.
    campaign(`oc-ro-${tag}-old`, "c-acme", "launched", now - 120 * DAY, now - 60 * DAY),
    participant(`oc-ro-${tag}-old`, "c-acme", LIAM),
    objective(`o-ro-${tag}-old`, "c-acme", `oc-ro-${tag}-old`, "Last year's objective", 100, now - 100 * DAY),
    // A draft campaign, and a launched one Liam does not take part in.
    campaign(`oc-ro-${tag}-draft`, "c-acme", "draft", now - 5 * DAY, now + 5 * DAY),
    objective(`o-ro-${tag}-draft`, "c-acme", `oc-ro-${tag}-draft`, "Draft objective", 100, now),
    campaign(`oc-ro-${tag}-other`, "c-acme", "launched", now - 5 * DAY, now + 5 * DAY),
    objective(`o-ro-${tag}-other`, "c-acme", `oc-ro-${tag}-other`, "Not a participant's objective", 100, now),
    // Another company's campaign naming Liam's id.
    campaign(`oc-ro-${tag}-globex`, "c-globex", "launched", now - 5 * DAY, now + 5 * DAY),
    participant(`oc-ro-${tag}-globex`, "c-globex", LIAM),
    objective(`o-ro-${tag}-globex`, "c-globex", `oc-ro-${tag}-globex`, "Another company's objective", 100, now),
    // A live review of our own asking about the reviewee's objectives; Adam reviews Liam.
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, anonymous, template_title, template_blocks, created_by,
         launched_at, start_at, end_at, updated_at) VALUES (?, 'c-acme', 'Objectives Review', 'live', 'w-acme-hq', 0, 'Objectives', ?, 'u-acme-alice', ?, ?, ?, ?)`
    ).bind(REVIEW, JSON.stringify(questionBlocks), now - DAY, now - 10 * DAY, now + 10 * DAY, now),
    env.DB.prepare(
      "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, 'c-acme', ?, ?, 'u-acme-adam', 'pending', ?)"
    ).bind(PAIR, REVIEW, LIAM, now),
  ]);
});

const period = { from: now - 10 * DAY, to: now + 10 * DAY };

describe("personObjectives", () => {
  it("reads the person's objectives of launched campaigns they take part in overlapping the period, oldest first, with key results and progress", async () => {
    const list = await personObjectives(db, "c-acme", LIAM, { period });
    expect(list.map((o) => o.name)).toEqual(NAMES);
    const [first, second] = list;
    expect(first).toMatchObject({ weight: 40, kind: "performance-contract", campaignId: CURRENT, approved: true });
    expect(first.keyResults.map((k) => k.name)).toEqual(["Quarterly revenue", "New customers"]);
    expect(first.keyResults[0]).toMatchObject({ period: "Q4", subRole: "Lead", client: "Initrode", industry: "Retail", target: 200, actual: 50, unit: "units", incomeStatement: true });
    // (50/200 + 10/10) / 2 = 62.5; (4-3)/(5-3) = 50.
    expect(first.progress).toBe(63);
    expect(second.progress).toBe(50);
    expect(list[2].progress).toBeNull();
  });

  it("takes the first five, leaves out other periods, drafts, campaigns the person is not in and other companies", async () => {
    expect((await personObjectives(db, "c-acme", LIAM, { period, limit: 5 })).map((o) => o.name)).toEqual(NAMES.slice(0, 5));
    const all = (await personObjectives(db, "c-acme", LIAM)).map((o) => o.name);
    expect(all).toContain("Last year's objective");
    expect(all).not.toContain("Draft objective");
    expect(all).not.toContain("Not a participant's objective");
    expect(all).not.toContain("Another company's objective");
    expect((await personObjectives(db, "c-globex", LIAM)).map((o) => o.name)).toEqual(["Another company's objective"]);
  });

  it("says approved only once the participant's set is approved", async () => {
    await env.DB.prepare("UPDATE objectives_participants SET state = 'submitted' WHERE campaign_id = ?").bind(CURRENT).run();
    expect((await personObjectives(db, "c-acme", LIAM, { period }))[0].approved).toBe(false);
    await env.DB.prepare("UPDATE objectives_participants SET state = 'approved' WHERE campaign_id = ?").bind(CURRENT).run();
  });
});

describe("the to-do right panel (000 §2)", () => {
  it("shows the reviewer the reviewee's objectives of the review's period with weight, progress and KPIs, and their goals", async () => {
    const html = await (await appFetch(PATH, { cookie: adam })).text();
    const text = textOf(html);
    expect(text).toContain("Objectives");
    expect(text).toContain("Grow revenue");
    expect(text).toContain("Weight 40%");
    expect(text).toContain("Progress 63%");
    expect(text).toContain("Quarterly revenue");
    expect(text).not.toContain("Last year's objective");
    // Acme is Slack-type: the Goals tab shows the reviewee's goals (personGoals), or its empty state.
    const goals = await personGoals(db, "c-acme", LIAM, 20);
    if (goals.length === 0) expect(text).toContain("No goals set!");
    for (const g of goals) expect(text).toContain(g.name);
  });

  it("says 'No Objectives set!' for a reviewee without any", async () => {
    // rp-acme-live-01: Adam reviews Priya, who has no objectives in this period of our own making.
    await env.DB.prepare("UPDATE objectives SET owner_id = 'u-acme-nobody' WHERE company_id = 'c-acme' AND owner_id = 'u-acme-priya' AND campaign_id IS NOT NULL").run();
    const text = textOf(await (await appFetch("/reviews/todos/rp-acme-live-01", { cookie: adam })).text());
    expect(text).toContain("No Objectives set!");
  });

  it("names the first tab Goals when the company uses goals instead of objectives", async () => {
    await env.DB.prepare("UPDATE companies SET goals_instead_of_objectives = 1 WHERE id = 'c-acme'").run();
    try {
      const html = await (await appFetch(PATH, { cookie: adam })).text();
      expect(html).toMatch(/<h3[^>]*id="ctx-objectives"[^>]*>Goals<\/h3>/);
      expect(textOf(html)).toContain("Grow revenue");
    } finally {
      await env.DB.prepare("UPDATE companies SET goals_instead_of_objectives = 0 WHERE id = 'c-acme'").run();
    }
    const html = await (await appFetch(PATH, { cookie: adam })).text();
    expect(html).toMatch(/<h3[^>]*id="ctx-objectives"[^>]*>Objectives<\/h3>/);
  });

  it("shows nothing of it to anyone but the pair's reviewer", async () => {
    for (const email of ["eve@acme.test", "alice@acme.test", "gina@globex.test"]) {
      const response = await appFetch(PATH, { cookie: await sessionFor(email) });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Grow revenue");
    }
  });
});

describe("an objective question about the reviewee's objectives", () => {
  const field = (i: number, part: string) => `a.${Q}~${ids[i]}.${part}`;
  /** Every offered objective rated per KPI (the income-statement actual given), with comments. */
  function answers(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 5; i++) fields[field(i, "comment")] = `Comment ${i}`;
    fields[field(0, "kpi.0")] = "4";
    fields[field(0, "kpi.1")] = "5";
    fields[field(0, "actual.0")] = "180";
    fields[field(1, "kpi.0")] = "3";
    // Objectives without KPIs are rated once.
    for (let i = 2; i < 5; i++) fields[field(i, "value")] = "2";
    fields[field(4, "value")] = "__na__";
    return fields;
  }

  it("offers the reviewee's first five objectives with weight, type and KPIs", async () => {
    const text = textOf(await (await appFetch(PATH, { cookie: adam })).text());
    for (const name of NAMES.slice(0, 5)) expect(text).toContain(`How did they do on — ${name}`);
    expect(text).not.toContain("How did they do on — Sixth objective");
    expect(text).toContain("Performance contract");
    expect(text).toContain("Quarterly revenue");
  });

  it("needs the income-statement KPI's actual and every rating of a required question, writing nothing else", async () => {
    const missing = { ...answers(), [field(0, "actual.0")]: "" };
    const refused = await postForm(PATH, { ...missing, intent: "submit" }, adam);
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("This is a required field.");
    const notNumber = await postForm(PATH, { ...answers(), [field(0, "actual.0")]: "lots", intent: "submit" }, adam);
    expect(notNumber.status).toBe(400);
    const unrated = { ...answers(), [field(1, "kpi.0")]: "" };
    expect((await postForm(PATH, { ...unrated, intent: "submit" }, adam)).status).toBe(400);
    const row = await env.DB.prepare("SELECT state FROM review_pairs WHERE id = ?").bind(PAIR).first<{ state: string }>();
    expect(row?.state).not.toBe("completed");
  });

  it("saves, submits and snapshots what was rated, which the review's result shows as it was", async () => {
    const asked = await postForm(PATH, { ...answers(), intent: "submit" }, adam);
    expect(asked.headers.get("Location")).toBe(`${PATH}?confirm=submit`);
    const confirm = await (await appFetch(`${PATH}?confirm=submit`, { cookie: adam })).text();
    const requestId = /name="requestId" value="([^"]+)"/.exec(confirm)![1];
    expect((await postForm(PATH, { intent: "confirmSubmit", requestId }, adam)).status).toBe(302);
    const row = await env.DB.prepare("SELECT state, answers FROM review_pairs WHERE id = ?").bind(PAIR).first<{ state: string; answers: string }>();
    expect(row?.state).toBe("completed");
    const stored = JSON.parse(row!.answers) as Record<string, { value?: unknown; actuals?: unknown; notApplicable?: boolean; objective?: { name: string; weight: number } }>;
    expect(stored[`${Q}~${ids[0]}`]).toMatchObject({ value: ["4", "5"], actuals: ["180", null], objective: { name: "Grow revenue", weight: 40 } });
    expect(stored[`${Q}~${ids[4]}`]).toMatchObject({ notApplicable: true, objective: { name: "Lift NPS" } });
    expect(Object.keys(stored)).not.toContain(`${Q}~${ids[5]}`);

    // Renaming the objective later does not change what the review says was rated.
    await env.DB.prepare("UPDATE objectives SET name = 'Renamed objective' WHERE id = ?").bind(ids[0]).run();
    const alice = await sessionFor("alice@acme.test");
    const result = textOf(await (await appFetch(`/reviews/manage-reviews/${REVIEW}?panel=result&pair=${PAIR}`, { cookie: alice })).text());
    expect(result).toContain("How did they do on — Grow revenue");
    expect(result).not.toContain("Renamed objective");
    // The reviewer's read-only review shows the same.
    const done = textOf(await (await appFetch(PATH, { cookie: adam })).text());
    expect(done).toContain("How did they do on — Grow revenue");

    // The reviewee report reads the answers, with the objective's scorecard by its weight.
    const report = textOf(
      await (await appFetch(`/reviews/reports/reviewee?revieweeId=${LIAM}&reviewIds=${REVIEW}`, { cookie: alice })).text()
    );
    expect(report).toContain("How did they do on — Grow revenue");
  });
});

describe("the questionnaire builder's objective question", () => {
  it("offers the reviewee's objectives first and stores a question about them; a fixed objective still works", async () => {
    const alice = await sessionFor("alice@acme.test");
    const html = await (await appFetch("/reviews/review-questionnaires/add-new-questionnaire/annual-review", { cookie: alice })).text();
    expect(html).toContain('value="reviewee"');
    const body = new URLSearchParams({ name: `Objectives ${tag}`, intent: "save" });
    const add = (i: number, fields: Record<string, string>) => {
      for (const [k, v] of Object.entries(fields)) body.append(`blocks[${i}].${k}`, v);
    };
    const question = { type: "objective-question", label: "Their objectives", scale: "score-1-5", view: "radio", required: "on", showKPIs: "on", isKPI: "on" };
    add(0, { key: "n1", ...question, objectiveId: "reviewee" });
    add(1, { key: "n2", ...question, objectiveId: "o-acme-grow-annual-recurring-revenue" });
    const saved = await appFetch("/reviews/review-questionnaires/new", { method: "POST", body, cookie: alice });
    expect(saved.status).toBe(302);
    const row = await env.DB.prepare("SELECT blocks FROM review_templates WHERE company_id = 'c-acme' AND title = ?")
      .bind(`Objectives ${tag}`)
      .first<{ blocks: string }>();
    const [about, fixed] = JSON.parse(row!.blocks) as Array<{ objectiveValue: { objective: { id: string } | null; revieweeObjectives?: boolean } }>;
    expect(about.objectiveValue).toMatchObject({ objective: null, revieweeObjectives: true });
    expect(fixed.objectiveValue.objective?.id).toBe("o-acme-grow-annual-recurring-revenue");
    expect(fixed.objectiveValue.revieweeObjectives).toBeUndefined();
  });
});
