// The demo companies (DESIGN.md "Demo company"): pure and deterministic, so the same rows are
// seeded by `npm start` / `npm run db:seed` (Node, via SQL text) and by the worker tests (inside
// workerd, via D1 batch). Ids are readable on purpose: tests and demos name them.
//
// Node loads this file with its own type stripping (scripts/seed.mjs, scripts/e2e.mjs through
// tests/support/fake-oidc.ts), without a bundler: so it imports only modules that have no imports
// of their own but types, by their `.ts` path (tsc accepts such paths only with
// allowImportingTsExtensions, hence the @ts-ignore TS5097), and types with `import type`.
// @ts-ignore TS5097
import { blocksFromPredefined, findPredefinedTemplate } from "../../modules/reviews/predefined-templates.ts";
import type { NominationState, PairAnswer, PairAnswers, PairState, ReviewState, ShareConfig } from "../../modules/reviews/campaign-machine";
// @ts-ignore TS5097
import { demoSurveyRows, largeSurveyRows } from "./surveys.ts";
// @ts-ignore TS5097
import { demoFeedbackLoopRows, largeFeedbackLoopRows } from "./feedback-loops.ts";
// @ts-ignore TS5097
import { demoAiFeedbackRows } from "./ai-feedbacks.ts";
// @ts-ignore TS5097
import { demoObjectivesCampaignRows, largeObjectivesCampaignRows } from "./objectives-campaigns.ts";
// @ts-ignore TS5097
import { demoFeedbackRows, foldFeedbackCounts, loopFeedbackRows } from "./feedback.ts";
// @ts-ignore TS5097
import { demoObjectiveSetRows, largeObjectiveSetRows } from "./objective-sets.ts";
// @ts-ignore TS5097
export { DEMO_FEEDBACK, FEEDBACK_COUNT_UPSERTS, FEEDBACK_SEED_TABLES, LARGE_FEEDBACK_ITEMS, largeFeedbackBatches, rollupRebuildStatements } from "./feedback.ts";
// @ts-ignore TS5097
import { demoGoalRows } from "./goals.ts";
// @ts-ignore TS5097
import { demoNotificationChannelRows } from "./notification-channels.ts";
// @ts-ignore TS5097
import { demoOneOnOneRows, largeOneOnOneRows } from "./one-on-ones.ts";
// @ts-ignore TS5097
import { demoDataStudioRows } from "./data-studio.ts";
// @ts-ignore TS5097
import { toStoredBlocks } from "../../modules/reviews/questionnaire-blocks.ts";
import type { BlockForm, Catalogue, CompetencySnapshot, ObjectiveSnapshot, StoredBlock } from "../../modules/reviews/questionnaire-blocks";
import type { Row, SeedTables } from "./tables";

export type { Row, SeedTables };

/** Insertion order (parents before children). */
export const SEED_TABLE_ORDER = [
  "companies",
  "departments",
  "roles",
  "users",
  "user_managers",
  "workspaces",
  "workspace_members",
  "channels",
  "channel_members",
  "groups",
  "group_members",
  "competencies",
  "behaviours",
  "custom_relationships",
  "custom_relationship_members",
  "objectives_campaigns",
  "objectives_participants",
  "objectives",
  "objective_key_results",
  "objective_check_ins",
  "goals",
  "review_templates",
  "review_campaigns",
  "review_pairs",
  "review_nominations",
  "survey_templates",
  "surveys",
  "survey_runs",
  "survey_recipients",
  "survey_drafts",
  "survey_responses",
  "survey_answers",
  "feedback_library_loops",
  "feedback_loops",
  "feedback_loop_runs",
  "feedback_loop_pairs",
  "one_on_ones",
  "one_on_one_parties",
  "ai_feedbacks",
  "ai_chats",
  "ai_chat_messages",
  "feedback_requests",
  "feedback_items",
  "feedback_daily_counts",
  "feedback_competency_counts",
  "feedback_running_counts",
  "feedback_company_competency_counts",
  "data_studio_views",
  "notification_channel_settings",
] as const;

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

export const DEMO = {
  acme: { id: "c-acme", name: "Acme", platform: "slack", externalId: "T0ACME01", domain: "acme.test" },
  globex: {
    id: "c-globex",
    name: "Globex",
    platform: "msteams",
    externalId: "9b1c6f0e-7d1a-4c55-9a57-0d5c1f1e6a01",
    domain: "globex.test",
  },
  large: { id: "c-initech", name: "Initech", platform: "slack", externalId: "T0INITECH", domain: "initech.test" },
} as const;

/** The seeded account id for an e-mail local part, e.g. userId("acme", "alice") = "u-acme-alice". */
export function userId(company: "acme" | "globex" | "large", localPart: string) {
  return `u-${company === "large" ? "initech" : company}-${localPart}`;
}

const DEPARTMENTS = ["Engineering", "Product", "Sales", "People", "Finance", "Customer Success"];
const ROLES = [
  "Software Engineer",
  "Engineering Manager",
  "Product Manager",
  "Designer",
  "Account Executive",
  "HR Partner",
  "Financial Analyst",
  "Support Specialist",
  "Director",
];

const COMPETENCIES: Array<[string, string, string[]]> = [
  [
    "Communication",
    "Shares information clearly and listens to understand.",
    ["Listens actively", "Writes clearly and concisely", "Shares context early"],
  ],
  [
    "Collaboration",
    "Works with others toward shared goals.",
    ["Seeks input from others", "Gives credit generously", "Resolves conflict constructively"],
  ],
  [
    "Ownership",
    "Takes responsibility for outcomes end to end.",
    ["Follows through on commitments", "Raises risks early", "Learns from mistakes"],
  ],
  [
    "Technical Excellence",
    "Builds quality into the work.",
    ["Writes maintainable solutions", "Reviews work thoroughly", "Keeps skills current"],
  ],
  [
    "Customer Focus",
    "Understands and serves customer needs.",
    ["Seeks customer feedback", "Prioritises customer impact", "Explains trade-offs to customers"],
  ],
  ["Leadership", "Sets direction and grows people.", ["Sets clear expectations", "Coaches others", "Makes timely decisions"]],
];

