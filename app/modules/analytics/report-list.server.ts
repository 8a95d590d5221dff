import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { d1Statement, type Db } from "~/db/client.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { mayNameAnonymousReviewers, reportAccess, REPORTED_STATES } from "~/modules/access/review-reports.server";
import type { Viewer } from "~/modules/auth/session.server";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import { EMPTY_FILTERS } from "~/modules/reviews/reports/report-table.server";
import { loadSelection, mayDownload, runAccess, runReport } from "~/modules/surveys/report.server";
import { surveyReportTitle } from "~/modules/surveys/survey-report-files.server";
import { REPORT_LIST_PAGE_SIZE, type ReportChild, type ReportListFilters, type ReportRowData, type ReportType } from "./report-list";

/**
 * The reads and the download of Analytics › Reports. One statement lists, filters, sorts and
 * pages every source the viewer may report on, each by the rule of its own report page:
 * - reviews: live and closed ones with a reviewee whose report the viewer may read (ViewReviewReports,
 *   app/modules/access/review-reports.server.ts);
 * - surveys: those with a run whose results the viewer may see (the survey reports' runAccess);
 *   children: those runs;
 * - feedback loops: every loop of the company for holders of ViewFeedbackLoops; children: runs;
 * - Data Studio views: the viewer's own.
 * Runs of an anonymous survey or loop are listed only for those who may expand anonymous rows
 * (ExpandAnonymousReportRows: Teams-type or admins, 002 §6).
 */

const DAY = 86_400_000;

const surveyRunsVisible = (viewer: Viewer) => sql`r.company_id = s.company_id AND r.survey_id = s.id AND ${runAccess(viewer)}`;

function sourcesSql(viewer: Viewer): SQL {
  const company = viewer.company.id;
  const parts: SQL[] = [];
  if (viewer.permissions.includes("ViewReviewReports"))
    parts.push(sql`SELECT 'review' AS type, c.id AS id, c.title AS name, c.anonymous AS anonymous, coalesce(c.launched_at, c.created_at) AS at, 0 AS child_count, NULL AS link_id
      FROM review_campaigns c WHERE c.company_id = ${company} AND c.state IN ${REPORTED_STATES}
        AND EXISTS (SELECT 1 FROM review_pairs p WHERE p.company_id = c.company_id AND p.campaign_id = c.id AND ${reportAccess(viewer)})`);
  parts.push(sql`SELECT 'survey' AS type, s.id AS id, s.title AS name, s.anonymous AS anonymous,
      (SELECT max(r.launched_at) FROM survey_runs r WHERE ${surveyRunsVisible(viewer)}) AS at,
      (SELECT count(*) FROM survey_runs r WHERE ${surveyRunsVisible(viewer)}) AS child_count,
      (SELECT r.id FROM survey_runs r WHERE ${surveyRunsVisible(viewer)} ORDER BY r.launched_at DESC, r.id LIMIT 1) AS link_id
    FROM surveys s WHERE s.company_id = ${company} AND EXISTS (SELECT 1 FROM survey_runs r WHERE ${surveyRunsVisible(viewer)})`);
  if (viewer.permissions.includes("ViewFeedbackLoops"))
    parts.push(sql`SELECT 'feedback-loop' AS type, l.id AS id, l.title AS name, l.anonymous AS anonymous, l.created_at AS at,
        (SELECT count(*) FROM feedback_loop_runs fr WHERE fr.company_id = l.company_id AND fr.loop_id = l.id) AS child_count, NULL AS link_id
      FROM feedback_loops l WHERE l.company_id = ${company}`);
  parts.push(sql`SELECT 'data-studio' AS type, v.id AS id, v.title AS name, 0 AS anonymous, v.updated_at AS at, 0 AS child_count, NULL AS link_id
    FROM data_studio_views v WHERE v.company_id = ${company} AND v.user_id = ${viewer.user.id}`);
  return sql.join(parts, sql` UNION ALL `);
}

function whereSql(f: ReportListFilters): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.type) parts.push(sql`x.type = ${f.type}`);
  if (f.search) parts.push(sql`instr(lower(x.name), lower(${f.search})) > 0`);
  if (f.from) parts.push(sql`x.at >= ${Date.parse(`${f.from}T00:00:00Z`)}`);
  if (f.to) parts.push(sql`x.at < ${Date.parse(`${f.to}T00:00:00Z`) + DAY}`);
  return sql.join(parts, sql` AND `);
}

