import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { reportAccess, REPORTED_STATES } from "~/modules/access/review-reports.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { ReviewState } from "~/modules/reviews/campaign-machine";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import {
  BREAKDOWNS,
  NONE_KEY,
  nominationsByState,
  quantitativeQuestions,
  scoreSums,
  sliceFigures,
  sumsBySlice,
  type AnswerTally,
  type Breakdown,
  type QuantitativeQuestion,
  type ReviewAnalyticsTab,
  type ScoreSums,
  type SliceCount,
  type SliceFigures,
  type StatusCount,
} from "./review-analytics";

/**
 * The reads of the review analytics pages (000 §7: list-campaign, completion-status,
 * campaign-question-average-score, departments, roles, groups, users). Every statement is scoped
 * to the viewer's company and to the reviewees whose reports the viewer may read (the review
 * reports access, app/modules/access/review-reports.server.ts); only live and closed reviews
 * have answers. The figures are aggregated in SQL (pairs by state, distinct reviewers, answers
 * by question and value) and scored in review-analytics.ts; everything goes to D1 in one batch.
 */

export interface CampaignOption {
  id: string;
  title: string;
  state: ReviewState;
  anonymous: boolean;
}

export interface NamedOption {
  id: string;
  name: string;
}

export interface ReviewAnalyticsFilters {
  by: Breakdown;
  department: string | null;
  role: string | null;
  group: string | null;
  /** Part of a reviewee's name (the users filter). */
  user: string | null;
  /** One question's block id; null: every rated question. */
  question: string | null;
}

export interface ReviewAnalyticsData {
  campaigns: CampaignOption[];
  campaign: (CampaignOption & { minimum: number; hasNominations: boolean }) | null;
  questions: QuantitativeQuestion[];
  /** The whole review (Overview), or the filtered population (Organization). */
  total: SliceFigures | null;
  nominations: Array<{ state: string; n: number }>;
  /** Organization: one per department, role or group. */
  slices: SliceFigures[];
  filters: ReviewAnalyticsFilters;
  /** An anonymous review's figures are never narrowed by filters (differences of filtered totals would reveal a slice). */
  filtersApplied: boolean;
  options: { departments: NamedOption[]; roles: NamedOption[]; groups: NamedOption[] };
}

const text = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || null;

export function filtersOf(url: URL): ReviewAnalyticsFilters {
  const by = text(url, "by");
  return {
    by: (BREAKDOWNS as readonly string[]).includes(by ?? "") ? (by as Breakdown) : "department",
    department: text(url, "department"),
    role: text(url, "role"),
    group: text(url, "group"),
    user: text(url, "user"),
    question: text(url, "question"),
  };
}

/** The reviews the viewer may report on, newest first (list-campaign). */
function campaignsSql(viewer: Viewer): SQL {
  const company = viewer.company.id;
  return sql`SELECT c.id, c.title, c.state, c.anonymous FROM review_campaigns c
    WHERE c.company_id = ${company} AND c.state IN ${REPORTED_STATES}
      AND EXISTS (SELECT 1 FROM review_pairs p WHERE p.company_id = ${company} AND p.campaign_id = c.id AND ${reportAccess(viewer)})
    ORDER BY coalesce(c.launched_at, c.created_at) DESC, c.id`;
}

function campaignSql(viewer: Viewer, id: string | SQL): SQL {
  return sql`SELECT c.id, c.title, c.state, c.anonymous, c.template_blocks, c.nomination_started_at, c.updated_at,
      (SELECT count(*) FROM review_nominations n WHERE n.company_id = c.company_id AND n.campaign_id = c.id) AS nominations
    FROM review_campaigns c WHERE c.id = ${id} AND c.company_id = ${viewer.company.id} AND c.state IN ${REPORTED_STATES}`;
}

