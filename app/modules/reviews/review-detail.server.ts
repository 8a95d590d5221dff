import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { d1Statement } from "~/db/client.server";
import { generatedReports } from "~/db/schema";
import { downloadHeaders } from "~/lib/download.server";
import { getFile } from "~/lib/files.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission, requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import { reportFilePath } from "~/modules/reports/generated.server";
import { statusXlsx } from "~/modules/reviews/reports/review-files.server";
import { administeredGroups, mayManageReview } from "~/modules/access/groups.server";
import { type NominationState, type PairAnswers, type PairState, type ReviewState, type ShareConfig } from "./campaign-machine";
import { NOT_APPLICABLE_KEY, type ChoiceCount } from "./components/pair-answers";
import { NO_ACCESS, PAGE_SIZE, REVIEWS_LIST_PATH, type DetailQuery } from "./components/review-detail.schema";
import type { StoredBlock } from "./questionnaire-blocks";

/**
 * Reads of the review detail page (000 §2 "Review detail"): the campaign with its progress, one
 * page of its pairs, the analytics, the people who may be added or made reviewers; and the
 * review's downloads. Its queued files (pair report, status report) are made by
 * app/modules/reviews/reports/review-files.server.ts. Every read is scoped by the viewer's company and
 * goes to D1 in one batch; changes go through the campaign's Durable Object (campaigns.server.ts).
 */

const parse = <T>(text: string | null): T | null => {
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

export interface ReviewOverview {
  id: string;
  title: string;
  state: ReviewState;
  workspaceId: string | null;
  groupId: string | null;
  /** The workspace's (Slack-type) or group's (Teams-type) name. */
  channelName: string | null;
  anonymous: boolean;
  startAt: number | null;
  endAt: number | null;
  launchedAt: number | null;
  automaticClose: boolean;
  shareConfig: ShareConfig | null;
  /** Custom relationships named in an automated share (`relationship:{id}`), by id. */
  shareRelationships: Record<string, string>;
  templateTitle: string | null;
  pairs: number;
  completed: number;
  nominations: Partial<Record<NominationState, number>>;
  nominationTotal: number;
  /** Teams-type: the viewer administers the review's group. */
  viewerAdminsGroup: boolean;
}

interface CampaignSqlRow {
  id: string;
  title: string;
  state: ReviewState;
  workspace_id: string | null;
  group_id: string | null;
  channel_name: string | null;
  anonymous: number;
  start_at: number | null;
  end_at: number | null;
  launched_at: number | null;
  automatic_close: number;
  share_config: string | null;
  share_relationships: string | null;
  template_title: string | null;
  template_blocks: string | null;
  pairs: number;
  completed: number;
  nomination_counts: string | null;
  viewer_admins_group: number;
}

/**
 * Whose company and person a statement is for: the viewer's ids, or subqueries on the session row
 * (so the page's reads can ride in the session lookup's D1 batch, requirePermissionWith).
 */
export interface Scope {
  company: SQL | string;
  user: SQL | string;
}
export const scopeOf = (viewer: Viewer): Scope => ({ company: viewer.company.id, user: viewer.user.id });
export const sessionScopeOf = (sessionId: string): Scope => ({
  company: sql`(SELECT company_id FROM sessions WHERE id = ${sessionId})`,
  user: sql`(SELECT user_id FROM sessions WHERE id = ${sessionId})`,
});

function campaignSql(scope: Scope, id: string, withBlocks: boolean): SQL {
  const company = scope.company;
  return sql`
    SELECT c.id, c.title, c.state, c.workspace_id, c.group_id, c.anonymous, c.start_at, c.end_at, c.launched_at, c.automatic_close, c.share_config,
      coalesce(
        (SELECT w.name FROM workspaces w WHERE w.id = c.workspace_id AND w.company_id = ${company}),
        (SELECT g.name FROM groups g WHERE g.id = c.group_id AND g.company_id = ${company})
      ) AS channel_name,
      coalesce(c.template_title, (SELECT t.title FROM review_templates t WHERE t.id = c.template_id AND t.company_id = ${company})) AS template_title,
      ${withBlocks ? sql`c.template_blocks` : sql`NULL`} AS template_blocks,
      (SELECT count(*) FROM review_pairs p WHERE p.company_id = ${company} AND p.campaign_id = ${id}) AS pairs,
      (SELECT count(*) FROM review_pairs p WHERE p.company_id = ${company} AND p.campaign_id = ${id} AND p.state = 'completed') AS completed,
      (SELECT json_group_object(s.state, s.n) FROM (
        SELECT n.state, count(*) AS n FROM review_nominations n WHERE n.company_id = ${company} AND n.campaign_id = ${id} GROUP BY n.state
      ) s) AS nomination_counts,
      c.group_id IN ${administeredGroups(company, scope.user)} AS viewer_admins_group,
      (SELECT json_group_object(r.id, r.name) FROM custom_relationships r
        WHERE r.company_id = ${company}
          AND ('relationship:' || r.id) IN (SELECT value FROM json_each(coalesce(c.share_config, '{}'), '$.shareWith'))
      ) AS share_relationships
    FROM review_campaigns c
    WHERE c.id = ${id} AND c.company_id = ${company}`;
}

function overviewOf(row: CampaignSqlRow): ReviewOverview & { blocks: StoredBlock[] } {
  const nominations = parse<Partial<Record<NominationState, number>>>(row.nomination_counts) ?? {};
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    workspaceId: row.workspace_id,
    groupId: row.group_id,
    channelName: row.channel_name,
    anonymous: Boolean(row.anonymous),
    startAt: row.start_at,
    endAt: row.end_at,
    launchedAt: row.launched_at,
    automaticClose: Boolean(row.automatic_close),
    shareConfig: parse<ShareConfig>(row.share_config),
    shareRelationships: parse<Record<string, string>>(row.share_relationships) ?? {},
    templateTitle: row.template_title,
    pairs: Number(row.pairs),
    completed: Number(row.completed),
    nominations,
    nominationTotal: Object.values(nominations).reduce<number>((n, v) => n + Number(v ?? 0), 0),
    viewerAdminsGroup: Boolean(row.viewer_admins_group),
    blocks: parse<StoredBlock[]>(row.template_blocks) ?? [],
  };
}

