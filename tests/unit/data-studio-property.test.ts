import { describe, expect, it } from "vitest";
import { compileQuery, MAX_PARAMETERS } from "~/modules/analytics/data-studio/compiler";
import { TABLE_DEFINITIONS, tableDefinition } from "~/modules/analytics/data-studio/definitions";
import type { AttributeDefinition, TableDefinition } from "~/modules/analytics/data-studio/query-types";
import { seededRandom } from "../support/seeded-random";
import { COMPANIES, fixtureDb, fixtureViewer, ids, parameters, runSql, type CompanyKey, type ViewerKind } from "./data-studio-fixtures";

/**
 * Thousands of random query documents, valid and not, hostile names and values included. Each is
 * either refused with a message or compiles to a statement that runs (no SQL error) within D1's
 * parameter limit and whose rows:
 * - are the same on a database holding both companies, with the authors of anonymous items and
 *   answers stored next to them, as on one holding the asking company alone with no anonymous
 *   author stored: the other company and the anonymous authors change nothing a query returns;
 * - never mention the other company (every fixture text carries its company's name) nor, through
 *   an edge, the secret person who authored the anonymous items.
 */

const SEED = Number(process.env.DATA_STUDIO_SEED ?? 20261127);
const DOCUMENTS = Number(process.env.DATA_STUDIO_DOCUMENTS ?? 3000);

const HOSTILE = [
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "t0.company_id",
  "*",
  "__proto__",
  "constructor",
  "name) UNION SELECT password FROM users --",
  "\u0000",
  "ü💥",
  "x".repeat(300),
  "",
];

const everyone = { A: fixtureDb(["A", "B"], true), B: fixtureDb(["A", "B"], true) };
const alone = { A: fixtureDb(["A"], false), B: fixtureDb(["B"], false) };

type Random = ReturnType<typeof seededRandom> & { bad: boolean };

/** A chance that is zero in a well-formed document (each document is either well-formed or not). */
const odd = (r: Random, p: number) => r.bad && r.next() < p;

function randomValue(r: Random, attribute: AttributeDefinition | undefined, company: CompanyKey): unknown {
  if (odd(r, 0.15)) return r.pick(HOSTILE);
  if (odd(r, 0.1)) return r.pick([true, false, 0, -1, 3.5, 1e308, null, {}, []]);
  switch (attribute?.kind) {
    case "enum":
      return r.pick(attribute.options ?? [{ value: "x", label: "x" }]).value;
    case "boolean":
      return r.next() < 0.5;
    case "number":
      return r.int(-5, 120);
    case "date":
      return r.pick(["2026-01-05", "2026-01-04", "2026-02-04", "2025-12-31", "2026-02-30", "tomorrow"]);
    case "entity": {
      const all = { ...ids("A"), ...ids("B") };
      return r.pick([...Object.values(ids(company)), ...Object.values(all), "nobody"]);
    }
    default:
      return r.pick([COMPANIES[company].name, "Acme", "Bolt", "Secret", "anonymous", "e", r.pick(HOSTILE)]);
  }
}

const FITTING: Record<string, string[]> = {
  text: ["in", "contains"],
  number: ["in", "range"],
  date: ["range"],
  boolean: ["in"],
  enum: ["in"],
  entity: ["in"],
};

function randomFilter(r: Random, attribute: AttributeDefinition | undefined, company: CompanyKey): unknown {
  const kind = r.bad ? r.pick(["in", "in", "contains", "range", "bogus"]) : r.pick(FITTING[attribute?.kind ?? "text"]);
  if (kind === "in") return { kind, values: Array.from({ length: r.int(0, odd(r, 0.05) ? 600 : 4) }, () => randomValue(r, attribute, company)) };
  if (kind === "contains") return { kind, value: randomValue(r, attribute, company) };
  if (kind === "range") return { kind, min: r.next() < 0.6 ? randomValue(r, attribute, company) : undefined, max: r.next() < 0.6 ? randomValue(r, attribute, company) : undefined };
  return { kind, value: "x" };
}

