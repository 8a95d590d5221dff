import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { sharedCopy } from "~/lib/copy";
import type { Viewer } from "~/modules/auth/session.server";
import { CATALOG, type CatalogTable } from "./catalog.server";
import { tableDefinition } from "./definitions";
import { queryDocumentSchema } from "./query.schema";
import {
  QUERY_LIMITS,
  type AttributeDefinition,
  type QueryCell,
  type QueryColumnHeader,
  type QueryFilter,
  type TableDefinition,
} from "./query-types";

/**
 * The Data Studio compiler: a query document (JSON from the page or a saved view) to one
 * parameterised statement, or a refusal naming what is wrong. Pure: it reads nothing and runs
 * nothing.
 *
 * - Names are looked up in the allow-list (definitions.ts + catalog.server.ts); request text is
 *   never an identifier. Values are bound parameters: the values of a list filter travel as one
 *   JSON array (`IN (SELECT value FROM json_each(?))`), so 500 values are one parameter of D1's 100.
 * - Every table of the statement is scoped to the viewer's company and to the rows the viewer may
 *   read (app/modules/access/data-studio.server.ts). A joined row the viewer may not read is
 *   absent (its columns empty), never a reason to show more.
 * - Each distinct edge path is one LEFT JOIN shared by every column that follows it; every edge
 *   leads to at most one row, so the statement has one row per row of the starting table that
 *   passes the filters, ordered by that row's key (a download pages after the last key).
 * - Anonymity: the catalog's edges to an anonymous item's or answer's author never match, so a
 *   column of that author is empty and a filter on it cannot select the item.
 */

export interface QueryScope {
  companyId: string;
  viewer: Viewer;
}

export interface CompileOptions {
  limit: number;
  offset?: number;
  /** Keyset paging (downloads): only rows after this key (the statement's first `keyCount` cells of the last row read). */
  after?: QueryCell[];
}

export type CompileResult =
  | {
      ok: true;
      /** The rows: the first `keyCount` cells are the row key, then one cell a column. */
      statement: SQL;
      /** How many rows the query has, counted up to `countCap` (one row: the count). */
      count: SQL;
      columns: QueryColumnHeader[];
      keyCount: number;
    }
  | { ok: false; message: string };

/** D1's limit of bound parameters in one statement. */
export const MAX_PARAMETERS = 100;
/**
 * A preview's count stops after this many rows (it then says "more than 10,000"): counting every
 * one of 250,000 feedback items reads each row (its visibility is not in an index), 0.4 s alone.
 */
export const COUNT_LIMIT = 10_000;
const COUNT_CAP = COUNT_LIMIT + 1;

const words = sharedCopy.dataStudioQuery;
const dialect = new SQLiteSyncDialect();
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MAX_TEXT_VALUE = 1000;

/** Names from a request quoted in a message: short, one line. */
function quoted(name: string): string {
  const flat = name.replace(/\s+/g, " ");
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}

class Refusal {
  constructor(readonly message: string) {}
}

interface Join {
  alias: string;
  parent: string;
  source: SQL;
  on: SQL;
}

