import { lt } from "drizzle-orm";
import type { Db } from "../app/db/client.server";
import { authorizations, cronRuns, processedMessages, sessions } from "../app/db/schema";
import { claimPendingOutbox, releaseClaimedOutbox, releaseStaleOutboxClaims } from "../app/modules/notifications/deliver.server";
import type { JobMessage } from "./queues";

export interface DueWorkContext {
  env: Env;
  db: Db;
  now: Date;
}

export interface DueWorkJob {
  name: string;
  /** Runs at most once per this many minutes (default 1): the cron claims one run per period. */
  everyMinutes?: number;
  run(ctx: DueWorkContext): Promise<Record<string, unknown>>;
}

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
      const refs = await claimPendingOutbox(db, OUTBOX_CLAIM_SIZE);
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

/** Registry of due-work jobs run by the every-minute cron; areas add theirs here. */
export const DUE_WORK: DueWorkJob[] = [deliverOutbox, purgeExpired];
