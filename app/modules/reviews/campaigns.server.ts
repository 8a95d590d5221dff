import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { reviewCampaigns, reviewPairs, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import type {
  AudienceChange,
  CampaignRequest,
  ChangeResult,
  DraftFields,
  PairChange,
  ReminderOptions,
} from "../../../durable-objects/review-campaign";
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

/**
 * The reviews a viewer may manage: everything for super admins and on Slack-type (team admins are
 * company-wide there); on Teams-type a group admin manages the reviews of the groups they
 * administer (000 §2 "A 403 when loading a review redirects to the reviews list").
 */
export function manageableGroups(viewer: Viewer) {
  if (viewer.user.isSuperAdmin || viewer.company.platform !== "msteams") return undefined;
  return sql`(${reviewCampaigns.groupId} IS NULL OR ${reviewCampaigns.groupId} IN (SELECT gm.group_id FROM group_members gm WHERE gm.company_id = ${viewer.company.id} AND gm.user_id = ${viewer.user.id} AND gm.is_admin = 1))`;
}

/** The super admin's filters of the reviews list (000 §2, §7 "status, launchedBy, user type, user ids"). */
export interface CampaignFilters {
  launchedBy: string | null;
  userType: "reviewer" | "reviewee";
  userIds: string[];
}

/** The reviews list (000 §2): the company's campaigns in the chosen states, newest first. */
export async function listCampaigns(
  context: AppLoadContext,
  viewer: Viewer,
  states: ReviewState[],
  filters: CampaignFilters = { launchedBy: null, userType: "reviewee", userIds: [] },
  options: { withLaunchers?: boolean } = {}
): Promise<{ reviews: CampaignRow[]; launchers: Array<{ id: string; name: string }> }> {
  const db = context.db;
  const launchers = launchersQuery(context, viewer);
  if (states.length === 0) return { reviews: [], launchers: options.withLaunchers ? await launchers : [] };
  const column = filters.userType === "reviewer" ? sql.raw("reviewer_id") : sql.raw("reviewee_id");
  const byUsers =
    filters.userIds.length > 0
      ? sql`EXISTS (SELECT 1 FROM ${reviewPairs} p WHERE p.campaign_id = ${reviewCampaigns.id} AND p.company_id = ${
          reviewCampaigns.companyId
        } AND p.${column} IN (SELECT value FROM json_each(${JSON.stringify(filters.userIds)})))`
      : undefined;
  const query = db
    .select({
      id: reviewCampaigns.id,
      title: reviewCampaigns.title,
      state: reviewCampaigns.state,
      startAt: reviewCampaigns.startAt,
      endAt: reviewCampaigns.endAt,
      updatedAt: reviewCampaigns.updatedAt,
      launchedBy: users.name,
      pairs: sql<number>`(SELECT count(*) FROM ${reviewPairs} p WHERE p.campaign_id = ${reviewCampaigns.id} AND p.company_id = ${reviewCampaigns.companyId})`,
      completed: sql<number>`(SELECT count(*) FROM ${reviewPairs} p WHERE p.campaign_id = ${reviewCampaigns.id} AND p.company_id = ${reviewCampaigns.companyId} AND p.state = 'completed')`,
      nominationAudience: sql<number>`json_array_length(${reviewCampaigns.nominationAudience})`,
      nominationStarted: reviewCampaigns.nominationStartedAt,
      nominationCounts: sql<string>`(SELECT json_array(count(*), count(*) FILTER (WHERE n.state = 'open')) FROM review_nominations n WHERE n.campaign_id = ${reviewCampaigns.id} AND n.company_id = ${reviewCampaigns.companyId})`,
    })
    .from(reviewCampaigns)
    .leftJoin(users, and(eq(users.id, reviewCampaigns.createdBy), eq(users.companyId, reviewCampaigns.companyId)))
    .where(
      and(
        eq(reviewCampaigns.companyId, viewer.company.id),
        inArray(reviewCampaigns.state, states),
        filters.launchedBy ? eq(reviewCampaigns.createdBy, filters.launchedBy) : undefined,
        byUsers,
        manageableGroups(viewer)
      )
    )
    .orderBy(desc(reviewCampaigns.updatedAt), asc(reviewCampaigns.id));
  // One D1 round trip for the list and the launched-by options.
  const [rows, people] = options.withLaunchers ? await db.batch([query, launchers]) : [await query, []];
  const reviews = rows.map(({ nominationAudience, nominationStarted, nominationCounts, ...r }) => {
    const [total, open] = JSON.parse(nominationCounts) as [number, number];
    return {
      ...r,
      nominations: { audience: nominationAudience, started: nominationStarted !== null, total, open },
      startAt: r.startAt?.getTime() ?? null,
      endAt: r.endAt?.getTime() ?? null,
      updatedAt: r.updatedAt.getTime(),
    };
  });
  return { reviews, launchers: people };
}

/** The people who launched any of the company's reviews (the launched-by filter's options). */
function launchersQuery(context: AppLoadContext, viewer: Viewer) {
  return context.db
    .selectDistinct({ id: users.id, name: users.name })
    .from(reviewCampaigns)
    .innerJoin(users, and(eq(users.id, reviewCampaigns.createdBy), eq(users.companyId, reviewCampaigns.companyId)))
    .where(eq(reviewCampaigns.companyId, viewer.company.id))
    .orderBy(asc(users.name));
}

/** The company's people with these e-mails (case-insensitive), and the e-mails that matched no one. */
export async function peopleByEmail(context: AppLoadContext, viewer: Viewer, emails: string[]) {
  if (emails.length === 0) return { ids: [], unknown: [] };
  const rows = await context.db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(eq(users.companyId, viewer.company.id), sql`lower(${users.email}) IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`)
    );
  const found = new Set(rows.map((r) => r.email));
  return { ids: rows.map((r) => r.id), unknown: emails.filter((e) => !found.has(e)) };
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

async function adminsGroup(context: AppLoadContext, viewer: Viewer, groupId: string) {
  const row = await context.db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM group_members WHERE company_id = ${viewer.company.id} AND group_id = ${groupId} AND user_id = ${viewer.user.id} AND is_admin = 1`
  );
  return (row?.n ?? 0) > 0;
}

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
    })
    .from(reviewCampaigns)
    .where(and(eq(reviewCampaigns.id, id), eq(reviewCampaigns.companyId, viewer.company.id)))
    .limit(1);
  if (!row) return null;
  if (manageableGroups(viewer) && row.groupId !== null && !(await adminsGroup(context, viewer, row.groupId))) return "no-access";
  return {
    ...row,
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
  const { stub } = campaignObject(context, viewer, campaignId, requestId);
  return (await stub.answerOf(viewer.company.id, requestId)) as ChangeResult<unknown> | null;
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
  return stub.changePair(request, pairId, change) as Promise<ChangeResult<PairOutcome>>;
}