function orderSql(f: ReportListFilters): SQL {
  const dir = sql.raw(f.dir === "asc" ? "ASC" : "DESC");
  const column = f.sort === "name" ? sql`x.name COLLATE NOCASE` : f.sort === "type" ? sql`x.type` : sql`x.at`;
  return sql`${column} ${dir}, x.name COLLATE NOCASE ASC, x.type, x.id`;
}

interface SourceRow {
  type: ReportType;
  id: string;
  name: string;
  anonymous: number;
  at: number | null;
  child_count: number;
  /** A survey's newest visible run: where its report opens. */
  link_id: string | null;
  total: number;
}

export const reviewHref = (id: string) => `/reviews/manage-reviews/${encodeURIComponent(id)}`;
export const surveyRunHref = (runId: string) => `/surveys/reports?surveyId=${encodeURIComponent(runId)}`;
export const loopHref = (loopId: string, runId?: string) =>
  `/workflows/manage-feedback-loops/${encodeURIComponent(loopId)}${runId ? `?run=${encodeURIComponent(runId)}` : ""}`;
export const viewHref = (viewId: string) => `/analytics/my-queries?view=${encodeURIComponent(viewId)}`;

/** One page of the list, its total and its rows' children. */
export async function loadReportList(db: Db, viewer: Viewer, f: ReportListFilters): Promise<{ rows: ReportRowData[]; total: number; pages: number; page: number }> {
  const pageOf = (page: number) =>
    sql`SELECT x.*, count(*) OVER () AS total FROM (${sourcesSql(viewer)}) x WHERE ${whereSql(f)} ORDER BY ${orderSql(f)}
      LIMIT ${REPORT_LIST_PAGE_SIZE} OFFSET ${(page - 1) * REPORT_LIST_PAGE_SIZE}`;
  const expand = mayNameAnonymousReviewers(viewer);
  const company = viewer.company.id;
  /** The ids of one type on a page whose runs may be listed (002 §6), as a subquery. */
  const parentsOn = (page: number, type: ReportType) =>
    sql`(SELECT y.id FROM (${pageOf(page)}) y WHERE y.type = ${type}${expand ? sql`` : sql` AND y.anonymous = 0`})`;
  // The page and its rows' runs in one batch.
  const read = (page: number) =>
    db.$client.batch([
      d1Statement(db, pageOf(page)),
      d1Statement(
        db,
        sql`SELECT r.id, r.survey_id AS parent, r.title, r.state, r.launched_at AS at, r.sequence,
            ((r.state = 'closed' OR r.live_results = 1) AND r.submitted_count > 0
              AND (r.anonymous = 0 OR r.submitted_count >= max(${anonymityMinimum(viewer.company.anonymityFloor)}, r.min_submission_count))) AS downloadable
          FROM survey_runs r
          WHERE r.company_id = ${company} AND r.survey_id IN ${parentsOn(page, "survey")} AND ${runAccess(viewer)}
          ORDER BY r.launched_at DESC, r.id`
      ),
      d1Statement(
        db,
        sql`SELECT fr.id, fr.loop_id AS parent, fr.state, fr.started_at AS at, fr.sequence FROM feedback_loop_runs fr
          WHERE fr.company_id = ${company} AND fr.loop_id IN ${parentsOn(page, "feedback-loop")}
          ORDER BY fr.started_at DESC, fr.id`
      ),
    ]);
  let page = f.page;
  let [list, runs, loopRuns] = await read(page);
  if (list.results.length === 0 && page > 1) {
    // Past the last page (the list shrank): the last page instead.
    const [{ n }] = (await d1Statement(db, sql`SELECT count(*) AS n FROM (${sourcesSql(viewer)}) x WHERE ${whereSql(f)}`).all<{ n: number }>()).results;
    page = Math.max(1, Math.ceil(Number(n) / REPORT_LIST_PAGE_SIZE));
    [list, runs, loopRuns] = await read(page);
  }
  const rows = list.results as unknown as SourceRow[];
  const total = Number(rows[0]?.total ?? 0);
  const expandable = (r: SourceRow) => (r.type === "survey" || r.type === "feedback-loop") && (expand || !r.anonymous);
  const childrenOf = new Map<string, ReportChild[]>();
  const add = (key: string, child: ReportChild) => childrenOf.set(key, [...(childrenOf.get(key) ?? []), child]);
  for (const r of runs.results as Array<Record<string, unknown>>) {
    const id = String(r.id);
    add(`survey:${r.parent}`, {
      id,
      uniqueId: `survey-run:${id}`,
      name: `${r.title} #${r.sequence}`,
      state: String(r.state),
      at: Number(r.at),
      href: surveyRunHref(id),
      // Offered where the survey report offers it: results shown (the action checks it again).
      download: viewer.permissions.includes("ViewSurveys") && Boolean(r.downloadable),
    });
  }
  for (const r of loopRuns.results as Array<Record<string, unknown>>) {
    const id = String(r.id);
    add(`feedback-loop:${r.parent}`, {
      id,
      uniqueId: `feedback-loop-run:${id}`,
      name: `#${r.sequence}`,
      state: String(r.state),
      at: Number(r.at),
      href: loopHref(String(r.parent), id),
      download: false,
    });
  }
  return {
    page,
    total,
    pages: Math.max(1, Math.ceil(total / REPORT_LIST_PAGE_SIZE)),
    rows: rows.map((r) => {
      const uniqueId = `${r.type}:${r.id}`;
      return {
        id: r.id,
        uniqueId,
        type: r.type,
        name: r.name,
        anonymous: Boolean(r.anonymous),
        at: Number(r.at ?? 0),
        href: r.type === "review" ? reviewHref(r.id) : r.type === "survey" ? surveyRunHref(String(r.link_id)) : r.type === "feedback-loop" ? loopHref(r.id) : viewHref(r.id),
        // A review's answers as one workbook: the report table's download, for those who hold it.
        download: r.type === "review" && viewer.permissions.includes("ViewReviewReportsTable"),
        children: expandable(r) ? childrenOf.get(uniqueId) ?? [] : null,
        childCount: Number(r.child_count),
      };
    }),
  };
}

