import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { sharedCopy } from "~/lib/copy";
import { escapeCell, XLSX_CONTENT_TYPE } from "~/lib/spreadsheet.server";
import { redirectWithToast } from "~/lib/toast.server";
import { personOfUser, type Person, type Viewer } from "~/modules/auth/session.server";
import { queueReportAnswer, type ReportBuilder, type ReportBuilders, type ReportRow } from "~/modules/reports/generated.server";
import { writeXlsx, type XlsxCell } from "~/modules/reports/xlsx-writer.server";
import { compileQuery } from "./compiler";
import { queryDocumentSchema } from "./query.schema";
import { QUERY_LIMITS, type QueryCell, type QueryColumnHeader, type QueryDocument } from "./query-types";
import { keyOf, readRows, toRow } from "./run.server";

/**
 * The Data Studio download (001 §2 Download): the whole result of a query as an .xlsx, queued
 * (report kind "data-studio-xlsx") and built by the queue consumer. The report's scope is the query
 * document; the builder compiles it again with the requester's access as it is then (someone who
 * lost access gets fewer rows, never more; a query no longer understood is not built), and reads
 * it a page at a time after the last row's key, each page written straight into the deflated
 * sheet (xlsx-writer.server.ts), so memory holds one page and the compressed file. Every text cell
 * is escaped against formula injection (escapeCell). At most QUERY_LIMITS.maxDownloadRows rows.
 */

export const DATA_STUDIO_XLSX = "data-studio-xlsx" as const;

/** Rows read from D1 at a time. */
export const DOWNLOAD_PAGE_ROWS = 2_000;

const words = sharedCopy.dataStudioQuery;
const ScopeSchema = z.object({ query: queryDocumentSchema });

function scopeOf(report: Pick<ReportRow, "scope">) {
  const parsed = ScopeSchema.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
}

/** The requester as the access rules take them (a person read now, outside a session). */
export function viewerOfPerson(person: Person): Viewer {
  return { ...person, sessionId: "", view: "ADMIN", workspaceId: null };
}

/** A cell as the sheet holds it: numbers as numbers, yes/no for booleans, text escaped. */
export function sheetCell(cell: QueryCell): XlsxCell {
  if (cell === null) return null;
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  if (typeof cell === "boolean") return cell ? "Yes" : "No";
  return escapeCell(cell);
}

/** The query's rows for the viewer, a page at a time, in the statement's order, up to `maxRows`. */
export async function* queryPages(
  db: Db,
  viewer: Viewer,
  doc: QueryDocument,
  maxRows: number = QUERY_LIMITS.maxDownloadRows,
  pageRows: number = DOWNLOAD_PAGE_ROWS
): AsyncGenerator<{ columns: QueryColumnHeader[]; rows: QueryCell[][] }> {
  let after: QueryCell[] | undefined;
  let read = 0;
  while (read < maxRows) {
    const limit = Math.min(pageRows, maxRows - read);
    const compiled = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit, after });
    if (!compiled.ok) throw new Error(`data studio download: the query is refused now (${compiled.message})`);
    const raw = await readRows(db, compiled.statement);
    if (raw.length === 0) break;
    yield { columns: compiled.columns, rows: raw.map((r) => toRow(r, compiled.columns)) };
    read += raw.length;
    if (raw.length < limit) break;
    after = keyOf(raw[raw.length - 1], compiled.keyCount);
  }
}

export function fileNameOf(title: string): string {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${base || "Data Studio"}.xlsx`;
}

/** The file for the report: header row of the columns' labels, then every row. */
export async function buildDataStudioWorkbook(db: Db, viewer: Viewer, doc: QueryDocument, title: string): Promise<Uint8Array> {
  const compiled = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit: 1 });
  if (!compiled.ok) throw new Error(`data studio download: the query is refused now (${compiled.message})`);
  async function* pages() {
    for await (const page of queryPages(db, viewer, doc)) yield page.rows.map((row) => row.map(sheetCell));
  }
  return writeXlsx({
    sheetName: title,
    header: compiled.columns.map((c) => escapeCell(c.label)),
    pages: pages(),
    widths: compiled.columns.map((c) => (c.kind === "text" ? 40 : 16)),
  });
}

export const dataStudioXlsxBuilder: ReportBuilder = {
  async build(_env, db, report) {
    const scope = scopeOf(report);
    if (!scope) throw new Error(`${DATA_STUDIO_XLSX} ${report.id}: scope is not {query}`);
    const person = await personOfUser(db, report.companyId, report.requestedBy);
    // The requester is gone or lost Data Studio: retried, then they are told it could not be made.
    if (!person || !person.permissions.includes("ViewAnalytics")) throw new Error(`${DATA_STUDIO_XLSX} ${report.id}: the requester may no longer use Data Studio`);
    const body = await buildDataStudioWorkbook(db, viewerOfPerson(person), scope.query, report.title);
    return { name: fileNameOf(report.title), contentType: XLSX_CONTENT_TYPE, body };
  },
  // The file holds what its requester may read: it is theirs alone, while they may use Data Studio.
  async mayView(_context: AppLoadContext, viewer: Viewer, report: ReportRow) {
    return report.requestedBy === viewer.user.id && viewer.permissions.includes("ViewAnalytics") && scopeOf(report) !== null;
  },
};

export const DATA_STUDIO_REPORT_BUILDERS = { [DATA_STUDIO_XLSX]: dataStudioXlsxBuilder } satisfies Partial<ReportBuilders>;

/**
 * The page's Download: the query checked now (a refused query queues nothing and says why), then
 * queued for the viewer with 'Report will be emailed once completed', back at `answer.back`.
 */
export async function queueDataStudioDownload(
  context: AppLoadContext,
  viewer: Viewer,
  doc: QueryDocument,
  title: string,
  answer: { request: Request; back: string }
): Promise<Response> {
  const compiled = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit: 1 });
  if (!compiled.ok) return redirectWithToast(answer.back, { type: "error", message: compiled.message }, { request: answer.request });
  const name = title.trim().slice(0, 200) || words.untitled;
  return queueReportAnswer(context, viewer, { kind: DATA_STUDIO_XLSX, title: name, scope: { query: doc } }, answer);
}
