import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviewNominations, reviewPairs } from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { nominationApprover, nominationApprovers } from "~/modules/access/nominations.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { NOMINEES_REQUIRED, nominationResponse, type PairState } from "./campaign-machine";
import {
  conflict,
  notFound,
  type CampaignRequest,
  type NominationChange,
  type NominationResult,
} from "./campaign-commands";
import {
  bumpVersion,
  campaignAudit,
  campaignOf,
  chunks,
  IDS_PER_STATEMENT,
  PAIRS_PER_INSERT,
  type CampaignRow,
} from "./campaign-writes.server";
import { managerApprovePath, ownerTodoPath, reviewerApprovePath } from "./nomination-rules";

/**
 * The people's side of the nomination phase (000 §4 "Nomination flow"): the nominee submits
 * reviewers, the nominee's manager approves, denies or adds, each reviewer accepts or declines.
 * Each change is checked whole before anything is written, then written in one D1 batch with
 * its audit event and messages. Someone with no part in it is told it does not exist.
 */
export async function planNominationChange(db: Db, request: CampaignRequest, change: NominationChange): Promise<WritePlan<NominationResult>> {
  const campaign = await campaignOf(db, request);
  const actor = request.actorId;
  if (!campaign || !actor) return answered(notFound);
  if (campaign.state === "closed") return answered(conflict("A closed review takes no more nominations."));
  const now = new Date();
  const writes: Writes = [];
  const inCampaign = and(eq(reviewPairs.companyId, request.companyId), eq(reviewPairs.campaignId, request.campaignId));
  const tellReviewers = async (reviewerIds: string[]) =>
    reviewerIds.length === 0
      ? []
      : prepareNotify(db, {
          companyId: request.companyId,
          recipientUserIds: reviewerIds,
          kind: "performance-review",
          subject: `You have been nominated as a reviewer: ${campaign.title}`,
          body: `Please accept or decline your nomination as a reviewer in ${campaign.title}.`,
          link: reviewerApprovePath(request.campaignId),
        });
  const insertPairs = (revieweeId: string, reviewerIds: string[], state: PairState) => {
    for (const part of chunks(reviewerIds, PAIRS_PER_INSERT)) {
      writes.push(
        db
          .insert(reviewPairs)
          .values(
            part.map((reviewerId) => ({
              companyId: request.companyId,
              campaignId: request.campaignId,
              revieweeId,
              reviewerId,
              state,
              fromNominations: true,
              updatedAt: now,
            }))
          )
          .onConflictDoNothing()
      );
    }
  };
  let count = 0;
  let answer: Pick<Extract<NominationResult, { ok: true }>, "existing" | "added"> = {};
  let entity = { type: "review_campaign", id: request.campaignId };
  let audited: Record<string, unknown> = {};
  switch (change.type) {
    case "nominate":
    case "declineNomination": {
      const [nomination] = await db
        .select({ id: reviewNominations.id, state: reviewNominations.state })
        .from(reviewNominations)
        .where(
          and(
            eq(reviewNominations.companyId, request.companyId),
            eq(reviewNominations.campaignId, request.campaignId),
            eq(reviewNominations.revieweeId, actor)
          )
        )
        .limit(1);
      if (!nomination) return answered(notFound);
      if (nomination.state !== "open") return answered(conflict(`Your nomination is ${nomination.state}: it cannot be answered again.`));
      entity = { type: "review_nomination", id: nomination.id };
      if (change.type === "declineNomination") {
        const reason = change.reason?.trim().slice(0, 2000) || null;
        writes.push(
          db
            .update(reviewNominations)
            .set({ state: "declined", declineReason: reason, updatedAt: now })
            .where(eq(reviewNominations.id, nomination.id))
        );
        audited = { campaignId: request.campaignId, reason };
        break;
      }
      const chosen = await eligible(db, request, actor, change.reviewerIds);
      if (chosen.length === 0) return answered(conflict(NOMINEES_REQUIRED));
      const existing = new Set(await reviewersOf(db, request, actor, chosen));
      const fresh = chosen.filter((id) => !existing.has(id));
      insertPairs(actor, fresh, "nominated");
      writes.push(db.update(reviewNominations).set({ state: "submitted", updatedAt: now }).where(eq(reviewNominations.id, nomination.id)));
      // The nominee's managers approve; when there are none, the review's owner does (000 §2 owner to-do).
      const approvers = await nominationApprovers(db, request.companyId, actor, campaign.createdBy);
      writes.push(
        ...(await prepareNotify(db, {
          companyId: request.companyId,
          recipientUserIds: approvers.ids,
          kind: "performance-review",
          subject: `Nominations to approve: ${campaign.title}`,
          body: `Please approve or deny the reviewers nominated in ${campaign.title}.`,
          link: (approvers.byManager ? managerApprovePath : ownerTodoPath)(request.campaignId, actor),
        }))
      );
      count = fresh.length;
      audited = { campaignId: request.campaignId, reviewerIds: fresh };
      break;
    }
    case "managerRespond":
    case "reviewerRespond": {
      const by = change.type === "managerRespond" ? "manager" : "reviewer";
      if (by === "manager" && !(await approves(db, request, campaign, actor, (change as { revieweeId: string }).revieweeId)))
        return answered(notFound);
      const responses = change.responses.filter((r) => r.pairId);
      if (responses.length === 0) return answered(conflict("Please answer at least one nomination."));
      const ids = [...new Set(responses.map((r) => r.pairId))];
      const rows = await db
        .select({
          id: reviewPairs.id,
          state: reviewPairs.state,
          reviewerId: reviewPairs.reviewerId,
          revieweeId: reviewPairs.revieweeId,
        })
        .from(reviewPairs)
        .where(and(inCampaign, inArray(reviewPairs.id, ids.slice(0, IDS_PER_STATEMENT))));
      const pairs = new Map(rows.map((r) => [r.id, r]));
      const moves: Array<{ pairId: string; reviewerId: string; from: PairState; next: PairState; reason: string | null }> = [];
      for (const r of responses) {
        const row = pairs.get(r.pairId);
        const mine = row && (by === "manager" ? row.revieweeId === (change as { revieweeId: string }).revieweeId : row.reviewerId === actor);
        if (!row || !mine) return answered(notFound);
        if (moves.some((m) => m.pairId === row.id)) continue;
        const result = nominationResponse(by, row.state, r.value, r.reason);
        if (!result.ok) return answered(conflict(result.conflict));
        moves.push({
          pairId: row.id,
          reviewerId: row.reviewerId,
          from: row.state,
          next: result.next,
          reason: r.reason?.trim() || null,
        });
      }
      for (const m of moves) {
        const set: Partial<typeof reviewPairs.$inferInsert> = { state: m.next, updatedAt: now };
        if (m.next === "nomination-manager-declined" || m.next === "nomination-reviewer-declined") set.declineComment = m.reason;
        writes.push(
          db
            .update(reviewPairs)
            .set(set)
            .where(and(inCampaign, eq(reviewPairs.id, m.pairId)))
        );
      }
      if (by === "manager")
        writes.push(...(await tellReviewers(moves.filter((m) => m.next === "nomination-manager-approved").map((m) => m.reviewerId))));
      count = moves.length;
      audited = { campaignId: request.campaignId, responses: moves.map(({ pairId, from, next }) => ({ pairId, from, to: next })) };
      break;
    }
    case "managerAdd": {
      if (!(await approves(db, request, campaign, actor, change.revieweeId))) return answered(notFound);
      const chosen = await eligible(db, request, change.revieweeId, change.reviewerIds);
      if (chosen.length === 0) return answered(conflict(NOMINEES_REQUIRED));
      const existing = new Set(await reviewersOf(db, request, change.revieweeId, chosen));
      const added = chosen.filter((id) => !existing.has(id));
      insertPairs(change.revieweeId, added, "nomination-manager-approved");
      writes.push(...(await tellReviewers(added)));
      count = added.length;
      answer = { existing: chosen.filter((id) => existing.has(id)), added };
      audited = { campaignId: request.campaignId, revieweeId: change.revieweeId, added };
      break;
    }
  }
  writes.push(bumpVersion(db, request, now));
  writes.push(campaignAudit(db, request, `review.nomination.${change.type}`, entity.type, entity.id, audited));
  return { writes, answer: { ok: true, version: campaign.version + 1, count, ...answer } };
}

