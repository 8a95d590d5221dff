import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  DEMO_FEEDBACK,
  FEEDBACK_COUNT_UPSERTS,
  LARGE_FEEDBACK_ITEMS,
  LARGE_REVIEW,
  largeFeedbackBatches,
  SEED_TABLE_ORDER,
  demoSeed,
  largePairId,
  largeReportPairId,
  LARGE_REPORT_REVIEW,
  largePairState,
  largeTodoId,
  LARGE_TODOS,
  largeSeed,
  replaceStatements,
  seededQuestionnaireForm,
  seedStatements,
  userId,
  type Row,
  type SeedTables,
} from "../../app/db/seed/demo";
import { FEEDBACK_DAYS } from "../../app/db/seed/feedback";
import { FEEDBACK_FORMATS, type DimensionInfo } from "../../app/modules/feedback/loop-types";
import { PAIR_STATES, type PairAnswers } from "../../app/modules/reviews/campaign-machine";
import type { StoredBlock } from "../../app/modules/reviews/questionnaire-blocks";

/** The time the seed "runs" (reviews' dates are relative to it): 22 Nov 2026, 11:37 UTC. */
const NOW = Date.UTC(2026, 10, 22, 11, 37);
const demo = demoSeed(NOW);
const large = largeSeed(5000, NOW);
const MIGRATIONS_DIR = path.resolve(__dirname, "../../migrations");
const sqliteForLarge = await import("node:sqlite").catch(() => null);

function combined(...seeds: SeedTables[]): SeedTables {
  const all: SeedTables = Object.fromEntries(SEED_TABLE_ORDER.map((t) => [t, [] as Row[]]));
  for (const seed of seeds) for (const [table, rows] of Object.entries(seed)) (all[table] ??= []).push(...rows);
  return all;
}

function person(tables: SeedTables, company: "acme" | "globex" | "large", local: string): Row {
  const id = userId(company, local);
  const row = tables.users.find((u) => u.id === id);
  if (!row) throw new Error(`no seeded user ${id}`);
  return row;
}

const reportsOf = (tables: SeedTables, managerId: string) =>
  tables.user_managers
    .filter((m) => m.manager_id === managerId)
    .map((m) => m.user_id)
    .sort();
const managersOf = (tables: SeedTables, id: string) => tables.user_managers.filter((m) => m.user_id === id).map((m) => m.manager_id);

/** Columns that point at another seeded row of the same company, and the table they point into. */
const REFERENCES: Array<[column: string, table: string]> = [
  ["user_id", "users"],
  ["manager_id", "users"],
  ["department_id", "departments"],
  ["role_id", "roles"],
  ["workspace_id", "workspaces"],
  ["channel_id", "channels"],
  ["group_id", "groups"],
  ["competency_id", "competencies"],
  ["relationship_id", "custom_relationships"],
  ["reviewee_id", "users"],
  ["reviewer_id", "users"],
  ["created_by", "users"],
  ["campaign_id", "review_campaigns"],
  ["template_id", "review_templates"],
  ["sender_id", "users"],
  ["requester_id", "users"],
  ["recipient_id", "users"],
  ["request_id", "feedback_requests"],
];

/** Where a table's column points elsewhere than REFERENCES says (an objective's campaign is an objectives campaign). */
const TABLE_REFERENCES: Record<string, Record<string, string>> = {
  objectives_participants: { campaign_id: "objectives_campaigns" },
  objectives: { campaign_id: "objectives_campaigns" },
};

/** Primary keys as in migrations/0000_foundation.sql (join tables have composite keys). */
const PRIMARY_KEYS: Record<string, string[]> = {
  user_managers: ["user_id", "manager_id"],
  workspace_members: ["workspace_id", "user_id"],
  channel_members: ["channel_id", "user_id"],
  group_members: ["group_id", "user_id"],
  custom_relationship_members: ["relationship_id", "user_id"],
  survey_recipients: ["run_id", "user_id"],
  feedback_loop_pairs: ["run_id", "sender_id", "receiver_id"],
  // survey_answers has no key of its own: one row per response, question and chosen value.
  survey_answers: ["response_id", "block_id", "value_num"],
  feedback_daily_counts: ["company_id", "user_id", "day"],
  feedback_competency_counts: ["company_id", "user_id", "day", "competency_id", "behaviour_id", "behaviour_type"],
  feedback_running_counts: ["company_id", "user_id", "day"],
  feedback_company_competency_counts: ["company_id", "day", "competency_id", "behaviour_id", "behaviour_type"],
  objectives_participants: ["campaign_id", "user_id"],
  one_on_one_parties: ["one_on_one_id", "user_id"],
};

