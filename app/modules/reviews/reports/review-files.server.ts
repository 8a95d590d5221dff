import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { d1Statement, type Db } from "~/db/client.server";
import { generatedReports } from "~/db/schema";
import { toXlsx, XLSX_CONTENT_TYPE, type Cell } from "~/lib/spreadsheet.server";
import type { Viewer } from "~/modules/auth/session.server";
import { mayManageCampaign } from "~/modules/access/groups.server";
import { PAIR_STATE_LABELS, type NominationState, type PairAnswers, type PairState } from "~/modules/reviews/campaign-machine";
import { answerRows, NOMINATION_STATE_LABELS } from "~/modules/reviews/components/pair-answers";
import type { StatusReportType } from "~/modules/reviews/components/review-detail.schema";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import type { ReportBuilder, ReportJob, ReportRow } from "~/modules/reports/generated.server";

/**
 * The review detail page's queued files (000 §2 "Review detail" Analytics Download, §4 pair
 * report download): a pair's answers, and the status report (one row per pair,
 * or per nomination). Both are for the people who manage the review, checked again at download:
 * ViewManageReviews and the review's access rule (a Teams-type group admin: their groups' reviews).
 */

const UNKNOWN_PERSON = "Unknown person";

const PEOPLE_JOIN = sql`
  LEFT JOIN users ee ON ee.id = rp.reviewee_id AND ee.company_id = rp.company_id
  LEFT JOIN users er ON er.id = rp.reviewer_id AND er.company_id = rp.company_id`;

const parse = <T>(text: string | null): T | null => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

export const PairScope = z.object({ campaignId: z.string().min(1).max(100), pairId: z.string().min(1).max(100) });
export const StatusScope = z.object({ campaignId: z.string().min(1).max(100), reportType: z.enum(["review", "nomination"]) });

/** A scope the builder does not understand (a row written by hand, an old shape): nothing to make or show. */
function scopeOf<T>(schema: z.ZodType<T>, report: Pick<ReportRow, "scope">): T | null {
  const parsed = schema.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
}


// ---------------------------------------------------------------------------------------------
// A pair's report: its answers against the questionnaire snapshot.
// ---------------------------------------------------------------------------------------------