/**
 * Whether `actorId` approves `revieweeId`'s nominations in this campaign: `revieweeId` has a
 * nomination here, and `actorId` answers their nominations (the access rule nominationApprover).
 */
async function approves(db: Db, request: CampaignRequest, campaign: CampaignRow, actorId: string, revieweeId: string) {
  const row = await db.get<{ n: number }>(sql`
    SELECT count(*) AS n FROM review_nominations n
    WHERE n.company_id = ${request.companyId} AND n.campaign_id = ${request.campaignId} AND n.reviewee_id = ${revieweeId}
      AND ${nominationApprover(request.companyId, actorId, campaign.createdBy, revieweeId)}`);
  return (row?.n ?? 0) > 0;
}

/** Of `ids`, the people who may review `revieweeId` here: active, in the campaign's workspace or group, not the reviewee. */
async function eligible(db: Db, request: CampaignRequest, revieweeId: string, ids: string[]) {
  const wanted = [...new Set(ids.filter((id) => typeof id === "string" && id.length > 0 && id !== revieweeId))];
  if (wanted.length === 0) return [];
  const rows = await db.all<{ id: string }>(sql`
    SELECT u.id FROM users u JOIN review_campaigns c ON c.id = ${request.campaignId} AND c.company_id = u.company_id
    WHERE u.company_id = ${request.companyId} AND u.is_deleted = 0
      AND u.id IN (SELECT value FROM json_each(${JSON.stringify(wanted)}))
      AND (c.workspace_id IS NULL OR EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.workspace_id = c.workspace_id AND wm.user_id = u.id))
      AND (c.group_id IS NULL OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = c.group_id AND gm.user_id = u.id))`);
  const found = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => found.has(id));
}

/** Of `reviewerIds`, those who already review `revieweeId` in this campaign. */
async function reviewersOf(db: Db, request: CampaignRequest, revieweeId: string, reviewerIds: string[]) {
  const rows = await db.all<{ reviewerId: string }>(sql`
    SELECT reviewer_id AS reviewerId FROM review_pairs
    WHERE company_id = ${request.companyId} AND campaign_id = ${request.campaignId} AND reviewee_id = ${revieweeId}
      AND reviewer_id IN (SELECT value FROM json_each(${JSON.stringify(reviewerIds)}))`);
  return rows.map((r) => r.reviewerId);
}