/** The slice key of a pair's reviewee for a breakdown, and the join it needs. */
function sliceOf(by: Breakdown | null, reviewee: SQL): { key: SQL; join: SQL } {
  if (by === "department") return { key: sql`coalesce(u.department_id, ${NONE_KEY})`, join: sql`` };
  if (by === "role") return { key: sql`coalesce(u.role_id, ${NONE_KEY})`, join: sql`` };
  if (by === "group")
    return {
      key: sql`coalesce(gm.group_id, ${NONE_KEY})`,
      join: sql`LEFT JOIN group_members gm ON gm.company_id = u.company_id AND gm.user_id = ${reviewee}`,
    };
  return { key: sql`${NONE_KEY}`, join: sql`` };
}

/** The filters over the reviewee `u`; an anonymous review (campaign `c`) is never narrowed. */
function filterSql(filters: ReviewAnalyticsFilters | null, reviewee: SQL): SQL {
  const narrowing = narrowSql(filters, reviewee);
  return narrowing ? sql`(c.anonymous = 1 OR (${narrowing}))` : sql`1`;
}

function narrowSql(filters: ReviewAnalyticsFilters | null, reviewee: SQL): SQL | null {
  if (!filters) return null;
  const parts: SQL[] = [];
  if (filters.department) parts.push(sql`u.department_id = ${filters.department}`);
  if (filters.role) parts.push(sql`u.role_id = ${filters.role}`);
  if (filters.group)
    parts.push(sql`EXISTS (SELECT 1 FROM group_members g2 WHERE g2.company_id = u.company_id AND g2.group_id = ${filters.group} AND g2.user_id = ${reviewee})`);
  if (filters.user) parts.push(sql`instr(lower(coalesce(u.name, '')), lower(${filters.user})) > 0`);
  return parts.length ? sql.join(parts, sql` AND `) : null;
}

interface Scope {
  viewer: Viewer;
  /** The review's id, or a subquery giving it (the newest one), so every read goes in one batch. */
  campaignId: string | SQL;
  by: Breakdown | null;
  filters: ReviewAnalyticsFilters | null;
}

/** FROM … WHERE over the campaign's pairs the viewer may read, with the slice key `k`. */
function pairsFrom(s: Scope, extraFrom: SQL = sql``): { key: SQL; from: SQL } {
  const company = s.viewer.company.id;
  const reviewee = sql`p.reviewee_id`;
  const slice = sliceOf(s.by, reviewee);
  return {
    key: slice.key,
    from: sql`FROM review_campaigns c
      JOIN review_pairs p ON p.company_id = c.company_id AND p.campaign_id = c.id
      LEFT JOIN users u ON u.company_id = p.company_id AND u.id = p.reviewee_id
      ${slice.join}${extraFrom}
      WHERE c.company_id = ${company} AND c.id = ${s.campaignId} AND ${reportAccess(s.viewer)} AND ${filterSql(s.filters, reviewee)}`,
  };
}

/**
 * Pairs by slice and state in one pass over the review's pairs: how many, their distinct
 * reviewers (the completed row's is the slice's reviewer count) and, for completed pairs, the
 * slice's reviewees as one JSON array (one row a slice: thousands of one-id rows cost more to hand
 * over than to parse).
 */
function pairFiguresSql(s: Scope): SQL {
  const { key, from } = pairsFrom(s);
  return sql`SELECT ${key} AS key, p.state AS state, count(*) AS n, count(DISTINCT p.reviewer_id) AS reviewers,
      CASE WHEN p.state = 'completed' THEN json_group_array(DISTINCT p.reviewee_id) END AS reviewees
    ${from} GROUP BY 1, 2`;
}

interface PairFigures extends StatusCount {
  reviewers: number;
  reviewees: string | null;
}

const reviewersOf = (rows: PairFigures[]): SliceCount[] =>
  rows.filter((r) => r.state === "completed").map((r) => ({ key: r.key, n: r.reviewers }));

const membersOf = (rows: PairFigures[]) =>
  rows.flatMap((r) =>
    r.state === "completed" && r.reviewees ? (JSON.parse(r.reviewees) as string[]).map((reviewee) => ({ reviewee, key: r.key })) : []
  );

