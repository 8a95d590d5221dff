// The demo companies (DESIGN.md "Demo company"): pure and deterministic, no imports, so the
// same rows are seeded by `npm start` / `npm run db:seed` (Node, via SQL text) and by the worker
// tests (inside workerd, via D1 batch). Ids are readable on purpose: tests and demos name them.

export type Row = Record<string, string | number | null>;
export type SeedTables = Record<string, Row[]>;

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
  "objectives",
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

function acme(): SeedTables {
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
  return t;
}

function globex(): SeedTables {
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
  return t;
}

/** Acme (Slack-type) and Globex (Teams-type). */
export function demoSeed(): SeedTables {
  const t: SeedTables = Object.fromEntries(SEED_TABLE_ORDER.map((n) => [n, []]));
  merge(t, acme());
  merge(t, globex());
  return t;
}

/** Initech: a 5,000-person Slack-type company for benchmarks (`npm run db:seed -- --large`). */
export function largeSeed(size = 5000): SeedTables {
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
  return t;
}

function sqlValue(v: string | number | null) {
  if (v === null) return "NULL";
  if (typeof v === "number") return String(v);
  return `'${v.replaceAll("'", "''")}'`;
}

/** Multi-row INSERT statements, chunked to stay well under D1's statement size limit. */
export function seedStatements(tables: SeedTables, chunk = 50): string[] {
  const statements: string[] = [];
  for (const table of SEED_TABLE_ORDER) {
    const rows = tables[table] ?? [];
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]);
    for (let i = 0; i < rows.length; i += chunk) {
      const values = rows
        .slice(i, i + chunk)
        .map((row) => `(${columns.map((c) => sqlValue(row[c] ?? null)).join(", ")})`)
        .join(",\n");
      statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values};`);
    }
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