/** Company objectives with KPIs (objective questions of review questionnaires pick from these). */
const OBJECTIVES: Array<[name: string, description: string, weight: number, kpis: Array<[string, string]>]> = [
  [
    "Grow annual recurring revenue",
    "Expand revenue from new and existing customers.",
    30,
    [
      ["ARR growth", "20% year on year"],
      ["Net revenue retention", "110%"],
    ],
  ],
  [
    "Delight our customers",
    "Make support fast and helpful.",
    25,
    [
      ["Customer satisfaction (CSAT)", "92%"],
      ["First response time", "Under 2 hours"],
    ],
  ],
  [
    "Ship a reliable platform",
    "Keep the product fast and available.",
    20,
    [
      ["Uptime", "99.95%"],
      ["Incidents with customer impact", "At most 2 a quarter"],
    ],
  ],
  [
    "Build a great place to work",
    "Grow and keep our people.",
    15,
    [
      ["Engagement score", "80 or more"],
      ["Regretted attrition", "Under 5%"],
    ],
  ],
  [
    "Operate efficiently",
    "Spend where it moves the needle.",
    10,
    [
      ["Budget variance", "Within 3%"],
      ["Cost per hire", "Down 10%"],
    ],
  ],
  [
    "Expand into a new market",
    "Open one new region with a local team.",
    10,
    [
      ["Signed customers in the region", "10"],
      ["Local hires", "5"],
    ],
  ],
];

const SURNAMES = [
  "Morgan",
  "Patel",
  "Nakamura",
  "Okafor",
  "Schmidt",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Fernandes",
  "Lindqvist",
  "O'Brien",
  "Novak",
  "Tanaka",
  "Mensah",
  "Dubois",
  "García",
  "Ivanova",
  "Khan",
  "Larsen",
  "Moreau",
  "Nguyen",
  "Oliveira",
  "Park",
  "Quinn",
  "Reyes",
  "Silva",
  "Thompson",
  "Usman",
  "Varga",
  "Weber",
];