function filterCondition(expression: SQL, attribute: AttributeDefinition, filter: QueryFilter, label: string): { condition: SQL | null; values: number } {
  const wrong = () => new Refusal(words.wrongFilter(label));
  const bad = () => new Refusal(words.badFilterValue(label));
  const kind = attribute.kind;
  switch (filter.kind) {
    case "in": {
      if (kind === "date") throw wrong();
      const values = filter.values.map((value) => {
        switch (kind) {
          case "number":
            if (typeof value !== "number" || !Number.isFinite(value)) throw bad();
            return value;
          case "boolean":
            if (typeof value !== "boolean") throw bad();
            return value ? 1 : 0;
          case "enum":
            if (typeof value !== "string" || !attribute.options?.some((o) => o.value === value)) throw bad();
            return value;
          default:
            if (typeof value !== "string" || value.length > MAX_TEXT_VALUE) throw bad();
            return value;
        }
      });
      if (values.length === 0) return { condition: null, values: 0 };
      return { condition: sql`${expression} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`, values: values.length };
    }
    case "contains": {
      if (kind !== "text") throw wrong();
      if (typeof filter.value !== "string" || filter.value.length > MAX_TEXT_VALUE) throw bad();
      const value = filter.value.trim();
      if (!value) return { condition: null, values: 0 };
      return { condition: sql`instr(lower(${expression}), lower(${value})) > 0`, values: 1 };
    }
    case "range": {
      if (kind !== "number" && kind !== "date") throw wrong();
      const bound = (value: string | number | undefined) => {
        if (value === undefined || value === "") return undefined;
        if (kind === "number") {
          if (typeof value !== "number" || !Number.isFinite(value)) throw bad();
          return value;
        }
        if (typeof value !== "string" || !DAY.test(value)) throw bad();
        return value;
      };
      const min = bound(filter.min);
      const max = bound(filter.max);
      const parts: SQL[] = [];
      if (min !== undefined) parts.push(sql`${expression} >= ${min}`);
      if (max !== undefined) parts.push(sql`${expression} <= ${max}`);
      if (parts.length === 0) return { condition: null, values: 0 };
      return { condition: sql.join(parts, sql` AND `), values: parts.length };
    }
    default:
      throw wrong();
  }
}

/** The compiled statement's parameters fit D1's limit. */
function parameterCount(statement: SQL): number {
  return dialect.sqlToQuery(statement).params.length;
}

