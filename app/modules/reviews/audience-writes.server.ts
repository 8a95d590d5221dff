import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { reviewCampaigns, reviewNominations, reviewPairs } from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { uniquePairs } from "./audience.server";
import type { ReviewState } from "./campaign-machine";
import { conflict, notFound, type AudienceChange, type CampaignRequest, type ChangeResult } from "./campaign-commands";
import {
  bumpVersion,
  campaignAudit,
  campaignOf,
  campaignWhere,
  chunks,
  IDS_PER_STATEMENT,
  PAIRS_PER_INSERT,
} from "./campaign-writes.server";

/** The rows a batch's RETURNING statements gave back. */
function countReturned(results: unknown[]) {
  return results.reduce<number>((n, r) => n + (Array.isArray(r) ? r.length : 0), 0);
}

/** The audience and the nomination phase (000 §2 "Launch review audience", §4 "Nomination flow"). */
export async function planAudienceChange(
  db: Db,
  request: CampaignRequest,
  change: AudienceChange
): Promise<WritePlan<ChangeResult<ReviewState>>> {
  const campaign = await campaignOf(db, request);
  if (!campaign) return answered(notFound);
  const now = new Date();
  const started = campaign.nominationStartedAt !== null;
  const inCampaign = <T extends typeof reviewPairs | typeof reviewNominations>(table: T) =>
    and(eq(table.companyId, request.companyId), eq(table.campaignId, request.campaignId));
  const writes: Writes = [];
  /** Statements whose RETURNING rows are the answer's count (rows really written: duplicates are skipped). */
  const counted = new Set<BatchItem<"sqlite">>();
  const count$ = <T extends BatchItem<"sqlite">>(statement: T) => (counted.add(statement), statement);
  let count = 0;
  const editable = (what: string) => (campaign.state === "draft" ? null : `The audience of a ${campaign.state} review cannot be ${what}.`);
  const nomineesEditable = () =>
    editable("changed") ?? (started ? "Nominations have started: cancel them to change the nomination audience." : null);
  switch (change.type) {
    case "addPairs": {
      if (campaign.state !== "draft" && campaign.state !== "live") return answered(conflict(editable("extended")!));
      const fresh = uniquePairs(change.pairs.filter((p) => p.revieweeId && p.reviewerId));
      count = fresh.length;
      for (const part of chunks(fresh, PAIRS_PER_INSERT)) {
        writes.push(
          count$(
            db
              .insert(reviewPairs)
              .values(
                part.map((p) => ({
                  companyId: request.companyId,
                  campaignId: request.campaignId,
                  ...p,
                  state: "pending" as const,
                  updatedAt: now,
                }))
              )
              .onConflictDoNothing()
              .returning({ reviewerId: reviewPairs.reviewerId })
          )
        );
      }
      if (campaign.state === "live" && fresh.length > 0) {
        writes.push(
          ...(await prepareNotify(db, {
            companyId: request.companyId,
            recipientUserIds: fresh.map((p) => p.reviewerId),
            kind: "performance-review",
            subject: `You have a review to complete: ${campaign.title}`,
            body: `You have been added as a reviewer in ${campaign.title}.`,
            link: "/reviews/todos",
          }))
        );
      }
      break;
    }
    case "removePairs": {
      const refused = editable("reduced this way");
      if (refused) return answered(conflict(refused));
      for (const ids of chunks([...new Set(change.pairIds)], IDS_PER_STATEMENT)) {
        writes.push(
          count$(
            db
              .delete(reviewPairs)
              .where(and(inCampaign(reviewPairs), inArray(reviewPairs.id, ids)))
              .returning({ id: reviewPairs.id })
          )
        );
      }
      break;
    }
    case "clearPairs": {
      const refused = editable("cleared");
      if (refused) return answered(conflict(refused));
      writes.push(count$(db.delete(reviewPairs).where(inCampaign(reviewPairs)).returning({ id: reviewPairs.id })));
      break;
    }
    case "addNominees":
    case "removeNominees":
    case "clearNominees": {
      const refused = nomineesEditable();
      if (refused) return answered(conflict(refused));
      const current = campaign.nominationAudience;
      const next =
        change.type === "clearNominees"
          ? []
          : change.type === "addNominees"
          ? [...new Set([...current, ...change.userIds])]
          : current.filter((id) => !change.userIds.includes(id));
      count = Math.abs(next.length - current.length);
      writes.push(db.update(reviewCampaigns).set({ nominationAudience: next }).where(campaignWhere(request)));
      break;
    }
    case "startNominations": {
      if (campaign.state !== "draft" && campaign.state !== "live") return answered(conflict(editable("nominated")!));
      if (started) return answered(conflict("Nominations have already started."));
      if (campaign.nominationAudience.length === 0) return answered(conflict("Please add the nomination audience first."));
      count = campaign.nominationAudience.length;
      for (const part of chunks(campaign.nominationAudience, PAIRS_PER_INSERT)) {
        writes.push(
          db
            .insert(reviewNominations)
            .values(part.map((revieweeId) => ({ companyId: request.companyId, campaignId: request.campaignId, revieweeId, updatedAt: now })))
            .onConflictDoUpdate({
              target: [reviewNominations.campaignId, reviewNominations.revieweeId],
              set: { state: "open", updatedAt: now },
            })
        );
      }
      writes.push(db.update(reviewCampaigns).set({ nominationStartedAt: now }).where(campaignWhere(request)));
      writes.push(
        ...(await prepareNotify(db, {
          companyId: request.companyId,
          recipientUserIds: campaign.nominationAudience,
          kind: "performance-review",
          subject: `Nominate your reviewers: ${campaign.title}`,
          body: `Please choose who should review you in ${campaign.title}.`,
          link: `/reviews/todos/awaiting-nomination/${request.campaignId}`,
        }))
      );
      break;
    }
    case "cancelNominations": {
      if (!started) return answered(conflict("Nominations have not started."));
      writes.push(
        db
          .update(reviewNominations)
          .set({ state: "canceled", updatedAt: now })
          .where(and(inCampaign(reviewNominations), eq(reviewNominations.state, "open")))
      );
      writes.push(db.update(reviewCampaigns).set({ nominationStartedAt: null }).where(campaignWhere(request)));
      break;
    }
    case "cancelNominees": {
      if (!started) return answered(conflict("Nominations have not started."));
      for (const ids of chunks([...new Set(change.userIds)], IDS_PER_STATEMENT)) {
        writes.push(
          count$(
            db
              .update(reviewNominations)
              .set({ state: "canceled", updatedAt: now })
              .where(and(inCampaign(reviewNominations), eq(reviewNominations.state, "open"), inArray(reviewNominations.revieweeId, ids)))
              .returning({ id: reviewNominations.id })
          )
        );
      }
      break;
    }
  }
  writes.push(bumpVersion(db, request, now));
  const audited = change.type === "addPairs" ? { added: count } : change.type === "startNominations" ? { nominees: count } : {};
  writes.push(campaignAudit(db, request, `review.audience.${change.type}`, "review_campaign", request.campaignId, audited));
  // An upload's refused rows are kept with the answer, so the page it redirects to can list them.
  const rejected = "rejected" in change ? change.rejected : undefined;
  const answer = (n: number) =>
    ({ ok: true, state: campaign.state, version: campaign.version + 1, count: n, ...(rejected ? { rejected } : {}) } as const);
  return {
    writes,
    answer: answer(count),
    counted: counted.size > 0 ? (results) => answer(countReturned(results.filter((_, i) => counted.has(writes[i])))) : undefined,
  };
}
