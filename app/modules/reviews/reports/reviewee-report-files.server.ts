import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { readConfig } from "~/lib/config.server";
import { sharedCopy } from "~/lib/copy";
import { toXlsxSheets, XLSX_CONTENT_TYPE, type Cell } from "~/lib/spreadsheet.server";
import type { Viewer } from "~/modules/auth/session.server";
import { mayNameAnonymousReviewers, mayNameAnonymousReviewersInShare } from "~/modules/access/review-reports.server";
import { RevieweeReportDocument } from "../components/reviewee-report-document";
import type { ReportBuilder, ReportRow } from "~/modules/reports/generated.server";
import { PDF_CONTENT_TYPE, renderPdf } from "~/modules/reports/pdf.server";
import {
  ANALYTICS_NOT_AVAILABLE,
  COMMENTS,
  COMPETENCY_ANALYTICS,
  hasAnalytics,
  QUANTITATIVE_ANALYTICS,
  withheldReviews,
  type RevieweeReportData,
} from "./reviewee-report";
import { anyone, asReader, asReporter, loadRevieweeReport, MAX_REPORT_REVIEWS, reportHead } from "./reviewee-report.server";

/**
 * The per-reviewee report's queued files (000 §2 "Download as PDF or XLSX"): the same
 * report as the page, as a PDF (a whole HTML document rendered by Browser Rendering) or an XLSX
 * workbook (analytics, quantitative questions, comments). The scope is what the requester chose:
 * { revieweeId, campaignIds, nameReviewers }, `nameReviewers` saying whether the requester could
 * see the names of anonymous reviewers (the file then names them, and only people who may see
 * them can download it).
 */

const ID = z.string().min(1).max(100);
export const RevieweeScope = z.object({
  revieweeId: ID,
  campaignIds: z.array(ID).min(1).max(MAX_REPORT_REVIEWS),
  nameReviewers: z.boolean().default(false),
});
export type RevieweeScope = z.infer<typeof RevieweeScope>;

function scopeOf(report: Pick<ReportRow, "id" | "kind" | "scope">): RevieweeScope {
  const parsed = RevieweeScope.safeParse(report.scope);
  if (!parsed.success) throw new Error(`${report.kind} ${report.id}: scope is not {revieweeId, campaignIds}`);
  return parsed.data;
}

/** The report as it is now (read by the report's company and scope; the request was checked). */
async function loadReport(env: Env, db: Db, row: ReportRow): Promise<RevieweeReportData> {
  const scope = scopeOf(row);
  const loaded = await loadRevieweeReport(db, {
    companyId: row.companyId,
    revieweeId: scope.revieweeId,
    campaignIds: scope.campaignIds,
    rule: anyone,
    nameAnonymous: scope.nameReviewers,
    orderSecret: readConfig(env).sessionSecret,
  });
  // The reviewee or a review is gone (deleted, back to draft): retried, then the requester is told.
  if (!loaded?.report) throw new Error(`${row.kind} ${row.id}: the reviewee or a review no longer exists`);
  return loaded.report;
}

/** "{reviewee name} - {review title(s)}" with the extension, safe as a file name. */
export function revieweeFileName(report: Pick<RevieweeReportData, "reviewee" | "reviews">, extension: "pdf" | "xlsx") {
  const base = `${report.reviewee.name} - ${report.reviews.map((r) => r.title).join(", ")}`
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${base || "Reviewee report"}.${extension}`;
}

/** The PDF's HTML: a whole document, inline CSS and SVG, no script. */
export function revieweeReportHtml(report: RevieweeReportData, generatedAt: number): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(RevieweeReportDocument, { report, generatedAt }))}`;
}

/** Sheets of the workbook: every text cell is escaped by toXlsxSheets; scores stay numbers. */
export function revieweeReportSheets(report: RevieweeReportData) {
  const heads = report.columns.map((c) => `${c.review} — ${c.reviewer}`);
  const about: Cell[][] = [
    ["Reviewee", report.reviewee.name],
    ["Title", report.reviewee.title ?? ""],
    ["Department", report.reviewee.department ?? ""],
    ["Reviews", report.reviews.map((r) => r.title + (r.anonymous ? " (anonymous)" : "")).join(", ")],
    ...withheldReviews(report).map((r) => [r.title, sharedCopy.anonymousAnswersWithheld(report.anonymityMinimum)]),
    [],
  ];
  const none = !hasAnalytics(report);
  const analytics: Cell[][] = [
    ...about,
    ...(none
      ? [[ANALYTICS_NOT_AVAILABLE]]
      : [
          ["Competency / Behaviour", "Type", ...heads, "Average"],
          ...report.competencies.map((r) => [r.name, r.kind === "competency" ? "Competency" : "Behaviour", ...r.scores, r.average]),
        ]),
  ];
  const quantitative: Cell[][] = none
    ? [[ANALYTICS_NOT_AVAILABLE]]
    : [
        ["Question", ...heads, "Average score"],
        ...report.quantitative.map((r) => [r.question, ...r.cells.map((c) => (c ? c.answer : null)), r.average]),
      ];
  const several = report.reviews.length > 1;
  const comments: Cell[][] = [
    [...(several ? ["Review"] : []), "Question", "Reviewer", "Comment"],
    ...report.comments.map((c) => [...(several ? [c.review] : []), c.question, c.reviewer, c.comment]),
  ];
  return [
    { name: COMPETENCY_ANALYTICS, rows: analytics },
    { name: QUANTITATIVE_ANALYTICS, rows: quantitative },
    { name: COMMENTS, rows: comments },
  ];
}

/**
 * Who may download the file: someone who may still see every report it covers (as a reporter,
 * or because it was shared with them), and, when the file names reviewers of an anonymous
 * review, who may see those names.
 */
async function mayView(context: Parameters<ReportBuilder["mayView"]>[0], viewer: Viewer, row: ReportRow): Promise<boolean> {
  const parsed = RevieweeScope.safeParse(row.scope);
  if (!parsed.success) return false;
  const scope = parsed.data;
  const head = await reportHead(context.db, viewer, scope.revieweeId, scope.campaignIds, asReader(viewer));
  if (!head) return false;
  if (!scope.nameReviewers || !head.reviews.some((r) => r.anonymous)) return true;
  // A file naming an anonymous review's reviewers: for who may name them on the report pages, or
  // who manages reviews (a share alone does not reveal them: mayNameAnonymousReviewersInShare).
  if (mayNameAnonymousReviewersInShare(viewer)) return true;
  if (!mayNameAnonymousReviewers(viewer) || !viewer.permissions.includes("ViewReviewReports")) return false;
  return Boolean(await reportHead(context.db, viewer, scope.revieweeId, scope.campaignIds, asReporter(viewer)));
}

export const revieweePdfBuilder: ReportBuilder = {
  async build(env, db, row) {
    const report = await loadReport(env, db, row);
    const html = revieweeReportHtml(report, row.createdAt.getTime());
    // Many reviewer columns read better across the page.
    const body = await renderPdf(env, html, { landscape: report.columns.length > 6 });
    return { name: revieweeFileName(report, "pdf"), contentType: PDF_CONTENT_TYPE, body };
  },
  mayView,
};

export const revieweeXlsxBuilder: ReportBuilder = {
  async build(env, db, row) {
    const report = await loadReport(env, db, row);
    return { name: revieweeFileName(report, "xlsx"), contentType: XLSX_CONTENT_TYPE, body: toXlsxSheets(revieweeReportSheets(report)) };
  },
  mayView,
};
