import { DurableObject } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createDb, type Db } from "../app/db/client.server";
import { reviewCampaigns, reviewPairs } from "../app/db/schema";
import { auditEvent } from "../app/lib/audit.server";
import { prepareNotify } from "../app/modules/notifications/notify.server";
import {
  pairTransition,
  reviewTransition,
  type PairEvent,
  type PairOutcome,
  type ReviewEvent,
  type ReviewOutcome,
  type ReviewState,
} from "../app/modules/reviews/campaign-machine";

const ANSWERS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Who asks, for which campaign; `requestId` makes a retried request apply once. */
export interface CampaignRequest {
  requestId: string;
  companyId: string;
  campaignId: string;
  actorId: string | null;
}

export type ChangeResult<T> =
  | { ok: true; state: T; version: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; conflict: string };

/** A pair event as the DO takes it: a new reviewer goes with changeReviewer. */
export type PairChange = PairEvent & { reviewerId?: string };

/**
 * One per review campaign (`idFromName(campaignId)`): the only writer of the campaign's state and
 * its pairs' states (DESIGN.md). Each change runs alone (a queue of promises, since D1 reads and
 * writes are awaited and would otherwise interleave): read from D1, check against the pure state
 * machine, write the change with its audit event and notifications in one D1 batch. The answer is
 * kept under the request id, so a retry gets the same answer and changes nothing more.
 */
