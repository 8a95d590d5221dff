import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { d1Statement, type Db } from "~/db/client.server";
import type { ReportBuilder, ReportBuilders, ReportRow } from "~/modules/reports/generated.server";
import { PDF_CONTENT_TYPE, renderPdf } from "~/modules/reports/pdf.server";
import { SurveyReportDocument } from "./components/survey-report-document";
import { companyFloor, LISTED_TEXTS, runReport, runStatement, toReportRun, type ReportRun } from "./report.server";

/**
 * A survey run's report as a PDF (001 §2 "Survey reports"): the page's numbers and
 * lists (the first LISTED_TEXTS texts per question, as the page shows them; the XLSX has them
 * all) with SVG charts, printed by Browser Rendering. Scope {runId}. Who may download it is the
 * report page's rule, checked again at download: the run of the viewer's company that they may
 * see (runAccess: ViewSurveys holders, a Teams-type group admin for their groups, the run's result
 * viewers).
 */

export const SurveyScope = z.object({ runId: z.string().min(1).max(100) });

const scopeOf = (report: Pick<ReportRow, "scope">) => {
  const parsed = SurveyScope.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
};

/**
 * The run as the report reads it, by company only: who asked was checked when it was queued and is
 * checked at download. The company's anonymity floor comes with it, as there is no viewer here.
 */
async function loadRun(db: Db, companyId: string, runId: string): Promise<ReportRun | null> {
  const row = await d1Statement(
    db,
    sql`SELECT r.id AS id, r.title AS title, r.state AS state, r.launched_at AS launched_at, r.sequence AS sequence,
        NULL AS place_id, r.blocks AS blocks, r.anonymous AS anonymous, r.min_submission_count AS min_submission_count, ${companyFloor},
        r.live_results AS live_results, r.audience_count AS audience_count, r.closed_at AS closed_at, 1 AS allowed
      FROM survey_runs r WHERE r.id = ${runId} AND r.company_id = ${companyId}`
  ).first<Record<string, unknown>>();
  return row ? toReportRun(row) : null;
}

/** "{survey} - {launch day and time}" as the XLSX download names it (001 §7). */
export function surveyReportName(run: Pick<ReportRun, "title" | "launchedAt">) {
  const stamp = new Date(run.launchedAt).toISOString().slice(0, 16).replace("T", " ").replace(":", "-");
  return `${run.title} - ${stamp}`;
}

/** The report's title as the requester reads it. */
export const surveyReportTitle = (run: Pick<ReportRun, "title">) => `${run.title} - Survey report`;

/** The whole HTML document the PDF is printed from. */
export function surveyReportHtml(run: ReportRun, result: Parameters<typeof SurveyReportDocument>[0]["result"], generatedAt = Date.now()) {
  return `<!doctype html>${renderToStaticMarkup(createElement(SurveyReportDocument, { run, result, generatedAt }))}`;
}

export const surveyPdfBuilder: ReportBuilder = {
  async build(env, db, report) {
    const scope = scopeOf(report);
    if (!scope) throw new Error(`survey-pdf ${report.id}: scope is not {runId}`);
    const run = await loadRun(db, report.companyId, scope.runId);
    if (!run) throw new Error(`survey-pdf ${report.id}: the survey run no longer exists`);
    const result = await runReport(db, report.companyId, run, { limit: LISTED_TEXTS });
    // Queued only while results are shown (mayDownload); nothing here changes that for a run.
    if (result.status !== "ready") throw new Error(`survey-pdf ${report.id}: results are not shown (${result.status})`);
    const pdf = await renderPdf(env, surveyReportHtml(run, result));
    return { name: `${surveyReportName(run)}.pdf`, contentType: PDF_CONTENT_TYPE, body: pdf };
  },
  async mayView(context, viewer, report) {
    const scope = scopeOf(report);
    if (!scope) return false;
    const db = context.db;
    const row = await d1Statement(db, runStatement(viewer, scope.runId)).first<Record<string, unknown>>();
    return Boolean(row && toReportRun(row).allowed);
  },
};

/** The survey reports that are queued as files (app/report-builders.server.ts lists every area's). */
export const SURVEY_REPORT_BUILDERS = { "survey-pdf": surveyPdfBuilder } satisfies Partial<ReportBuilders>;
