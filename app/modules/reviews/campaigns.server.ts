import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { reviewCampaigns } from "~/db/schema";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import { administeredGroups, managesReviewOfSession, mayManageReview } from "~/modules/access/groups.server";
import type {
  AudienceChange,
  CampaignRequest,
  ChangeResult,
  NominationChange,
  NominationResult,
  PairChange,
  ReminderOptions,
} from "./campaign-commands";
import type { DraftFields } from "./launch.schema";
import type { PairOutcome, ReviewEvent, ReviewOutcome, ReviewState, ShareConfig } from "./campaign-machine";

export interface CampaignRow {
  id: string;
  title: string;
  state: ReviewState;
  nominations: { audience: number; started: boolean; total: number; open: number };
  startAt: number | null;
  endAt: number | null;
  updatedAt: number;
  launchedBy: string | null;
  pairs: number;
  completed: number;
}

/** What the reviews list asks for: states, and the super admin's filters (e-mails already well formed, lower case). */
export interface ReviewsQuery {
  states: ReviewState[];
  launchedBy: string | null;
  userType: "reviewer" | "reviewee";
  emails: string[];
}

/**
 * The reviews list (000 §2) as one statement that scopes itself by the session (it rides in the
 * session lookup's D1 batch, requirePermissionWith): one row holding the campaigns in the chosen
 * states, newest first, with their progress and nomination counts; the launched-by options; and
 * the e-mails of the specific-users filter that match no one (then it is not applied). Which
 * reviews the viewer manages is app/modules/access/groups.server.ts's rule.
 */
function reviewsPageSql(sessionId: string, query: ReviewsQuery): SQL {
  const emails = JSON.stringify(query.emails);
  const column = sql.raw(query.userType === "reviewer" ? "p.reviewer_id" : "p.reviewee_id");
  return sql`
    WITH s AS (
      SELECT se.company_id AS company, se.user_id AS viewer, u.is_super_admin AS super_admin, co.platform AS platform
      FROM sessions se JOIN users u ON u.id = se.user_id JOIN companies co ON co.id = se.company_id
      WHERE se.id = ${sessionId}
    ),
    unknown AS (
      SELECT e.value AS email FROM json_each(${emails}) e, s
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.company_id = s.company AND lower(u.email) = e.value)
    ),
    listed AS (
      SELECT c.id, c.title, c.state, c.start_at, c.end_at, c.updated_at, lu.name AS launched_by,
        (SELECT count(*) FROM review_pairs p WHERE p.company_id = c.company_id AND p.campaign_id = c.id) AS pairs,
        (SELECT count(*) FROM review_pairs p WHERE p.company_id = c.company_id AND p.campaign_id = c.id AND p.state = 'completed') AS completed,
        json_array_length(c.nomination_audience) AS nomination_audience,
        c.nomination_started_at IS NOT NULL AS nomination_started,
        (SELECT count(*) FROM review_nominations n WHERE n.company_id = c.company_id AND n.campaign_id = c.id) AS nominations,
        (SELECT count(*) FROM review_nominations n WHERE n.company_id = c.company_id AND n.campaign_id = c.id AND n.state = 'open') AS nominations_open
      FROM review_campaigns c
      JOIN s ON c.company_id = s.company
      LEFT JOIN users lu ON lu.id = c.created_by AND lu.company_id = c.company_id
      WHERE c.state IN (SELECT value FROM json_each(${JSON.stringify(query.states)}))
        AND (${query.launchedBy} IS NULL OR c.created_by = ${query.launchedBy})
        AND (json_array_length(${emails}) = 0 OR EXISTS (SELECT 1 FROM unknown) OR EXISTS (
          SELECT 1 FROM review_pairs p JOIN users u ON u.id = ${column} AND u.company_id = p.company_id
          WHERE p.company_id = c.company_id AND p.campaign_id = c.id AND lower(u.email) IN (SELECT value FROM json_each(${emails}))))
        AND ${managesReviewOfSession({ company: sql`s.company`, viewer: sql`s.viewer`, superAdmin: sql`s.super_admin`, platform: sql`s.platform` })}
      ORDER BY c.updated_at DESC, c.id
    )
    SELECT
      (SELECT json_group_array(json_object('id', id, 'title', title, 'state', state, 'startAt', start_at, 'endAt', end_at,
        'updatedAt', updated_at, 'launchedBy', launched_by, 'pairs', pairs, 'completed', completed,
        'nominations', json_object('audience', nomination_audience, 'started', json(CASE WHEN nomination_started THEN 'true' ELSE 'false' END),
          'total', nominations, 'open', nominations_open))) FROM listed) AS reviews,
      (SELECT json_group_array(json_object('id', id, 'name', name)) FROM (
        SELECT DISTINCT u.id, u.name FROM review_campaigns c JOIN s ON c.company_id = s.company
        JOIN users u ON u.id = c.created_by AND u.company_id = c.company_id ORDER BY u.name, u.id)) AS launchers,
      (SELECT json_group_array(email) FROM unknown) AS unknown`;
}