export interface PairRow {
  id: string;
  state: PairState;
  revieweeId: string;
  revieweeName: string;
  revieweeEmail: string;
  reviewerId: string;
  reviewerName: string;
  reviewerEmail: string;
  sharedAt: number | null;
}

interface PairSqlRow {
  total: number | null;
  id: string | null;
  state: PairState;
  reviewee_id: string;
  reviewee_name: string | null;
  reviewee_email: string | null;
  reviewer_id: string;
  reviewer_name: string | null;
  reviewer_email: string | null;
  shared_at: number | null;
}

const UNKNOWN_PERSON = "Unknown person";

function pairFilter(scope: Scope, id: string, query: Pick<DetailQuery, "q" | "state">): SQL {
  const parts = [sql`rp.company_id = ${scope.company} AND rp.campaign_id = ${id}`];
  if (query.state) parts.push(sql`rp.state = ${query.state}`);
  if (query.q) {
    // instr, not LIKE: D1 refuses LIKE patterns longer than 50 characters, and nothing needs escaping.
    const q = query.q.toLowerCase();
    parts.push(
      sql`(instr(lower(ee.name), ${q}) > 0 OR instr(lower(ee.email), ${q}) > 0 OR instr(lower(er.name), ${q}) > 0 OR instr(lower(er.email), ${q}) > 0)`
    );
  }
  return sql.join(parts, sql` AND `);
}

const PEOPLE_JOIN = sql`
  LEFT JOIN users ee ON ee.id = rp.reviewee_id AND ee.company_id = rp.company_id
  LEFT JOIN users er ON er.id = rp.reviewer_id AND er.company_id = rp.company_id`;

