import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  SEED_TABLE_ORDER,
  demoSeed,
  largeSeed,
  replaceStatements,
  seedStatements,
  userId,
  type Row,
  type SeedTables,
} from "../../app/db/seed/demo";

const demo = demoSeed();
const large = largeSeed();
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
  tables.user_managers.filter((m) => m.manager_id === managerId).map((m) => m.user_id).sort();
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
];

/** Primary keys as in migrations/0000_foundation.sql (join tables have composite keys). */
const PRIMARY_KEYS: Record<string, string[]> = {
  user_managers: ["user_id", "manager_id"],
  workspace_members: ["workspace_id", "user_id"],
  channel_members: ["channel_id", "user_id"],
  group_members: ["group_id", "user_id"],
  custom_relationship_members: ["relationship_id", "user_id"],
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
      ["acme", "alice"], ["acme", "adam"], ["acme", "mona"], ["acme", "eve"], ["acme", "ed"], ["acme", "sam"],
      ["globex", "gina"], ["globex", "gary"], ["globex", "mike"], ["globex", "tina"], ["globex", "tom"],
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

  it("is deterministic", () => {
    expect(demoSeed()).toEqual(demo);
    expect(seedStatements(demoSeed())).toEqual(seedStatements(demo));
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
});

describe.each([
  ["demo", demo],
  ["large", large],
  ["demo + large", combined(demo, large)],
])("integrity of the %s seed", (_name, tables) => {
  const companyIds = new Set(tables.companies.map((c) => c.id));
  const byId = new Map<string, Map<unknown, Row>>(
    SEED_TABLE_ORDER.map((t) => [t, new Map((tables[t] ?? []).filter((r) => "id" in r).map((r) => [r.id, r]))]),
  );

  it("covers only known tables, each in SEED_TABLE_ORDER", () => {
    for (const table of Object.keys(tables)) expect(SEED_TABLE_ORDER).toContain(table);
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
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).sort();
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
