import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { PairAnswers } from "~/modules/reviews/campaign-machine";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import {
  mayNameAnonymousReviewers,
  mayNameAnonymousReviewersInShare,
  mayReadReport,
  reportAccess,
  REPORTED_STATES,
  sharedWithViewer,
} from "~/modules/access/review-reports.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { anonymousAnswersShown, inAnonymousOrder } from "~/modules/access/anonymous-reviewers.server";
import { buildRevieweeReport, type ReportCampaignInput, type ReportReviewee, type RevieweeReportData } from "./reviewee-report";

/**
 * The per-reviewee report's reads (000 §2 "Per-reviewee report"): the reviewees the viewer
 * may pick, the reviews of one reviewee, and the report of chosen reviews. Every statement is
 * scoped by the company and by an access rule over the campaign (`c`) and the reviewee
 * (access.server.ts): the report pages use reportAccess, the shared view sharedWithViewer, a
 * downloaded file either. A reviewer's name leaves the database only when it may be shown
 * (a non-anonymous review, or a viewer who may name anonymous reviewers). Unnamed reviewers'
 * answers are used only when at least the company's anonymity floor of them completed, and in
 * their anonymous order (app/modules/access/anonymous-reviewers.server.ts); their completion times are never read.
 */

/** An access rule over a campaign alias and a reviewee expression. */
export type ReportRule = (campaign: SQL, reviewee: SQL) => SQL;

/** The report pages (ViewReviewReports): admins and the reviewee's manager. */
export const asReporter =
  (viewer: Viewer): ReportRule =>
  (campaign, reviewee) =>
    reportAccess(viewer, campaign, reviewee);
/** The reports shared with the viewer ("Shared with me"). */
export const asRecipient =
  (viewer: Viewer): ReportRule =>
  (campaign, reviewee) =>
    sharedWithViewer(viewer, campaign, reviewee);
/** Either (a downloaded file). */
export const asReader =
  (viewer: Viewer): ReportRule =>
  (campaign, reviewee) =>
    mayReadReport(viewer, campaign, reviewee);
/** No rule beyond the company (the queue consumer, after the request was checked). */
export const anyone: ReportRule = () => sql`1`;

/** At most this many reviews in one report (the select's choice; D1 binds ≤ 100 parameters). */
export const MAX_REPORT_REVIEWS = 20;

export interface ReviewOption {
  id: string;
  title: string;
  anonymous: boolean;
  state: "live" | "closed";
  /** Completed pairs of the reviewee in this review. */
  completed: number;
}