/**
 * One page of the pairs matching the search and state filter, by reviewee and reviewer name, with
 * the number matching when filtered (unfiltered, the overview's count is the total). The page is
 * read from the people's name index into the pairs (CROSS JOIN keeps that order), so the first
 * pages of a 2,000-pair review cost a few index lookups instead of sorting every pair.
 */
function pairPageSql(scope: Scope, id: string, query: DetailQuery, page: number): SQL {
  const where = pairFilter(scope, id, query);
  const filtered = Boolean(query.q || query.state);
  const total = filtered ? sql`(SELECT count(*) FROM review_pairs rp ${PEOPLE_JOIN} WHERE ${where})` : sql`NULL`;
  return sql`
    SELECT ${total} AS total, p.* FROM (SELECT 1) one
    LEFT JOIN (
      SELECT rp.id, rp.state, rp.reviewee_id, ee.name AS reviewee_name, ee.email AS reviewee_email,
        rp.reviewer_id, er.name AS reviewer_name, er.email AS reviewer_email, rp.shared_at
      FROM users ee
      CROSS JOIN review_pairs rp ON rp.company_id = ee.company_id AND rp.reviewee_id = ee.id
      LEFT JOIN users er ON er.id = rp.reviewer_id AND er.company_id = rp.company_id
      WHERE ee.company_id = ${scope.company} AND ${where}
      ORDER BY ee.name COLLATE NOCASE, ee.id, er.name COLLATE NOCASE, rp.id
      LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}
    ) p ON 1`;
}

const pairOf = (r: PairSqlRow): PairRow => ({
  id: r.id!,
  state: r.state,
  revieweeId: r.reviewee_id,
  revieweeName: r.reviewee_name ?? UNKNOWN_PERSON,
  revieweeEmail: r.reviewee_email ?? "",
  reviewerId: r.reviewer_id,
  reviewerName: r.reviewer_name ?? UNKNOWN_PERSON,
  reviewerEmail: r.reviewer_email ?? "",
  sharedAt: r.shared_at,
});

export interface PairDetail {
  id: string;
  state: PairState;
  revieweeId: string;
  revieweeName: string;
  reviewerId: string;
  reviewerName: string;
  answers: PairAnswers | null;
  declineComment: string | null;
}

interface PairDetailSqlRow {
  id: string;
  state: PairState;
  reviewee_id: string;
  reviewee_name: string | null;
  reviewer_id: string;
  reviewer_name: string | null;
  answers: string | null;
  decline_comment: string | null;
}

function pairDetailSql(scope: Scope, campaignId: string, pairId: string): SQL {
  return sql`
    SELECT rp.id, rp.state, rp.reviewee_id, ee.name AS reviewee_name, rp.reviewer_id, er.name AS reviewer_name, rp.answers, rp.decline_comment
    FROM review_pairs rp ${PEOPLE_JOIN}
    WHERE rp.id = ${pairId} AND rp.company_id = ${scope.company} AND rp.campaign_id = ${campaignId}`;
}

const pairDetailOf = (r: PairDetailSqlRow): PairDetail => ({
  id: r.id,
  state: r.state,
  revieweeId: r.reviewee_id,
  revieweeName: r.reviewee_name ?? UNKNOWN_PERSON,
  reviewerId: r.reviewer_id,
  reviewerName: r.reviewer_name ?? UNKNOWN_PERSON,
  answers: parse<PairAnswers>(r.answers),
  declineComment: r.decline_comment,
});

export interface Member {
  id: string;
  name: string;
  email: string;
}

/**
 * The active people (not deactivated, not excluded) of the review's workspace (Slack-type) or
 * group (Teams-type), by name: who can be made a reviewer or added as a reviewee.
 */
