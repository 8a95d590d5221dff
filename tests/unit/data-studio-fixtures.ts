import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { permissionsFor } from "~/lib/permissions/registry";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * A real SQLite (node:sqlite) with the app's migrations and two small companies, for the Data
 * Studio compiler's tests. Each company has a secret person who is the author of its anonymous
 * things only (an anonymous feedback item, an anonymous review's answers, an anonymous survey
 * response) and is linked to nothing else. `leaky: true` stores those authors next to what they
 * wrote (as a careless write path would); `leaky: false` stores none, as the app does. A statement
 * that returns the same rows on both never joins an anonymous item to its author.
 */

type Database = {
  exec(sql: string): void;
  prepare(sql: string): { all(...params: unknown[]): Array<Record<string, unknown>>; run(...params: unknown[]): unknown };
  close(): void;
};

const require = createRequire(import.meta.url);
// node:sqlite is Node 22's built-in SQLite (the project's Node); required lazily so a loader without it fails here, clearly.
const { DatabaseSync } = require("node:sqlite") as { DatabaseSync: new (path: string) => Database };

const dialect = new SQLiteSyncDialect();
const MIGRATIONS = join(process.cwd(), "migrations");

export const COMPANIES = {
  A: { id: "co-a", name: "Acme", platform: "slack" as const },
  B: { id: "co-b", name: "Bolt", platform: "msteams" as const },
};
export type CompanyKey = keyof typeof COMPANIES;

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 9, 30);

function insert(db: Database, table: string, row: Record<string, unknown>) {
  const names = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).run(
    ...names.map((n) => {
      const v = row[n];
      if (typeof v === "boolean") return v ? 1 : 0;
      if (v !== null && typeof v === "object") return JSON.stringify(v);
      return v;
    })
  );
}

/** The ids of one company's fixture rows (prefixed by the company key). */
export function ids(key: CompanyKey) {
  const p = key.toLowerCase();
  return {
    admin: `${p}-admin`,
    teamAdmin: `${p}-team-admin`,
    manager: `${p}-manager`,
    employee: `${p}-employee`,
    peer: `${p}-peer`,
    secret: `${p}-secret`,
    departmentOne: `${p}-dep-1`,
    departmentTwo: `${p}-dep-2`,
    role: `${p}-role`,
    group: `${p}-group`,
    relationship: `${p}-rel`,
    namedCampaign: `${p}-camp-named`,
    anonymousCampaign: `${p}-camp-anon`,
    survey: `${p}-survey`,
    namedRun: `${p}-run-named`,
    anonymousRun: `${p}-run-anon`,
  };
}

