import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";
import type { NominationResponseInput } from "./campaign-commands";
import type { NominationAnswer, NominationState, PairState, ReviewState } from "./campaign-machine";
import { nominationApprover } from "~/modules/access/nominations.server";

/**
 * The people's side of a campaign's nomination phase (000 §2 to-do routes, §4 "Nomination flow"):
 * what the nominee, the nominee's manager and a nominated reviewer see. Every read is scoped to the
 * viewer's company and to the viewer's part in it; no part is indistinguishable from no campaign
 * (the pages answer 404). Changes go through the campaign's Durable Object (changeNomination).
 */

export interface Person {
  id: string;
  name: string;
  title: string | null;
}

export interface NominationPair {
  id: string;
  revieweeId: string;
  revieweeName: string;
  reviewerId: string;
  reviewerName: string;
  state: PairState;
  declineComment: string | null;
}

interface CampaignHead {
  id: string;
  title: string;
  state: ReviewState;
  createdBy: string | null;
}

const CANDIDATES_SHOWN = 200;

async function campaignOf(context: AppLoadContext, viewer: Viewer, campaignId: string): Promise<CampaignHead | null> {
  const row = await context.db.get<CampaignHead>(sql`
    SELECT id, title, state, created_by AS createdBy FROM review_campaigns WHERE id = ${campaignId} AND company_id = ${viewer.company.id}`);
  return row ?? null;
}

/**
 * Who may be chosen as a reviewer of `revieweeId` in the campaign: active people of the campaign's
 * workspace or group (everyone of the company when it has neither), not the reviewee; `q` filters
 * by name or e-mail (the search box, a plain GET form).
 */
export async function candidates(context: AppLoadContext, viewer: Viewer, campaignId: string, revieweeId: string, q: string) {
  const like = `%${q
    .trim()
    .toLowerCase()
    .replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return context.db.all<Person>(sql`
    SELECT u.id, u.name, u.title FROM users u
    JOIN review_campaigns c ON c.id = ${campaignId} AND c.company_id = u.company_id
    WHERE u.company_id = ${viewer.company.id} AND u.is_deleted = 0 AND u.id <> ${revieweeId}
      AND (c.workspace_id IS NULL OR EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.workspace_id = c.workspace_id AND wm.user_id = u.id))
      AND (c.group_id IS NULL OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = c.group_id AND gm.user_id = u.id))
      AND (lower(u.name) LIKE ${like} ESCAPE '\\' OR lower(u.email) LIKE ${like} ESCAPE '\\')
    ORDER BY u.name COLLATE NOCASE, u.id
    LIMIT ${CANDIDATES_SHOWN}`);
}

async function pairsWhere(context: AppLoadContext, viewer: Viewer, campaignId: string, where: ReturnType<typeof sql>) {
  return context.db.all<NominationPair>(sql`
    SELECT p.id, p.reviewee_id AS revieweeId, coalesce(ue.name, '') AS revieweeName, p.reviewer_id AS reviewerId,
      coalesce(ur.name, '') AS reviewerName, p.state, p.decline_comment AS declineComment
    FROM review_pairs p
    LEFT JOIN users ue ON ue.id = p.reviewee_id AND ue.company_id = p.company_id
    LEFT JOIN users ur ON ur.id = p.reviewer_id AND ur.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND p.campaign_id = ${campaignId} AND p.from_nominations = 1 AND ${where}
    ORDER BY ur.name COLLATE NOCASE, p.id`);
}

/** The nominee's page: their nomination in this campaign, the reviewers they proposed, and whom they may choose. Null: none. */
export async function nomineePage(context: AppLoadContext, viewer: Viewer, campaignId: string, q: string) {
  const campaign = await campaignOf(context, viewer, campaignId);
  if (!campaign) return null;
  const nomination = await context.db.get<{ id: string; state: NominationState }>(sql`
    SELECT id, state FROM review_nominations
    WHERE company_id = ${viewer.company.id} AND campaign_id = ${campaignId} AND reviewee_id = ${viewer.user.id}`);
  if (!nomination) return null;
  const open = nomination.state === "open" && campaign.state !== "closed";
  return {
    campaign,
    nomination,
    open,
    submitted: open ? [] : await pairsWhere(context, viewer, campaignId, sql`p.reviewee_id = ${viewer.user.id}`),
    candidates: open ? await candidates(context, viewer, campaignId, viewer.user.id, q) : [],
  };
}

/**
 * The approver's page for one reviewee (000 §2 manager approval, and the owner to-do when the
 * reviewee has no manager): null unless the viewer answers their nominations and they have one here.
 */
export async function managerPage(context: AppLoadContext, viewer: Viewer, campaignId: string, revieweeId: string, q: string) {
  const campaign = await campaignOf(context, viewer, campaignId);
  if (!campaign) return null;
  const reviewee = await context.db.get<{ id: string; name: string }>(sql`
    SELECT u.id, u.name FROM users u
    JOIN review_nominations n ON n.company_id = u.company_id AND n.campaign_id = ${campaignId} AND n.reviewee_id = u.id
    WHERE u.company_id = ${viewer.company.id} AND u.id = ${revieweeId}
      AND ${nominationApprover(viewer.company.id, viewer.user.id, campaign.createdBy, revieweeId)}`);
  if (!reviewee) return null;
  const pairs = await pairsWhere(context, viewer, campaignId, sql`p.reviewee_id = ${revieweeId}`);
  return {
    campaign,
    reviewee,
    open: campaign.state !== "closed",
    nominated: pairs.filter((p) => p.state === "nominated"),
    others: pairs.filter((p) => p.state !== "nominated"),
    candidates: campaign.state === "closed" ? [] : await candidates(context, viewer, campaignId, revieweeId, q),
  };
}

/** The reviewer's page: their nominations in this campaign; null when they were never nominated here. */
export async function reviewerPage(context: AppLoadContext, viewer: Viewer, campaignId: string) {
  const campaign = await campaignOf(context, viewer, campaignId);
  if (!campaign) return null;
  const pairs = await pairsWhere(
    context,
    viewer,
    campaignId,
    sql`p.reviewer_id = ${viewer.user.id} AND p.state <> 'nominated' AND p.state <> 'nomination-manager-declined'`
  );
  if (pairs.length === 0) return null;
  return {
    campaign,
    open: campaign.state !== "closed",
    pending: pairs.filter((p) => p.state === "nomination-manager-approved"),
    answered: pairs.filter((p) => p.state !== "nomination-manager-approved"),
  };
}

/** The chosen people of a form (checkboxes named `reviewerIds`). */
export function reviewerIdsOf(formData: FormData) {
  return formData
    .getAll("reviewerIds")
    .filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100)
    .slice(0, 90);
}

/** The answers of a response form: per listed pair (`pairId`), `value.{id}` accept/reject and `reason.{id}`; unanswered pairs are left out. */
export function responsesOf(formData: FormData): NominationResponseInput[] {
  const ids = [...new Set(formData.getAll("pairId").filter((v): v is string => typeof v === "string" && v.length <= 100))];
  return ids.slice(0, 90).flatMap((pairId) => {
    const value = formData.get(`value.${pairId}`);
    if (value !== "accept" && value !== "reject") return [];
    const reason = String(formData.get(`reason.${pairId}`) ?? "")
      .trim()
      .slice(0, 2000);
    return [{ pairId, value: value as NominationAnswer, reason: reason || null }];
  });
}
