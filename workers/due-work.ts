import { and, eq, lt, lte } from "drizzle-orm";
import { authorizations, cronRuns, processedMessages, reviewCampaigns, sessions } from "../app/db/schema";
import { claimPendingOutbox, releaseClaimedOutbox, releaseStaleOutboxClaims } from "../app/modules/notifications/deliver.server";
import { tellSendersOfFailures } from "../app/modules/notifications/tell-senders.server";
import { gatherReminderDigests } from "../app/modules/notifications/digest.server";
import { readConfig } from "../app/lib/config.server";
import type { JobMessage } from "./queues";
import type { DueWorkJob } from "./due-work-job";
import { surveySchedules } from "./survey-due-work";
import { feedbackLoopSchedules } from "./feedback-due-work";
import { oneOnOneSchedules } from "./one-on-one-due-work";


// A queue sendBatch takes at most 100 messages; ten rounds bound one minute's work.
const OUTBOX_CLAIM_SIZE = 100;
const OUTBOX_MAX_ROUNDS = 10;

/** Pending outbox rows → one notification.deliver queue message each. */
export const deliverOutbox: DueWorkJob = {
  name: "deliver-outbox",
  async run({ env, db, now }) {
    const released = await releaseStaleOutboxClaims(db, now);
    let claimed = 0;
    let enqueued = 0;
    for (let round = 0; round < OUTBOX_MAX_ROUNDS; round++) {
      const refs = await claimPendingOutbox(db, OUTBOX_CLAIM_SIZE, now);
      if (refs.length === 0) break;
      claimed += refs.length;
      try {
        await env.JOBS.sendBatch(refs.map((ref) => ({ body: { type: "notification.deliver", ...ref } satisfies JobMessage })));
      } catch (error) {
        // Rows claimed but not queued would otherwise sit in "sending" for ever.
        await releaseClaimedOutbox(db, refs);
        throw error;
      }
      enqueued += refs.length;
      if (refs.length < OUTBOX_CLAIM_SIZE) break;
    }
    return { released, claimed, enqueued };
  },
};

/** Failed messages → one 002 §8 message per sender and kind (app/modules/notifications/tell-senders.server.ts). */
export const tellSenders: DueWorkJob = {
  name: "tell-senders",
  run({ db, now }) {
    return tellSendersOfFailures(db, now);
  },
};

const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Expired sign-in state, and bookkeeping older than a week (queues keep messages at most 4 days). */
export const purgeExpired: DueWorkJob = {
  name: "purge-expired",
  everyMinutes: 60,
  async run({ db, now }) {
    const before = new Date(now.getTime() - RETENTION_MS);
    const [s, a, c, p] = await db.batch([
      db.delete(sessions).where(lt(sessions.expiresAt, now)),
      db.delete(authorizations).where(lt(authorizations.expiresAt, now)),
      db.delete(cronRuns).where(lt(cronRuns.startedAt, before)),
      db.delete(processedMessages).where(lt(processedMessages.processedAt, before)),
    ]);
    const changes = (r: unknown) => (r as { meta?: { changes?: number } }).meta?.changes ?? 0;
    return { sessions: changes(s), authorizations: changes(a), cronRuns: changes(c), processedMessages: changes(p) };
  },
};

/**
 * Scheduled reviews whose start is due go live; live reviews with automatic close whose end has
 * passed close (000 §4). Each goes through the campaign's Durable Object with a request id made of
 * the campaign and its date, so a second fire, or a retry, changes it at most once.
 */
export const reviewSchedules: DueWorkJob = {
  name: "review-schedules",
  async run({ env, db, now }) {
    const [due, ending] = await db.batch([
      db
        .select({ id: reviewCampaigns.id, companyId: reviewCampaigns.companyId, startAt: reviewCampaigns.startAt })
        .from(reviewCampaigns)
        .where(and(eq(reviewCampaigns.state, "scheduled"), lte(reviewCampaigns.startAt, now)))
        .limit(100),
      db
        .select({ id: reviewCampaigns.id, companyId: reviewCampaigns.companyId, endAt: reviewCampaigns.endAt })
        .from(reviewCampaigns)
        .where(and(eq(reviewCampaigns.state, "live"), eq(reviewCampaigns.automaticClose, true), lte(reviewCampaigns.endAt, now)))
        .limit(100),
    ]);
    const stub = (id: string) => env.REVIEW_CAMPAIGN.get(env.REVIEW_CAMPAIGN.idFromName(id));
    let started = 0;
    let closed = 0;
    for (const c of due) {
      const startAt = c.startAt!.getTime();
      const result = await stub(c.id).changeCampaign(
        { requestId: `cron:start:${c.id}:${startAt}`, companyId: c.companyId, campaignId: c.id, actorId: null },
        { type: "start", startAt, now: now.getTime() }
      );
      if (result.ok) started++;
    }
    for (const c of ending) {
      const endAt = c.endAt!.getTime();
      const result = await stub(c.id).changeCampaign(
        { requestId: `cron:close:${c.id}:${endAt}`, companyId: c.companyId, campaignId: c.id, actorId: null },
        { type: "autoClose", endAt, automaticClose: true, now: now.getTime() }
      );
      if (result.ok) closed++;
    }
    return { started, closed };
  },
};

/** Each person's due reminders → one daily digest message per channel (app/modules/notifications/digest.server.ts). */
export const reminderDigest: DueWorkJob = {
  name: "reminder-digest",
  async run({ env, db, now }) {
    return { ...(await gatherReminderDigests(db, { now, digestHour: readConfig(env).reminderDigestHour })) };
  },
};

/** Registry of due-work jobs run by the every-minute cron; areas add theirs here. */
export const DUE_WORK: DueWorkJob[] = [deliverOutbox, tellSenders, purgeExpired, reviewSchedules, surveySchedules, feedbackLoopSchedules, oneOnOneSchedules, reminderDigest];