const C = sql.raw("c");
const COMPANY_FLOOR = sql`(SELECT co.anonymity_floor FROM companies co WHERE co.id = c.company_id)`;
const P_REVIEWEE = sql.raw("p.reviewee_id");
const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `
  );

/**
 * Whether some reviewee has a completed pair in a live or closed review the viewer may see (the
 * picker searches them: /people/search, scope report-completed-reviewees).
 */
function anyRevieweeSql(company: string, rule: ReportRule) {
  return sql`
    SELECT u.id AS id
    FROM users u
    WHERE u.company_id = ${company} AND EXISTS (
      SELECT 1 FROM review_pairs p
      JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
      WHERE p.company_id = ${company} AND p.reviewee_id = u.id AND p.state = 'completed'
        AND c.state IN ${REPORTED_STATES} AND ${rule(C, P_REVIEWEE)})
    LIMIT 1`;
}

/** The reviewee, when they are in at least one live or closed review the viewer may see. */
function revieweeSql(company: string, revieweeId: string, rule: ReportRule) {
  return sql`
    SELECT u.id AS id, u.name AS name, u.title AS title, d.name AS department
    FROM users u
    LEFT JOIN departments d ON d.id = u.department_id AND d.company_id = u.company_id
    WHERE u.company_id = ${company} AND u.id = ${revieweeId} AND EXISTS (
      SELECT 1 FROM review_pairs p
      JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
      WHERE p.company_id = ${company} AND p.reviewee_id = u.id AND c.state IN ${REPORTED_STATES} AND ${rule(C, P_REVIEWEE)})`;
}

/** The live and closed reviews the reviewee is in, that the viewer may see; newest first. */
function reviewOptionsSql(company: string, revieweeId: string, rule: ReportRule, only?: readonly string[]) {
  return sql`
    SELECT c.id AS id, c.title AS title, c.anonymous AS anonymous, c.state AS state,
      (SELECT count(*) FROM review_pairs p2 WHERE p2.company_id = c.company_id AND p2.campaign_id = c.id
        AND p2.reviewee_id = ${revieweeId} AND p2.state = 'completed') AS completed
      ${only ? sql`, c.template_blocks AS blocks, ${COMPANY_FLOOR} AS floor` : sql``}
    FROM review_campaigns c
    WHERE c.company_id = ${company} AND c.state IN ${REPORTED_STATES}
      ${only ? sql`AND c.id IN (${idList(only)})` : sql``}
      AND EXISTS (SELECT 1 FROM review_pairs p WHERE p.company_id = c.company_id AND p.campaign_id = c.id AND p.reviewee_id = ${revieweeId})
      AND ${rule(C, sql`${revieweeId}`)}
    ORDER BY coalesce(c.start_at, c.launched_at, c.created_at) DESC, c.id`;
}

/**
 * The completed pairs of the reviewee in the chosen reviews, grouped by review, named reviewers by
 * name (unnamed ones are put in their anonymous order after).
 */
function pairsSql(company: string, revieweeId: string, campaignIds: readonly string[], rule: ReportRule, nameAnonymous: boolean) {
  const named = sql`(c.anonymous = 0 OR ${nameAnonymous ? 1 : 0} = 1)`;
  return sql`
    SELECT p.id AS pair_id, p.campaign_id AS campaign_id,
      CASE WHEN ${named} THEN coalesce(wu.name, 'Former reviewer') END AS reviewer,
      p.answers AS answers
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
    LEFT JOIN users wu ON wu.id = p.reviewer_id AND wu.company_id = p.company_id
    WHERE p.company_id = ${company} AND p.reviewee_id = ${revieweeId} AND p.state = 'completed'
      AND p.campaign_id IN (${idList(campaignIds)}) AND c.state IN ${REPORTED_STATES} AND ${rule(C, P_REVIEWEE)}
    ORDER BY p.campaign_id, CASE WHEN ${named} THEN wu.name END COLLATE NOCASE, p.id`;
}

interface RevieweeRow {
  id: string;
  name: string;
  title: string | null;
  department: string | null;
}
interface ReviewRow {
  id: string;
  title: string;
  anonymous: number;
  state: "live" | "closed";
  completed: number;
  blocks?: string | null;
  floor?: number | null;
}
interface PairRow {
  pair_id: string;
  campaign_id: string;
  reviewer: string | null;
  answers: string | null;
}

const parseJson = <T>(text: string | null | undefined): T | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

const reviewOption = (r: ReviewRow): ReviewOption => ({
  id: r.id,
  title: r.title,
  anonymous: Boolean(r.anonymous),
  state: r.state,
  completed: Number(r.completed),
});

/**
 * The report: per review, its named reviewers as read, or its unnamed (anonymous) reviewers in
 * their anonymous order when at least the floor of them completed, else none (`withheld`).
 */
async function report(
  reviewee: RevieweeRow,
  reviews: ReviewRow[],
  pairs: PairRow[],
  orderSecret: string
): Promise<RevieweeReportData> {
  const head: ReportReviewee = { id: reviewee.id, name: reviewee.name, title: reviewee.title, department: reviewee.department };
  const floor = reviews[0]?.floor ?? null;
  const campaigns: ReportCampaignInput[] = [];
  const shown: PairRow[] = [];
  for (const r of reviews) {
    const mine = pairs.filter((p) => p.campaign_id === r.id);
    // In one review either every reviewer is named to this reader or none is.
    const unnamed = mine.filter((p) => p.reviewer === null);
    let withheld = false;
    if (unnamed.length > 0) {
      withheld = !anonymousAnswersShown(unnamed.length, floor);
      if (!withheld) shown.push(...(await inAnonymousOrder(orderSecret, unnamed, (p) => p.pair_id)));
    } else {
      shown.push(...mine);
    }
    const blocks = parseJson<StoredBlock[]>(r.blocks) ?? [];
    campaigns.push({ id: r.id, title: r.title, anonymous: Boolean(r.anonymous), withheld, blocks });
  }
  return buildRevieweeReport(
    head,
    campaigns,
    shown.map((p) => ({ campaignId: p.campaign_id, reviewerName: p.reviewer, answers: parseJson<PairAnswers>(p.answers) })),
    anonymityMinimum(floor)
  );
}

/** Ids from the address or a form: trimmed, unique, sane; null when there are too many (a 404, not a silent cut). */
export function campaignIdsOf(values: readonly string[]): string[] | null {
  const ids = [
    ...new Set(
      values
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter(Boolean)
    ),
  ];
  if (ids.length > MAX_REPORT_REVIEWS || ids.some((id) => id.length > 100)) return null;
  return ids;
}

export interface RevieweeReportInput {
  companyId: string;
  revieweeId: string;
  campaignIds: readonly string[];
  rule: ReportRule;
  /** Whether reviewers of anonymous reviews are named (mayNameAnonymousReviewers of whoever sees it). */
  nameAnonymous: boolean;
  /** Also list the reviewee's review options (the page's select). */
  withOptions?: boolean;
  /** The server's secret that keys the anonymous order (config.sessionSecret). */
  orderSecret: string;
}

export interface RevieweeReportResult {
  reviewee: ReportReviewee;
  reviews: ReviewOption[];
  report: RevieweeReportData | null;
}

/**
 * The reviewee, their review options and (with reviews chosen) the report, in one D1 batch.
 * Null when the reviewee or any chosen review is not one the rule lets through (a 404): another
 * company's id, a review the reviewee is not in, a report the viewer may not see.
 */
export async function loadRevieweeReport(db: Db, input: RevieweeReportInput): Promise<RevieweeReportResult | null> {
  const { companyId: company, revieweeId, campaignIds, rule } = input;
  const statements = [d1Statement(db, revieweeSql(company, revieweeId, rule))];
  if (input.withOptions) statements.push(d1Statement(db, reviewOptionsSql(company, revieweeId, rule)));
  if (campaignIds.length > 0) {
    statements.push(d1Statement(db, reviewOptionsSql(company, revieweeId, rule, campaignIds)));
    statements.push(d1Statement(db, pairsSql(company, revieweeId, campaignIds, rule, input.nameAnonymous)));
  }
  const results = await db.$client.batch(statements);
  const [reviewee] = (results[0].results ?? []) as RevieweeRow[];
  if (!reviewee) return null;
  const options = input.withOptions ? ((results[1].results ?? []) as ReviewRow[]).map(reviewOption) : [];
  if (campaignIds.length === 0) return { reviewee, reviews: options, report: null };
  const at = input.withOptions ? 2 : 1;
  const chosen = (results[at].results ?? []) as ReviewRow[];
  if (chosen.length !== campaignIds.length) return null;
  const pairs = (results[at + 1].results ?? []) as PairRow[];
  return { reviewee, reviews: options, report: await report(reviewee, chosen, pairs, input.orderSecret) };
}

export interface RevieweeReportPage {
  /** Some reviewee has a completed review the viewer may see (else analytics are not available). */
  hasReviewees: boolean;
  reviewee: ReportReviewee | null;
  reviews: ReviewOption[];
  report: RevieweeReportData | null;
}

/**
 * The report page for a holder of ViewReviewReports: whether there is any reviewee to pick, and
 * for a chosen reviewee their reviews and (with reviews chosen) the report. Null: a 404.
 */
export async function revieweeReportPage(
  db: Db,
  viewer: Viewer,
  input: { revieweeId: string | null; campaignIds: readonly string[]; orderSecret: string }
): Promise<RevieweeReportPage | null> {
  const rule = asReporter(viewer);
  const company = viewer.company.id;
  const anyStatement = d1Statement(db, anyRevieweeSql(company, rule));
  if (!input.revieweeId) {
    const { results } = await anyStatement.all<{ id: string }>();
    return { hasReviewees: (results ?? []).length > 0, reviewee: null, reviews: [], report: null };
  }
  const [any, loaded] = await Promise.all([
    anyStatement.all<{ id: string }>(),
    loadRevieweeReport(db, {
      companyId: company,
      revieweeId: input.revieweeId,
      campaignIds: input.campaignIds,
      rule,
      nameAnonymous: mayNameAnonymousReviewers(viewer),
      withOptions: true,
      orderSecret: input.orderSecret,
    }),
  ]);
  if (!loaded) return null;
  return { hasReviewees: (any.results ?? []).length > 0, ...loaded };
}

/** The reviewee and reviews of a report request, when the viewer may see all of them (the download buttons). */
export async function reportHead(db: Db, viewer: Viewer, revieweeId: string, campaignIds: readonly string[], rule: ReportRule) {
  if (campaignIds.length === 0) return null;
  const results = await db.$client.batch([
    d1Statement(db, revieweeSql(viewer.company.id, revieweeId, rule)),
    d1Statement(db, reviewOptionsSql(viewer.company.id, revieweeId, rule, campaignIds)),
  ]);
  const [reviewee] = (results[0].results ?? []) as RevieweeRow[];
  const reviews = ((results[1].results ?? []) as ReviewRow[]).map(reviewOption);
  if (!reviewee || reviews.length !== campaignIds.length) return null;
  return { reviewee, reviews };
}

// ---------------------------------------------------------------------------------------------
// Shared with me (My Reviews): the reports shared with the viewer, and one of them.
// ---------------------------------------------------------------------------------------------

export interface SharedReportItem {
  /** The share's id: the report opens at /reviews/my-reviews/shared-reports/{id}. */
  id: string;
  title: string;
  revieweeName: string;
  sharedBy: string | null;
  /** When it was shared, epoch ms. */
  sharedAt: number;
}

export const SHARED_REPORTS_LIMIT = 200;

const sharedSelect = (viewer: Viewer, extra: SQL) => sql`
  SELECT rs.id AS id, rs.campaign_id AS campaign_id, rs.reviewee_id AS reviewee_id, c.title AS title,
    coalesce(ru.name, '') AS reviewee, sb.name AS shared_by, rs.created_at AS shared_at
  FROM report_shares rs
  JOIN review_campaigns c ON c.id = rs.campaign_id AND c.company_id = rs.company_id AND c.state IN ${REPORTED_STATES}
  LEFT JOIN users ru ON ru.id = rs.reviewee_id AND ru.company_id = rs.company_id
  LEFT JOIN users sb ON sb.id = rs.shared_by AND sb.company_id = rs.company_id
  WHERE rs.company_id = ${viewer.company.id} AND rs.user_id = ${viewer.user.id} ${extra}`;

interface SharedRow {
  id: string;
  campaign_id: string;
  reviewee_id: string;
  title: string;
  reviewee: string;
  shared_by: string | null;
  shared_at: number;
}

const sharedItem = (r: SharedRow): SharedReportItem => ({
  id: r.id,
  title: r.title,
  revieweeName: r.reviewee,
  sharedBy: r.shared_by,
  sharedAt: Number(r.shared_at),
});

/** The reports shared with the viewer, newest first (at most SHARED_REPORTS_LIMIT; `more` says there were others). */
export async function sharedReportList(db: Db, viewer: Viewer) {
  const { results } = await d1Statement(
    db,
    sql`${sharedSelect(viewer, sql``)} ORDER BY rs.created_at DESC, rs.id LIMIT ${SHARED_REPORTS_LIMIT + 1}`
  ).all<SharedRow>();
  const rows = results ?? [];
  return { items: rows.slice(0, SHARED_REPORTS_LIMIT).map(sharedItem), more: rows.length > SHARED_REPORTS_LIMIT };
}

/** One report shared with the viewer, read-only; null (a 404) for anyone it was not shared with. */
export async function sharedReport(db: Db, viewer: Viewer, shareId: string, orderSecret: string) {
  const share = await d1Statement(db, sql`${sharedSelect(viewer, sql`AND rs.id = ${shareId}`)} LIMIT 1`).first<SharedRow>();
  if (!share) return null;
  const loaded = await loadRevieweeReport(db, {
    companyId: viewer.company.id,
    revieweeId: share.reviewee_id,
    campaignIds: [share.campaign_id],
    rule: asRecipient(viewer),
    nameAnonymous: mayNameAnonymousReviewersInShare(viewer),
    orderSecret,
  });
  if (!loaded?.report) return null;
  return { share: sharedItem(share), report: loaded.report };
}