describe("demo seed: the accounts the specification and the tests name", () => {
  it("Acme: alice is a super admin, adam a team admin who is not a super admin", () => {
    expect(person(demo, "acme", "alice")).toMatchObject({ is_super_admin: 1, email: "alice@acme.test", company_id: DEMO.acme.id });
    expect(person(demo, "acme", "adam")).toMatchObject({ is_team_admin: 1, is_super_admin: 0, company_id: DEMO.acme.id });
  });

  it("Acme: mona manages exactly eve and ed; sam has no manager", () => {
    expect(reportsOf(demo, userId("acme", "mona"))).toEqual([userId("acme", "ed"), userId("acme", "eve")]);
    expect(managersOf(demo, userId("acme", "sam"))).toEqual([]);
  });

  it("Globex: gina is a super admin; gary is a team admin and admin of a group he belongs to", () => {
    expect(person(demo, "globex", "gina")).toMatchObject({ is_super_admin: 1, email: "gina@globex.test", company_id: DEMO.globex.id });
    expect(person(demo, "globex", "gary")).toMatchObject({ is_team_admin: 1, is_super_admin: 0 });
    const garyAdminOf = demo.group_members.filter((m) => m.user_id === userId("globex", "gary") && m.is_admin === 1);
    expect(garyAdminOf.length).toBeGreaterThan(0);
    for (const m of garyAdminOf) expect(demo.groups.find((g) => g.id === m.group_id)?.company_id).toBe(DEMO.globex.id);
  });

  it("Globex: mike manages tina and tom", () => {
    expect(reportsOf(demo, userId("globex", "mike"))).toEqual(expect.arrayContaining([userId("globex", "tina"), userId("globex", "tom")]));
  });

  it("named people's first names are their e-mail's local part, capitalised", () => {
    const named: Array<["acme" | "globex", string]> = [
      ["acme", "alice"],
      ["acme", "adam"],
      ["acme", "mona"],
      ["acme", "eve"],
      ["acme", "ed"],
      ["acme", "sam"],
      ["globex", "gina"],
      ["globex", "gary"],
      ["globex", "mike"],
      ["globex", "tina"],
      ["globex", "tom"],
    ];
    for (const [company, local] of named) {
      const row = person(demo, company, local);
      expect(row.email).toBe(`${local}@${DEMO[company].domain}`);
      expect(String(row.name).split(" ")[0]).toBe(local.charAt(0).toUpperCase() + local.slice(1));
    }
  });

  it("each demo company has at least 25 people and 4 departments, on its own platform", () => {
    for (const key of ["acme", "globex"] as const) {
      const cid = DEMO[key].id;
      expect(demo.users.filter((u) => u.company_id === cid).length).toBeGreaterThanOrEqual(25);
      expect(demo.departments.filter((d) => d.company_id === cid).length).toBeGreaterThanOrEqual(4);
      expect(demo.companies.find((c) => c.id === cid)?.platform).toBe(DEMO[key].platform);
    }
  });

  it("is deterministic: the same rows for any time of the same day", () => {
    expect(demoSeed(NOW)).toEqual(demo);
    expect(demoSeed(NOW + 10 * 3_600_000)).toEqual(demo);
    expect(seedStatements(demoSeed(NOW - 11 * 3_600_000))).toEqual(seedStatements(demo));
  });
});

const DAY = 86_400_000;
const rowsOf = (tables: SeedTables, table: string, where: (r: Row) => boolean = () => true) => (tables[table] ?? []).filter(where);
const campaignOf = (tables: SeedTables, id: string) => {
  const row = tables.review_campaigns.find((c) => c.id === id);
  if (!row) throw new Error(`no seeded campaign ${id}`);
  return row;
};
const pairsOf = (tables: SeedTables, campaignId: string) => rowsOf(tables, "review_pairs", (p) => p.campaign_id === campaignId);

/** Who may be in a campaign: the members of its workspace (Slack-type) or group (Teams-type). */
function scopeMembers(tables: SeedTables, campaign: Row) {
  const members = campaign.workspace_id
    ? rowsOf(tables, "workspace_members", (m) => m.workspace_id === campaign.workspace_id)
    : rowsOf(tables, "group_members", (m) => m.group_id === campaign.group_id);
  return new Set(members.map((m) => m.user_id));
}

/** Every question of a snapshot has a fitting answer: a choice's value (or Not Applicable where offered), or text. */
function answersFit(blocks: StoredBlock[], answers: PairAnswers, all: boolean) {
  const problems: string[] = [];
  const questions = blocks.filter((b): b is Exclude<StoredBlock, { titleValue: unknown }> => !("titleValue" in b));
  for (const id of Object.keys(answers)) if (!questions.some((b) => b.id === id)) problems.push(`${id}: not a question of the snapshot`);
  for (const block of questions) {
    const answer = answers[block.id];
    if (!answer) {
      if (all) problems.push(`${block.id}: unanswered`);
      continue;
    }
    if ("textValue" in block) {
      if (typeof answer.value !== "string" || !answer.value) problems.push(`${block.id}: text expected`);
      continue;
    }
    const v =
      "multiSelectValue" in block ? block.multiSelectValue : "competencyValue" in block ? block.competencyValue : block.objectiveValue;
    if (answer.notApplicable) {
      if (!v.isNotApplicableOption) problems.push(`${block.id}: Not Applicable is not offered`);
    } else if (!v.choices.some((c) => c.value === answer.value)) problems.push(`${block.id}: ${answer.value} is not a choice's value`);
    if (answer.comment && !v.commentBox) problems.push(`${block.id}: a comment without a comment box`);
  }
  return problems;
}