/**
 * The reviews list for a holder of Manage Reviews, read in the session lookup's batch. `unknown`
 * lists filter e-mails that are no one's in the company (the filter is then not applied). The
 * launched-by and user filters are for holders of ViewLaunchedByOthersFilter: the statement is
 * built before the viewer is known, so when someone else's address carries them the list is read
 * again without them (only a hand-made address does), and the launched-by options are dropped.
 */
export async function requireReviewsPage(request: Request, context: AppLoadContext, query: ReviewsQuery) {
  type Row = { reviews: string; launchers: string; unknown: string };
  const first = await requirePermissionWith<Row>(request, context, "ViewManageReviews", (sessionId) => reviewsPageSql(sessionId, query));
  const { viewer } = first;
  const filters = hasPermission(viewer.permissions, "ViewLaunchedByOthersFilter");
  let rows = first.rows;
  if (!filters) {
    if (query.launchedBy !== null || query.emails.length > 0)
      rows = await context.db.all<Row>(reviewsPageSql(viewer.sessionId, { ...query, launchedBy: null, emails: [] }));
    rows = rows.map((row) => ({ ...row, launchers: "[]", unknown: "[]" }));
  }
  const [row] = rows;
  const reviews = query.states.length === 0 || !row ? [] : (JSON.parse(row.reviews) as CampaignRow[]);
  return {
    viewer,
    reviews,
    launchers: row ? (JSON.parse(row.launchers) as Array<{ id: string; name: string }>) : [],
    unknown: row ? (JSON.parse(row.unknown) as string[]) : [],
  };
}

/** One campaign of the viewer's company (id, title, state), or null for another company's or an unknown id. */
export async function findCampaign(context: AppLoadContext, viewer: Viewer, id: string) {
  const [row] = await context.db
    .select({ id: reviewCampaigns.id, title: reviewCampaigns.title, state: reviewCampaigns.state })
    .from(reviewCampaigns)
    .where(and(eq(reviewCampaigns.id, id), eq(reviewCampaigns.companyId, viewer.company.id)))
    .limit(1);
  return row ?? null;
}

/** Everything the Launch Review form and the review detail show about one campaign. */
export interface CampaignDetail {
  id: string;
  title: string;
  state: ReviewState;
  templateId: string | null;
  templateTitle: string | null;
  workspaceId: string | null;
  groupId: string | null;
  anonymous: boolean;
  startAt: number | null;
  endAt: number | null;
  automaticClose: boolean;
  shareConfig: ShareConfig | null;
  departmentFilter: string[] | null;
  nominationAudience: string[];
  nominationStartedAt: number | null;
  launchedAt: number | null;
  updatedAt: number;
  version: number;
  createdBy: string | null;
}

const ms = (d: Date | null) => d?.getTime() ?? null;

/**
 * One campaign of the viewer's company with every setting, null for an unknown or another
 * company's id, "no-access" for a Teams-type group admin's review of another group.
 */
