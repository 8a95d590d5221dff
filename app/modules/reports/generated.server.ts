import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { files, generatedReports, type ReportKind } from "~/db/schema";
import { fileKey } from "~/lib/files.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Viewer } from "~/modules/auth/session.server";
import { prepareNotify } from "~/modules/notifications/notify.server";

/**
 * Queued report generation (DESIGN "Queues"): a request writes a `generated_reports` row
 * and sends one "report.generate" message; the queue consumer renders the file, stores it in R2
 * and tells the requester with a link. Idempotent by construction:
 * - the R2 key and the `files` row id are the report's own id, so a redelivered message (or a
 *   retry after a crash between the R2 write and the D1 commit) overwrites the same object and
 *   finds the same row: one file per request;
 * - a report already `ready` is not rendered again, and the message to the requester carries
 *   the report id as its dedupe key, so nobody is told twice.
 * The download (`REPORT_FILES_PATH/{id}`) checks again, at download time, that the person may see
 * what the report covers (its builder's `mayView`); anyone else gets a 404.
 */

export const REPORT_JOB = "report.generate";
export const REPORT_FILES_PATH = "/reports/files";
export const reportFilePath = (reportId: string) => `${REPORT_FILES_PATH}/${encodeURIComponent(reportId)}`;

/** 000 §2/§4, 002 §8: what the requester is told at once. */
export const REPORT_QUEUED = "Report will be emailed once completed";
export const REPORTS_QUEUED = "Report(s) will be emailed once completed";

export interface ReportJob {
  reportId: string;
  companyId: string;
}

export type ReportRow = typeof generatedReports.$inferSelect;

export interface RenderedReport {
  /** The file name people see, with its extension. */
  name: string;
  contentType: string;
  body: Uint8Array | string;
}

/**
 * How each kind of report is made and who may download it. `build` reads everything it needs
 * by the report's company and scope; `mayView` is the same rule as the page the report comes
 * from (the requester is checked with it too: someone who lost access loses the file).
 */
export interface ReportBuilder {
  build(env: Env, db: Db, report: ReportRow): Promise<RenderedReport>;
  mayView(context: AppLoadContext, viewer: Viewer, report: ReportRow): Promise<boolean>;
  /** What the message says once the file is ready ("Your report is ready: …"). */
  readyText?(report: ReportRow): { subject: string; body: string };
}

/**
 * Every kind's builder. An area lists its own (REVIEW_REPORT_BUILDERS, SURVEY_REPORT_BUILDERS) and
 * app/report-builders.server.ts puts them together for the queue consumer and the download route,
 * so this machinery never imports an area.
 */
export type ReportBuilders = { readonly [K in ReportKind]: ReportBuilder };

export function reportBuilder(builders: ReportBuilders, kind: ReportKind): ReportBuilder {
  const builder = Object.hasOwn(builders, kind) ? builders[kind] : undefined;
  if (!builder) throw new Error(`no report builder for ${kind}`);
  return builder;
}

/**
 * How many report files one person may ask for in a window. Each is a headless-browser PDF or a
 * workbook of up to every answer of the company: a person clicking Download over and over would
 * hold the queue (and Browser Rendering's sessions) for everyone else.
 */
export const REPORT_LIMIT = { count: 10, windowMs: 10 * 60 * 1000 };
export const REPORT_LIMIT_REACHED = `You have asked for ${REPORT_LIMIT.count} reports in the last ${
  REPORT_LIMIT.windowMs / 60_000
} minutes. Please wait a few minutes before asking for another.`;

/** The requester has asked for REPORT_LIMIT.count reports in the window: nothing was written or queued. */
export class ReportLimitReached extends Error {
  constructor() {
    super(REPORT_LIMIT_REACHED);
    this.name = "ReportLimitReached";
  }
}

/**
 * Queues a report for the viewer: the row, then the message. Returns the report id. A send that
 * fails leaves a queued row nobody will render; it is marked failed so it does not linger.
 * Throws ReportLimitReached past the person's limit. The count and the insert are one statement,
 * so requests racing each other cannot all pass a count taken before any of them was written.
 */
export async function requestReport(
  context: AppLoadContext,
  viewer: Viewer,
  input: { kind: ReportKind; title: string; scope: Record<string, unknown> }
): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const inserted = await context.db.$client.prepare(
    `INSERT INTO generated_reports (id, company_id, requested_by, kind, title, scope, state, created_at)
      SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7
      WHERE (SELECT count(*) FROM generated_reports WHERE company_id = ?2 AND requested_by = ?3 AND created_at > ?8) < ?9`
  )
    .bind(id, viewer.company.id, viewer.user.id, input.kind, input.title, JSON.stringify(input.scope), now, now - REPORT_LIMIT.windowMs, REPORT_LIMIT.count)
    .run();
  if (inserted.meta.changes !== 1) throw new ReportLimitReached();
  try {
    await context.cloudflare.env.JOBS.send({
      type: REPORT_JOB,
      reportId: id,
      companyId: viewer.company.id,
      requestedBy: { companyId: viewer.company.id, userId: viewer.user.id },
    });
  } catch (error) {
    await context.db
      .update(generatedReports)
      .set({ state: "failed", error: "The report could not be queued.", finishedAt: new Date() })
      .where(eq(generatedReports.id, id));
    throw error;
  }
  return id;
}