export const DownloadSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("review"), id: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal("survey-run"), id: z.string().trim().min(1).max(100) }),
]);

/**
 * A row's Download: the same report kinds and checks as the page the report lives on, queued
 * ('Report will be emailed once completed'). Anything the viewer may not report on is a 404.
 */
export async function queueRowDownload(
  context: AppLoadContext,
  viewer: Viewer,
  download: z.output<typeof DownloadSchema>,
  back: string,
  request: Request
): Promise<Response> {
  const parsed = { data: download };
  const db = context.db;
  if (parsed.data.intent === "review") {
    if (!viewer.permissions.includes("ViewReviewReportsTable")) throw new Response("Not Found", { status: 404 });
    const review = await d1Statement(
      db,
      sql`SELECT c.id, c.title FROM review_campaigns c WHERE c.id = ${parsed.data.id} AND c.company_id = ${viewer.company.id} AND c.state IN ${REPORTED_STATES}`
    ).first<{ id: string; title: string }>();
    if (!review) throw new Response("Not Found", { status: 404 });
    return queueReportAnswer(
      context,
      viewer,
      { kind: "bulk-xlsx", title: review.title, scope: { filters: { ...EMPTY_FILTERS, reviewIds: [review.id] } } },
      { request, back }
    );
  }
  if (!viewer.permissions.includes("ViewSurveys")) throw new Response("Not Found", { status: 404 });
  const selection = await loadSelection(db, viewer, { placeId: null, runId: parsed.data.id, newestByDefault: false });
  if (selection === "not-found" || selection === "forbidden" || !selection.run) throw new Response("Not Found", { status: 404 });
  const run = selection.run;
  const result = await runReport(db, viewer.company.id, run);
  // A run whose results may not be shown yet (anonymity, results once closed) has no file either.
  if (!mayDownload(run, result)) throw new Response("Not Found", { status: 404 });
  return queueReportAnswer(context, viewer, { kind: "survey-pdf", title: surveyReportTitle(run), scope: { runId: run.id } }, { request, back });
}