export function compileQuery(doc: unknown, scope: QueryScope, options: CompileOptions): CompileResult {
  try {
    return compile(doc, scope, options);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}

function compile(doc: unknown, scope: QueryScope, options: CompileOptions): CompileResult {
  const viewer = scope.viewer;
  // The company is the viewer's: a scope naming another company is a caller's mistake, never a read of it.
  if (viewer.company.id !== scope.companyId) throw new Error("Data Studio scope: the viewer is not of that company");
  const parsed = queryDocumentSchema.safeParse(doc);
  if (!parsed.success) {
    const raw = doc as { table?: unknown; columns?: unknown } | null;
    if (raw && typeof raw === "object" && Array.isArray(raw.columns) && raw.columns.length > QUERY_LIMITS.maxColumns) {
      throw new Refusal(words.tooManyColumns(QUERY_LIMITS.maxColumns));
    }
    throw new Refusal(words.unreadable);
  }
  const query = parsed.data;
  const root = tableDefinition(query.table);
  const rootCatalog = root && Object.hasOwn(CATALOG, root.name) ? CATALOG[root.name] : undefined;
  if (!root || !rootCatalog) throw new Refusal(words.unknownTable(quoted(query.table)));
  if (query.columns.length === 0) throw new Refusal(words.noColumns);
  if (query.columns.length > QUERY_LIMITS.maxColumns) throw new Refusal(words.tooManyColumns(QUERY_LIMITS.maxColumns));

  const joins = new Map<string, Join>();
  const selects: SQL[] = [];
  const conditions: Array<{ condition: SQL; alias: string }> = [];
  const headers: QueryColumnHeader[] = [];
  const usedKeys = new Set<string>();
  let values = 0;

  for (const path of query.columns) {
    let table: TableDefinition = root;
    let catalog: CatalogTable = rootCatalog;
    let alias = "t0";
    let joinKey = "";
    const labels = [root.displayName];
    const names: string[] = [];
    for (let i = 0; i < path.length; i++) {
      const step = path[i];
      const last = i === path.length - 1;
      if (step.type === "edge") {
        const edge = table.edges.find((e) => e.name === step.name);
        const edgeSql = edge && Object.hasOwn(catalog.edges, edge.name) ? catalog.edges[edge.name] : undefined;
        if (!edge || !edgeSql) throw new Refusal(words.unknownEdge(table.displayName, quoted(step.name)));
        labels.push(edge.displayName);
        names.push(edge.name);
        if (step.filters?.length) throw new Refusal(words.filterOnEdge(labels.join(" › ")));
        const target = tableDefinition(edge.table);
        const targetCatalog = target && Object.hasOwn(CATALOG, target.name) ? CATALOG[target.name] : undefined;
        if (!target || !targetCatalog) throw new Error(`Data Studio catalog: edge ${table.name}.${edge.name} leads to no table`);
        joinKey = `${joinKey}/${edge.name}`;
        let join = joins.get(joinKey);
        if (!join) {
          if (joins.size >= QUERY_LIMITS.maxJoins) throw new Refusal(words.tooManyJoins(QUERY_LIMITS.maxJoins));
          const next = `t${joins.size + 1}`;
          join = { alias: next, parent: alias, source: targetCatalog.source(viewer), on: sql`${edgeSql.on(alias, next)} AND ${targetCatalog.visible(viewer, next)}` };
          joins.set(joinKey, join);
        }
        alias = join.alias;
        table = target;
        catalog = targetCatalog;
        if (last) throw new Refusal(words.endsWithEdge(labels.join(" › ")));
        continue;
      }
      const attribute = table.attributes.find((a) => a.name === step.name);
      const attributeSql = attribute && Object.hasOwn(catalog.attributes, attribute.name) ? catalog.attributes[attribute.name] : undefined;
      if (!attribute || !attributeSql) throw new Refusal(words.unknownAttribute(table.displayName, quoted(step.name)));
      labels.push(attribute.displayName);
      names.push(attribute.name);
      if (!last) throw new Refusal(words.unreadable);
      const label = labels.join(" › ");
      for (const filter of step.filters ?? []) {
        const compiled = filterCondition((attributeSql.filter ?? attributeSql.select)(alias), attribute, filter, label);
        values += compiled.values;
        if (values > QUERY_LIMITS.maxFilterValues) throw new Refusal(words.tooManyFilterValues(QUERY_LIMITS.maxFilterValues));
        if (compiled.condition) conditions.push({ condition: compiled.condition, alias });
      }
      selects.push(attributeSql.select(alias));
      let key = names.join(".");
      for (let n = 2; usedKeys.has(key); n++) key = `${names.join(".")}#${n}`;
      usedKeys.add(key);
      headers.push({ key, label, kind: attribute.kind });
    }
  }

  const keys = rootCatalog.keys("t0");
  const from = sql`${rootCatalog.source(viewer)} AS ${sql.raw("t0")}`;
  const joinList = [...joins.values()];
  const joinSql = (list: Join[]) => sql.join(list.map((j) => sql` LEFT JOIN ${j.source} AS ${sql.raw(j.alias)} ON ${j.on}`), sql``);
  const rootVisible = rootCatalog.visible(viewer, "t0");
  const where = [rootVisible, ...conditions.map((c) => c.condition)];

  // The count needs only the joins its filters read (each join matches at most one row).
  const needed = new Set<string>();
  for (const c of conditions) {
    for (let a: string | undefined = c.alias; a && a !== "t0"; a = joinList.find((j) => j.alias === a)?.parent) needed.add(a);
  }
  const countJoins = joinList.filter((j) => needed.has(j.alias));
  const count = sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from}${joinSql(countJoins)} WHERE ${sql.join(where, sql` AND `)} LIMIT ${COUNT_CAP})`;

  const pageWhere = [...where];
  if (options.after) {
    if (options.after.length !== keys.length) throw new Error("Data Studio paging: the key does not fit the table");
    pageWhere.push(sql`(${sql.join(keys, sql`, `)}) > (${sql.join(options.after.map((v) => sql`${v}`), sql`, `)})`);
  }
  const limit = Math.max(0, Math.floor(options.limit));
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  // Each cell is named by position ("k0".., "c0"..): same-named columns of two tables would merge in a row object.
  const cells = [...keys.map((k, i) => sql`${k} AS ${sql.raw(`"k${i}"`)}`), ...selects.map((s, i) => sql`${s} AS ${sql.raw(`"c${i}"`)}`)];
  const statement = sql`SELECT ${sql.join(cells, sql`, `)} FROM ${from}${joinSql(joinList)}
    WHERE ${sql.join(pageWhere, sql` AND `)} ORDER BY ${sql.join(keys, sql`, `)} LIMIT ${limit}${offset ? sql` OFFSET ${offset}` : sql``}`;

  if (parameterCount(statement) > MAX_PARAMETERS || parameterCount(count) > MAX_PARAMETERS) throw new Refusal(words.tooComplex);
  return { ok: true, statement, count, columns: headers, keyCount: keys.length };
}