/**
 * A download form's answer: the report queued and `queued` as a success toast, or the limit's
 * message as an error toast, both back at `back` (the page the form is on, as for other errors).
 */
export async function queueReportAnswer(
  context: AppLoadContext,
  viewer: Viewer,
  input: { kind: ReportKind; title: string; scope: Record<string, unknown> },
  answer: { request: Request; back: string; queued?: string }
): Promise<Response> {
  try {
    await requestReport(context, viewer, input);
  } catch (error) {
    if (!(error instanceof ReportLimitReached)) throw error;
    return redirectWithToast(answer.back, { type: "error", message: error.message }, { request: answer.request });
  }
  return redirectWithToast(answer.back, { type: "success", message: answer.queued ?? REPORT_QUEUED }, { request: answer.request });
}

async function loadReport(db: Db, job: ReportJob): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(generatedReports)
    .where(and(eq(generatedReports.id, job.reportId), eq(generatedReports.companyId, job.companyId)))
    .limit(1);
  return row;
}

/**
 * The queue consumer's work for one report: render, store under the report's own key, and return
 * the writes (files row, state, the requester's message) for the consumer to commit with the
 * processed-message mark. Throws to have the queue retry.
 */
export async function generateReport(env: Env, db: Db, job: ReportJob, builders: ReportBuilders): Promise<BatchItem<"sqlite">[]> {
  const report = await loadReport(db, job);
  if (!report || report.state === "ready") return [];
  const builder = reportBuilder(builders, report.kind);
  const rendered = await builder.build(env, db, report);
  const key = fileKey(report.companyId, report.id);
  const object = await env.FILES.put(key, rendered.body, {
    httpMetadata: { contentType: rendered.contentType },
    customMetadata: { companyId: report.companyId, fileId: report.id },
  });
  const ready = builder.readyText?.(report) ?? {
    subject: `Your report is ready: ${report.title}`,
    body: `${report.title} is ready to download.`,
  };
  return [
    db
      .insert(files)
      .values({
        id: report.id,
        companyId: report.companyId,
        ownerId: report.requestedBy,
        key,
        name: rendered.name,
        contentType: rendered.contentType,
        size: object.size,
      })
      .onConflictDoUpdate({ target: files.id, set: { name: rendered.name, contentType: rendered.contentType, size: object.size } }),
    db
      .update(generatedReports)
      .set({ state: "ready", fileId: report.id, error: null, finishedAt: new Date() })
      .where(and(eq(generatedReports.id, report.id), eq(generatedReports.companyId, report.companyId))),
    ...(await prepareNotify(db, {
      companyId: report.companyId,
      recipientUserIds: [report.requestedBy],
      kind: "report",
      subject: ready.subject,
      body: ready.body,
      link: reportFilePath(report.id),
      dedupeKey: `report:${report.id}`,
      // 000 §4, 002 §8: 'Report will be emailed once completed'.
      sendAs: ["email"],
    })),
  ];
}

/** From the dead-letter queue: the report is marked failed; the consumer tells the requester. */
export async function failReport(db: Db, job: ReportJob) {
  const report = await loadReport(db, job);
  if (!report || report.state === "ready") return null;
  return {
    writes: [
      db
        .update(generatedReports)
        .set({ state: "failed", error: "The report could not be made.", finishedAt: new Date() })
        .where(and(eq(generatedReports.id, report.id), eq(generatedReports.companyId, report.companyId), sql`state <> 'ready'`)),
    ],
    title: report.title,
  };
}

/**
 * A report's file for the viewer: their company's, ready, and covering only what they may see
 * now. Null otherwise (the route answers 404).
 */
export async function reportFileFor(context: AppLoadContext, viewer: Viewer, reportId: string, builders: ReportBuilders) {
  const env = context.cloudflare.env;
  const [report] = await context.db
    .select()
    .from(generatedReports)
    .where(and(eq(generatedReports.id, reportId), eq(generatedReports.companyId, viewer.company.id)))
    .limit(1);
  if (!report || report.state !== "ready" || !report.fileId) return null;
  if (!(await reportBuilder(builders, report.kind).mayView(context, viewer, report))) return null;
  const [file] = await context.db
    .select()
    .from(files)
    .where(and(eq(files.id, report.fileId), eq(files.companyId, viewer.company.id)))
    .limit(1);
  if (!file) return null;
  const object = await env.FILES.get(file.key);
  return object ? { file, object } : null;
}
