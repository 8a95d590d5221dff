import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO, demoSeed, largeFeedbackBatches, largeSeed, rollupRebuildStatements, seedStatements, type SeedTables } from "../../app/db/seed/demo";

// The seed's insights roll-ups: the demo seed folds them from its count rows (JS), the large seed
// rebuilds Initech's with SQL in the local database (scripts/seed.mjs). Both must be exact.

const NOW = Date.UTC(2026, 10, 22, 11, 37);
const MIGRATIONS_DIR = path.resolve(__dirname, "../../migrations");
const sqlite = await import("node:sqlite").catch(() => null);
const DAILY = ["sent", "received", "requested", "praise_sent", "praise_received"] as const;

/** Running rows and company competency rows that are not the prefix sums and the per-person sums of the count rows. */
function rollupProblems(t: SeedTables): string[] {
  const problems: string[] = [];
  const byPerson = new Map<string, Array<Record<string, unknown>>>();
  for (const row of t.feedback_daily_counts ?? []) {
    const key = `${row.company_id}/${row.user_id}`;
    byPerson.set(key, [...(byPerson.get(key) ?? []), row]);
  }
  const running = new Map((t.feedback_running_counts ?? []).map((r) => [`${r.company_id}/${r.user_id}/${r.day}`, r]));
  let expectedRows = 0;
  for (const [key, rows] of byPerson) {
    const sums = Object.fromEntries(DAILY.map((c) => [c, 0]));
    for (const row of [...rows].sort((a, b) => String(a.day).localeCompare(String(b.day)))) {
      for (const c of DAILY) sums[c] += Number(row[c]);
      expectedRows++;
      const got = running.get(`${key}/${row.day}`);
      if (!got) problems.push(`${key}/${row.day}: no running row`);
      else for (const c of DAILY) if (Number(got[c]) !== sums[c]) problems.push(`${key}/${row.day} ${c}: ${got[c]}, daily rows say ${sums[c]}`);
    }
  }
  if (running.size !== expectedRows) problems.push(`${running.size} running rows for ${expectedRows} daily rows`);
  const company = new Map<string, number>();
  for (const r of t.feedback_competency_counts ?? []) {
    const key = [r.company_id, r.day, r.competency_id, r.behaviour_id, r.behaviour_type].join("/");
    company.set(key, (company.get(key) ?? 0) + Number(r.count));
  }
  const stored = new Map((t.feedback_company_competency_counts ?? []).map((r) => [[r.company_id, r.day, r.competency_id, r.behaviour_id, r.behaviour_type].join("/"), Number(r.count)]));
  for (const key of new Set([...company.keys(), ...stored.keys()]))
    if (company.get(key) !== stored.get(key)) problems.push(`company competency ${key}: ${stored.get(key)}, people's rows say ${company.get(key)}`);
  return problems;
}

function migrated() {
  const db = new sqlite!.DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).sort()) db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));
  return db;
}

describe("the seed's insights roll-ups", () => {
  const demo = demoSeed(NOW);

  it("the demo seed's are exact for both companies", () => {
    expect(demo.feedback_running_counts.length).toBe(demo.feedback_daily_counts.length);
    for (const id of [DEMO.acme.id, DEMO.globex.id]) expect(demo.feedback_company_competency_counts.some((r) => r.company_id === id)).toBe(true);
    expect(rollupProblems(demo).slice(0, 10)).toEqual([]);
  });

  it("the check notices a running total or a company count that is off", () => {
    const off = { ...demo, feedback_running_counts: demo.feedback_running_counts.map((r, i) => (i === 11 ? { ...r, sent: Number(r.sent) + 1 } : r)) };
    expect(rollupProblems(off)).toHaveLength(1);
    const offCompany = { ...demo, feedback_company_competency_counts: demo.feedback_company_competency_counts.slice(1) };
    expect(rollupProblems(offCompany)).toHaveLength(1);
  });

  it.skipIf(!sqlite)("the large seed's SQL rebuild gives the same rows the demo fold gives, and is exact for Initech's counts", () => {
    const db = migrated();
    for (const statement of seedStatements(demo, 200)) db.exec(statement);
    const read = (table: string, order: string) => db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all() as Array<Record<string, string | number | null>>;
    const folded = {
      running: read("feedback_running_counts", "company_id, user_id, day"),
      company: read("feedback_company_competency_counts", "company_id, day, competency_id, behaviour_id, behaviour_type"),
    };
    for (const id of [DEMO.acme.id, DEMO.globex.id]) for (const statement of rollupRebuildStatements(id)) db.exec(statement);
    expect(read("feedback_running_counts", "company_id, user_id, day")).toEqual(folded.running);
    expect(read("feedback_company_competency_counts", "company_id, day, competency_id, behaviour_id, behaviour_type")).toEqual(folded.company);

    // A week of Initech's feedback, inserted as scripts/seed.mjs does, then rebuilt.
    const large = largeSeed(5000, NOW);
    const week = [...largeFeedbackBatches(large, NOW)].slice(0, 5);
    for (const batch of week) for (const statement of seedStatements(batch, 200)) db.exec(statement);
    for (const statement of rollupRebuildStatements(DEMO.large.id)) db.exec(statement);
    const tables: SeedTables = Object.fromEntries(
      ["feedback_daily_counts", "feedback_competency_counts", "feedback_running_counts", "feedback_company_competency_counts"].map((t) => [
        t,
        read(t, "1") as SeedTables[string],
      ])
    );
    expect(tables.feedback_running_counts.filter((r) => r.company_id === DEMO.large.id).length).toBeGreaterThan(1000);
    expect(rollupProblems(tables).slice(0, 10)).toEqual([]);
    // Rebuilding again changes nothing.
    const once = read("feedback_running_counts", "company_id, user_id, day");
    for (const statement of rollupRebuildStatements(DEMO.large.id)) db.exec(statement);
    expect(read("feedback_running_counts", "company_id, user_id, day")).toEqual(once);
  }, 60_000);
});
