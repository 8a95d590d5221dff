import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { d1Statement } from "~/db/client.server";
import { permissionsFor } from "~/lib/permissions/registry";
import { XLSX_CONTENT_TYPE } from "~/lib/spreadsheet.server";
import type { Viewer } from "~/modules/auth/session.server";
import { mayNameAnonymousReviewers } from "./access.server";
import type { ReportBuilder, ReportRow } from "./generated.server";
import { writeXlsx } from "./xlsx-writer.server";
import { answerRowPages, EMPTY_FILTERS, visibleReports, type ReportViewer } from "./report-table.server";
import { ANSWER_COLUMNS, fileNameOf, MAX_BULK_REPORTS, ReportFiltersSchema, type AnswerCells, type ReportKey } from "./report-table.schema";

/**
 * The bulk XLSX (000 §7 "Bulk report download: emailed later"; issue 8): one sheet with every
 * answer row of the scoped reports — Review, Reviewee, Reviewer (Anonymous when the requester may
 * not name them), Question, Answer, Score, Comment. Queued from the report table (scope
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
 * The requester as the report rules see them now (permissions from their role, platform and the
 * company's settings), or null when they are gone. A report is built with the requester's own
 * rights: someone who lost access since asking gets fewer rows, never more.
 */
export async function requesterViewer(d1: D1Database, companyId: string, userId: string): Promise<ReportViewer | null> {
  const row = await d1Statement(
    d1,
    sql`SELECT u.id AS user_id, u.name AS user_name, u.email AS user_email, u.title AS user_title, u.image_url AS user_image_url,
        u.is_super_admin AS is_super_admin, u.is_team_admin AS is_team_admin, u.is_deleted AS is_deleted,
        co.id AS company_id, co.name AS company_name, co.platform AS platform, co.analytics_color_scale AS color_scale,
        co.ai_enabled AS ai_enabled, co.review_analytics AS review_analytics, co.custom_relationships AS custom_relationships,
        co.user_admin_view AS user_admin_view, co.goals_instead_of_objectives AS goals,
        EXISTS (SELECT 1 FROM user_managers m WHERE m.company_id = u.company_id AND m.manager_id = u.id) AS is_manager
      FROM users u JOIN companies co ON co.id = u.company_id
      WHERE u.id = ${userId} AND u.company_id = ${companyId}`
  ).first<Record<string, string | number | null>>();
  if (!row || row.is_deleted) return null;
  const company: Viewer["company"] = {
    id: String(row.company_id),
    name: String(row.company_name),
    platform: row.platform as Viewer["company"]["platform"],
    analyticsColorScale: row.color_scale as Viewer["company"]["analyticsColorScale"],
    aiEnabled: Boolean(row.ai_enabled),
    reviewAnalytics: Boolean(row.review_analytics),
    customRelationships: Boolean(row.custom_relationships),
    userAdminView: Boolean(row.user_admin_view),
    goalsInsteadOfObjectives: Boolean(row.goals),
  };
  const user: Viewer["user"] = {
    id: String(row.user_id),
    name: String(row.user_name),
    email: String(row.user_email),
    title: (row.user_title as string | null) ?? null,
    imageUrl: (row.user_image_url as string | null) ?? null,
    isSuperAdmin: Boolean(row.is_super_admin),
    isTeamAdmin: Boolean(row.is_team_admin),
  };
  const permissions = permissionsFor({
    platform: company.platform,
    isSuperAdmin: user.isSuperAdmin,
    isTeamAdmin: user.isTeamAdmin,
    isManager: Boolean(row.is_manager),
    settings: company,
    inDemoTeam: false,
  });
  return { user, company, permissions };
}

function scopeOf(report: ReportRow): BulkScope | null {
  const parsed = BulkScopeSchema.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
}

export const bulkXlsxBuilder: ReportBuilder = {
  async build(env, _db: Db, report) {
    const scope = scopeOf(report);
    const viewer = await requesterViewer(env.DB, report.companyId, report.requestedBy);
    const name = fileNameOf(report.title, "xlsx");
    // A requester who is gone, or who no longer holds the report pages, is told it failed (after the retries).
    if (!scope || !viewer) throw new Error(`bulk-xlsx ${report.id}: the scope or the requester is gone`);
    const allowed =
      "reports" in scope ? viewer.permissions.includes("ViewReviewReports") : viewer.permissions.includes("ViewReviewReportsTable");
    if (!allowed) throw new Error(`bulk-xlsx ${report.id}: the requester no longer holds the report pages`);
    const pages =
      "reports" in scope
        ? answerRowPages(env.DB, {
            viewer,
            filters: EMPTY_FILTERS,
            reports: scope.reports,
            anyStatus: true,
            nameAnonymous: scope.nameReviewers,
          })
        : answerRowPages(env.DB, { viewer, filters: scope.filters });
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
    const seen = await visibleReports(context.cloudflare.env.DB, viewer, keys);
    if (seen.length !== keys.length) return false;
    if (!scope.nameReviewers || mayNameAnonymousReviewers(viewer)) return true;
    return !seen.some((r) => r.anonymous);
  },
};
