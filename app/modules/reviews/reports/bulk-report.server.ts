import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { readConfig } from "~/lib/config.server";
import { XLSX_CONTENT_TYPE } from "~/lib/spreadsheet.server";
import { personOfUser, type Viewer } from "~/modules/auth/session.server";
import { mayNameAnonymousReviewers } from "~/modules/access/review-reports.server";
import type { ReportBuilder, ReportRow } from "~/modules/reports/generated.server";
import { writeXlsx } from "~/modules/reports/xlsx-writer.server";
import { answerRowPages, EMPTY_FILTERS, visibleReports, type ReportViewer } from "./report-table.server";
import { ANSWER_COLUMNS, fileNameOf, MAX_BULK_REPORTS, ReportFiltersSchema, type AnswerCells, type ReportKey } from "./report-table.schema";

/**
 * The bulk XLSX (000 §7 "Bulk report download: emailed later"): one sheet with every
 * answer row of the scoped reports — Review, Reviewee, Reviewer (Anonymous when the requester may
 * not name them; such reviewers' rows only from the anonymity floor up, in their anonymous order),
 * Question, Answer, Score, Comment. Queued from the report table (scope
 * `{ reports }`, the checked reports) or from the super admin's report table without JavaScript
 * (scope `{ filters }`).
 *
 * Built within a Worker's 128 MB: pairs are read from D1 a page at a time (answerRowPages) and each
 * page is written straight into the deflated sheet (writeXlsx), so memory holds one page of rows
 * and the compressed file; every text cell is escaped (answerCells). SheetJS's dense sheet needed
 * more than 112 MB of heap for 50,000 rows (it builds the whole sheet XML as one string).
 */

const KeySchema = z.object({ campaignId: z.string().min(1).max(100), revieweeId: z.string().min(1).max(100) });
export const BulkScopeSchema = z.union([
  z.object({
    reports: z.array(KeySchema).min(1).max(MAX_BULK_REPORTS),
    /** Whether the requester could name anonymous reviews' reviewers when asking: the file names them only then. */
    nameReviewers: z.boolean().default(false),
  }),
  z.object({ filters: ReportFiltersSchema }),
]);
export type BulkScope = z.output<typeof BulkScopeSchema>;

const SHEET = "Answers";

/** Column widths (characters) of Review, Reviewee, Reviewer, Question, Answer, Score, Comment. */
const WIDTHS = [32, 24, 24, 48, 32, 8, 60];

/** The answer rows as an .xlsx, written page by page (xlsx-writer.server.ts). */
export function answerWorkbook(pages: AsyncIterable<AnswerCells[]> | Iterable<AnswerCells[]>): Promise<Uint8Array> {
  return writeXlsx({ sheetName: SHEET, header: ANSWER_COLUMNS, pages, widths: WIDTHS });
}

/**
 * The requester as the report rules see them now (the auth module's personOfUser), or null when
 * they are gone. A report is built with the requester's own rights: someone who lost access since
 * asking gets fewer rows, never more.
 */
export const requesterViewer = (db: Db, companyId: string, userId: string): Promise<ReportViewer | null> =>
  personOfUser(db, companyId, userId);

function scopeOf(report: ReportRow): BulkScope | null {
  const parsed = BulkScopeSchema.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
}

export const bulkXlsxBuilder: ReportBuilder = {
  async build(env, db: Db, report) {
    const scope = scopeOf(report);
    const viewer = await requesterViewer(db, report.companyId, report.requestedBy);
    const name = fileNameOf(report.title, "xlsx");
    // A requester who is gone, or who no longer holds the report pages, is told it failed (after the retries).
    if (!scope || !viewer) throw new Error(`bulk-xlsx ${report.id}: the scope or the requester is gone`);
    const allowed =
      "reports" in scope ? viewer.permissions.includes("ViewReviewReports") : viewer.permissions.includes("ViewReviewReportsTable");
    if (!allowed) throw new Error(`bulk-xlsx ${report.id}: the requester no longer holds the report pages`);
    const orderSecret = readConfig(env).sessionSecret;
    const pages =
      "reports" in scope
        ? answerRowPages(db, {
            viewer,
            filters: EMPTY_FILTERS,
            reports: scope.reports,
            anyStatus: true,
            nameAnonymous: scope.nameReviewers,
            orderSecret,
          })
        : answerRowPages(db, { viewer, filters: scope.filters, orderSecret });
    return { name, contentType: XLSX_CONTENT_TYPE, body: await answerWorkbook(pages) };
  },

  /**
   * Every report of the scope is one the person may see now (reportAccess); a file naming the
   * reviewers of an anonymous review goes only to someone who may name them now, the requester
   * included. A file of filters is the super admin's report table.
   */
  async mayView(context: AppLoadContext, viewer: Viewer, report: ReportRow) {
    const scope = scopeOf(report);
    if (!scope) return false;
    if ("filters" in scope) return viewer.permissions.includes("ViewReviewReportsTable");
    if (!viewer.permissions.includes("ViewReviewReports")) return false;
    const keys: ReportKey[] = scope.reports;
    const seen = await visibleReports(context.db, viewer, keys);
    if (seen.length !== keys.length) return false;
    if (!scope.nameReviewers || mayNameAnonymousReviewers(viewer)) return true;
    return !seen.some((r) => r.anonymous);
  },
};