describe("demo seed: review questionnaires and campaigns (000 §3, §4)", () => {
  const companies = [
    ["acme", DEMO.acme.id, 1],
    ["globex", DEMO.globex.id, 2],
  ] as const;

  it.each(companies)("%s: two questionnaires from the predefined templates, stored as the builder stores them", (short, cid, n) => {
    const templates = rowsOf(demo, "review_templates", (t) => t.company_id === cid);
    expect(templates.map((t) => [t.id, t.title])).toEqual([
      [`rt-${short}-quarterly`, "Quarterly Check-in"],
      [`rt-${short}-annual`, "Annual Performance Review"],
    ]);
    templates.forEach((row, i) => {
      // Stored through the builder's own conversion (app/modules/blocks/convert.test.ts checks the
      // seed's unparsed form stores as the builder's parsed one does).
      const blocks = JSON.parse(String(row.blocks)) as StoredBlock[];
      expect(blocks.length).toBe(
        seededQuestionnaireForm(demo, cid, i === 0 ? "quarterly-check-in" : "annual-review", n, i + 1).blocks.length
      );
      for (const b of blocks) expect(b.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      for (const b of blocks)
        if (b.type === "competency-question") expect(b.competencyValue.competency?.behaviours.length).toBeGreaterThan(0);
      for (const b of blocks)
        if (b.type === "objective-question") expect(b.objectiveValue.objective?.id).toBe(`o-${short}-grow-annual-recurring-revenue`);
    });
    expect(new Set(templates.flatMap((t) => JSON.parse(String(t.blocks)).map((b: StoredBlock) => b.id))).size).toBeGreaterThan(20);
  });

  it.each(companies)("%s: campaigns in every state, with deterministic ids", (short, cid) => {
    const campaigns = rowsOf(demo, "review_campaigns", (c) => c.company_id === cid);
    expect(campaigns.map((c) => [c.id, c.state])).toEqual([
      [`rc-${short}-draft`, "draft"],
      [`rc-${short}-scheduled`, "scheduled"],
      [`rc-${short}-live`, "live"],
      [`rc-${short}-delayed`, "live"],
      [`rc-${short}-closed`, "closed"],
    ]);
    const draft = campaignOf(demo, `rc-${short}-draft`);
    expect(draft).toMatchObject({ launched_at: null, template_title: null, template_blocks: null });
    expect(pairsOf(demo, String(draft.id)).length).toBeGreaterThan(0);
    expect(Number(campaignOf(demo, `rc-${short}-scheduled`).start_at)).toBeGreaterThan(NOW);
    const delayed = campaignOf(demo, `rc-${short}-delayed`);
    // Delayed: still live after its end, and the every-minute cron leaves it alone (no automatic close).
    expect(Number(delayed.end_at)).toBeLessThan(NOW);
    expect(delayed.automatic_close).toBe(0);
    expect(Number(campaignOf(demo, `rc-${short}-closed`).end_at)).toBeLessThan(NOW);
    const live = campaignOf(demo, `rc-${short}-live`);
    expect(live.end_at === null || Number(live.end_at) > NOW).toBe(true);
    expect(Number(live.start_at)).toBeLessThan(NOW);
    for (const c of campaigns.filter((c) => c.state !== "draft")) {
      const template = demo.review_templates.find((t) => t.id === c.template_id)!;
      expect(c, String(c.id)).toMatchObject({ template_title: template.title, template_blocks: template.blocks });
      expect(Number(c.launched_at), String(c.id)).toBeLessThan(NOW);
      expect(c.start_at, String(c.id)).not.toBeNull();
    }
  });

  it("Acme reviews name one of its workspaces, Globex's one of its groups; admins create them", () => {
    for (const c of demo.review_campaigns) {
      const creator = demo.users.find((u) => u.id === c.created_by)!;
      expect(creator.is_super_admin === 1 || creator.is_team_admin === 1, String(c.id)).toBe(true);
      if (c.company_id === DEMO.acme.id) {
        expect(c.group_id).toBeNull();
        expect(demo.workspaces.find((w) => w.id === c.workspace_id)?.company_id).toBe(DEMO.acme.id);
      } else {
        expect(c.workspace_id).toBeNull();
        expect(demo.groups.find((g) => g.id === c.group_id)?.company_id).toBe(DEMO.globex.id);
      }
    }
  });

  it("reviewers, reviewees and nominees are members of the review's workspace or group", () => {
    const strangers: string[] = [];
    for (const c of demo.review_campaigns) {
      const members = scopeMembers(demo, c);
      for (const p of pairsOf(demo, String(c.id))) {
        if (!members.has(p.reviewee_id) || !members.has(p.reviewer_id)) strangers.push(String(p.id));
        if (p.reviewee_id === p.reviewer_id) strangers.push(`${p.id} (self)`);
      }
      for (const n of rowsOf(demo, "review_nominations", (n) => n.campaign_id === c.id))
        if (!members.has(n.reviewee_id)) strangers.push(String(n.id));
      for (const id of JSON.parse(String(c.nomination_audience))) if (!members.has(id)) strangers.push(`${c.id} nominee ${id}`);
    }
    expect(strangers).toEqual([]);
  });

  it.each(companies)(
    "%s: the live review has a pair in every pair state, both kinds of decline, and open and submitted nominations",
    (short) => {
      const id = `rc-${short}-live`;
      const pairs = pairsOf(demo, id);
      expect(new Set(pairs.map((p) => p.state))).toEqual(new Set(PAIR_STATES));
      const declined = pairs.filter((p) => p.state === "reviewer-declined");
      expect(declined.some((p) => typeof p.decline_comment === "string" && p.decline_comment.length > 0)).toBe(true);
      expect(declined.some((p) => p.decline_comment === null)).toBe(true);
      const nominations = rowsOf(demo, "review_nominations", (n) => n.campaign_id === id);
      expect(new Set(nominations.map((n) => n.state))).toEqual(new Set(["open", "submitted"]));
      expect(campaignOf(demo, id).nomination_started_at).not.toBeNull();
      expect(pairs.map((p) => p.id)).toEqual(pairs.map((_, i) => `rp-${short}-live-${String(i + 1).padStart(2, "0")}`));
    }
  );

  it("completed pairs carry answers to every question of the review's snapshot; started ones some", () => {
    const problems: string[] = [];
    let comments = 0;
    for (const p of demo.review_pairs) {
      const campaign = campaignOf(demo, String(p.campaign_id));
      if (p.state !== "completed" && p.state !== "started") {
        expect(p.answers, String(p.id)).toBeNull();
        continue;
      }
      const blocks = JSON.parse(
        String(campaign.template_blocks ?? demo.review_templates.find((t) => t.id === campaign.template_id)!.blocks)
      );
      const answers = JSON.parse(String(p.answers)) as PairAnswers;
      comments += Object.values(answers).filter((a) => a.comment).length;
      problems.push(...answersFit(blocks, answers, p.state === "completed").map((m) => `${p.id} ${m}`));
      expect(Object.keys(answers).length, String(p.id)).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
    expect(comments).toBeGreaterThan(0);
  });

  it("sharing, anonymity and closing as the launch form sets them", () => {
    const shares = demo.review_campaigns.map((c) => (c.share_config === null ? null : JSON.parse(String(c.share_config))));
    expect(shares).toContainEqual({ type: "manual", canShare: ["reviewer"] });
    expect(shares).toContainEqual({ type: "automated", shareWith: ["reviewees"], after: "close" });
    expect(demo.review_campaigns.some((c) => c.anonymous === 1)).toBe(true);
    // "To be closed manually": a live review with no end.
    expect(demo.review_campaigns.some((c) => c.state === "live" && c.end_at === null && c.automatic_close === 0)).toBe(true);
  });

  it("places the reviews' dates from the day the seed runs", () => {
    const later = demoSeed(NOW + 30 * DAY);
    const start = (t: SeedTables) => Number(campaignOf(t, "rc-acme-scheduled").start_at);
    expect(start(later) - start(demo)).toBe(30 * DAY);
  });
});

/** YYYY-MM-DD (UTC) of a stored time, as the counts key days. */
const dayOfMs = (ms: unknown) => new Date(Number(ms)).toISOString().slice(0, 10);
type Tally = Map<string, number>;
const bump = (tally: Tally, key: string, by = 1) => tally.set(key, (tally.get(key) ?? 0) + by);
const DAILY_FIELDS = ["sent", "received", "requested", "praise_sent", "praise_received"] as const;

/**
 * What the count tables must hold, recomputed from the items and requests alone: a visible item
 * counts for its receiver (received or praise received, and each competency and behaviour it tags)
 * and, when it names its sender, for the sender; an anonymous one names nobody, so its sends are
 * checked per company and day. A hidden item counts for nobody yet; each request counts for its requester.
 */
function recount(tables: SeedTables) {
  const people = new Set((tables.users ?? []).map((u) => `${u.company_id}/${u.id}`));
  const daily = new Map<string, Record<(typeof DAILY_FIELDS)[number], number>>();
  const add = (company: unknown, user: unknown, day: string, field: (typeof DAILY_FIELDS)[number]) => {
    const key = `${company}/${user}/${day}`;
    const row = daily.get(key) ?? { sent: 0, received: 0, requested: 0, praise_sent: 0, praise_received: 0 };
    row[field]++;
    daily.set(key, row);
  };
  const competencies: Tally = new Map();
  const anonymousSent: Tally = new Map();
  for (const item of tables.feedback_items ?? []) {
    if (!item.visible) continue;
    const day = dayOfMs(item.sent_at);
    const praise = item.source === "praise";
    if (item.sender_id) add(item.company_id, item.sender_id, day, praise ? "praise_sent" : "sent");
    else bump(anonymousSent, `${item.company_id}/${day}`);
    if (!people.has(`${item.company_id}/${item.receiver_id}`)) continue;
    add(item.company_id, item.receiver_id, day, praise ? "praise_received" : "received");
    for (const d of JSON.parse(String(item.dimension_infos)) as DimensionInfo[]) {
      bump(competencies, [item.company_id, item.receiver_id, day, d.id, "", ""].join("/"));
      for (const f of d.focusAreas)
        bump(
          competencies,
          [item.company_id, item.receiver_id, day, d.id, f.id, f.str ? "strength" : f.sug ? "developmentArea" : ""].join("/")
        );
    }
  }
  for (const r of tables.feedback_requests ?? []) add(r.company_id, r.requester_id, dayOfMs(r.created_at), "requested");
  return { daily, competencies, anonymousSent };
}

/** Differences between the seeded count rows and the recount (empty when they agree). */
function countProblems(tables: SeedTables) {
  const expected = recount(tables);
  const problems: string[] = [];
  const surplus: Tally = new Map();
  const seen = new Set<string>();
  for (const row of tables.feedback_daily_counts ?? []) {
    const key = `${row.company_id}/${row.user_id}/${row.day}`;
    seen.add(key);
    const want = expected.daily.get(key) ?? { sent: 0, received: 0, requested: 0, praise_sent: 0, praise_received: 0 };
    for (const field of DAILY_FIELDS) {
      const got = Number(row[field]);
      // Anonymous sends are the sender's too, but no item says whose: only their number per day is known.
      if (field === "sent" && got > want.sent) bump(surplus, `${row.company_id}/${row.day}`, got - want.sent);
      else if (got !== want[field]) problems.push(`${key} ${field}: ${got}, items say ${want[field]}`);
    }
  }
  for (const [key, want] of expected.daily) if (!seen.has(key)) problems.push(`${key}: no count row, items say ${JSON.stringify(want)}`);
  for (const [key, n] of new Map([...surplus, ...expected.anonymousSent]))
    if ((surplus.get(key) ?? 0) !== (expected.anonymousSent.get(key) ?? 0))
      problems.push(
        `${key}: ${surplus.get(key) ?? 0} sends by nobody named, ${expected.anonymousSent.get(key) ?? 0} anonymous items (${n})`
      );
  const competencyRows: Tally = new Map();
  for (const row of tables.feedback_competency_counts ?? [])
    bump(
      competencyRows,
      [row.company_id, row.user_id, row.day, row.competency_id, row.behaviour_id, row.behaviour_type].join("/"),
      Number(row.count)
    );
  for (const key of new Set([...competencyRows.keys(), ...expected.competencies.keys()]))
    if (competencyRows.get(key) !== expected.competencies.get(key))
      problems.push(`competency ${key}: ${competencyRows.get(key) ?? 0}, items say ${expected.competencies.get(key) ?? 0}`);
  return problems;
}

/** Items whose sender or receiver is not a person of the item's company (company feedback goes to the company itself). */
function strangers(tables: SeedTables) {
  const people = new Set((tables.users ?? []).map((u) => `${u.company_id}/${u.id}`));
  return (tables.feedback_items ?? []).flatMap((item) => {
    const problems: string[] = [];
    if (item.sender_id !== null && !people.has(`${item.company_id}/${item.sender_id}`))
      problems.push(`${item.id} sender ${item.sender_id}`);
    const toCompany = item.feedback_type === "company" && item.receiver_id === item.company_id;
    if (!toCompany && !people.has(`${item.company_id}/${item.receiver_id}`)) problems.push(`${item.id} receiver ${item.receiver_id}`);
    if (item.sender_id !== null && item.sender_id === item.receiver_id) problems.push(`${item.id} to oneself`);
    return problems;
  });
}

/** Tags that are not the company's own competencies and behaviours, or are tagged both ways. */
function foreignTags(tables: SeedTables) {
  const competencies = new Map((tables.competencies ?? []).map((c) => [c.id, c]));
  const behaviours = new Map((tables.behaviours ?? []).map((b) => [b.id, b]));
  const problems: string[] = [];
  for (const item of tables.feedback_items ?? []) {
    for (const d of JSON.parse(String(item.dimension_infos)) as DimensionInfo[]) {
      if (competencies.get(d.id)?.company_id !== item.company_id) problems.push(`${item.id}: competency ${d.id}`);
      for (const f of d.focusAreas) {
        if (behaviours.get(f.id)?.competency_id !== d.id) problems.push(`${item.id}: behaviour ${f.id} of ${d.id}`);
        if (f.str && f.sug) problems.push(`${item.id}: ${f.id} both a strength and a development area`);
      }
    }
  }
  return problems;
}

describe("demo seed: feedback between the people of each company (002 §3)", () => {
  const companies = [
    ["acme", DEMO.acme.id],
    ["globex", DEMO.globex.id],
  ] as const;
  const itemsOf = (cid: string) => rowsOf(demo, "feedback_items", (i) => i.company_id === cid);
  const today = Math.floor(NOW / DAY) * DAY;

  it.each(companies)("%s: six months of feedback up to the day before the seed runs, in SBI, SaD and free text", (_short, cid) => {
    const items = itemsOf(cid);
    expect(items.length).toBeGreaterThan(250);
    const sent = items.map((i) => Number(i.sent_at));
    expect(Math.min(...sent)).toBeGreaterThanOrEqual(today - FEEDBACK_DAYS * DAY);
    expect(Math.min(...sent)).toBeLessThan(today - 170 * DAY);
    expect(Math.max(...sent)).toBeLessThan(today);
    // Every month of the six has feedback.
    expect(new Set(sent.map((t) => new Date(t).toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(6);
    const direct = items.filter((i) => i.source === "direct");
    expect(new Set(direct.map((i) => i.template_type))).toEqual(new Set(FEEDBACK_FORMATS));
    const texts: Record<string, string[]> = {
      SBI: ["situation_text", "behavior_text", "impact_text", "sbi_next_step_text"],
      SaD: ["strength_text", "development_area_text", "sd_next_step_text"],
      FreeText: ["feedback_text"],
    };
    for (const item of items) {
      const own = texts[String(item.template_type)];
      for (const column of Object.values(texts).flat()) expect(item[column] === null, `${item.id} ${column}`).toBe(!own.includes(column));
      expect(String(item[own[0]]), String(item.id)).not.toMatch(/\{(name|project|customer)\}/);
    }
    // Varied, not one text over and over.
    expect(new Set(direct.map((i) => i.situation_text ?? i.strength_text ?? i.feedback_text)).size).toBeGreaterThan(40);
    expect(new Set(items.map((i) => i.sender_id)).size).toBeGreaterThan(15);
    expect(new Set(items.map((i) => i.receiver_id)).size).toBeGreaterThan(15);
    expect(new Set(direct.map((i) => i.feedback_type))).toEqual(
      new Set(["feedback-to-employee", "manager-feedback", "feedback-to-managers"])
    );
  });

  it.each(companies)("%s: tags are the company's competencies and behaviours, as strengths and as development areas", (_short, cid) => {
    const items = itemsOf(cid);
    expect(foreignTags(demo)).toEqual([]);
    const focus = items.flatMap((i) => (JSON.parse(String(i.dimension_infos)) as DimensionInfo[]).flatMap((d) => d.focusAreas));
    expect(focus.some((f) => f.str)).toBe(true);
    expect(focus.some((f) => f.sug)).toBe(true);
    const tagged = new Set(items.flatMap((i) => (JSON.parse(String(i.dimension_infos)) as DimensionInfo[]).map((d) => d.id)));
    expect(tagged).toEqual(new Set(rowsOf(demo, "competencies", (c) => c.company_id === cid).map((c) => c.id)));
  });

  it.each(companies)("%s: public praise, and requests open, given (answered by one item) and declined", (_short, cid) => {
    const items = itemsOf(cid);
    const praise = items.filter((i) => i.source === "praise");
    expect(praise.length).toBeGreaterThan(20);
    for (const p of praise)
      expect(p, String(p.id)).toMatchObject({ feedback_type: "public-praise", is_public: 1, template_type: "FreeText" });
    expect(items.filter((i) => i.source !== "praise" && i.is_public === 1)).toEqual([]);
    const requests = rowsOf(demo, "feedback_requests", (r) => r.company_id === cid);
    expect(new Set(requests.map((r) => r.state))).toEqual(new Set(["open", "given", "declined"]));
    const answers = new Map(items.filter((i) => i.request_id !== null).map((i) => [i.request_id, i]));
    expect(items.filter((i) => i.request_id !== null).length).toBe(answers.size);
    for (const r of requests) {
      const answer = answers.get(r.id);
      expect(Boolean(r.message), String(r.id)).toBe(true);
      expect(r.requester_id, String(r.id)).not.toBe(r.recipient_id);
      if (r.state === "given") {
        expect(answer, String(r.id)).toMatchObject({ source: "request", sender_id: r.recipient_id, receiver_id: r.requester_id });
        expect(Number(r.answered_at)).toBe(Number(answer!.sent_at));
        expect(Number(r.answered_at)).toBeGreaterThan(Number(r.created_at));
      } else expect(answer, String(r.id)).toBeUndefined();
      if (r.state === "open") expect(r.answered_at, String(r.id)).toBeNull();
      if (r.state === "declined") expect(Number(r.answered_at), String(r.id)).toBeGreaterThan(Number(r.created_at));
    }
    expect(items.filter((i) => i.source === "request").length).toBe(answers.size);
  });

  it("the seeded counts are the counts of the seeded items (per person and day; per competency and behaviour)", () => {
    expect(demo.feedback_daily_counts.length).toBeGreaterThan(500);
    expect(demo.feedback_competency_counts.length).toBeGreaterThan(500);
    expect(countProblems(demo).slice(0, 10)).toEqual([]);
  });

  it("the recount notices a count that is off", () => {
    const tampered = {
      ...demo,
      feedback_daily_counts: demo.feedback_daily_counts.map((r, i) => (i === 7 ? { ...r, received: Number(r.received) + 1 } : r)),
    };
    expect(countProblems(tampered)).toHaveLength(1);
    const dropped = { ...demo, feedback_competency_counts: demo.feedback_competency_counts.slice(1) };
    expect(countProblems(dropped)).toHaveLength(1);
  });

  it("no anonymous item has a sender; every sender and receiver is a person of the item's company", () => {
    expect(demo.feedback_items.filter((i) => i.anonymous === 1 && i.sender_id !== null)).toEqual([]);
    expect(strangers(demo)).toEqual([]);
    const requestStrangers = demo.feedback_requests.filter(
      (r) =>
        demo.users.find((u) => u.id === r.requester_id)?.company_id !== r.company_id ||
        demo.users.find((u) => u.id === r.recipient_id)?.company_id !== r.company_id
    );
    expect(requestStrangers).toEqual([]);
  });

  it.each([
    ["acme", { receiver: "eve", manager: "mona", peer: "ed", other: "priya", admin: "alice", decliner: "bella" }],
    ["globex", { receiver: "tina", manager: "mike", peer: "tom", other: "nora", admin: "gina", decliner: "hank" }],
  ] as const)("%s: the fixed feedback tests name (DEMO_FEEDBACK)", (short, cast) => {
    const ids = DEMO_FEEDBACK[short];
    const u = (local: string) => userId(short, local);
    const item = (id: string) => demo.feedback_items.find((i) => i.id === id);
    const request = (id: string) => demo.feedback_requests.find((r) => r.id === id);
    expect(ids.receiver).toBe(u(cast.receiver));
    expect(item(ids.sbi)).toMatchObject({
      template_type: "SBI",
      source: "direct",
      feedback_type: "manager-feedback",
      sender_id: u(cast.manager),
      receiver_id: ids.receiver,
    });
    expect(item(ids.sad)).toMatchObject({ template_type: "SaD", source: "direct", sender_id: u(cast.peer), receiver_id: ids.receiver });
    expect(item(ids.freeText)).toMatchObject({
      template_type: "FreeText",
      source: "direct",
      sender_id: u(cast.other),
      receiver_id: ids.receiver,
    });
    expect(item(ids.praise)).toMatchObject({ source: "praise", is_public: 1, sender_id: u(cast.admin), receiver_id: ids.receiver });
    expect(request(ids.givenRequest)).toMatchObject({ state: "given", requester_id: ids.receiver, recipient_id: u(cast.peer) });
    expect(item(ids.givenRequestItem)).toMatchObject({
      source: "request",
      request_id: ids.givenRequest,
      sender_id: u(cast.peer),
      receiver_id: ids.receiver,
    });
    expect(request(ids.openRequest)).toMatchObject({
      state: "open",
      requester_id: ids.receiver,
      recipient_id: u(cast.other),
      answered_at: null,
    });
    expect(request(ids.declinedRequest)).toMatchObject({ state: "declined", requester_id: ids.receiver, recipient_id: u(cast.decliner) });
    // Within the default insights range (the last three months), most of it within the last two weeks.
    for (const id of [ids.sbi, ids.sad, ids.freeText, ids.praise]) expect(Number(item(id)!.sent_at)).toBeGreaterThan(today - 14 * DAY);
    expect(JSON.parse(String(item(ids.sbi)!.dimension_infos)).length).toBeGreaterThan(0);
  });
});

describe("large seed: Initech's feedback for the benchmarks", () => {
  // Made a day at a time, as scripts/seed.mjs inserts it; checked batch by batch.
  const batches = [...largeFeedbackBatches(large, NOW)];
  const all = (table: string) => batches.flatMap((b) => b[table] ?? []);

  it(`has exactly ${LARGE_FEEDBACK_ITEMS.items.toLocaleString("en")} items over six months, ids fi-initech-000001…`, () => {
    const items = all("feedback_items");
    expect(items).toHaveLength(LARGE_FEEDBACK_ITEMS.items);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.every((i) => /^fi-initech-\d{6}$/.test(String(i.id)) && i.company_id === DEMO.large.id)).toBe(true);
    const today = Math.floor(NOW / DAY) * DAY;
    const sent = items.map((i) => Number(i.sent_at));
    expect(sent.reduce((a, b) => Math.min(a, b))).toBeGreaterThanOrEqual(today - FEEDBACK_DAYS * DAY);
    expect(sent.reduce((a, b) => Math.max(a, b))).toBeLessThan(today);
    expect(new Set(items.map((i) => i.template_type))).toEqual(new Set(FEEDBACK_FORMATS));
    expect(items.filter((i) => i.source === "praise").length).toBeGreaterThan(20_000);
    expect(new Set(all("feedback_requests").map((r) => r.state))).toEqual(new Set(["open", "given", "declined"]));
  });

  it("each day's count rows are the counts of that day's items and requests, and no count row repeats across days", () => {
    const problems = batches.flatMap((b) => countProblems({ ...large, ...b }).slice(0, 3));
    expect(problems.slice(0, 10)).toEqual([]);
    const keys = all("feedback_daily_counts").map((r) => `${r.user_id}/${r.day}`);
    expect(new Set(keys).size).toBe(keys.length);
    }, 60_000);

  it("senders and receivers are active people of Initech; no anonymous item; tags are Initech's own", () => {
    const tables = { ...large, feedback_items: all("feedback_items") };
    expect(strangers(tables).slice(0, 5)).toEqual([]);
    const active = new Set(large.users.filter((u) => u.is_deleted === 0 && u.is_excluded === 0).map((u) => u.id));
    expect(tables.feedback_items.filter((i) => !active.has(i.sender_id) || !active.has(i.receiver_id)).slice(0, 3)).toEqual([]);
    expect(tables.feedback_items.filter((i) => i.anonymous !== 0).length).toBe(0);
    expect(foreignTags(tables).slice(0, 5)).toEqual([]);
  });

  it.skipIf(!sqliteForLarge)("its count rows add to rows another part of the seed wrote for the same key (FEEDBACK_COUNT_UPSERTS)", () => {
    const db = new sqliteForLarge!.DatabaseSync(":memory:");
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));
    for (const table of ["feedback_daily_counts", "feedback_competency_counts"]) {
      const row = batches[0][table][0];
      const columns = Object.keys(row);
      const insert = (suffix: string) =>
        db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ${suffix}`);
      insert("").run(...columns.map((c) => row[c]));
      insert(FEEDBACK_COUNT_UPSERTS[table]).run(...columns.map((c) => row[c]));
      const stored = db.prepare(`SELECT * FROM ${table}`).all() as Row[];
      const counts = table === "feedback_daily_counts" ? [...DAILY_FIELDS] : ["count"];
      expect(stored).toHaveLength(1);
      for (const c of counts) expect(Number(stored[0][c]), `${table}.${c}`).toBe(2 * Number(row[c]));
    }
  });

  it("is the same every time for the same day", () => {
    const again = largeFeedbackBatches(large, NOW + 5 * 3_600_000).next().value as SeedTables;
    expect(again).toEqual(batches[0]);
  });

  it.skipIf(!sqliteForLarge)("fits the schema: a week of it inserted into the migrated tables", () => {
    const db = new sqliteForLarge!.DatabaseSync(":memory:");
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));
    for (const batch of batches.slice(0, 5)) for (const sql of seedStatements(batch, 200)) db.exec(sql);
    const n = (db.prepare("SELECT count(*) AS n FROM feedback_items").get() as { n: number }).n;
    expect(n).toBe(batches.slice(0, 5).reduce((s, b) => s + b.feedback_items.length, 0));
  });
});

describe("the seed module under Node's own type stripping (scripts/seed.mjs, scripts/e2e.mjs, tests/bench/run.mjs)", () => {
  it("loads without a bundler and gives the same rows", () => {
    const demoPath = path.resolve(__dirname, "../../app/db/seed/demo.ts");
    const script = `const m = await import(${JSON.stringify(
      demoPath
    )}); process.stdout.write(JSON.stringify(m.demoSeed(${NOW}).review_pairs.length));`;
    const out = execFileSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(Number(out)).toBe(demo.review_pairs.length);
  });
});

describe("large seed (Initech, for the benchmark)", () => {
  it("has 5,000 people led by the super admin admin@initech.test", () => {
    expect(large.companies).toHaveLength(1);
    expect(large.users).toHaveLength(5000);
    expect(large.users.every((u) => u.company_id === DEMO.large.id)).toBe(true);
    expect(person(large, "large", "admin")).toMatchObject({ id: "u-initech-admin", email: "admin@initech.test", is_super_admin: 1 });
    expect(managersOf(large, "u-initech-admin")).toEqual([]);
    expect(large.departments).toHaveLength(20);
  });

  it("every other person has exactly one manager (a tree rooted at the admin)", () => {
    const managed = new Map<unknown, number>();
    for (const m of large.user_managers) managed.set(m.user_id, (managed.get(m.user_id) ?? 0) + 1);
    expect(managed.size).toBe(4999);
    expect([...managed.values()].every((n) => n === 1)).toBe(true);
  });

  it(`has one live review of exactly ${LARGE_REVIEW.pairs} pairs (rp-large-0001…) between active members, and one draft`, () => {
    expect(large.review_campaigns.map((c) => [c.id, c.state])).toEqual([
      [LARGE_REVIEW.id, "live"],
      [LARGE_REVIEW.draftId, "draft"],
      [LARGE_TODOS.id, "live"],
      [LARGE_REPORT_REVIEW.id, "closed"],
    ]);
    // The bench's to-do page: the admin has 50 open reviews to give.
    const todos = pairsOf(large, LARGE_TODOS.id);
    expect(todos.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, i) => largeTodoId(i + 1)));
    expect(new Set(todos.map((p) => `${p.reviewer_id}:${p.state}`))).toEqual(new Set(["u-initech-admin:pending"]));
    const pairs = pairsOf(large, LARGE_REVIEW.id);
    expect(pairs).toHaveLength(2000);
    expect(pairs.map((p) => p.id)).toEqual(Array.from({ length: 2000 }, (_, i) => largePairId(i + 1)));
    expect(pairs.map((p) => p.state)).toEqual(Array.from({ length: 2000 }, (_, i) => largePairState(i + 1)));
    const active = new Set(large.users.filter((u) => u.is_deleted === 0 && u.is_excluded === 0).map((u) => u.id));
    const members = scopeMembers(large, campaignOf(large, LARGE_REVIEW.id));
    expect(pairs.filter((p) => !active.has(p.reviewer_id) || !active.has(p.reviewee_id) || !members.has(p.reviewee_id))).toEqual([]);
    const live = campaignOf(large, LARGE_REVIEW.id);
    const blocks = JSON.parse(String(live.template_blocks)) as StoredBlock[];
    const problems = pairs
      .filter((p) => p.state === "completed")
      .flatMap((p) => answersFit(blocks, JSON.parse(String(p.answers)), true).map((m) => `${p.id} ${m}`));
    expect(problems).toEqual([]);
    expect(pairsOf(large, LARGE_REVIEW.draftId).length).toBeGreaterThan(0);
  });

  it("has a closed review of 2,000 completed pairs with at least 50,000 answer rows (the report benchmarks)", () => {
    const pairs = pairsOf(large, LARGE_REPORT_REVIEW.id);
    expect(pairs.map((p) => p.id)).toEqual(Array.from({ length: 2000 }, (_, i) => largeReportPairId(i + 1)));
    expect(new Set(pairs.map((p) => p.state))).toEqual(new Set(["completed"]));
    const blocks = JSON.parse(String(campaignOf(large, LARGE_REPORT_REVIEW.id).template_blocks)) as StoredBlock[];
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
    const answers = pairs.reduce((n, p) => n + Object.keys(JSON.parse(String(p.answers))).length, 0);
    expect(answers).toBeGreaterThanOrEqual(50_000);
    expect(pairs.flatMap((p) => answersFit(blocks, JSON.parse(String(p.answers)), true).map((m) => `${p.id} ${m}`))).toEqual([]);
  });
});

describe.each([
  ["demo", demo],
  ["large", large],
  ["demo + large", combined(demo, large)],
])("integrity of the %s seed", (_name, tables) => {
  const companyIds = new Set(tables.companies.map((c) => c.id));
  const byId = new Map<string, Map<unknown, Row>>(
    SEED_TABLE_ORDER.map((t) => [t, new Map((tables[t] ?? []).filter((r) => "id" in r).map((r) => [r.id, r]))])
  );

  it("covers only known tables, each in SEED_TABLE_ORDER", () => {
    for (const table of Object.keys(tables)) expect(SEED_TABLE_ORDER).toContain(table);
  });

  it("gives every row of a table the same columns (one INSERT names the first row's columns for all)", () => {
    for (const table of SEED_TABLE_ORDER) {
      const rows = tables[table] ?? [];
      const columns = rows.length ? Object.keys(rows[0]).sort().join() : "";
      expect(rows.filter((r) => Object.keys(r).sort().join() !== columns).slice(0, 3), table).toEqual([]);
    }
  });

  it("every tenant row carries the company_id of a seeded company", () => {
    const missing: string[] = [];
    for (const table of SEED_TABLE_ORDER) {
      if (table === "companies") continue;
      for (const row of tables[table] ?? []) {
        if (typeof row.company_id !== "string" || !companyIds.has(row.company_id)) missing.push(`${table} ${JSON.stringify(row)}`);
      }
    }
    expect(missing.slice(0, 10)).toEqual([]);
  });

  it("every reference (manager, department, role, member, …) exists in the same company", () => {
    const broken: string[] = [];
    for (const table of SEED_TABLE_ORDER) {
      for (const row of tables[table] ?? []) {
        for (const [column, target] of REFERENCES) {
          if (!(column in row) || row[column] === null) continue;
          const found = byId.get(TABLE_REFERENCES[table]?.[column] ?? target)?.get(row[column]);
          if (!found || found.company_id !== row.company_id) broken.push(`${table}.${column} = ${row[column]} (company ${row.company_id})`);
        }
      }
    }
    expect(broken.slice(0, 10)).toEqual([]);
  });

  it("every user has a department and a role of their own company; every manager is another person", () => {
    for (const u of tables.users) {
      expect(byId.get("departments")!.get(u.department_id)?.company_id, String(u.id)).toBe(u.company_id);
      expect(byId.get("roles")!.get(u.role_id)?.company_id, String(u.id)).toBe(u.company_id);
    }
    expect(tables.user_managers.filter((m) => m.user_id === m.manager_id)).toEqual([]);
  });

  it("all primary keys are unique, and e-mails are unique within a company", () => {
    for (const table of SEED_TABLE_ORDER) {
      const rows = tables[table] ?? [];
      const key = PRIMARY_KEYS[table] ?? ["id"];
      const keys = rows.map((r) => key.map((k) => r[k]).join("\u0000"));
      expect(new Set(keys).size, table).toBe(rows.length);
    }
    const emails = tables.users.map((u) => `${u.company_id}/${String(u.email).toLowerCase()}`);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it("every statement stays under D1's 100 KB statement limit", () => {
    for (const sql of replaceStatements(tables)) expect(Buffer.byteLength(sql)).toBeLessThan(100_000);
  });
});

// node:sqlite ships with Node 22.5+; npm scripts and npx run Node 22 (the `node` devDependency).
const sqlite = await import("node:sqlite").catch(() => null);

describe.skipIf(!sqlite)("the seed SQL against the real schema (node:sqlite, in memory)", () => {
  function migratedDatabase() {
    const db = new sqlite!.DatabaseSync(":memory:");
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    // drizzle-kit's "--> statement-breakpoint" markers are SQL comments, so each file runs as is.
    for (const file of files) db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));
    return db;
  }
  const count = (db: InstanceType<NonNullable<typeof sqlite>["DatabaseSync"]>, table: string) =>
    Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);

  it("inserts every seeded row of demo + large, table by table", () => {
    const db = migratedDatabase();
    const tables = combined(demo, large);
    for (const sql of seedStatements(tables)) db.exec(sql);
    for (const table of SEED_TABLE_ORDER) expect(count(db, table), table).toBe((tables[table] ?? []).length);
    const mona = db.prepare("SELECT user_id FROM user_managers WHERE manager_id = ? ORDER BY user_id").all(userId("acme", "mona"));
    expect(mona.map((r) => (r as { user_id: string }).user_id)).toEqual([userId("acme", "ed"), userId("acme", "eve")]);
    const apostrophe = db.prepare("SELECT count(*) AS n FROM users WHERE name LIKE ?").get("%O'Brien%") as { n: number };
    expect(apostrophe.n).toBeGreaterThan(0);
  });

  it("replaceStatements is re-runnable and leaves other companies alone", () => {
    const db = migratedDatabase();
    for (const sql of seedStatements(combined(demo, large))) db.exec(sql);
    db.exec("INSERT INTO sessions (id, user_id, company_id, expires_at) VALUES ('s-1', 'u-acme-alice', 'c-acme', 0)");
    for (let run = 0; run < 2; run++) for (const sql of replaceStatements(demo, 200)) db.exec(sql);
    for (const table of SEED_TABLE_ORDER) {
      expect(count(db, table), table).toBe((demo[table] ?? []).length + (large[table] ?? []).length);
    }
    expect(count(db, "sessions")).toBe(1);
  });
});