/** Every completed answer to the rated questions, tallied by reviewee, question and value (no access rule: see revieweeSums). */
function revieweeTalliesSql(company: string, campaignId: string, blockIds: string[]): SQL {
  return sql`SELECT p.reviewee_id AS key, a.key AS blockId, json_type(a.value, '$.value') AS valueType, json_extract(a.value, '$.value') AS value, count(*) AS n
    FROM review_pairs p, json_each(p.answers) a
    WHERE p.company_id = ${company} AND p.campaign_id = ${campaignId} AND p.state = 'completed' AND json_valid(p.answers) AND a.type = 'object'
      AND a.key IN (SELECT value FROM json_each(${JSON.stringify(blockIds)}))
      AND coalesce(json_extract(a.value, '$.notApplicable'), 0) = 0 AND json_type(a.value, '$.value') NOT IN ('null', 'object')
    GROUP BY 1, 2, 3, 4`;
}

/**
 * A closed review's answers never change (a closed review's pairs cannot be reopened), so its
 * scores by reviewee are kept in the isolate's memory after the first request, keyed by company,
 * review and its last change; live reviews are read afresh. They are only ever added up for the
 * reviewees the viewer may read (membersSql, with the review reports access), so the memo holds
 * nothing a request could see that its own reads would not give it. Bounded: the oldest goes first.
 */
const memo = new Map<string, Promise<ScoreSums>>();
const MEMO_LIMIT = 16;

function revieweeSums(db: Db, company: string, row: CampaignRow, blocks: StoredBlock[], blockIds: string[]): Promise<ScoreSums> {
  const compute = async () => {
    const rows = (await d1Statement(db, revieweeTalliesSql(company, row.id, blockIds)).all<AnswerTally>()).results;
    return scoreSums(blocks, rows);
  };
  if (row.state !== "closed") return compute();
  const key = `${company}:${row.id}:${row.updated_at}`;
  let hit = memo.get(key);
  if (!hit) {
    hit = compute();
    memo.set(key, hit);
    hit.catch(() => memo.delete(key));
    if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  }
  return hit;
}

function nominationsSql(s: Scope): SQL {
  const reviewee = sql`n.reviewee_id`;
  const slice = sliceOf(s.by, reviewee);
  return sql`SELECT ${slice.key} AS key, n.state AS state, count(*) AS n
    FROM review_campaigns c
    JOIN review_nominations n ON n.company_id = c.company_id AND n.campaign_id = c.id
    LEFT JOIN users u ON u.company_id = n.company_id AND u.id = n.reviewee_id
    ${slice.join}
    WHERE c.company_id = ${s.viewer.company.id} AND c.id = ${s.campaignId} AND ${reportAccess(s.viewer, sql.raw("c"), reviewee)}
      AND ${filterSql(s.filters, reviewee)}
    GROUP BY 1, 2`;
}

const listSql = (table: "departments" | "roles" | "groups", company: string) =>
  sql`SELECT id, name FROM ${sql.raw(table)} WHERE company_id = ${company} ORDER BY name COLLATE NOCASE, id`;

const NONE_NAMES: Record<Breakdown, string> = { department: "No department", role: "No role", group: "No group" };

interface CampaignRow {
  id: string;
  title: string;
  state: ReviewState;
  anonymous: number;
  template_blocks: string | null;
  nomination_started_at: number | null;
  updated_at: number;
  nominations: number;
}

const parseBlocks = (raw: string | null): StoredBlock[] => {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as StoredBlock[]) : [];
  } catch {
    return [];
  }
};

/**
 * The page's figures. `campaignId` null: the newest review the viewer may report on. Returns
 * "not-found" for an id that is not one of those reviews (another company's, a draft, unknown).
 */