function randomPath(r: Random, root: TableDefinition | undefined, company: CompanyKey): unknown[] {
  const steps: unknown[] = [];
  let table = root;
  const hops = r.int(0, odd(r, 0.3) ? 8 : 3);
  for (let i = 0; i < hops; i++) {
    if (odd(r, 0.1)) {
      steps.push({ type: "edge", name: r.pick(HOSTILE) });
      continue;
    }
    const edge = table && table.edges.length ? r.pick(table.edges) : undefined;
    if (!edge) break;
    steps.push({ type: "edge", name: edge.name, ...(odd(r, 0.05) ? { filters: [randomFilter(r, undefined, company)] } : {}) });
    table = tableDefinition(edge.table);
  }
  if (odd(r, 0.05)) return steps;
  const attribute = table && !odd(r, 0.1) ? r.pick(table.attributes) : undefined;
  const filters = r.next() < 0.35 ? Array.from({ length: r.int(1, 2) }, () => randomFilter(r, attribute, company)) : undefined;
  steps.push({ type: odd(r, 0.05) ? "edge" : "attribute", name: attribute?.name ?? r.pick(HOSTILE), ...(filters ? { filters } : {}) });
  return steps;
}

function randomDocument(r: Random, company: CompanyKey): unknown {
  if (odd(r, 0.05)) return r.pick([null, "SELECT * FROM users", { table: "people" }, { columns: [] }, 7]);
  const root = odd(r, 0.1) ? undefined : r.pick(TABLE_DEFINITIONS);
  const count = odd(r, 0.1) ? r.int(21, 25) : r.int(r.bad ? 0 : 1, 6);
  return {
    table: root?.name ?? r.pick(HOSTILE),
    columns: Array.from({ length: count }, () => randomPath(r, root, company)),
  };
}

/** The rows as a sorted list of cell lists (the two databases' row keys differ). */
function result(rows: Array<Record<string, unknown>>, width: number): string[] {
  return rows.map((row) => JSON.stringify(Array.from({ length: width }, (_, i) => row[`c${i}`]))).sort();
}

describe("Data Studio compiler, random documents", () => {
  it(`every document is refused or returns only the asking company's rows and no anonymous author (seed ${SEED})`, () => {
    const r: Random = { ...seededRandom(SEED), bad: false };
    const kinds: ViewerKind[] = ["admin", "teamAdmin", "manager", "employee"];
    let compiled = 0;
    let withRows = 0;
    for (let n = 0; n < DOCUMENTS; n++) {
      r.bad = r.next() < 0.4;
      const company: CompanyKey = r.next() < 0.5 ? "A" : "B";
      const other = COMPANIES[company === "A" ? "B" : "A"].name;
      const viewer = fixtureViewer(company, r.pick(kinds));
      const doc = randomDocument(r, company);
      const outcome = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit: 1000 });
      const where = `document ${n} (seed ${SEED}): ${JSON.stringify(doc).slice(0, 600)} as ${viewer.user.id}`;
      if (!outcome.ok) {
        expect(outcome.message, where).toMatch(/^[A-Z"]/);
        expect(outcome.message, where).not.toMatch(/SQL|sqlite|syntax/i);
        continue;
      }
      compiled++;
      expect(parameters(outcome.statement).length, where).toBeLessThanOrEqual(MAX_PARAMETERS);
      const width = outcome.columns.length;
      let full: Array<Record<string, unknown>>;
      let own: Array<Record<string, unknown>>;
      try {
        full = runSql(everyone[company], outcome.statement);
        own = runSql(alone[company], outcome.statement);
        runSql(everyone[company], outcome.count);
      } catch (error) {
        throw new Error(`${where}: ${String(error)}`);
      }
      if (full.length) withRows++;
      expect(result(full, width), where).toEqual(result(own, width));
      const secret = `${COMPANIES[company].name} Secret`;
      const paths = (doc as { columns: Array<Array<{ type: string }>> }).columns;
      for (const row of full) {
        for (let i = 0; i < width; i++) {
          const cell = row[`c${i}`];
          if (typeof cell !== "string") continue;
          expect(cell.includes(other), `${where}: cell ${cell}`).toBe(false);
          const viaEdge = paths[i].some((s) => s.type === "edge");
          if (viaEdge || (doc as { table: string }).table !== "people") {
            expect(cell.includes(secret) || cell.includes("secret@"), `${where}: cell ${cell}`).toBe(false);
          }
        }
      }
    }
    console.info(`data studio property: ${DOCUMENTS} documents, ${compiled} compiled, ${withRows} with rows`);
    // The generator must reach the database often, with rows, for the test to mean anything.
    expect(compiled).toBeGreaterThan(DOCUMENTS / 3);
    expect(withRows).toBeGreaterThan(DOCUMENTS / 6);
  }, 120_000);
});
