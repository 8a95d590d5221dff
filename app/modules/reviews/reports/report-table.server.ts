import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { PairState, ReviewState } from "~/modules/reviews/campaign-machine";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { mayNameAnonymousReviewers, reportAccess, REPORTED_STATES } from "~/modules/access/review-reports.server";
import { answerCells, parseAnswers, questionPlan, type QuestionPlan } from "./answer-cells.server";
import { anonymousAnswersShown, inAnonymousOrder } from "~/modules/access/anonymous-reviewers.server";
import { chosenPeopleStatement, normalQuery, peopleOf, searchPeople } from "~/modules/people/search.server";
import { asksPeopleSearch, type PickedPerson } from "~/modules/people/search";
import {
  PEOPLE_QUERY_PARAMS,
  PREVIEW_ROWS,
  reportKey,
  REPORTS_PAGE_SIZE,
  type AnswerCells,
  type ReportFilters,
  type ReportKey,
} from "./report-table.schema";

/**
 * The admin report pages (000 §2 "Review reports (admin)"): filter options, the
 * three-level report table (Review → Reviewee → Reviewer) and the answer-level rows of the super
 * admin's report table, its streamed download and the bulk XLSX.
 *
 * A report is one reviewee in one live or closed review. Every statement is scoped by the viewer's
 * company and by reportAccess (admins: their reviews; managers: their direct reports as reviewees),
 * and reads the pairs as `p`, the campaign as `c`, the reviewee as `ee` and the reviewer as `er`.
 * Reviewers of an anonymous review are named only to those mayNameAnonymousReviewers allows
 * (Teams-type, admins); to anyone else the name is not even read, and the reviewer filter does not
 * reach into anonymous reviews (it would tell who reviewed whom). Their answer rows come only for a
 * report with at least the company's anonymity floor of them completed, in their anonymous order
 * (app/modules/access/anonymous-reviewers.server.ts).
 */

/** The viewer parts the report rules read (a queued report builds one for its requester). */
export type ReportViewer = Pick<Viewer, "user" | "company" | "permissions">;

/** Options per filter list; the page says when a list was cut. */
export const MAX_OPTIONS = 1000;
/** Completed pairs read per D1 round trip when producing answer rows. */
export const ANSWER_PAIRS_PAGE = 250;

const UNKNOWN_PERSON = "Unknown";
export const EMPTY_FILTERS: ReportFilters = { reviewIds: [], reviewerIds: [], revieweeIds: [], departmentIds: [], userStatus: "include" };
export const ANONYMOUS = "Anonymous";

const json = (value: unknown) => JSON.stringify(value);
const inList = (column: SQL, ids: string[]) => sql`${column} IN (SELECT value FROM json_each(${json(ids)}))`;
const nameable = (viewer: ReportViewer) => (mayNameAnonymousReviewers(viewer as Viewer) ? sql`1` : sql`0`);

/** The pairs of the reports a viewer may see, as FROM … (without WHERE). */
const PAIRS_FROM = sql`FROM review_pairs p
  JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
  JOIN users ee ON ee.id = p.reviewee_id AND ee.company_id = p.company_id`;

function statusCondition(status: ReportFilters["userStatus"] | "any"): SQL {
  switch (status) {
    case "any":
      return sql`1`;
    case "include":
      return sql`ee.is_deleted = 0 AND ee.is_excluded = 0`;
    case "exclude":
      return sql`ee.is_deleted = 0 AND ee.is_excluded = 1`;
    case "deactivate":
      return sql`ee.is_deleted = 1`;
  }
}

/** The WHERE of the pairs matching the filters (and, when given, only the listed reports). */
export function pairConditions(
  viewer: ReportViewer,
  filters: ReportFilters,
  reports?: ReportKey[],
  options: { anyStatus?: boolean } = {}
): SQL {
  const parts: SQL[] = [
    sql`p.company_id = ${viewer.company.id}`,
    sql`c.state IN ${REPORTED_STATES}`,
    reportAccess(viewer as Viewer),
    statusCondition(options.anyStatus ? "any" : filters.userStatus),
  ];
  if (filters.reviewIds.length > 0) parts.push(inList(sql`p.campaign_id`, filters.reviewIds));
  if (filters.revieweeIds.length > 0) parts.push(inList(sql`p.reviewee_id`, filters.revieweeIds));
  if (filters.departmentIds.length > 0) parts.push(inList(sql`ee.department_id`, filters.departmentIds));
  if (filters.reviewerIds.length > 0) {
    parts.push(sql`(${inList(sql`p.reviewer_id`, filters.reviewerIds)} AND (c.anonymous = 0 OR ${nameable(viewer)}))`);
  }
  if (reports) {
    // The campaigns first, so the pairs are found through their campaign index.
    parts.push(inList(sql`p.campaign_id`, [...new Set(reports.map((r) => r.campaignId))]));
    parts.push(inList(sql`(p.campaign_id || ':' || p.reviewee_id)`, reports.map(reportKey)));
  }
  return sql.join(parts, sql` AND `);
}

