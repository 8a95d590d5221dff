import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { reviewCampaigns, reviewPairs, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import type { ChangeResult } from "../../../durable-objects/review-campaign";
import type { ReviewEvent, ReviewOutcome, ReviewState } from "./campaign-machine";

export interface CampaignRow {
  id: string;
  title: string;
  state: ReviewState;
  startAt: number | null;
  endAt: number | null;
  updatedAt: number;
  launchedBy: string | null;
  pairs: number;
  completed: number;
}

/** The reviews list (000 §2): the company's campaigns in the chosen states, newest first. */
export async function listCampaigns(context: AppLoadContext, viewer: Viewer, states: ReviewState[]): Promise<CampaignRow[]> {
  if (states.length === 0) return [];
  const db = context.db;
  const rows = await db
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
    })
    .from(reviewCampaigns)
    .leftJoin(users, and(eq(users.id, reviewCampaigns.createdBy), eq(users.companyId, reviewCampaigns.companyId)))
    .where(and(eq(reviewCampaigns.companyId, viewer.company.id), inArray(reviewCampaigns.state, states)))
    .orderBy(desc(reviewCampaigns.updatedAt), asc(reviewCampaigns.id));
  return rows.map((r) => ({
    ...r,
    startAt: r.startAt?.getTime() ?? null,
    endAt: r.endAt?.getTime() ?? null,
    updatedAt: r.updatedAt.getTime(),
  }));
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

/**
 * A change of a campaign's state, through its Durable Object (the one writer). `requestId` comes
 * from the form that asked, so a resubmitted form changes nothing twice.
 */
export function changeCampaign(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  event: ReviewEvent,
  requestId: string
): Promise<ChangeResult<ReviewOutcome>> {
  const namespace = context.cloudflare.env.REVIEW_CAMPAIGN;
  const stub = namespace.get(namespace.idFromName(campaignId));
  return stub.changeCampaign({ requestId, companyId: viewer.company.id, campaignId, actorId: viewer.user.id }, event) as Promise<
    ChangeResult<ReviewOutcome>
  >;
}