export async function loadReviewAnalytics(
  db: Db,
  viewer: Viewer,
  tab: ReviewAnalyticsTab,
  campaignId: string | null,
  filters: ReviewAnalyticsFilters
): Promise<ReviewAnalyticsData | "not-found"> {
  const company = viewer.company.id;
  // The named review, or the newest the viewer may report on, as SQL: one batch reads everything.
  const idSql: string | SQL = campaignId ?? sql`(SELECT x.id FROM (${campaignsSql(viewer)}) x LIMIT 1)`;
  const whole: Scope = { viewer, campaignId: idSql, by: null, filters: tab === "organization" ? filters : null };
  const sliced: Scope = { ...whole, by: filters.by };
  const figures = [pairFiguresSql(whole), nominationsSql(whole)];
  if (tab === "organization") figures.push(pairFiguresSql(sliced), nominationsSql(sliced));
  const [campaignRows, departments, roles, groups, chosenRows, ...results] = await db.$client.batch([
    d1Statement(db, campaignsSql(viewer)),
    d1Statement(db, listSql("departments", company)),
    d1Statement(db, listSql("roles", company)),
    d1Statement(db, listSql("groups", company)),
    d1Statement(db, campaignSql(viewer, idSql)),
    ...figures.map((f) => d1Statement(db, f)),
  ]);
  const campaigns = (campaignRows.results as unknown as CampaignRow[]).map((c) => ({
    id: c.id,
    title: c.title,
    state: c.state,
    anonymous: Boolean(c.anonymous),
  }));
  const options = {
    departments: departments.results as unknown as NamedOption[],
    roles: roles.results as unknown as NamedOption[],
    groups: groups.results as unknown as NamedOption[],
  };
  const row = chosenRows.results[0] as unknown as CampaignRow | undefined;
  // A review the viewer may not report on is as unknown as another company's.
  if (campaignId && (!row || !campaigns.some((c) => c.id === campaignId))) return "not-found";
  const empty: ReviewAnalyticsData = {
    campaigns,
    campaign: null,
    questions: [],
    total: null,
    nominations: [],
    slices: [],
    filters,
    filtersApplied: false,
    options,
  };
  if (!row || !campaigns.some((c) => c.id === row.id)) return empty;
  const id = row.id;
  const anonymous = Boolean(row.anonymous);
  const filtersApplied = tab === "organization" && !anonymous;
  const blocks = parseBlocks(row.template_blocks);
  const questions = quantitativeQuestions(blocks);
  const blockIds = questions.map((q) => q.blockId);
  const minimum = anonymityMinimum(viewer.company.anonymityFloor);
  const byReviewee = await revieweeSums(db, company, row, blocks, blockIds);
  const rows = <T>(i: number) => (results[i]?.results ?? []) as unknown as T[];
  const wholePairs = rows<PairFigures>(0);

  let [total] = sliceFigures({
    blocks,
    anonymous,
    minimum,
    slices: [{ key: NONE_KEY, name: "All reviewees" }],
    status: wholePairs,
    reviewers: reviewersOf(wholePairs),
    nominations: rows<StatusCount>(1),
    sums: sumsBySlice(byReviewee, membersOf(wholePairs)),
  });

  let slices: SliceFigures[] = [];
  if (tab === "organization") {
    const status = rows<PairFigures>(2);
    const named = filters.by === "department" ? options.departments : filters.by === "role" ? options.roles : options.groups;
    const seen = new Set(status.map((s) => s.key));
    // Every slice with reviewees in it, in name order; people with none last.
    const list = named.filter((o) => seen.has(o.id)).map((o) => ({ key: o.id, name: o.name }));
    if (seen.has(NONE_KEY)) list.push({ key: NONE_KEY, name: NONE_NAMES[filters.by] });
    slices = sliceFigures({
      blocks,
      anonymous,
      minimum,
      slices: list,
      status,
      reviewers: reviewersOf(status),
      nominations: rows<StatusCount>(3),
      sums: sumsBySlice(byReviewee, membersOf(status)),
    });
  }

  if (tab === "organization") {
    // Organization shows one average a slice (the chosen question's, or the overall one): every
    // question's text and average in every slice was most of the page's weight.
    const chosen = questions.some((q) => q.blockId === filters.question) ? filters.question : null;
    const slim = (s: SliceFigures): SliceFigures => ({ ...s, byState: [], questions: s.questions.filter((q) => q.blockId === chosen) });
    slices = slices.map(slim);
    total = total && slim(total);
  }

  return {
    campaigns,
    campaign: {
      id,
      title: row.title,
      state: row.state,
      anonymous,
      minimum,
      hasNominations: row.nomination_started_at !== null || Number(row.nominations) > 0,
    },
    questions,
    total,
    nominations: nominationsByState(rows<StatusCount>(1)),
    slices,
    filters,
    filtersApplied,
    options,
  };
}