/** The reviewer's name as the viewer may see it: null in an anonymous review they may not name. */
const reviewerName = (viewer: ReportViewer, nameAnonymous = true) =>
  sql`CASE WHEN c.anonymous = 0 OR ${nameAnonymous ? nameable(viewer) : sql`0`} THEN coalesce(er.name, ${UNKNOWN_PERSON}) END`;

// ---------------------------------------------------------------------------------------------
// Filter options
// ---------------------------------------------------------------------------------------------

export interface Option {
  id: string;
  name: string;
}
export interface ReviewOption extends Option {
  state: ReviewState;
}
export interface FilterOptions {
  reviews: ReviewOption[];
  departments: Option[];
  /**
   * The people chosen in the reviewer and reviewee filters, with their names (the pickers search
   * the rest: /people/search, scopes report-reviewers and report-reviewees).
   */
  reviewers: PickedPerson[];
  reviewees: PickedPerson[];
  /** A list reached MAX_OPTIONS and was cut. */
  cut: boolean;
}

/** Some pair of a report the viewer may see, for an EXISTS: `extra` narrows it (by reviewee, reviewer, …). */
function anyReportPair(viewer: ReportViewer, extra: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND c.state IN ${REPORTED_STATES} AND ${reportAccess(viewer as Viewer)} AND ${extra})`;
}

function optionStatements(viewer: ReportViewer, filters: ReportFilters): SQL[] {
  const company = viewer.company.id;
  const limit = MAX_OPTIONS + 1;
  return [
    sql`SELECT c.id AS id, c.title AS name, c.state AS state FROM review_campaigns c
      WHERE c.company_id = ${company} AND c.state IN ${REPORTED_STATES}
        AND EXISTS (SELECT 1 FROM review_pairs p WHERE p.company_id = c.company_id AND p.campaign_id = c.id AND ${reportAccess(
          viewer as Viewer
        )})
      ORDER BY c.launched_at DESC, c.id LIMIT ${limit}`,
    chosenPeopleStatement(viewer, "report-reviewers", filters.reviewerIds),
    chosenPeopleStatement(viewer, "report-reviewees", filters.revieweeIds),
    sql`SELECT d.id AS id, d.name AS name FROM departments d WHERE d.company_id = ${company}
        AND EXISTS (SELECT 1 FROM users u WHERE u.company_id = d.company_id AND u.department_id = d.id AND ${anyReportPair(
          viewer,
          sql`p.reviewee_id = u.id`
        )})
      ORDER BY d.name COLLATE NOCASE, d.id LIMIT ${limit}`,
  ];
}

/** Without JavaScript, the people filters' search fields answered: the matching people, or null when not asked. */
export async function peopleFilterMatches(db: Db, viewer: ReportViewer, params: URLSearchParams) {
  const ask = (name: string, scope: "report-reviewers" | "report-reviewees") =>
    asksPeopleSearch(params, name) ? searchPeople(db, viewer, scope, params.get(name) ?? "") : Promise.resolve(null);
  const [reviewers, reviewees] = await Promise.all([
    ask(PEOPLE_QUERY_PARAMS.reviewerIds, "report-reviewers"),
    ask(PEOPLE_QUERY_PARAMS.revieweeIds, "report-reviewees"),
  ]);
  return {
    reviewers: { query: normalQuery(params.get(PEOPLE_QUERY_PARAMS.reviewerIds)), people: reviewers },
    reviewees: { query: normalQuery(params.get(PEOPLE_QUERY_PARAMS.revieweeIds)), people: reviewees },
  };
}
export type PeopleFilterMatches = Awaited<ReturnType<typeof peopleFilterMatches>>;

// ---------------------------------------------------------------------------------------------
// The report table
// ---------------------------------------------------------------------------------------------

export interface ReviewerRow {
  /** The pair id; null for a reviewer the viewer may not name (nothing identifies them). */
  pairId: string | null;
  /** null: "Anonymous". */
  name: string | null;
  state: PairState;
}
export interface RevieweeRow {
  key: string;
  revieweeId: string;
  name: string;
  completed: number;
  total: number;
  reviewers: ReviewerRow[];
}
export interface ReviewRow {
  id: string;
  title: string;
  state: ReviewState;
  anonymous: boolean;
  /** Reports of this review matching the filters (on every page). */
  reports: number;
  /** Whether reviewer rows name their reviewers (else they read "Reviewer: Anonymous"). */
  namesReviewers: boolean;
  reviewees: RevieweeRow[];
}
export interface ReportTable {
  reviews: ReviewRow[];
  total: number;
  page: number;
  pages: number;
}

/** The matching reports in table order, numbered: statements select from it with a WHERE on `n`. */
function orderedReports(viewer: ReportViewer, filters: ReportFilters): SQL {
  return sql`WITH r AS (
      SELECT p.campaign_id AS campaign_id, p.reviewee_id AS reviewee_id, count(*) AS total, sum(p.state = 'completed') AS completed
      ${PAIRS_FROM}
      WHERE ${pairConditions(viewer, filters)}
      GROUP BY p.campaign_id, p.reviewee_id
    ), ordered AS (
      SELECT r.campaign_id AS campaign_id, r.reviewee_id AS reviewee_id, r.total AS total, r.completed AS completed,
        c.title AS title, c.state AS state, c.anonymous AS anonymous, ee.name AS reviewee_name,
        count(*) OVER (PARTITION BY r.campaign_id) AS review_reports,
        count(*) OVER () AS report_count,
        row_number() OVER (ORDER BY c.launched_at DESC, c.id, ee.name COLLATE NOCASE, ee.id) AS n
      FROM r JOIN review_campaigns c ON c.id = r.campaign_id AND c.company_id = ${viewer.company.id}
      JOIN users ee ON ee.id = r.reviewee_id AND ee.company_id = ${viewer.company.id}
    )`;
}

function tableStatements(viewer: ReportViewer, filters: ReportFilters, page: number): SQL[] {
  const from = (page - 1) * REPORTS_PAGE_SIZE;
  const to = from + REPORTS_PAGE_SIZE;
  const ordered = orderedReports(viewer, filters);
  return [
    sql`${ordered} SELECT campaign_id, reviewee_id, total, completed, title, state, anonymous, reviewee_name, review_reports, report_count
      FROM ordered WHERE n > ${from} AND n <= ${to} ORDER BY n`,
    sql`${ordered}, page AS (SELECT campaign_id, reviewee_id FROM ordered WHERE n > ${from} AND n <= ${to})
      SELECT CASE WHEN c.anonymous = 0 OR ${nameable(viewer)} THEN p.id END AS pair_id, p.campaign_id AS campaign_id,
        p.reviewee_id AS reviewee_id, p.state AS state, ${reviewerName(viewer)} AS reviewer_name
      ${PAIRS_FROM}
      LEFT JOIN users er ON er.id = p.reviewer_id AND er.company_id = p.company_id
      WHERE ${pairConditions(viewer, filters)} AND (p.campaign_id, p.reviewee_id) IN (SELECT campaign_id, reviewee_id FROM page)
      ORDER BY p.campaign_id, p.reviewee_id, reviewer_name COLLATE NOCASE, p.state, p.id`,
  ];
}

interface ReportRowRaw {
  campaign_id: string;
  reviewee_id: string;
  total: number;
  completed: number;
  title: string;
  state: ReviewState;
  anonymous: number;
  reviewee_name: string;
  review_reports: number;
  report_count: number;
}
interface PairRowRaw {
  pair_id: string | null;
  campaign_id: string;
  reviewee_id: string;
  state: PairState;
  reviewer_name: string | null;
}

function tableOf(viewer: ReportViewer, page: number, reportRows: ReportRowRaw[], pairRows: PairRowRaw[]): ReportTable {
  const names = mayNameAnonymousReviewers(viewer as Viewer);
  const reviewers = new Map<string, ReviewerRow[]>();
  for (const p of pairRows) {
    const key = reportKey({ campaignId: p.campaign_id, revieweeId: p.reviewee_id });
    const list = reviewers.get(key) ?? [];
    list.push({ pairId: p.pair_id, name: p.reviewer_name, state: p.state });
    reviewers.set(key, list);
  }
  const reviews: ReviewRow[] = [];
  for (const r of reportRows) {
    let review = reviews[reviews.length - 1];
    if (!review || review.id !== r.campaign_id) {
      review = {
        id: r.campaign_id,
        title: r.title,
        state: r.state,
        anonymous: Boolean(r.anonymous),
        reports: Number(r.review_reports),
        namesReviewers: !r.anonymous || names,
        reviewees: [],
      };
      reviews.push(review);
    }
    const key = reportKey({ campaignId: r.campaign_id, revieweeId: r.reviewee_id });
    review.reviewees.push({
      key,
      revieweeId: r.reviewee_id,
      name: r.reviewee_name,
      completed: Number(r.completed),
      total: Number(r.total),
      // 000 §6: who may not name an anonymous review's reviewers gets no reviewer rows at all.
      reviewers: review.namesReviewers ? reviewers.get(key) ?? [] : [],
    });
  }
  const total = reportRows[0] ? Number(reportRows[0].report_count) : 0;
  return { reviews, total, page, pages: Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE)) };
}

export interface ReportTablePage {
  options: FilterOptions;
  table: ReportTable;
}

/**
 * The report table page in one D1 batch: the four option lists and a page of the table (the
 * reports of the page with their counts, then their reviewer rows). A page past the last shows
 * the last one (a second round trip, only then).
 */
export async function loadReportTable(
  db: Db,
  viewer: ReportViewer,
  filters: ReportFilters,
  page: number
): Promise<ReportTablePage> {
  const statements = [...optionStatements(viewer, filters), ...tableStatements(viewer, filters, page)];
  const results = await db.$client.batch(statements.map((s) => d1Statement(db, s)));
  const lists = results.map((r) => r.results as Array<Record<string, unknown>>);
  const options = optionsOf(lists.slice(0, 4));
  const [reportRows, pairRows] = lists.slice(4);
  let table = tableOf(viewer, page, reportRows as unknown as ReportRowRaw[], pairRows as unknown as PairRowRaw[]);
  if (reportRows.length === 0 && page > 1) {
    const [count] = await d1Statement(db, sql`${orderedReports(viewer, filters)} SELECT count(*) AS n FROM ordered`)
      .all<{ n: number }>()
      .then((r) => r.results);
    const last = Math.max(1, Math.ceil(Number(count?.n ?? 0) / REPORTS_PAGE_SIZE));
    if (last < page) return loadReportTable(db, viewer, filters, last);
    table = { ...table, page };
  }
  return { options, table };
}

const toOption = (r: Record<string, unknown>): Option => ({ id: String(r.id), name: String(r.name) });

function optionsOf([reviews, reviewers, reviewees, departments]: Array<Array<Record<string, unknown>>>): FilterOptions {
  return {
    reviews: reviews.slice(0, MAX_OPTIONS).map((r) => ({ id: String(r.id), name: String(r.name), state: r.state as ReviewState })),
    departments: departments.slice(0, MAX_OPTIONS).map(toOption),
    reviewers: peopleOf(reviewers),
    reviewees: peopleOf(reviewees),
    cut: [reviews, departments].some((list) => list.length > MAX_OPTIONS),
  };
}

/**
 * The reports of `keys` the viewer may see, with their review title and reviewee name, in the
 * order given; keys that are not the viewer's (another company's, not theirs, not reported) are
 * left out, so `found.length < keys.length` means some key is refused (the page answers 404).
 */
export async function visibleReports(
  db: Db,
  viewer: ReportViewer,
  keys: ReportKey[]
): Promise<Array<ReportKey & { title: string; revieweeName: string; anonymous: boolean }>> {
  if (keys.length === 0) return [];
  // Any user status: a checked report of a deactivated reviewee is still the viewer's.
  const conditions = pairConditions(viewer, EMPTY_FILTERS, keys, { anyStatus: true });
  const rows = await d1Statement(
    db,
    sql`SELECT DISTINCT p.campaign_id AS campaign_id, p.reviewee_id AS reviewee_id, c.title AS title, ee.name AS reviewee_name,
        c.anonymous AS anonymous
      ${PAIRS_FROM} WHERE ${conditions}`
  ).all<{ campaign_id: string; reviewee_id: string; title: string; reviewee_name: string; anonymous: number }>();
  const byKey = new Map(rows.results.map((r) => [reportKey({ campaignId: r.campaign_id, revieweeId: r.reviewee_id }), r]));
  return keys.flatMap((k) => {
    const r = byKey.get(reportKey(k));
    return r ? [{ ...k, title: r.title, revieweeName: r.reviewee_name, anonymous: Boolean(r.anonymous) }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Answer-level rows (the super admin's table, the streamed download, the bulk XLSX)
// ---------------------------------------------------------------------------------------------

export interface AnswerScope {
  viewer: ReportViewer;
  filters: ReportFilters;
  /** Only these reports (a bulk download of checked reports). */
  reports?: ReportKey[];
  /** Whatever the reviewee's status (checked reports stay the viewer's when a reviewee is deactivated). */
  anyStatus?: boolean;
  /** False: reviewers of anonymous reviews read "Anonymous" even when the viewer may name them (a file asked for without that right). */
  nameAnonymous?: boolean;
  /** The server's secret that keys the anonymous order (config.sessionSecret). */
  orderSecret: string;
}

interface AnswerPairRaw {
  pair_id: string;
  campaign_id: string;
  reviewee_id: string;
  reviewee_name: string;
  reviewer_name: string | null;
  answers: string | null;
}

interface Cursor {
  campaignId: string;
  revieweeId: string;
  pairId: string;
}

function answerPairsStatement(scope: AnswerScope, after: Cursor | null, limit: number): SQL {
  const keyset = after
    ? sql` AND (p.campaign_id, p.reviewee_id, p.id) > (${after.campaignId}, ${after.revieweeId}, ${after.pairId})`
    : sql``;
  return sql`SELECT p.id AS pair_id, p.campaign_id AS campaign_id, p.reviewee_id AS reviewee_id, ee.name AS reviewee_name,
      ${reviewerName(scope.viewer, scope.nameAnonymous ?? true)} AS reviewer_name, p.answers AS answers
    ${PAIRS_FROM}
    LEFT JOIN users er ON er.id = p.reviewer_id AND er.company_id = p.company_id
    WHERE ${pairConditions(scope.viewer, scope.filters, scope.reports, { anyStatus: scope.anyStatus })} AND p.state = 'completed'${keyset}
    ORDER BY p.campaign_id, p.reviewee_id, p.id LIMIT ${limit}`;
}

interface PlannedReview {
  title: string;
  plan: QuestionPlan;
}

async function loadReviews(db: Db, companyId: string, ids: string[], into: Map<string, PlannedReview>) {
  const missing = ids.filter((id) => !into.has(id));
  if (missing.length === 0) return;
  const rows = await d1Statement(
    db,
    sql`SELECT id, title, template_blocks FROM review_campaigns WHERE company_id = ${companyId} AND ${inList(sql`id`, missing)}`
  ).all<{ id: string; title: string; template_blocks: string | null }>();
  for (const r of rows.results) into.set(r.id, { title: r.title, plan: questionPlan(parseBlocks(r.template_blocks)) });
}

function parseBlocks(raw: string | null): StoredBlock[] {
  try {
    const blocks = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(blocks) ? (blocks as StoredBlock[]) : [];
  } catch {
    return [];
  }
}

const pairOf = (p: AnswerPairRaw, review: PlannedReview) => ({
  review: review.title,
  reviewee: p.reviewee_name,
  reviewer: p.reviewer_name ?? ANONYMOUS,
  answers: parseAnswers(p.answers),
});

/**
 * The answer rows of one report's completed pairs (one reviewee in one review). Unnamed reviewers
 * (an anonymous review the reader may not name) give rows only when at least the company's floor
 * of them completed, and then in their anonymous order, never in the order they were read.
 */
async function reportRows(scope: AnswerScope, pairs: AnswerPairRaw[], review: PlannedReview): Promise<AnswerCells[]> {
  let ordered = pairs;
  if (pairs[0]?.reviewer_name === null) {
    if (!anonymousAnswersShown(pairs.length, scope.viewer.company.anonymityFloor)) return [];
    ordered = await inAnonymousOrder(scope.orderSecret, pairs, (p) => p.pair_id);
  }
  const rows: AnswerCells[] = [];
  for (const p of ordered) for (const c of answerCells(review.plan, pairOf(p, review))) rows.push(c);
  return rows;
}

const sameReport = (a: AnswerPairRaw, b: AnswerPairRaw) => a.campaign_id === b.campaign_id && a.reviewee_id === b.reviewee_id;

/** The pairs split into reports, in the order read. */
function byReport(pairs: AnswerPairRaw[]): AnswerPairRaw[][] {
  const reports: AnswerPairRaw[][] = [];
  for (const p of pairs) {
    const last = reports[reports.length - 1];
    if (last && sameReport(last[0], p)) last.push(p);
    else reports.push([p]);
  }
  return reports;
}

/**
 * The answer rows of the scope's completed pairs, a page of pairs at a time (keyset paging on
 * campaign, reviewee and pair: no OFFSET, each page an index range), so neither a stream nor a
 * file builder ever holds more than one page of D1 rows, plus the pairs of the one report a page
 * may end in the middle of (a report's rows go out whole, so its anonymous reviewers can be
 * counted and ordered). `maxRows` stops early (the preview).
 */
export async function* answerRowPages(
  db: Db,
  scope: AnswerScope,
  options: { pairsPerPage?: number; maxRows?: number } = {}
): AsyncGenerator<AnswerCells[]> {
  const limit = options.pairsPerPage ?? ANSWER_PAIRS_PAGE;
  const reviews = new Map<string, PlannedReview>();
  let after: Cursor | null = null;
  let sent = 0;
  let open: AnswerPairRaw[] = [];
  for (;;) {
    const page: D1Result<AnswerPairRaw> = await d1Statement(db, answerPairsStatement(scope, after, limit)).all<AnswerPairRaw>();
    const pairs: AnswerPairRaw[] = page.results;
    const done = pairs.length < limit;
    const reports = byReport([...open, ...pairs]);
    open = !done && reports.length > 0 ? reports.pop()! : [];
    await loadReviews(db, scope.viewer.company.id, [...new Set(reports.map((r) => r[0].campaign_id))], reviews);
    const rows: AnswerCells[] = [];
    for (const report of reports) {
      const review = reviews.get(report[0].campaign_id);
      if (!review) continue;
      for (const c of await reportRows(scope, report, review)) rows.push(c);
    }
    if (options.maxRows !== undefined && sent + rows.length >= options.maxRows) {
      yield rows.slice(0, options.maxRows - sent);
      return;
    }
    sent += rows.length;
    yield rows;
    if (done) return;
    const last: AnswerPairRaw = pairs[pairs.length - 1];
    after = { campaignId: last.campaign_id, revieweeId: last.reviewee_id, pairId: last.pair_id };
  }
}

export interface AnswerTablePage {
  options: FilterOptions;
  /** The first PREVIEW_ROWS answer rows. */
  rows: AnswerCells[];
  /** Completed pairs (answered reviews) matching the filters. */
  completedPairs: number;
}

/**
 * The super admin's report table page in one D1 batch: the option lists, the first completed
 * pairs with their review's questionnaire (enough for PREVIEW_ROWS rows) and the count of
 * completed pairs matching.
 */
export async function loadAnswerTable(
  db: Db,
  viewer: ReportViewer,
  filters: ReportFilters,
  orderSecret: string
): Promise<AnswerTablePage> {
  const scope: AnswerScope = { viewer, filters, orderSecret };
  const statements = [
    ...optionStatements(viewer, filters),
    sql`WITH first AS (${answerPairsStatement(scope, null, PREVIEW_ROWS)})
      SELECT first.*, c.title AS title, c.template_blocks AS template_blocks FROM first
      JOIN review_campaigns c ON c.id = first.campaign_id AND c.company_id = ${viewer.company.id}
      ORDER BY first.campaign_id, first.reviewee_id, first.pair_id`,
    sql`SELECT count(*) AS n ${PAIRS_FROM} WHERE ${pairConditions(viewer, filters)} AND p.state = 'completed'`,
  ];
  const results = await db.$client.batch(statements.map((s) => d1Statement(db, s)));
  const lists = results.map((r) => r.results as Array<Record<string, unknown>>);
  const options = optionsOf(lists.slice(0, 4));
  const plans = new Map<string, PlannedReview>();
  const rows: AnswerCells[] = [];
  // The last report may be cut by the LIMIT: counted short, its anonymous rows may be held back, never shown early.
  for (const report of byReport(lists[4] as unknown as Array<AnswerPairRaw & { title: string; template_blocks: string | null }>)) {
    const p = report[0] as AnswerPairRaw & { title: string; template_blocks: string | null };
    let review = plans.get(p.campaign_id);
    if (!review) {
      review = { title: p.title, plan: questionPlan(parseBlocks(p.template_blocks)) };
      plans.set(p.campaign_id, review);
    }
    rows.push(...(await reportRows(scope, report, review)));
    if (rows.length >= PREVIEW_ROWS) break;
  }
  return { options, rows: rows.slice(0, PREVIEW_ROWS), completedPairs: Number(lists[5][0]?.n ?? 0) };
}
