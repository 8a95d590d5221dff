import type { AppLoadContext } from "@remix-run/cloudflare";
import { stableDigest } from "~/lib/digest.server";
import { and, eq } from "drizzle-orm";
import { reviewPairs } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import { changeAudience, changeCampaign, loadCampaign, saveDraft } from "~/modules/reviews/campaigns.server";
import type { DraftFields } from "~/modules/reviews/launch.schema";

/**
 * The report table's review row menu (000 §2 "Row menu: Duplicate, Delete (with confirmation),
 * Preview, Launch"), acting on the review campaign through the review modules (its Durable
 * Object is the one writer). Both need ViewManageReviews (the route checks it) and a review the
 * viewer manages: another company's id, or a Teams-type group admin's review of another group, is
 * not found.
 */

export const DUPLICATED = "Review duplicated successfully";
export const DELETED = "Review deleted successfully";
const TITLE_MAX = 200;

export type RowActionOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; message: string };

/** The review's title for the delete confirmation, or null when the viewer may not manage it. */
export async function reviewForRowAction(context: AppLoadContext, viewer: Viewer, campaignId: string) {
  const campaign = await loadCampaign(context, viewer, campaignId);
  return campaign && campaign !== "no-access" ? campaign : null;
}

/**
 * Duplicate: a new draft with the review's settings (title "Copy of …", no dates: a copy is
 * planned afresh) and its reviewee/reviewer pairs, made by the same Durable Object calls as the
 * Launch Review form (saveDraft, then addPairs). Returns the draft's id.
 */
export async function duplicateReview(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  requestId: string
): Promise<RowActionOutcome> {
  const source = await reviewForRowAction(context, viewer, campaignId);
  if (!source) return { ok: false, reason: "not-found" };
  const pairs = await context.db
    .select({ revieweeId: reviewPairs.revieweeId, reviewerId: reviewPairs.reviewerId })
    .from(reviewPairs)
    .where(and(eq(reviewPairs.companyId, viewer.company.id), eq(reviewPairs.campaignId, campaignId)));
  const fields: DraftFields = {
    title: `Copy of ${source.title}`.slice(0, TITLE_MAX),
    workspaceId: source.workspaceId,
    groupId: source.groupId,
    templateId: source.templateId,
    startAt: null,
    endAt: null,
    anonymous: source.anonymous,
    automaticClose: source.automaticClose,
    shareConfig: source.shareConfig,
    departmentFilter: source.departmentFilter,
  };
  // The draft's id comes from the request, so a resubmitted form finds its draft instead of making a second.
  const id = `rc-${await stableDigest(`${viewer.company.id}\n${campaignId}\n${requestId}`)}`;
  const saved = await saveDraft(context, viewer, id, fields, `${requestId}:draft`);
  if (!saved.ok)
    return saved.reason === "conflict" ? { ok: false, reason: "conflict", message: saved.conflict } : { ok: false, reason: "not-found" };
  if (pairs.length > 0) {
    const added = await changeAudience(context, viewer, id, { type: "addPairs", pairs }, `${requestId}:pairs`);
    if (!added.ok)
      return {
        ok: false,
        reason: "conflict",
        message: added.reason === "conflict" ? added.conflict : "The review's audience could not be copied.",
      };
  }
  return { ok: true, id };
}

/** Delete (after its confirmation): only a closed review's (a live one must be finalized first, 000 §4). */
export async function deleteReview(
  context: AppLoadContext,
  viewer: Viewer,
  campaignId: string,
  requestId: string
): Promise<RowActionOutcome> {
  const source = await reviewForRowAction(context, viewer, campaignId);
  if (!source) return { ok: false, reason: "not-found" };
  const result = await changeCampaign(context, viewer, campaignId, { type: "delete" }, requestId);
  if (result.ok) return { ok: true, id: campaignId };
  return result.reason === "conflict" ? { ok: false, reason: "conflict", message: result.conflict } : { ok: false, reason: "not-found" };
}