function membersSql(scope: Scope, campaignId: string): SQL {
  const company = scope.company;
  const campaign = sql`(SELECT c.workspace_id, c.group_id FROM review_campaigns c WHERE c.id = ${campaignId} AND c.company_id = ${company})`;
  return sql`
    SELECT u.id, u.name, u.email FROM users u
    WHERE u.company_id = ${company} AND u.is_deleted = 0 AND u.is_excluded = 0 AND (
      u.id IN (SELECT wm.user_id FROM workspace_members wm, ${campaign} c WHERE wm.company_id = ${company} AND wm.workspace_id = c.workspace_id)
      OR u.id IN (SELECT gm.user_id FROM group_members gm, ${campaign} c WHERE gm.company_id = ${company} AND gm.group_id = c.group_id)
    )
    ORDER BY u.name COLLATE NOCASE, u.id`;
}

/**
 * Selections per choice-like question among the completed pairs' answers: `answers[blockId].value`
 * is one choice value or a list of them; a not-applicable answer counts once under its own key.
 */
function choiceCountsSql(scope: Scope, campaignId: string): SQL {
  const inCampaign = sql`p.company_id = ${scope.company} AND p.campaign_id = ${campaignId} AND p.state = 'completed' AND json_valid(p.answers)`;
  return sql`
    SELECT a.key AS blockId, CAST(v.value AS TEXT) AS choice, count(*) AS n
    FROM review_pairs p, json_each(p.answers) a, json_each(a.value, '$.value') v
    WHERE ${inCampaign} AND a.type = 'object' AND coalesce(json_extract(a.value, '$.notApplicable'), 0) = 0
      AND v.type NOT IN ('null', 'object', 'array')
    GROUP BY 1, 2
    UNION ALL
    SELECT a.key, ${NOT_APPLICABLE_KEY}, count(*)
    FROM review_pairs p, json_each(p.answers) a
    WHERE ${inCampaign} AND a.type = 'object' AND json_extract(a.value, '$.notApplicable') = 1
    GROUP BY 1`;
}

export interface NominationRow {
  revieweeId: string;
  name: string;
  state: NominationState;
}

function nominationPageSql(scope: Scope, campaignId: string, page: number): SQL {
  const where = sql`n.company_id = ${scope.company} AND n.campaign_id = ${campaignId}`;
  return sql`
    SELECT t.total, p.* FROM (SELECT count(*) AS total FROM review_nominations n WHERE ${where}) t
    LEFT JOIN (
      SELECT n.reviewee_id, coalesce(u.name, ${UNKNOWN_PERSON}) AS name, n.state
      FROM review_nominations n LEFT JOIN users u ON u.id = n.reviewee_id AND u.company_id = n.company_id
      WHERE ${where}
      ORDER BY u.name COLLATE NOCASE, n.reviewee_id
      LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}
    ) p ON 1`;
}