export class ReviewCampaign extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS answered (request_id TEXT PRIMARY KEY, result TEXT NOT NULL, at INTEGER NOT NULL)"
      );
    });
  }

  /** A change of the campaign's own state (launch, schedule, finalize, reopen, …). */
  changeCampaign(request: CampaignRequest, event: ReviewEvent): Promise<ChangeResult<ReviewOutcome>> {
    return this.#once(`${request.companyId}:${request.requestId}`, async () => {
      const db = createDb(this.env.DB);
      const campaign = await this.#campaign(db, request);
      if (!campaign) return { ok: false, reason: "not-found" } as const;
      const result = reviewTransition(campaign.state, event);
      if (!result.ok) return { ok: false, reason: "conflict", conflict: result.conflict } as const;
      const now = new Date();
      const writes: BatchItem<"sqlite">[] = [];
      if (result.next === "deleted") {
        writes.push(
          db.delete(reviewPairs).where(and(eq(reviewPairs.companyId, request.companyId), eq(reviewPairs.campaignId, request.campaignId)))
        );
        writes.push(
          db
            .delete(reviewCampaigns)
            .where(and(eq(reviewCampaigns.id, request.campaignId), eq(reviewCampaigns.companyId, request.companyId)))
        );
      } else {
        writes.push(
          db
            .update(reviewCampaigns)
            .set({ state: result.next, version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
            .where(and(eq(reviewCampaigns.id, request.campaignId), eq(reviewCampaigns.companyId, request.companyId)))
        );
      }
      if (event.type === "remind") {
        const pending = await db
          .select({ reviewerId: reviewPairs.reviewerId })
          .from(reviewPairs)
          .where(
            and(
              eq(reviewPairs.companyId, request.companyId),
              eq(reviewPairs.campaignId, request.campaignId),
              sql`${reviewPairs.state} IN ('pending', 'started', 'review-progress')`
            )
          );
        writes.push(
          ...(await prepareNotify(db, {
            companyId: request.companyId,
            recipientUserIds: pending.map((p) => p.reviewerId),
            kind: "reminder",
            subject: `Reminder: ${campaign.title}`,
            body: `Please complete your reviews for ${campaign.title}.`,
            link: "/reviews/todos",
          }))
        );
      }
      writes.push(
        auditEvent(db, {
          companyId: request.companyId,
          actorId: request.actorId,
          action: `review.${event.type}`,
          entityType: "review_campaign",
          entityId: request.campaignId,
          data: { from: campaign.state, to: result.next },
          requestId: request.requestId,
        })
      );
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { ok: true, state: result.next, version: campaign.version + 1 } as const;
    });
  }

  /** A change of one pair (remove, remind, change reviewer, reopen, the reviewer's save/submit/decline). */
  changePair(request: CampaignRequest, pairId: string, change: PairChange): Promise<ChangeResult<PairOutcome>> {
    return this.#once(`${request.companyId}:${request.requestId}`, async () => {
      const db = createDb(this.env.DB);
      const campaign = await this.#campaign(db, request);
      if (!campaign) return { ok: false, reason: "not-found" } as const;
      const [pair] = await db
        .select({ id: reviewPairs.id, state: reviewPairs.state, reviewerId: reviewPairs.reviewerId, revieweeId: reviewPairs.revieweeId })
        .from(reviewPairs)
        .where(
          and(eq(reviewPairs.id, pairId), eq(reviewPairs.campaignId, request.campaignId), eq(reviewPairs.companyId, request.companyId))
        )
        .limit(1);
      if (!pair) return { ok: false, reason: "not-found" } as const;
      const result = pairTransition(pair.state, change, { reviewState: campaign.state, platform: campaign.platform });
      if (!result.ok) return { ok: false, reason: "conflict", conflict: result.conflict } as const;
      if (change.type === "changeReviewer" && (!change.reviewerId || change.reviewerId === pair.reviewerId)) {
        return { ok: false, reason: "conflict", conflict: "Reviewer is required" } as const;
      }
      const now = new Date();
      const where = and(eq(reviewPairs.id, pairId), eq(reviewPairs.companyId, request.companyId));
      const writes: BatchItem<"sqlite">[] = [];
      if (result.next === "removed") writes.push(db.delete(reviewPairs).where(where));
      else {
        writes.push(
          db
            .update(reviewPairs)
            .set({ state: result.next, updatedAt: now, ...(change.type === "changeReviewer" ? { reviewerId: change.reviewerId } : {}) })
            .where(where)
        );
      }
      // Every pair change is a change of the campaign: its version moves, so readers can tell.
      writes.push(
        db
          .update(reviewCampaigns)
          .set({ version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
          .where(eq(reviewCampaigns.id, request.campaignId))
      );
      const notifyReviewer =
        change.type === "sendReminder" ? pair.reviewerId : change.type === "changeReviewer" ? change.reviewerId! : null;
      if (notifyReviewer) {
        writes.push(
          ...(await prepareNotify(db, {
            companyId: request.companyId,
            recipientUserIds: [notifyReviewer],
            kind: change.type === "sendReminder" ? "reminder" : "performance-review",
            subject: change.type === "sendReminder" ? `Reminder: ${campaign.title}` : `You have a review to complete: ${campaign.title}`,
            body: `Please complete your review in ${campaign.title}.`,
            link: "/reviews/todos",
          }))
        );
      }
      writes.push(
        auditEvent(db, {
          companyId: request.companyId,
          actorId: request.actorId,
          action: `review.pair.${change.type}`,
          entityType: "review_pair",
          entityId: pairId,
          data: {
            campaignId: request.campaignId,
            from: pair.state,
            to: result.next,
            ...(change.type === "changeReviewer" ? { reviewerId: change.reviewerId } : {}),
          },
          requestId: request.requestId,
        })
      );
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { ok: true, state: result.next, version: campaign.version + 1 } as const;
    });
  }

  async #campaign(db: Db, request: CampaignRequest) {
    const [row] = await db
      .select({
        state: reviewCampaigns.state,
        title: reviewCampaigns.title,
        version: reviewCampaigns.version,
        platform: sql<"slack" | "msteams">`(SELECT platform FROM companies WHERE id = ${reviewCampaigns.companyId})`,
      })
      .from(reviewCampaigns)
      .where(and(eq(reviewCampaigns.id, request.campaignId), eq(reviewCampaigns.companyId, request.companyId)))
      .limit(1);
    return row ? { ...row, state: row.state as ReviewState } : null;
  }

  /**
   * Runs `work` after every change before it, once per key (a retry gets the first answer). The
   * key carries the asking company, so a kept answer never goes to another company's request.
   */
  #once<T>(requestId: string, work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      const kept = this.ctx.storage.sql
        .exec<{ result: string }>("SELECT result FROM answered WHERE request_id = ?", requestId)
        .toArray()[0];
      if (kept) return JSON.parse(kept.result) as T;
      const result = await work();
      const now = Date.now();
      // A retry comes within minutes; a day of answers is plenty.
      this.ctx.storage.sql.exec("DELETE FROM answered WHERE at < ?", now - ANSWERS_KEPT_MS);
      this.ctx.storage.sql.exec("INSERT INTO answered (request_id, result, at) VALUES (?, ?, ?)", requestId, JSON.stringify(result), now);
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