function seedCompany(db: Database, key: CompanyKey, leaky: boolean) {
  const co = COMPANIES[key];
  const id = ids(key);
  const c = co.id;
  const n = co.name;
  insert(db, "companies", { id: c, name: n, platform: co.platform, external_id: `ext-${c}`, created_at: T0 });
  insert(db, "departments", { id: id.departmentOne, company_id: c, name: `${n} Engineering`, created_at: T0 });
  insert(db, "departments", { id: id.departmentTwo, company_id: c, name: `${n} Sales`, created_at: T0 });
  insert(db, "roles", { id: id.role, company_id: c, name: `${n} Engineer`, created_at: T0 });
  const person = (uid: string, name: string, extra: Record<string, unknown> = {}) =>
    insert(db, "users", {
      id: uid,
      company_id: c,
      name: `${n} ${name}`,
      email: `${name.toLowerCase()}@${n.toLowerCase()}.test`,
      title: `${n} ${name} title`,
      department_id: id.departmentOne,
      role_id: id.role,
      created_at: T0,
      ...extra,
    });
  person(id.admin, "Admin", { is_super_admin: 1 });
  person(id.teamAdmin, "Teamadmin", { is_team_admin: 1 });
  person(id.manager, "Manager");
  person(id.employee, "Employee", { department_id: id.departmentTwo });
  person(id.peer, "Peer", { is_deleted: 0 });
  // The secret author: department and role of their own kind, so nothing but authorship links them.
  person(id.secret, "Secret", { department_id: null, role_id: null });
  insert(db, "user_managers", { company_id: c, user_id: id.employee, manager_id: id.manager, created_at: T0 });
  insert(db, "user_managers", { company_id: c, user_id: id.peer, manager_id: id.manager, created_at: T0 });
  insert(db, "custom_relationships", { id: id.relationship, company_id: c, name: `${n} Mentors`, created_at: T0 });
  insert(db, "custom_relationship_members", { company_id: c, relationship_id: id.relationship, user_id: id.employee, created_at: T0 });
  insert(db, "custom_relationship_members", { company_id: c, relationship_id: id.relationship, user_id: id.teamAdmin, created_at: T0 });
  insert(db, "groups", { id: id.group, company_id: c, name: `${n} Group`, channel_name: `${n} channel`, created_at: T0 });
  insert(db, "group_members", { company_id: c, group_id: id.group, user_id: id.teamAdmin, is_admin: 1 });
  insert(db, "group_members", { company_id: c, group_id: id.group, user_id: id.peer, is_admin: 0 });

  const feedback = (fid: string, row: Record<string, unknown>) =>
    insert(db, "feedback_items", {
      id: `${c}-${fid}`,
      company_id: c,
      source: "direct",
      feedback_type: "feedback",
      feedback_type_title: "Feedback",
      template_type: "FreeText",
      created_at: T0,
      sent_at: T0,
      ...row,
    });
  feedback("f1", { sender_id: id.manager, receiver_id: id.employee, feedback_text: `${n} well done` });
  feedback("f2", { sender_id: id.employee, receiver_id: id.peer, feedback_text: `${n} private note` });
  feedback("f3", { sender_id: id.peer, receiver_id: id.manager, feedback_text: `=cmd|' /C calc'!A0 ${n}`, is_public: 1, source: "praise", feedback_type: "praise" });
  feedback("f4", { sender_id: leaky ? id.secret : null, receiver_id: id.employee, anonymous: 1, feedback_text: `${n} anonymous words`, source: "loop" });
  feedback("f5", { sender_id: leaky ? id.secret : null, receiver_id: id.peer, anonymous: 1, visible: 0, feedback_text: `${n} hidden words`, source: "loop" });

  insert(db, "goals", {
    id: `${c}-goal`,
    company_id: c,
    user_id: id.employee,
    name: `${n} learn SQL`,
    deadline: T0 + 30 * DAY,
    competency_ids: [],
    behaviour_ids: [],
    created_by: id.employee,
    created_at: T0,
    updated_at: T0,
  });
  insert(db, "objectives", { id: `${c}-obj`, company_id: c, owner_id: id.employee, name: `${n} grow`, weight: 50, kpis: [], created_at: T0 });
  insert(db, "objective_key_results", { id: `${c}-kr`, company_id: c, objective_id: `${c}-obj`, position: 0, name: `${n} revenue`, target: 100, actual: 40, created_at: T0, updated_at: T0 });

  const blocks = [
    { id: "q1", type: "short-text", typeTitle: "Short text", textValue: { label: `${n} What went well?`, placeholder: "", required: false } },
    { id: "q2", type: "multi-select", typeTitle: "Multi select", multiSelectValue: { label: `${n} Rate`, choices: [] } },
  ];
  const campaign = (cid: string, anonymous: boolean) =>
    insert(db, "review_campaigns", {
      id: cid,
      company_id: c,
      title: `${n} ${anonymous ? "anonymous" : "named"} review`,
      state: "closed",
      anonymous,
      template_blocks: blocks,
      created_at: T0,
      updated_at: T0,
    });
  campaign(id.namedCampaign, false);
  campaign(id.anonymousCampaign, true);
  insert(db, "review_pairs", {
    id: `${c}-pair-named`,
    company_id: c,
    campaign_id: id.namedCampaign,
    reviewee_id: id.employee,
    reviewer_id: id.manager,
    state: "completed",
    answers: { q1: { value: `${n} named answer`, comment: `${n} named comment` }, q2: { value: 4 } },
    completed_at: T0 + DAY,
    created_at: T0,
    updated_at: T0,
  });
  insert(db, "review_pairs", {
    id: `${c}-pair-anon`,
    company_id: c,
    campaign_id: id.anonymousCampaign,
    reviewee_id: id.employee,
    reviewer_id: leaky ? id.secret : "nobody",
    state: "completed",
    answers: { q1: { value: `${n} anonymous answer` }, q2: { value: 2, comment: `${n} anonymous comment` } },
    completed_at: T0 + DAY,
    created_at: T0,
    updated_at: T0,
  });

  const surveyBlocks = [{ id: "s1", type: "text-input", label: `${n} How are you?` }, { id: "s2", type: "choice", label: `${n} Score` }];
  insert(db, "surveys", { id: id.survey, company_id: c, title: `${n} pulse`, blocks: surveyBlocks, inspector_type: "users", inspector_ids: [id.manager], created_at: T0, updated_at: T0 });
  const run = (rid: string, anonymous: boolean, sequence: number) =>
    insert(db, "survey_runs", {
      id: rid,
      company_id: c,
      survey_id: id.survey,
      title: `${n} pulse ${anonymous ? "anonymous" : "named"}`,
      blocks: surveyBlocks,
      inspector_type: "users",
      inspector_ids: [id.manager],
      anonymous,
      state: "closed",
      sequence,
      submitted_count: 5,
      audience_count: 6,
      launched_at: T0,
    });
  run(id.namedRun, false, 1);
  run(id.anonymousRun, true, 2);
  const response = (rid: string, runId: string, respondent: string | null, department: string | null) => {
    insert(db, "survey_responses", { id: rid, company_id: c, run_id: runId, respondent_id: respondent, department_id: department, answers: {}, submitted_at: T0 });
    insert(db, "survey_answers", { company_id: c, run_id: runId, response_id: rid, block_id: "s1", department_id: department, value_text: `${n} answer of ${rid}` });
    insert(db, "survey_answers", { company_id: c, run_id: runId, response_id: rid, block_id: "s2", department_id: department, value_num: 7, comment: `${n} comment of ${rid}` });
  };
  response(`${c}-resp-named`, id.namedRun, id.employee, id.departmentTwo);
  response(`${c}-resp-anon`, id.anonymousRun, leaky ? id.secret : null, leaky ? id.departmentOne : null);
}