export async function loadCampaign(context: AppLoadContext, viewer: Viewer, id: string): Promise<CampaignDetail | "no-access" | null> {
  const [row] = await context.db
    .select({
      id: reviewCampaigns.id,
      title: reviewCampaigns.title,
      state: reviewCampaigns.state,
      templateId: reviewCampaigns.templateId,
      templateTitle: sql<
        string | null
      >`coalesce(${reviewCampaigns.templateTitle}, (SELECT title FROM review_templates t WHERE t.id = ${reviewCampaigns.templateId} AND t.company_id = ${reviewCampaigns.companyId}))`,
      workspaceId: reviewCampaigns.workspaceId,
      groupId: reviewCampaigns.groupId,
      anonymous: reviewCampaigns.anonymous,
      startAt: reviewCampaigns.startAt,
      endAt: reviewCampaigns.endAt,
      automaticClose: reviewCampaigns.automaticClose,
      shareConfig: reviewCampaigns.shareConfig,
      departmentFilter: reviewCampaigns.departmentFilter,
      nominationAudience: reviewCampaigns.nominationAudience,
      nominationStartedAt: reviewCampaigns.nominationStartedAt,
      launchedAt: reviewCampaigns.launchedAt,
      updatedAt: reviewCampaigns.updatedAt,
      version: reviewCampaigns.version,
      createdBy: reviewCampaigns.createdBy,
      viewerAdminsGroup: sql<number>`${reviewCampaigns.groupId} IN ${administeredGroups(viewer.company.id, viewer.user.id)}`,
    })
    .from(reviewCampaigns)
    .where(and(eq(reviewCampaigns.id, id), eq(reviewCampaigns.companyId, viewer.company.id)))
    .limit(1);
  if (!row) return null;
  const { viewerAdminsGroup, ...campaign } = row;
  if (!mayManageReview(viewer, { groupId: row.groupId, viewerAdminsGroup: Boolean(viewerAdminsGroup) })) return "no-access";
  return {
    ...campaign,
    startAt: ms(row.startAt),
    endAt: ms(row.endAt),
    nominationStartedAt: ms(row.nominationStartedAt),
    launchedAt: ms(row.launchedAt),
    updatedAt: row.updatedAt.getTime(),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes: every one goes through the campaign's Durable Object (the one writer). `requestId`
// comes from the form that asked, so a resubmitted form changes nothing twice.
// ---------------------------------------------------------------------------------------------

function campaignObject(context: AppLoadContext, viewer: Viewer, campaignId: string, requestId: string) {
  const namespace = context.cloudflare.env.REVIEW_CAMPAIGN;
  const stub = namespace.get(namespace.idFromName(campaignId));
  const request: CampaignRequest = { requestId, companyId: viewer.company.id, campaignId, actorId: viewer.user.id };
  return { stub, request };
}

/** A change of a campaign's state (launch, schedule, finalize, reopen, remind, …). */
export function changeCampaign(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  event: ReviewEvent,
  requestId: string,
  reminder?: ReminderOptions
): Promise<ChangeResult<ReviewOutcome>> {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  return stub.changeCampaign(request, event, reminder) as Promise<ChangeResult<ReviewOutcome>>;
}

/** Create or update a draft's settings (the Launch Review form's auto-save). */
export function saveDraft(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  fields: DraftFields,
  requestId: string
): Promise<ChangeResult<"draft"> & { created?: boolean }> {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  return stub.saveDraft(request, fields) as Promise<ChangeResult<"draft"> & { created?: boolean }>;
}

/** Pairs and nominations: add, remove, clear, start or cancel nominations. */
export function changeAudience(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  change: AudienceChange,
  requestId: string
): Promise<ChangeResult<ReviewState>> {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  return stub.changeAudience(request, change) as Promise<ChangeResult<ReviewState>>;
}

/** The kept answer to an earlier change of this campaign (an upload's refused rows), or null. */
export async function keptAnswer(context: AppLoadContext, viewer: Viewer, campaignId: string, requestId: string) {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  return (await stub.answerOf(request)) as ChangeResult<unknown> | null;
}

/** One pair: remove, remind, change reviewer, reopen, share. */
export function changePair(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  pairId: string,
  change: PairChange,
  requestId: string
): Promise<ChangeResult<PairOutcome>> {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  const sharePairResult = hasPermission(viewer.permissions, "SharePairResult");
  return stub.changePair(request, pairId, { ...change, sharePairResult }) as Promise<ChangeResult<PairOutcome>>;
}

/** The nomination phase, people's side: nominate, a manager's approvals and additions, a reviewer's answers. */
export function changeNomination(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  change: NominationChange,
  requestId: string
): Promise<NominationResult> {
  const { stub, request } = campaignObject(context, viewer, campaignId, requestId);
  return stub.changeNomination(request, change) as Promise<NominationResult>;
}