export interface ReviewDetail {
  review: ReviewOverview;
  blocks: StoredBlock[];
  pairs: { rows: PairRow[]; total: number; page: number; pages: number } | null;
  pair: PairDetail | null;
  members: Member[] | null;
  choiceCounts: ChoiceCount[] | null;
  nominations: { rows: NominationRow[]; total: number; page: number; pages: number } | null;
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/**
 * Everything the page shows for one request, in one D1 batch: the campaign, and what the tab and
 * the open panel need. Null for an unknown id or another company's review.
 */
export async function requireReviewDetail(
  request: Request,
  context: AppLoadContext,
  id: string,
  query: DetailQuery
): Promise<{ viewer: Viewer; detail: ReviewDetail | null }> {
  const db = context.db;
  const analytics = query.tab === "analytics";
  const panelPair = query.pairId && query.panel ? query.pairId : null;
  const needsBlocks = (analytics && !query.nomination) || query.panel === "result";
  const needsMembers = query.panel === "changeReviewer" || query.panel === "addPairs";
  type Key = "campaign" | "pairs" | "pair" | "members" | "counts" | "nominations";
  const parts: Array<{ key: Key; statement: (scope: Scope) => SQL }> = [
    { key: "campaign", statement: (s) => campaignSql(s, id, needsBlocks) },
  ];
  if (!analytics) parts.push({ key: "pairs", statement: (s) => pairPageSql(s, id, query, query.page) });
  if (panelPair) parts.push({ key: "pair", statement: (s) => pairDetailSql(s, id, panelPair) });
  if (needsMembers) parts.push({ key: "members", statement: (s) => membersSql(s, id) });
  if (analytics && !query.nomination) parts.push({ key: "counts", statement: (s) => choiceCountsSql(s, id) });
  if (analytics && query.nomination) parts.push({ key: "nominations", statement: (s) => nominationPageSql(s, id, query.page) });
  // Every read rides in the session lookup's D1 batch: one round trip for the whole page.
  const answers = await Promise.all(
    parts.map((part) =>
      requirePermissionWith<unknown>(request, context, "ViewManageReviews", (sessionId) => part.statement(sessionScopeOf(sessionId)))
    )
  );
  const viewer = answers[0].viewer;
  const rowsOf = <T>(key: Key) => {
    const index = parts.findIndex((p) => p.key === key);
    return index < 0 ? null : (answers[index].rows as T[]);
  };
  const [campaign] = rowsOf<CampaignSqlRow>("campaign") ?? [];
  if (!campaign) return { viewer, detail: null };
  const { blocks, ...review } = overviewOf(campaign);

  let pairs: ReviewDetail["pairs"] = null;
  const pairRows = rowsOf<PairSqlRow>("pairs");
  if (pairRows) {
    const totalOf = (rows: PairSqlRow[]) => (rows[0]?.total == null ? review.pairs : Number(rows[0].total));
    let total = totalOf(pairRows);
    let page = Math.min(query.page, pagesOf(total));
    let rows = pairRows;
    if (page !== query.page) {
      // The list shrank under the asked page: show its last page.
      rows = (await d1Statement(db, pairPageSql(scopeOf(viewer), id, query, page)).all<PairSqlRow>()).results;
      total = totalOf(rows);
      page = Math.min(page, pagesOf(total));
    }
    pairs = { rows: rows.filter((r) => r.id !== null).map(pairOf), total, page, pages: pagesOf(total) };
  }

  let nominations: ReviewDetail["nominations"] = null;
  const nominationRows = rowsOf<{ total: number; reviewee_id: string | null; name: string; state: NominationState }>("nominations");
  if (nominationRows) {
    const total = Number(nominationRows[0]?.total ?? 0);
    nominations = {
      rows: nominationRows.filter((r) => r.reviewee_id !== null).map((r) => ({ revieweeId: r.reviewee_id!, name: r.name, state: r.state })),
      total,
      page: query.page,
      pages: pagesOf(total),
    };
  }

  const [pair] = rowsOf<PairDetailSqlRow>("pair") ?? [];
  const counts = rowsOf<{ blockId: string; choice: string; n: number }>("counts");
  const detail = {
    review,
    blocks,
    pairs,
    pair: pair ? pairDetailOf(pair) : null,
    members: rowsOf<Member>("members"),
    choiceCounts: counts ? counts.map((c) => ({ blockId: c.blockId, choice: String(c.choice), n: Number(c.n) })) : null,
    nominations,
  };
  return { viewer, detail };
}

// ---------------------------------------------------------------------------------------------
// The action's reads: the campaign and one pair as the change will find them.
// ---------------------------------------------------------------------------------------------

/** The campaign (with what the access rule needs), the pair if asked for, and whether `people` are members of its audience. */
export async function loadForAction(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  options: { pairId?: string; people?: string[]; pairOf?: { revieweeId: string; reviewerId: string } } = {}
) {
  const db = context.db;
  const statements: SQL[] = [campaignSql(scopeOf(viewer), campaignId, false)];
  if (options.pairId) statements.push(pairDetailSql(scopeOf(viewer), campaignId, options.pairId));
  const people = [...new Set(options.people ?? [])];
  if (people.length > 0)
    statements.push(
      sql`SELECT m.id, m.name FROM (${membersSql(
        scopeOf(viewer),
        campaignId
      )}) m WHERE m.id IN (SELECT value FROM json_each(${JSON.stringify(people)}))`
    );
  if (options.pairOf)
    statements.push(sql`
      SELECT rp.id FROM review_pairs rp
      WHERE rp.company_id = ${viewer.company.id} AND rp.campaign_id = ${campaignId}
        AND rp.reviewee_id = ${options.pairOf.revieweeId} AND rp.reviewer_id = ${options.pairOf.reviewerId}`);
  const results = await db.$client.batch(statements.map((s) => d1Statement(db, s)));
  const [campaign] = results[0].results as CampaignSqlRow[];
  if (!campaign) return null;
  let next = 1;
  const pairRow = options.pairId ? (results[next++].results as PairDetailSqlRow[])[0] : undefined;
  const members = new Map(
    people.length > 0 ? (results[next++].results as Array<{ id: string; name: string }>).map((r) => [r.id, r.name]) : []
  );
  const existing = options.pairOf ? (results[next++].results as unknown[]).length > 0 : false;
  const { blocks: _blocks, ...review } = overviewOf(campaign);
  return { review, pair: pairRow ? pairDetailOf(pairRow) : null, members, pairExists: existing };
}

// ---------------------------------------------------------------------------------------------
// Downloads: the status report of the reviews list, and pair reports made by earlier versions (downloaded at once, not queued).
// ---------------------------------------------------------------------------------------------

/** Kept where it was first exported: surveys.reports.download.tsx imports it from here. */
export { attachmentHeader } from "~/lib/download.server";

/**
 * The loader of a review's downloads (a resource route: a page's loader cannot answer a document
 * request with a file). Same rules as the page: ViewManageReviews, the viewer's company (404),
 * the access rule (to the reviews list with an error toast).
 * - `?reportType=review|nomination`: the status report at once (the reviews list's Download; the
 *   review detail page queues it instead, app/modules/reviews/reports/review-files.server.ts);
 * - `?file=`: a pair report made before reports were queued (their messages link here), for
 *   its requester only. New reports download from /reports/files/{id}.
 */
export async function reviewDownloadLoader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const id = params.activeReviewId ?? "";
  const loaded = await loadForAction(context, viewer, id);
  if (!loaded || loaded.review.state === "draft") throw new Response("Not Found", { status: 404 });
  if (!mayManageReview(viewer, loaded.review))
    throw await redirectWithToast(REVIEWS_LIST_PATH, { type: "error", message: NO_ACCESS }, { request });
  const url = new URL(request.url);
  const fileId = url.searchParams.get("file");
  if (fileId) {
    // A queued report's file goes through its own download, which checks who may see it now.
    const [generated] = await context.db
      .select({ id: generatedReports.id })
      .from(generatedReports)
      .where(and(eq(generatedReports.id, fileId.slice(0, 100)), eq(generatedReports.companyId, viewer.company.id)))
      .limit(1);
    if (generated) throw redirect(reportFilePath(generated.id));
    const found = await getFile(context.cloudflare.env, context.db, viewer.company.id, fileId.slice(0, 100));
    // A generated report is its requester's: it names people the link must not reach otherwise.
    if (!found || found.file.ownerId !== viewer.user.id) throw new Response("Not Found", { status: 404 });
    return new Response(found.object.body, { headers: downloadHeaders(found.file.contentType, found.file.name) });
  }
  const type = url.searchParams.get("reportType");
  if (type !== "review" && type !== "nomination") throw new Response("Not Found", { status: 404 });
  const report = await statusXlsx(context.db, viewer.company.id, loaded.review, type);
  return new Response(report.body, { headers: downloadHeaders(report.contentType, report.name) });
}
