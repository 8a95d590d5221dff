import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { sharedCopy } from "~/lib/copy";
import { logError } from "~/lib/log.server";
import type { Viewer } from "~/modules/auth/session.server";
import { compileQuery, COUNT_LIMIT } from "./compiler";
import { QUERY_LIMITS, type QueryCell, type QueryColumnHeader, type RunResult } from "./query-types";

/**
 * Running a Data Studio query (001 §7 run-query, §9 preview of the first 10 rows): compile, then
 * read the page of rows and the row count in one D1 batch. Never throws for what a person sent or
 * for a statement that fails: the answer is `{ok: false, message}` with a product message, and a
 * database error is logged with the request id, never shown (§8: a failed query empties the results).
 *
 * rowCount is the number of rows the whole query has (what a download would hold) up to
 * COUNT_LIMIT (10,000); past it rowCount is 10,000 and `countCapped` says there are more.
 * `truncated` says there are more rows than shown.
 */

const words = sharedCopy.dataStudioQuery;

class TimedOut extends Error {}

/** The statement's time limit (QUERY_LIMITS.timeoutMs): past it the answer is a message, not a wait. */
export async function withTimeLimit<T>(work: Promise<T>, ms: number = QUERY_LIMITS.timeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut("Data Studio query time limit")), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** A raw cell as the column's kind shows it. */
export function toCell(value: unknown, column: QueryColumnHeader): QueryCell {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "boolean":
      return value === 1 || value === true || value === "1";
    case "number":
      return typeof value === "number" ? value : Number.isFinite(Number(value)) ? Number(value) : null;
    default:
      return typeof value === "string" ? value : String(value);
  }
}

/** A statement's row (cells named k0.., c0.. by the compiler) as the page's cells. */
export function toRow(raw: Record<string, unknown>, columns: QueryColumnHeader[]): QueryCell[] {
  return columns.map((column, i) => toCell(raw[`c${i}`], column));
}

/** A row's key (k0..), to page after it. */
export function keyOf(raw: Record<string, unknown>, keyCount: number): QueryCell[] {
  return Array.from({ length: keyCount }, (_, i) => raw[`k${i}`] as QueryCell);
}

/** The rows of a compiled statement. */
export async function readRows(db: Db, statement: SQL): Promise<Array<Record<string, unknown>>> {
  return (await d1Statement(db, statement).all()).results as Array<Record<string, unknown>>;
}

export async function runQuery(context: AppLoadContext, viewer: Viewer, doc: unknown, options: { limit?: number } = {}): Promise<RunResult> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? QUERY_LIMITS.previewRows)), QUERY_LIMITS.maxDownloadRows);
  const compiled = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit });
  if (!compiled.ok) return compiled;
  try {
    const [rows, count] = await withTimeLimit(
      context.db.$client.batch([d1Statement(context.db, compiled.statement), d1Statement(context.db, compiled.count)])
    );
    const list = (rows.results ?? []) as Array<Record<string, unknown>>;
    const total = Number((count.results?.[0] as { n?: number } | undefined)?.n ?? 0);
    const rowCount = Math.min(total, COUNT_LIMIT);
    return {
      ok: true,
      columns: compiled.columns,
      rows: list.map((r) => toRow(r, compiled.columns)),
      rowCount,
      truncated: total > list.length,
      countCapped: total > COUNT_LIMIT,
    };
  } catch (error) {
    logError(context.requestId, error, { step: "data studio query", table: (doc as { table?: unknown })?.table });
    return { ok: false, message: error instanceof TimedOut ? words.timedOut : words.failed };
  }
}