export const pairXlsxBuilder: ReportBuilder = {
  async build(env, db, report) {
    const scope = scopeOf(PairScope, report);
    if (!scope) throw new Error(`pair-xlsx ${report.id}: scope is not {campaignId, pairId}`);
    const row = await d1Statement(
      db,
      sql`
        SELECT c.title AS title, c.template_blocks AS template_blocks, rp.state AS state, rp.answers AS answers,
          ee.name AS reviewee, er.name AS reviewer
        FROM review_pairs rp
        JOIN review_campaigns c ON c.id = rp.campaign_id AND c.company_id = rp.company_id
        ${PEOPLE_JOIN}
        WHERE rp.id = ${scope.pairId} AND rp.campaign_id = ${scope.campaignId} AND rp.company_id = ${report.companyId}`
    ).first<{
      title: string;
      template_blocks: string | null;
      state: PairState;
      answers: string | null;
      reviewee: string | null;
      reviewer: string | null;
    }>();
    // Removed since it was asked for: retried, then the requester is told it could not be made.
    if (!row) throw new Error(`pair-xlsx ${report.id}: the pair no longer exists`);
    const reviewee = row.reviewee ?? UNKNOWN_PERSON;
    const reviewer = row.reviewer ?? UNKNOWN_PERSON;
    const rows: Cell[][] = [
      ["Review", row.title],
      ["Reviewee", reviewee],
      ["Reviewer", reviewer],
      ["State", PAIR_STATE_LABELS[row.state] ?? row.state],
      [],
      ["Question", "Answer", "Comment"],
      ...answerRows(parse<StoredBlock[]>(row.template_blocks) ?? [], parse<PairAnswers>(row.answers)).map((a) => [
        a.question,
        a.answer,
        a.comment,
      ]),
    ];
    return { name: `${row.title} - ${reviewee} by ${reviewer}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: toXlsx(rows, "Review") };
  },
  async mayView(context, viewer, report) {
    const scope = scopeOf(PairScope, report);
    return scope ? mayManageCampaign(context, viewer, scope.campaignId) : false;
  },
};

/** What the requester reads in the report's title (and so in the message telling them it is ready). */
export const pairReportTitle = (review: string, reviewee: string, reviewer: string) => `${review}: ${reviewee}, reviewed by ${reviewer}`;

/** A "review.pair-report" message, as queued before reports had rows of their own. */
export interface QueuedPairReport {
  companyId: string;
  campaignId: string;
  pairId: string;
  requestedBy?: { companyId: string; userId: string };
}

/**
 * Takes over a pair report queued before reports had rows: its `pair-xlsx` row, under an id made
 * from the queue message (a redelivery finds the same row), so it is made, stored and sent like
 * any other report. Null when the message names no requester of the pair's company.
 */
export async function adoptQueuedPairReport(db: Db, job: QueuedPairReport, messageId: string): Promise<ReportJob | null> {
  const requester = job.requestedBy;
  if (!requester || requester.companyId !== job.companyId) return null;
  const names = await d1Statement(
    db,
    sql`SELECT c.title AS title, ee.name AS reviewee, er.name AS reviewer
      FROM review_pairs rp JOIN review_campaigns c ON c.id = rp.campaign_id AND c.company_id = rp.company_id ${PEOPLE_JOIN}
      WHERE rp.id = ${job.pairId} AND rp.campaign_id = ${job.campaignId} AND rp.company_id = ${job.companyId}`
  ).first<{ title: string; reviewee: string | null; reviewer: string | null }>();
  const reportId = `queued-pair-${messageId}`;
  await db
    .insert(generatedReports)
    .values({
      id: reportId,
      companyId: job.companyId,
      requestedBy: requester.userId,
      kind: "pair-xlsx",
      title: names ? pairReportTitle(names.title, names.reviewee ?? UNKNOWN_PERSON, names.reviewer ?? UNKNOWN_PERSON) : "Pair report",
      scope: { campaignId: job.campaignId, pairId: job.pairId },
    })
    .onConflictDoNothing();
  return { reportId, companyId: job.companyId };
}

// ---------------------------------------------------------------------------------------------
// Status report (000 §7 "Download status report: reportType review or nomination").
// ---------------------------------------------------------------------------------------------

export const STATUS_LABELS: Record<StatusReportType, string> = { review: "Review status", nomination: "Nomination status" };
export const statusReportTitle = (review: string, type: StatusReportType) => `${review} - ${STATUS_LABELS[type]}`;

/** The status report's rows: one per pair (reviewee, reviewer, state) or per nomination. */
export async function statusRows(db: Db, companyId: string, campaignId: string, type: StatusReportType): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  if (type === "review") {
    const { results } = await d1Statement(
      db,
      sql`
        SELECT ee.name AS reviewee, ee.email AS reviewee_email, er.name AS reviewer, er.email AS reviewer_email, rp.state AS state
        FROM review_pairs rp ${PEOPLE_JOIN}
        WHERE rp.company_id = ${companyId} AND rp.campaign_id = ${campaignId}
        ORDER BY ee.name COLLATE NOCASE, er.name COLLATE NOCASE, rp.id`
    ).all<{
      reviewee: string | null;
      reviewee_email: string | null;
      reviewer: string | null;
      reviewer_email: string | null;
      state: PairState;
    }>();
    rows.push(["Reviewee", "Reviewee E-mail", "Reviewer", "Reviewer E-mail", "State"]);
    for (const r of results)
      rows.push([
        r.reviewee ?? UNKNOWN_PERSON,
        r.reviewee_email,
        r.reviewer ?? UNKNOWN_PERSON,
        r.reviewer_email,
        PAIR_STATE_LABELS[r.state] ?? r.state,
      ]);
    return rows;
  }
  const { results } = await d1Statement(
    db,
    sql`
      SELECT u.name AS reviewee, u.email AS reviewee_email, n.state AS state
      FROM review_nominations n LEFT JOIN users u ON u.id = n.reviewee_id AND u.company_id = n.company_id
      WHERE n.company_id = ${companyId} AND n.campaign_id = ${campaignId}
      ORDER BY u.name COLLATE NOCASE, n.reviewee_id`
  ).all<{ reviewee: string | null; reviewee_email: string | null; state: NominationState }>();
  rows.push(["Reviewee", "Reviewee E-mail", "Nomination Status"]);
  for (const r of results) rows.push([r.reviewee ?? UNKNOWN_PERSON, r.reviewee_email, NOMINATION_STATE_LABELS[r.state] ?? r.state]);
  return rows;
}

/** The status report as an .xlsx file named "{review} - Review status.xlsx" (or "Nomination status"). */
export async function statusXlsx(db: Db, companyId: string, review: { id: string; title: string }, type: StatusReportType) {
  const rows = await statusRows(db, companyId, review.id, type);
  return { body: toXlsx(rows, STATUS_LABELS[type]), name: `${statusReportTitle(review.title, type)}.xlsx`, contentType: XLSX_CONTENT_TYPE };
}

export const statusXlsxBuilder: ReportBuilder = {
  async build(env, db, report) {
    const scope = scopeOf(StatusScope, report);
    if (!scope) throw new Error(`status-xlsx ${report.id}: scope is not {campaignId, reportType}`);
    const review = await d1Statement(
      db,
      sql`SELECT c.id AS id, c.title AS title FROM review_campaigns c WHERE c.id = ${scope.campaignId} AND c.company_id = ${report.companyId}`
    ).first<{ id: string; title: string }>();
    if (!review) throw new Error(`status-xlsx ${report.id}: the review no longer exists`);
    return statusXlsx(db, report.companyId, review, scope.reportType);
  },
  async mayView(context, viewer, report) {
    const scope = scopeOf(StatusScope, report);
    return scope ? mayManageCampaign(context, viewer, scope.campaignId) : false;
  },
};