/** A database of the given companies (in that order). */
export function fixtureDb(companies: CompanyKey[], leaky: boolean): Database {
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) db.exec(readFileSync(join(MIGRATIONS, file), "utf8"));
  for (const key of companies) seedCompany(db, key, leaky);
  return db;
}

/** Runs a compiled drizzle statement. */
export function runSql(db: Database, statement: SQL): Array<Record<string, unknown>> {
  const { sql, params } = dialect.sqlToQuery(statement);
  return db.prepare(sql).all(...params);
}

export function sqlText(statement: SQL): string {
  return dialect.sqlToQuery(statement).sql;
}

export function parameters(statement: SQL): unknown[] {
  return dialect.sqlToQuery(statement).params;
}

export type ViewerKind = "admin" | "teamAdmin" | "manager" | "employee";

/** A signed-in person of the fixture, with the registry's permissions. */
export function fixtureViewer(key: CompanyKey, kind: ViewerKind): Viewer {
  const co = COMPANIES[key];
  const id = ids(key)[kind];
  const isSuperAdmin = kind === "admin";
  const isTeamAdmin = kind === "teamAdmin";
  const isManager = kind === "manager";
  const settings = { customRelationships: true, aiEnabled: false, reviewAnalytics: true, userAdminView: true };
  return {
    sessionId: "s",
    view: "ADMIN",
    workspaceId: null,
    user: { id, name: id, email: `${id}@test`, title: null, imageUrl: null, isSuperAdmin, isTeamAdmin },
    company: {
      id: co.id,
      name: co.name,
      platform: co.platform,
      analyticsColorScale: "default",
      aiEnabled: false,
      reviewAnalytics: true,
      customRelationships: true,
      userAdminView: true,
      goalsInsteadOfObjectives: false,
      anonymityFloor: 3,
    },
    isManager,
    permissions: permissionsFor({ platform: co.platform, isSuperAdmin, isTeamAdmin, isManager, settings } as Parameters<typeof permissionsFor>[0]),
  };
}