interface Person {
  local: string;
  dept: string;
  role: string;
  title: string;
  superAdmin?: boolean;
  teamAdmin?: boolean;
  managers?: string[];
  excluded?: boolean;
  deleted?: boolean;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function roster(
  core: Person[],
  extra: Array<[local: string, dept: string, role: string, title: string, manager: string | null]>
): Person[] {
  return [
    ...core,
    ...extra.map(([local, dept, role, title, manager]) => ({ local, dept, role, title, managers: manager ? [manager] : [] })),
  ];
}

const ACME_PEOPLE = roster(
  [
    { local: "alice", dept: "People", role: "Director", title: "Head of People", superAdmin: true },
    { local: "adam", dept: "Engineering", role: "Engineering Manager", title: "Engineering Lead", teamAdmin: true, managers: ["alice"] },
    { local: "mona", dept: "Product", role: "Director", title: "Product Director", managers: ["alice"] },
    { local: "eve", dept: "Product", role: "Product Manager", title: "Product Manager", managers: ["mona"] },
    { local: "ed", dept: "Product", role: "Designer", title: "Product Designer", managers: ["mona"] },
    { local: "sam", dept: "Customer Success", role: "Support Specialist", title: "Support Specialist" },
  ],
  [
    ["priya", "Engineering", "Software Engineer", "Senior Engineer", "adam"],
    ["liam", "Engineering", "Software Engineer", "Engineer", "adam"],
    ["noah", "Engineering", "Software Engineer", "Engineer", "adam"],
    ["olivia", "Engineering", "Software Engineer", "Staff Engineer", "adam"],
    ["kenji", "Engineering", "Software Engineer", "Engineer", "olivia"],
    ["zara", "Engineering", "Software Engineer", "Engineer", "olivia"],
    ["victor", "Sales", "Director", "Sales Director", "alice"],
    ["bella", "Sales", "Account Executive", "Account Executive", "victor"],
    ["carlos", "Sales", "Account Executive", "Account Executive", "victor"],
    ["dina", "Sales", "Account Executive", "Sales Development Rep", "victor"],
    ["felix", "Finance", "Director", "Finance Director", "alice"],
    ["grace", "Finance", "Financial Analyst", "Financial Analyst", "felix"],
    ["hugo", "Finance", "Financial Analyst", "Accountant", "felix"],
    ["iris", "People", "HR Partner", "HR Business Partner", "alice"],
    ["jonas", "People", "HR Partner", "Recruiter", "iris"],
    ["kara", "Customer Success", "Director", "Head of Customer Success", "alice"],
    ["leo", "Customer Success", "Support Specialist", "Support Specialist", "kara"],
    ["maya", "Customer Success", "Support Specialist", "Customer Success Manager", "kara"],
    ["nina", "Product", "Designer", "UX Researcher", "alice"], // not under mona: her team is exactly eve and ed
    ["omar", "Engineering", "Software Engineer", "Engineer", "adam"],
    ["paula", "Sales", "Account Executive", "Account Executive", "victor"],
    ["quentin", "Finance", "Financial Analyst", "Analyst", "felix"],
    ["rosa", "Customer Success", "Support Specialist", "Support Specialist", "kara"],
    ["tariq", "Engineering", "Software Engineer", "Engineer", "olivia"],
  ]
);

const GLOBEX_PEOPLE = roster(
  [
    { local: "gina", dept: "People", role: "Director", title: "Chief People Officer", superAdmin: true },
    {
      local: "gary",
      dept: "Engineering",
      role: "Engineering Manager",
      title: "Engineering Group Admin",
      teamAdmin: true,
      managers: ["gina"],
    },
    { local: "mike", dept: "Sales", role: "Director", title: "Sales Director", managers: ["gina"] },
    { local: "tina", dept: "Sales", role: "Account Executive", title: "Account Executive", managers: ["mike"] },
    { local: "tom", dept: "Sales", role: "Account Executive", title: "Account Executive", managers: ["mike"] },
  ],
  [
    ["hank", "Engineering", "Software Engineer", "Senior Engineer", "gary"],
    ["ivy", "Engineering", "Software Engineer", "Engineer", "gary"],
    ["jack", "Engineering", "Software Engineer", "Engineer", "gary"],
    ["kim", "Engineering", "Software Engineer", "Engineer", "hank"],
    ["lena", "Engineering", "Software Engineer", "Engineer", "hank"],
    ["marco", "Product", "Director", "Head of Product", "gina"],
    ["nora", "Product", "Product Manager", "Product Manager", "marco"],
    ["oscar", "Product", "Designer", "Designer", "marco"],
    ["pia", "Product", "Product Manager", "Product Manager", "marco"],
    ["ravi", "Sales", "Account Executive", "Account Executive", "mike"],
    ["sofia", "Sales", "Account Executive", "Account Manager", "mike"],
    ["uma", "Finance", "Director", "Finance Director", "gina"],
    ["vik", "Finance", "Financial Analyst", "Analyst", "uma"],
    ["wendy", "Finance", "Financial Analyst", "Controller", "uma"],
    ["xavier", "People", "HR Partner", "HR Partner", "gina"],
    ["yara", "People", "HR Partner", "Talent Partner", "xavier"],
    ["zoe", "Customer Success", "Director", "Head of Support", "gina"],
    ["abel", "Customer Success", "Support Specialist", "Support Specialist", "zoe"],
    ["bruno", "Customer Success", "Support Specialist", "Support Specialist", "zoe"],
    ["cleo", "Customer Success", "Support Specialist", "Support Lead", "zoe"],
    ["dev", "Engineering", "Software Engineer", "Engineer", "gary"],
    ["elsa", "Sales", "Account Executive", "Sales Development Rep", "mike"],
  ]
);

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function companyRows(key: "acme" | "globex" | "large", people: Person[], departments: string[]): SeedTables {
  const c = DEMO[key];
  const tables: SeedTables = Object.fromEntries(SEED_TABLE_ORDER.map((t) => [t, []]));
  const cid = c.id;
  const short = cid.slice(2);
  tables.companies.push({
    id: cid,
    name: c.name,
    platform: c.platform,
    external_id: c.externalId,
    analytics_color_scale: "default",
    ai_enabled: 1,
    review_analytics: c.platform === "slack" ? 1 : 0,
    custom_relationships: 1,
    user_admin_view: 1,
    created_at: T0,
  });
  const deptId = (name: string) => `d-${short}-${slug(name)}`;
  const roleId = (name: string) => `r-${short}-${slug(name)}`;
  for (const name of departments) tables.departments.push({ id: deptId(name), company_id: cid, name, created_at: T0 });
  for (const name of ROLES) tables.roles.push({ id: roleId(name), company_id: cid, name, created_at: T0 });

  people.forEach((p, i) => {
    const surname = SURNAMES[(i * 7 + p.local.length) % SURNAMES.length];
    tables.users.push({
      id: userId(key, p.local),
      company_id: cid,
      name: `${cap(p.local.replace(/\d+$/, ""))} ${surname}`,
      email: `${p.local}@${c.domain}`,
      title: p.title,
      image_url: null,
      role_id: roleId(p.role),
      department_id: deptId(p.dept),
      is_super_admin: p.superAdmin ? 1 : 0,
      is_team_admin: p.teamAdmin ? 1 : 0,
      is_excluded: p.excluded ? 1 : 0,
      is_deleted: p.deleted ? 1 : 0,
      slack_user_id: c.platform === "slack" ? `U${short.toUpperCase()}${String(i + 1).padStart(5, "0")}` : null,
      msteams_user_id: c.platform === "msteams" ? `29:${short}-${String(i + 1).padStart(5, "0")}` : null,
      source: "chat",
      created_at: T0 + i * 60_000,
    });
    for (const m of p.managers ?? []) {
      tables.user_managers.push({ company_id: cid, user_id: userId(key, p.local), manager_id: userId(key, m), created_at: T0 });
    }
  });

  COMPETENCIES.forEach(([name, description, behaviours], i) => {
    const compId = `k-${short}-${slug(name)}`;
    tables.competencies.push({ id: compId, company_id: cid, name, description, created_at: T0 + i });
    behaviours.forEach((b, j) =>
      tables.behaviours.push({ id: `${compId}-${j + 1}`, company_id: cid, competency_id: compId, name: b, position: j })
    );
  });
  OBJECTIVES.forEach(([name, description, weight, kpis], i) => {
    tables.objectives.push({
      id: `o-${short}-${slug(name)}`,
      company_id: cid,
      owner_id: null,
      name,
      description,
      weight,
      doc_type: "okr",
      kpis: JSON.stringify(kpis.map(([kpi, target]) => ({ name: kpi, target, period: "2026" }))),
      created_at: T0 + i,
    });
  });
  return tables;
}

function merge(into: SeedTables, from: SeedTables) {
  for (const [table, rows] of Object.entries(from)) (into[table] ??= []).push(...rows);
}

function acme(now: number): SeedTables {
  const t = companyRows("acme", ACME_PEOPLE, DEPARTMENTS);
  const cid = DEMO.acme.id;
  const all = ACME_PEOPLE.map((p) => userId("acme", p.local));
  const hq = "w-acme-hq";
  const labs = "w-acme-labs";
  t.workspaces.push(
    { id: hq, company_id: cid, name: "Acme HQ", slack_team_id: DEMO.acme.externalId, created_at: T0 },
    { id: labs, company_id: cid, name: "Acme Labs", slack_team_id: "T0ACMELABS", created_at: T0 }
  );
  for (const u of all) t.workspace_members.push({ company_id: cid, workspace_id: hq, user_id: u });
  // Engineering and product also sit in the Labs workspace, so they pick a primary workspace at sign-in.
  const labsPeople = ACME_PEOPLE.filter((p) => p.dept === "Engineering" || p.dept === "Product" || p.local === "alice");
  for (const p of labsPeople) t.workspace_members.push({ company_id: cid, workspace_id: labs, user_id: userId("acme", p.local) });
  const channels: Array<[string, string, string, boolean, (p: Person) => boolean]> = [
    ["ch-acme-general", hq, "general", false, () => true],
    ["ch-acme-engineering", hq, "engineering", false, (p) => p.dept === "Engineering"],
    ["ch-acme-product", hq, "product", false, (p) => p.dept === "Product"],
    ["ch-acme-sales", hq, "sales", false, (p) => p.dept === "Sales"],
    ["ch-acme-leadership", hq, "leadership", true, (p) => ["alice", "adam", "mona", "victor", "felix", "kara"].includes(p.local)],
    ["ch-acme-research", labs, "research", false, (p) => labsPeople.includes(p)],
  ];
  channels.forEach(([id, ws, name, isPrivate, who], i) => {
    t.channels.push({
      id,
      company_id: cid,
      workspace_id: ws,
      name,
      is_private: isPrivate ? 1 : 0,
      slack_channel_id: `C0ACME${i + 1}`,
      created_at: T0,
    });
    for (const p of ACME_PEOPLE.filter(who)) t.channel_members.push({ company_id: cid, channel_id: id, user_id: userId("acme", p.local) });
  });
  t.custom_relationships.push(
    { id: "rel-acme-phoenix", company_id: cid, name: "Project Phoenix", created_at: T0 },
    { id: "rel-acme-mentoring", company_id: cid, name: "Mentoring Circle", created_at: T0 }
  );
  for (const local of ["eve", "ed", "priya", "liam", "bella"])
    t.custom_relationship_members.push({
      company_id: cid,
      relationship_id: "rel-acme-phoenix",
      user_id: userId("acme", local),
      origin: "manual",
      created_at: T0,
    });
  for (const local of ["alice", "sam", "zara", "leo"])
    t.custom_relationship_members.push({
      company_id: cid,
      relationship_id: "rel-acme-mentoring",
      user_id: userId("acme", local),
      origin: "manual",
      created_at: T0,
    });
  merge(t, reviewRows(t, "acme", 1, "alice", acmeCampaigns(), now));
  return t;
}

function globex(now: number): SeedTables {
  const t = companyRows("globex", GLOBEX_PEOPLE, DEPARTMENTS);
  const cid = DEMO.globex.id;
  const groups: Array<[string, string, string, (p: Person) => boolean, string[]]> = [
    ["g-globex-all", "Globex All Hands", "General", () => true, ["gina"]],
    ["g-globex-engineering", "Engineering", "Engineering", (p) => p.dept === "Engineering", ["gary"]],
    ["g-globex-sales", "Sales Team", "Deals", (p) => p.dept === "Sales", ["mike"]],
    ["g-globex-people", "People Ops", "People", (p) => p.dept === "People" || p.local === "gary", ["gina"]],
  ];
  groups.forEach(([id, name, channel, who, admins], i) => {
    t.groups.push({
      id,
      company_id: cid,
      name,
      channel_name: channel,
      msteams_group_id: `19:globex-group-${i + 1}@thread.tacv2`,
      created_at: T0,
    });
    for (const p of GLOBEX_PEOPLE.filter(who))
      t.group_members.push({
        company_id: cid,
        group_id: id,
        user_id: userId("globex", p.local),
        is_admin: admins.includes(p.local) ? 1 : 0,
      });
  });
  t.custom_relationships.push({ id: "rel-globex-buddies", company_id: cid, name: "Onboarding Buddies", created_at: T0 });
  for (const local of ["tina", "ivy", "nora", "abel"])
    t.custom_relationship_members.push({
      company_id: cid,
      relationship_id: "rel-globex-buddies",
      user_id: userId("globex", local),
      origin: "manual",
      created_at: T0,
    });
  merge(t, reviewRows(t, "globex", 2, "gina", globexCampaigns(), now));
  return t;
}

// ---------------------------------------------------------------------------------------------
// Review questionnaires and campaigns (000 §3, §4): two questionnaires from the predefined
// templates and campaigns in every state, with pairs in every pair state on the live one.
// ---------------------------------------------------------------------------------------------

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A review's dates are relative to the day the seed runs (00:00 UTC): scheduled starts ahead, a delayed end behind. */
function seedDay(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  return (days: number, hour = 9) => today + days * DAY + hour * HOUR;
}

/** The questionnaires each company gets: [id suffix, predefined template id]. */
const SEEDED_QUESTIONNAIRES = [
  ["quarterly", "quarterly-check-in"],
  ["annual", "annual-review"],
] as const;
type QuestionnaireKey = (typeof SEEDED_QUESTIONNAIRES)[number][0];

/**
 * A block id of a seeded questionnaire: UUID-shaped like the ids the builder stores (so saving it
 * in the builder keeps them) and readable: company, questionnaire and block number.
 */
function seededBlockId(company: number, questionnaire: number, block: number) {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  return `5eed${hex(company, 4)}-${hex(questionnaire, 4)}-4000-8000-${hex(block, 12)}`;
}

/**
 * What the builder offers a company's questionnaire (loadCatalogue in questionnaires.server.ts):
 * the first five competencies by name with their behaviours, the first five objectives by creation.
 */
export function seededCatalogue(tables: SeedTables, companyId: string) {
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const competencies: CompetencySnapshot[] = tables.competencies
    .filter((c) => c.company_id === companyId)
    .sort((a, b) => byText(String(a.name), String(b.name)) || byText(String(a.id), String(b.id)))
    .slice(0, 5)
    .map((c) => ({
      id: String(c.id),
      name: String(c.name),
      description: c.description === null ? null : String(c.description),
      behaviours: tables.behaviours
        .filter((b) => b.competency_id === c.id)
        .sort((a, b) => Number(a.position) - Number(b.position) || byText(String(a.name), String(b.name)))
        .map((b) => ({ id: String(b.id), name: String(b.name) })),
    }));
  const objectives: ObjectiveSnapshot[] = tables.objectives
    .filter((o) => o.company_id === companyId)
    .sort((a, b) => Number(a.created_at) - Number(b.created_at) || byText(String(a.id), String(b.id)))
    .slice(0, 5)
    .map((o) => ({
      id: String(o.id),
      name: String(o.name),
      weight: Number(o.weight),
      docType: String(o.doc_type),
      kpis: JSON.parse(String(o.kpis)),
    }));
  return { competencies, objectives };
}

/** The form blocks a seeded questionnaire is saved from: the predefined template's, with seeded block ids. */
export function seededQuestionnaireForm(tables: SeedTables, companyId: string, predefinedId: string, companyNumber: number, n: number) {
  const template = findPredefinedTemplate(predefinedId);
  if (!template) throw new Error(`no predefined template ${predefinedId}`);
  const offered = seededCatalogue(tables, companyId);
  const blocks: BlockForm[] = blocksFromPredefined(template, offered).map((block: BlockForm, i: number) => ({
    ...block,
    key: seededBlockId(companyNumber, n, i + 1),
  }));
  return { title: template.title, blocks, offered };
}

const LONG_ANSWERS = [
  "Took ownership of the release process and cut the time from merge to production in half.",
  "Consistently shares context early, which made planning with the rest of the team much easier.",
  "Mentored two newer colleagues and wrote the onboarding guide the team now uses.",
  "Could delegate more: a few projects waited on reviews that others could have picked up.",
  "Handled a difficult customer escalation calmly and turned it into a renewal.",
  "Would benefit from writing down decisions so people outside the team can follow them.",
];
const SHORT_ANSWERS = ["Ship the new onboarding flow", "Same team, daily", "Grow the enterprise pipeline", "Reduce support backlog"];
const CHOICE_COMMENTS = [
  "Clear progress this quarter; the customer feedback backs it up.",
  "Strong example: led the incident review in October.",
  "Mostly there; a couple of deadlines slipped.",
];

/**
 * A reviewer's answers (campaign-machine.ts PairAnswers) to a questionnaire's blocks: the chosen
 * choice's value for choice-like blocks, text for text blocks, now and then a comment or Not
 * Applicable. `upTo` answers only the first questions (a started, unsubmitted review).
 */
function seededAnswers(blocks: StoredBlock[], seed: number, upTo = Infinity): PairAnswers {
  const answers: PairAnswers = {};
  let asked = 0;
  blocks.forEach((block, j) => {
    if ("titleValue" in block) return;
    if (asked++ >= upTo) return;
    const k = seed + j;
    if ("textValue" in block) {
      const pool = block.type === "short-text" ? SHORT_ANSWERS : LONG_ANSWERS;
      answers[block.id] = { value: pool[k % pool.length] };
      return;
    }
    const v =
      "multiSelectValue" in block ? block.multiSelectValue : "competencyValue" in block ? block.competencyValue : block.objectiveValue;
    if (v.isNotApplicableOption && k % 7 === 3) {
      answers[block.id] = { value: null, notApplicable: true };
      return;
    }
    // Mostly the upper choices, as real reviews lean.
    const choice = v.choices[Math.max(0, v.choices.length - 1 - (k % Math.min(3, v.choices.length)))];
    const answer: PairAnswer = { value: choice?.value ?? null };
    if (v.commentBox && k % 3 === 0) answer.comment = CHOICE_COMMENTS[Math.floor(k / 3) % CHOICE_COMMENTS.length];
    answers[block.id] = answer;
  });
  return answers;
}

type SeedPair = [reviewee: string, reviewer: string, state: PairState, comment?: string];

interface CampaignSpec {
  /** The id is rc-{company}-{key}; its pairs rp-{company}-{key}-01…, its nominations rn-{company}-{key}-{local}. */
  key: string;
  title: string;
  state: ReviewState;
  questionnaire: QuestionnaireKey;
  /** A workspace (Slack-type) or a group (Teams-type) id. */
  scope: string;
  createdBy: string;
  /** Days from the seeding day (negative: before it). */
  created: number;
  updated: number;
  launched?: number;
  start?: number;
  end?: number;
  automaticClose?: boolean;
  anonymous?: boolean;
  share?: ShareConfig;
  nominees?: Array<[local: string, state: NominationState]>;
  pairs: SeedPair[];
}

const SHARE_MANUAL: ShareConfig = { type: "manual", canShare: ["reviewer"] };
const SHARE_AT_CLOSE: ShareConfig = { type: "automated", shareWith: ["reviewees"], after: "close" };
const NOMINATION_PAIR_STATES: PairState[] = [
  "nominated",
  "review-progress",
  "awaiting-nomination",
  "nomination-manager-approved",
  "nomination-reviewer-declined",
  "nomination-manager-declined",
];

/** The questionnaires and reviews of one company (`tables`: its rows so far, for the competencies and objectives). */
function reviewRows(
  tables: SeedTables,
  key: "acme" | "globex" | "large",
  companyNumber: number,
  admin: string,
  campaigns: CampaignSpec[],
  now: number
): SeedTables {
  const cid = DEMO[key].id;
  const short = cid.slice(2);
  const at = seedDay(now);
  const out: SeedTables = { review_templates: [], review_campaigns: [], review_pairs: [], review_nominations: [] };
  const stored = new Map<QuestionnaireKey, { id: string; title: string; blocks: StoredBlock[] }>();
  SEEDED_QUESTIONNAIRES.forEach(([suffix, predefinedId], n) => {
    const form = seededQuestionnaireForm(tables, cid, predefinedId, companyNumber, n + 1);
    const catalogue: Catalogue = {
      competencies: new Map(form.offered.competencies.map((c) => [c.id, c])),
      objectives: new Map(form.offered.objectives.map((o) => [o.id, o])),
    };
    // Stored as the builder stores them when it saves the predefined template.
    const blocks: StoredBlock[] = toStoredBlocks(form, catalogue);
    const id = `rt-${short}-${suffix}`;
    stored.set(suffix, { id, title: form.title, blocks });
    out.review_templates.push({
      id,
      company_id: cid,
      title: form.title,
      hide_competency_selector: 0,
      blocks: JSON.stringify(blocks),
      created_by: userId(key, admin),
      created_at: T0 + DAY + n * HOUR,
      updated_at: T0 + DAY + n * HOUR,
    });
  });
  const platform = DEMO[key].platform;
  campaigns.forEach((c, ci) => {
    const id = `rc-${short}-${c.key}`;
    const template = stored.get(c.questionnaire)!;
    const launched = c.launched === undefined ? null : at(c.launched);
    const nominees = c.nominees ?? [];
    const nominationStarted = nominees.length > 0 ? at(c.launched ?? c.created, 10) : null;
    out.review_campaigns.push({
      id,
      company_id: cid,
      title: c.title,
      state: c.state,
      template_id: template.id,
      workspace_id: platform === "slack" ? c.scope : null,
      group_id: platform === "msteams" ? c.scope : null,
      anonymous: c.anonymous ? 1 : 0,
      start_at: c.start === undefined ? null : at(c.start),
      end_at: c.end === undefined ? null : at(c.end, 17),
      automatic_close: c.automaticClose ? 1 : 0,
      share_config: c.share ? JSON.stringify(c.share) : null,
      department_filter: null,
      nomination_audience: JSON.stringify(nominees.map(([local]) => userId(key, local))),
      nomination_started_at: nominationStarted,
      // Launching (or scheduling) takes the questionnaire's snapshot; a draft has none yet.
      template_title: launched === null ? null : template.title,
      template_blocks: launched === null ? null : JSON.stringify(template.blocks),
      launched_at: launched,
      version: 0,
      created_by: userId(key, c.createdBy),
      created_at: at(c.created),
      updated_at: at(c.updated, 18),
    });
    const nomineeIds = new Set(nominees.map(([local]) => local));
    c.pairs.forEach(([reviewee, reviewer, state, comment], pi) => {
      const answered = state === "completed" || state === "started";
      out.review_pairs.push({
        id: `rp-${short}-${c.key}-${String(pi + 1).padStart(2, "0")}`,
        company_id: cid,
        campaign_id: id,
        reviewee_id: userId(key, reviewee),
        reviewer_id: userId(key, reviewer),
        state,
        from_nominations: nomineeIds.has(reviewee) || NOMINATION_PAIR_STATES.includes(state) ? 1 : 0,
        decline_comment: comment ?? null,
        answers: answered ? JSON.stringify(seededAnswers(template.blocks, ci * 31 + pi, state === "started" ? 3 : Infinity)) : null,
        // Slack-type results shared by hand (the first completed pair) or when the review closed.
        shared_at:
          state === "completed" && platform === "slack" && c.share?.type === "automated" && c.state === "closed"
            ? at(c.end ?? c.updated, 17)
            : state === "completed" &&
              platform === "slack" &&
              c.share?.type === "manual" &&
              pi === c.pairs.findIndex((p) => p[2] === "completed")
            ? at(c.updated, 12)
            : null,
        created_at: launched ?? at(c.created),
        updated_at: state === "pending" ? launched ?? at(c.created) : at(c.updated, 10 + (pi % 6)),
        completed_at: state === "completed" ? at(c.updated, 10 + (pi % 6)) : null,
      });
    });
    for (const [local, state] of nominees) {
      out.review_nominations.push({
        id: `rn-${short}-${c.key}-${local}`,
        company_id: cid,
        campaign_id: id,
        reviewee_id: userId(key, local),
        state,
        created_at: nominationStarted!,
        updated_at: state === "open" ? nominationStarted! : at(c.updated, 9),
      });
    }
  });
  return out;
}

/** Acme's reviews (workspaces: Acme HQ has everyone, Acme Labs engineering, product and alice). */
function acmeCampaigns(): CampaignSpec[] {
  const hq = "w-acme-hq";
  const labs = "w-acme-labs";
  return [
    {
      key: "draft",
      title: "Q1 2027 Product Check-in",
      state: "draft",
      questionnaire: "quarterly",
      scope: labs,
      createdBy: "alice",
      created: -2,
      updated: -1,
      end: 60,
      pairs: [
        ["eve", "mona", "pending"],
        ["ed", "mona", "pending"],
        ["priya", "adam", "pending"],
      ],
    },
    {
      key: "scheduled",
      title: "Engineering Peer Review",
      state: "scheduled",
      questionnaire: "annual",
      scope: labs,
      createdBy: "adam",
      created: -5,
      updated: -3,
      launched: -3,
      start: 7,
      end: 28,
      automaticClose: true,
      share: SHARE_MANUAL,
      pairs: [
        ["liam", "adam", "pending"],
        ["noah", "adam", "pending"],
        ["kenji", "olivia", "pending"],
        ["zara", "olivia", "pending"],
        ["tariq", "olivia", "pending"],
      ],
    },
    {
      key: "live",
      title: "Autumn Performance Review 2026",
      state: "live",
      questionnaire: "annual",
      scope: hq,
      createdBy: "alice",
      created: -16,
      updated: -1,
      launched: -14,
      start: -14,
      end: 14,
      automaticClose: true,
      share: SHARE_MANUAL,
      nominees: [
        ["eve", "submitted"],
        ["ed", "submitted"],
        ["bella", "open"],
        ["leo", "open"],
      ],
      pairs: livePairs("acme"),
    },
    {
      key: "delayed",
      title: "Customer Success Q3 Review",
      state: "live",
      questionnaire: "quarterly",
      scope: hq,
      createdBy: "alice",
      created: -47,
      updated: -4,
      launched: -45,
      start: -45,
      end: -3,
      automaticClose: false,
      anonymous: true,
      share: SHARE_AT_CLOSE,
      pairs: [
        ["leo", "kara", "completed"],
        ["maya", "kara", "pending"],
        ["rosa", "kara", "started"],
        ["kara", "alice", "completed"],
      ],
    },
    {
      key: "closed",
      title: "H1 2026 Performance Review",
      state: "closed",
      questionnaire: "annual",
      scope: hq,
      createdBy: "alice",
      created: -155,
      updated: -120,
      launched: -150,
      start: -150,
      end: -120,
      automaticClose: true,
      share: SHARE_AT_CLOSE,
      pairs: [
        ["adam", "alice", "completed"],
        ["mona", "alice", "completed"],
        ["victor", "alice", "completed"],
        ["felix", "alice", "completed"],
        ["priya", "adam", "completed"],
        ["eve", "mona", "completed"],
        ["bella", "victor", "pending"],
      ],
    },
  ];
}

type LiveCast = [reviewee: string, reviewer: string, comment?: string];

/**
 * The pairs of each company's live review, one row per pair: its state, then who plays it at Acme
 * and at Globex (null: not at that company). Between them they show every state a pair can be in.
 */
const LIVE_PAIRS: Array<[PairState, acme: LiveCast | null, globex: LiveCast | null]> = [
  ["pending", ["priya", "adam"], ["tina", "mike"]],
  ["started", ["liam", "adam"], ["tom", "mike"]],
  ["completed", ["noah", "adam"], ["ravi", "mike"]],
  ["completed", ["olivia", "adam"], ["sofia", "mike"]],
  ["reviewer-declined", ["kenji", "olivia", "I joined Kenji's team two weeks ago and have not seen enough of his work to review it."], ["nora", "marco", "Nora moved to my team last month; her previous manager should review this period."]],
  ["reviewer-declined", ["zara", "olivia"], ["oscar", "marco"]],
  ["nominated", ["eve", "ed"], ["pia", "nora"]],
  ["nomination-manager-approved", ["eve", "nina"], ["pia", "oscar"]],
  ["nomination-manager-declined", ["eve", "priya", "Priya has not worked with Eve this year; please pick someone from Product."], ["pia", "hank", "Hank has not worked on Pia's projects; please choose someone from Product."]],
  ["nomination-reviewer-declined", ["eve", "bella", "I have only met Eve twice, so I cannot give useful feedback."], ["pia", "ivy", "I have not worked with Pia this year."]],
  ["review-progress", ["eve", "liam"], ["vik", "wendy"]],
  ["nominated", ["ed", "eve"], null],
  ["awaiting-nomination", ["bella", "victor"], ["wendy", "uma"]],
  ["completed", ["carlos", "victor"], null],
  ["pending", ["grace", "felix"], ["cleo", "zoe"]],
  ["started", ["maya", "kara"], null],
];

function livePairs(company: "acme" | "globex"): SeedPair[] {
  return LIVE_PAIRS.flatMap(([state, acme, globex]) => {
    const cast = company === "acme" ? acme : globex;
    if (!cast) return [];
    const [reviewee, reviewer, comment] = cast;
    return [comment ? [reviewee, reviewer, state, comment] : [reviewee, reviewer, state]];
  });
}

/** Globex's reviews (groups: All Hands has everyone; Engineering, Sales Team, People Ops). */
function globexCampaigns(): CampaignSpec[] {
  return [
    {
      key: "draft",
      title: "Sales Team Check-in",
      state: "draft",
      questionnaire: "quarterly",
      scope: "g-globex-sales",
      createdBy: "gina",
      created: -3,
      updated: -1,
      pairs: [
        ["tina", "mike", "pending"],
        ["tom", "mike", "pending"],
        ["ravi", "mike", "pending"],
      ],
    },
    {
      key: "scheduled",
      title: "Engineering Q1 2027 Review",
      state: "scheduled",
      questionnaire: "annual",
      scope: "g-globex-engineering",
      createdBy: "gary",
      created: -6,
      updated: -2,
      launched: -2,
      start: 10,
      end: 40,
      automaticClose: true,
      share: SHARE_MANUAL,
      pairs: [
        ["hank", "gary", "pending"],
        ["ivy", "gary", "pending"],
        ["jack", "gary", "pending"],
        ["kim", "hank", "pending"],
        ["lena", "hank", "pending"],
      ],
    },
    {
      key: "live",
      title: "Globex Annual Review 2026",
      state: "live",
      questionnaire: "annual",
      scope: "g-globex-all",
      createdBy: "gina",
      created: -12,
      updated: -1,
      launched: -10,
      start: -10,
      // No end: "To be closed manually".
      automaticClose: false,
      share: SHARE_AT_CLOSE,
      nominees: [
        ["pia", "submitted"],
        ["vik", "submitted"],
        ["wendy", "open"],
        ["abel", "open"],
      ],
      pairs: livePairs("globex"),
    },
    {
      key: "delayed",
      title: "Support Q3 Review",
      state: "live",
      questionnaire: "quarterly",
      scope: "g-globex-all",
      createdBy: "gina",
      created: -42,
      updated: -6,
      launched: -40,
      start: -40,
      end: -5,
      automaticClose: false,
      pairs: [
        ["abel", "zoe", "completed"],
        ["bruno", "zoe", "pending"],
        ["cleo", "zoe", "started"],
      ],
    },
    {
      key: "closed",
      title: "Sales H1 2026 Review",
      state: "closed",
      questionnaire: "annual",
      scope: "g-globex-sales",
      createdBy: "gina",
      created: -165,
      updated: -130,
      launched: -160,
      start: -160,
      end: -130,
      automaticClose: true,
      anonymous: true,
      pairs: [
        ["tina", "mike", "completed"],
        ["tom", "mike", "completed"],
        ["ravi", "mike", "completed"],
        ["sofia", "mike", "completed"],
        ["elsa", "mike", "completed"],
      ],
    },
  ];
}

/** The large company's live review, for the benchmark: exactly this many pairs, ids rp-large-0001…. */
export const LARGE_REVIEW = { id: "rc-large-2000", draftId: "rc-large-draft", pairs: 2000 } as const;
/** A live review in which Initech's admin has 50 reviews to give (the bench's to-do page), ids rp-large-todo-01…50. */
export const LARGE_TODOS = { id: "rc-large-todos", reviews: 50 } as const;
export const largeTodoId = (k: number) => `rp-large-todo-${String(k).padStart(2, "0")}`;
export const largePairId = (k: number) => `rp-large-${String(k).padStart(4, "0")}`;
/**
 * A closed review for the report benchmarks: the large review's 2,000 pairs, every one
 * completed, on the quarterly questionnaire four times over (28 questions): 56,000 answer rows.
 */
export const LARGE_REPORT_REVIEW = { id: "rc-large-report", pairs: 2000, copies: 4 } as const;
export const largeReportPairId = (k: number) => `rp-large-report-${String(k).padStart(4, "0")}`;
/** Pair k (1-based) of the large review: every fifth completed, the one after it started, the rest not started. */
export const largePairState = (k: number): PairState => (k % 5 === 0 ? "completed" : k % 5 === 1 ? "started" : "pending");

function largeReviewRows(tables: SeedTables, people: Person[], now: number): SeedTables {
  const cid = DEMO.large.id;
  const at = seedDay(now);
  const out = reviewRows(tables, "large", 3, "admin", [], now);
  const template = JSON.parse(String(out.review_templates.find((t) => t.id === "rt-initech-quarterly")!.blocks)) as StoredBlock[];
  // Reviewees with their manager as reviewer, skipping deactivated and excluded people on either side.
  const active = (p: Person) => !p.excluded && !p.deleted;
  const pairs: Array<[string, string]> = [];
  for (let i = 1; i < people.length && pairs.length < LARGE_REVIEW.pairs; i++) {
    const manager = people[Math.floor((i - 1) / 8)];
    if (active(people[i]) && active(manager)) pairs.push([people[i].local, manager.local]);
  }
  const common = {
    company_id: cid,
    template_id: "rt-initech-quarterly",
    workspace_id: "w-initech-main",
    group_id: null,
    anonymous: 0,
    share_config: JSON.stringify(SHARE_MANUAL),
    department_filter: null,
    nomination_audience: "[]",
    nomination_started_at: null,
    version: 0,
    created_by: userId("large", "admin"),
  };
  out.review_campaigns.push(
    {
      id: LARGE_REVIEW.id,
      ...common,
      title: "Initech Annual Review 2026",
      state: "live",
      start_at: at(-7),
      end_at: at(21, 17),
      automatic_close: 1,
      template_title: "Quarterly Check-in",
      template_blocks: JSON.stringify(template),
      launched_at: at(-7),
      created_at: at(-8),
      updated_at: at(-1, 11),
    },
    {
      id: LARGE_REVIEW.draftId,
      ...common,
      title: "Initech Q1 2027 Check-in",
      state: "draft",
      share_config: null,
      start_at: null,
      end_at: null,
      automatic_close: 0,
      template_title: null,
      template_blocks: null,
      launched_at: null,
      created_at: at(-2),
      updated_at: at(-1, 15),
    }
  );
  pairs.forEach(([reviewee, reviewer], i) => {
    const k = i + 1;
    const state = largePairState(k);
    out.review_pairs.push({
      id: largePairId(k),
      company_id: cid,
      campaign_id: LARGE_REVIEW.id,
      reviewee_id: userId("large", reviewee),
      reviewer_id: userId("large", reviewer),
      state,
      from_nominations: 0,
      decline_comment: null,
      answers: state === "pending" ? null : JSON.stringify(seededAnswers(template, k, state === "started" ? 2 : Infinity)),
      shared_at: null,
      created_at: at(-7),
      updated_at: state === "pending" ? at(-7) : at(-1 - (k % 6), 8 + (k % 10)),
      completed_at: state === "completed" ? at(-1 - (k % 6), 8 + (k % 10)) : null,
    });
  });
  out.review_campaigns.push({
    id: LARGE_TODOS.id,
    ...common,
    title: "Initech Peer Feedback 2026",
    state: "live",
    start_at: at(-3),
    end_at: at(14, 17),
    automatic_close: 0,
    template_title: "Quarterly Check-in",
    template_blocks: JSON.stringify(template),
    launched_at: at(-3),
    created_at: at(-4),
    updated_at: at(-3, 9),
  });
  people
    .filter((p) => active(p) && p.local !== "admin")
    .slice(0, LARGE_TODOS.reviews)
    .forEach((p, i) => {
      out.review_pairs.push({
        id: largeTodoId(i + 1),
        company_id: cid,
        campaign_id: LARGE_TODOS.id,
        reviewee_id: userId("large", p.local),
        reviewer_id: userId("large", "admin"),
        state: "pending",
        from_nominations: 0,
        decline_comment: null,
        answers: null,
        shared_at: null,
        created_at: at(-3),
        updated_at: at(-3),
        completed_at: null,
      });
    });
  // The report benchmark's closed review: the questionnaire's blocks repeated with their own ids.
  const reportBlocks = Array.from({ length: LARGE_REPORT_REVIEW.copies }, (_, copy) =>
    template.map((block) => ({ ...block, id: `${block.id}-r${copy + 1}` }))
  ).flat() as StoredBlock[];
  out.review_campaigns.push({
    id: LARGE_REPORT_REVIEW.id,
    ...common,
    title: "Initech Annual Review 2025",
    state: "closed",
    start_at: at(-60),
    end_at: at(-30, 17),
    automatic_close: 1,
    template_title: "Quarterly Check-in (long)",
    template_blocks: JSON.stringify(reportBlocks),
    launched_at: at(-60),
    created_at: at(-61),
    updated_at: at(-30, 17),
  });
  pairs.slice(0, LARGE_REPORT_REVIEW.pairs).forEach(([reviewee, reviewer], i) => {
    out.review_pairs.push({
      id: largeReportPairId(i + 1),
      company_id: cid,
      campaign_id: LARGE_REPORT_REVIEW.id,
      reviewee_id: userId("large", reviewee),
      reviewer_id: userId("large", reviewer),
      state: "completed",
      from_nominations: 0,
      decline_comment: null,
      answers: JSON.stringify(seededAnswers(reportBlocks, i + 1)),
      shared_at: null,
      created_at: at(-60),
      updated_at: at(-31 - (i % 20), 8 + (i % 10)),
      completed_at: at(-31 - (i % 20), 8 + (i % 10)),
    });
  });
  pairs.slice(0, 10).forEach(([reviewee, reviewer], i) => {
    out.review_pairs.push({
      id: `rp-large-draft-${String(i + 1).padStart(2, "0")}`,
      company_id: cid,
      campaign_id: LARGE_REVIEW.draftId,
      reviewee_id: userId("large", reviewee),
      reviewer_id: userId("large", reviewer),
      state: "pending",
      from_nominations: 0,
      decline_comment: null,
      answers: null,
      shared_at: null,
      created_at: at(-2),
      updated_at: at(-2),
      completed_at: null,
    });
  });
  return out;
}

/**
 * Acme (Slack-type) and Globex (Teams-type). `now` (the time the seed runs) places the reviews'
 * dates: by day, so seeding twice the same day gives the same rows.
 */
export function demoSeed(now = Date.now()): SeedTables {
  const t: SeedTables = Object.fromEntries(SEED_TABLE_ORDER.map((n) => [n, []]));
  merge(t, acme(now));
  merge(t, globex(now));
  merge(t, demoSurveyRows(t, now));
  merge(t, demoFeedbackLoopRows(t, now));
  merge(t, demoAiFeedbackRows(t, now));
  merge(t, demoObjectivesCampaignRows(t, now));
  merge(t, demoFeedbackRows(t, now));
  merge(t, loopFeedbackRows(t));
  merge(t, demoGoalRows(t, now));
  merge(t, demoObjectiveSetRows(t, now));
  merge(t, demoOneOnOneRows(t, now));
  merge(t, demoDataStudioRows(t, now));
  merge(t, demoNotificationChannelRows(t, now));
  // Last: one count row per person and day, whichever parts wrote feedback.
  foldFeedbackCounts(t);
  return t;
}

/** Initech: a 5,000-person Slack-type company for benchmarks (`npm run db:seed -- --large`). */
export function largeSeed(size = 5000, now = Date.now()): SeedTables {
  const departments = Array.from(
    { length: 20 },
    (_, i) => `${DEPARTMENTS[i % DEPARTMENTS.length]} ${Math.floor(i / DEPARTMENTS.length) + 1}`
  );
  const people: Person[] = [{ local: "admin", dept: departments[0], role: "Director", title: "Chief Executive", superAdmin: true }];
  for (let i = 1; i < size; i++) {
    // A tree of about eight reports per manager: person i reports to person floor((i - 1) / 8).
    const manager = people[Math.floor((i - 1) / 8)].local;
    people.push({
      local: `person${String(i).padStart(4, "0")}`,
      dept: departments[i % departments.length],
      role: ROLES[i % ROLES.length],
      title: ROLES[i % ROLES.length],
      managers: [manager],
      excluded: i % 97 === 0,
      deleted: i % 211 === 0,
    });
  }
  const t = companyRows("large", people, departments);
  const cid = DEMO.large.id;
  t.workspaces.push({ id: "w-initech-main", company_id: cid, name: "Initech", slack_team_id: DEMO.large.externalId, created_at: T0 });
  for (const p of people) t.workspace_members.push({ company_id: cid, workspace_id: "w-initech-main", user_id: userId("large", p.local) });
  t.channels.push({
    id: "ch-initech-general",
    company_id: cid,
    workspace_id: "w-initech-main",
    name: "general",
    is_private: 0,
    slack_channel_id: "C0INITECH1",
    created_at: T0,
  });
  for (const p of people) t.channel_members.push({ company_id: cid, channel_id: "ch-initech-general", user_id: userId("large", p.local) });
  merge(t, largeReviewRows(t, people, now));
  merge(t, largeSurveyRows(t, now));
  merge(t, largeFeedbackLoopRows(t, now));
  merge(t, largeObjectivesCampaignRows(t, now));
  merge(t, largeObjectiveSetRows(t, now));
  merge(t, largeOneOnOneRows(t, now));
  return t;
}

function sqlValue(v: string | number | null) {
  if (v === null) return "NULL";
  if (typeof v === "number") return String(v);
  return `'${v.replaceAll("'", "''")}'`;
}

/** D1 refuses statements over 100,000 bytes; review rows carry questionnaire JSON, so chunks also stop short of this. */
const MAX_STATEMENT_BYTES = 90_000;
const utf8 = new TextEncoder();

/** Multi-row INSERT statements of at most `chunk` rows each, chunked to stay well under D1's statement size limit. */
export function seedStatements(tables: SeedTables, chunk = 50): string[] {
  const statements: string[] = [];
  for (const table of SEED_TABLE_ORDER) {
    const rows = tables[table] ?? [];
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]);
    const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
    let values: string[] = [];
    let bytes = 0;
    const flush = () => {
      if (values.length > 0) statements.push(`${head}${values.join(",\n")};`);
      values = [];
      bytes = utf8.encode(head).length;
    };
    flush();
    for (const row of rows) {
      const tuple = `(${columns.map((c) => sqlValue(row[c] ?? null)).join(", ")})`;
      const size = utf8.encode(tuple).length + 2;
      if (values.length >= chunk || (values.length > 0 && bytes + size > MAX_STATEMENT_BYTES)) flush();
      values.push(tuple);
      bytes += size;
    }
    flush();
  }
  return statements;
}

/**
 * Re-runnable seeding: deletes every seeded row of the companies in `tables` (children first),
 * then inserts them again. Run as one batch (wrangler d1 execute --file, D1 batch) it is atomic.
 */
export function replaceStatements(tables: SeedTables, chunk = 50): string[] {
  const ids = (tables.companies ?? []).map((c) => sqlValue(c.id)).join(", ");
  if (!ids) return seedStatements(tables, chunk);
  const deletes = [...SEED_TABLE_ORDER]
    .reverse()
    .map((table) => `DELETE FROM ${table} WHERE ${table === "companies" ? "id" : "company_id"} IN (${ids});`);
  return [...deletes, ...seedStatements(tables, chunk)];
}
