import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  LARGE_REVIEW,
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
import { PAIR_STATES, type PairAnswers } from "../../app/modules/reviews/campaign-machine";
import type { StoredBlock } from "../../app/modules/reviews/questionnaire-blocks";

/** The time the seed "runs" (reviews' dates are relative to it): 22 Nov 2026, 11:37 UTC. */
const NOW = Date.UTC(2026, 10, 22, 11, 37);
const demo = demoSeed(NOW);
const large = largeSeed(5000, NOW);
const MIGRATIONS_DIR = path.resolve(__dirname, "../../migrations");

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
];

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
          const found = byId.get(target)?.get(row[column]);
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
