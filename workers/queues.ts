import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { createDb, type Db } from "../app/db/client.server";
import { processedMessages } from "../app/db/schema";
import { readConfig, type Config } from "../app/lib/config.server";
import { logError, logInfo } from "../app/lib/log.server";
import {
  deliverOutboxMessage,
  durablePacer,
  failUndeliverableOutbox,
  RetryableDeliveryError,
  type OutboxRef,
} from "../app/modules/notifications/deliver.server";
import { prepareNotify } from "../app/modules/notifications/notify.server";
import { HrisRetryLater } from "../app/modules/integrations/providers/types";
import { failHrisSync, runHrisSync, type HrisSyncJob } from "../app/modules/integrations/sync.server";
import { failReport, generateReport, type ReportJob } from "../app/modules/reports/generated.server";
import { REPORT_BUILDERS } from "../app/report-builders.server";
import { planRunNoticeChunk } from "../app/modules/feedback/loop-writes.server";
import { planNoticeChunk } from "../app/modules/objectives/campaign-writes.server";
import { adoptQueuedPairReport, type QueuedPairReport } from "../app/modules/reviews/reports/review-files.server";

export const JOBS_QUEUE = "pulseboard-jobs";
export const JOBS_DEAD_LETTER_QUEUE = "pulseboard-jobs-dlq";

/** Who asked for the work; told through notify() when it finally fails. */
export interface Requester {
  companyId: string;
  userId: string;
}

/**
 * Job payloads by type. An area adds its job here (e.g. "report.generate") and its handler to
 * JOB_HANDLERS; the type checker then insists both exist.
 */
export interface JobPayloads {
  "notification.deliver": OutboxRef;
  "hris.sync": Omit<HrisSyncJob, "requestedBy">;
  /**
   * A requested report file (app/modules/reports/generated.server.ts): rendered, stored
   * in R2 under the report's id, and the requester sent the link.
   */
  "report.generate": ReportJob;
  /**
   * A pair report as queued before reports had rows (000 §4): still in the queue after a
   * deployment, so still understood; new pair reports are "report.generate" jobs.
   */
  "review.pair-report": Omit<QueuedPairReport, "requestedBy">;
  /** A feedback loop run's notifications to these senders (app/modules/feedback/loop-writes.server.ts). */
  "feedback.notify-run": { companyId: string; runId: string; senderIds: string[]; reminderDay?: string };
  /** An objectives campaign's launch notices or reminders to these people (app/modules/objectives/campaign-writes.server.ts). */
  "objectives.notify": { companyId: string; campaignId: string; notice: "employees" | "managers" | "reminder"; userIds: string[]; day?: string };
}

export type JobType = keyof JobPayloads;
export type JobMessage = { [T in JobType]: { type: T; requestedBy?: Requester } & JobPayloads[T] }[JobType];
export type JobOf<T extends JobType> = Extract<JobMessage, { type: T }>;

export interface JobContext {
  env: Env;
  db: Db;
  config: Config;
  messageId: string;
  attempts: number;
}

/** What the requester is told when a job lands in the dead-letter queue. */
export interface FailureNotice {
  subject: string;
  body: string;
  link?: string;
}

export interface JobHandler<T extends JobType> {
  /** Checks a message body before any work: a malformed message is logged and dropped, not retried. */
  payload: z.ZodType<JobPayloads[T]>;
  /**
   * Does the work. Returns the writes that record its result; they are committed in one batch
   * together with the processed-message mark, so a crash before that commit redoes the job and
   * a crash after it cannot. Throw to have the queue retry.
   */
  run(job: JobOf<T>, ctx: JobContext): Promise<BatchItem<"sqlite">[]>;
  /** From the dead-letter queue: mark the work failed; what to tell the requester, if anything. */
  fail(job: JobOf<T>, ctx: JobContext): Promise<{ writes: BatchItem<"sqlite">[]; notice: FailureNotice | null }>;
}

/** Thrown by a handler that knows when to try again (an HTTP 429's Retry-After). */
export class RetryJobLater extends Error {
  constructor(message: string, readonly delaySeconds: number) {
    super(message);
  }
}

/**
 * Thrown by a handler whose work is not due yet (a chat platform's pace): the message is queued
 * again with this delay and acknowledged, so waiting does not spend its retry budget.
 */
export class DeferJob extends Error {
  constructor(message: string, readonly delaySeconds: number) {
    super(message);
  }
}

const requesterSchema = z.object({ companyId: z.string().min(1), userId: z.string().min(1) });

export const JOB_HANDLERS: { [T in JobType]: JobHandler<T> } = {
  "notification.deliver": {
    payload: z.object({ outboxId: z.string().min(1), companyId: z.string().min(1) }),
    async run(job, ctx) {
      try {
        const result = await deliverOutboxMessage(ctx.db, ctx.config, job, { pacer: durablePacer(ctx.env.DELIVERY_PACER) });
        if (result.status === "deferred") throw new DeferJob(`${job.outboxId}: ${result.reason}`, result.delaySeconds);
        return result.writes;
      } catch (error) {
        if (error instanceof RetryableDeliveryError && error.retryAfterSeconds !== undefined) {
          throw new RetryJobLater(error.message, Math.max(1, error.retryAfterSeconds));
        }
        throw error;
      }
    },
    async fail(job, ctx) {
      const failed = await failUndeliverableOutbox(ctx.db, job);
      if (!failed) return { writes: [], notice: null };
      return { writes: failed.writes, notice: { subject: "A message could not be delivered", body: failed.message } };
    },
  },
  "hris.sync": {
    payload: z.object({ integrationId: z.string().min(1), companyId: z.string().min(1), syncRunId: z.string().min(1) }),
    async run(job, ctx) {
      try {
        return await runHrisSync(ctx.db, ctx.config, job);
      } catch (error) {
        if (error instanceof HrisRetryLater && error.delaySeconds !== null) throw new RetryJobLater(error.message, error.delaySeconds);
        throw error;
      }
    },
    async fail(job, ctx) {
      const failed = await failHrisSync(ctx.db, job);
      if (!failed) return { writes: [], notice: null };
      return { writes: failed.writes, notice: { subject: "HR sync failed", body: failed.error, link: "/integrations" } };
    },
  },
  "report.generate": {
    payload: z.object({ reportId: z.string().min(1).max(100), companyId: z.string().min(1) }),
    run(job, ctx) {
      return generateReport(ctx.env, ctx.db, job, REPORT_BUILDERS);
    },
    async fail(job, ctx) {
      const failed = await failReport(ctx.db, job);
      if (!failed) return { writes: [], notice: null };
      return { writes: failed.writes, notice: reportFailureNotice(failed.title) };
    },
  },
  "review.pair-report": {
    payload: z.object({ companyId: z.string().min(1), campaignId: z.string().min(1), pairId: z.string().min(1) }),
    async run(job, ctx) {
      const adopted = await adoptQueuedPairReport(ctx.db, job, ctx.messageId);
      return adopted ? generateReport(ctx.env, ctx.db, adopted, REPORT_BUILDERS) : [];
    },
    async fail(job, ctx) {
      const failed = await failReport(ctx.db, { reportId: `queued-pair-${ctx.messageId}`, companyId: job.companyId });
      // Nothing to tell when the report was made after all (failReport finds it ready).
      if (!failed) return { writes: [], notice: null };
      return { writes: failed.writes, notice: reportFailureNotice(failed.title) };
    },
  },
  "feedback.notify-run": {
    payload: z.object({
      companyId: z.string().min(1),
      runId: z.string().min(1),
      senderIds: z.array(z.string().min(1)).min(1).max(500),
      reminderDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    }),
    run(job, ctx) {
      return planRunNoticeChunk(ctx.db, job);
    },
    // The run's rows stay; a sender the queue gave up on can be reminded from manage feedback loops.
    async fail() {
      return { writes: [], notice: null };
    },
  },
  "objectives.notify": {
    payload: z.object({
      companyId: z.string().min(1),
      campaignId: z.string().min(1),
      notice: z.enum(["employees", "managers", "reminder"]),
      userIds: z.array(z.string().min(1)).min(1).max(500),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    }),
    run(job, ctx) {
      return planNoticeChunk(ctx.db, job);
    },
    // The participants stay; anyone the queue gave up on can be reminded from the manage page.
    async fail() {
      return { writes: [], notice: null };
    },
  },
};

/** What the requester of a report that landed in the dead-letter queue is told. */
export function reportFailureNotice(title: string): FailureNotice {
  return { subject: "Your report could not be made", body: `${title} could not be made. Please request it again.` };
}

/** Seconds before the next attempt: 30 s, 60 s, 120 s … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(600, 30 * 2 ** Math.max(0, attempts - 1));
}

type Parsed = { ok: true; job: JobMessage; handler: JobHandler<JobType> } | { ok: false; reason: string };

function parseJob(body: unknown): Parsed {
  const type = (body as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !Object.hasOwn(JOB_HANDLERS, type)) return { ok: false, reason: `unknown job type ${String(type)}` };
  const handler = JOB_HANDLERS[type as JobType] as JobHandler<JobType>;
  const payload = handler.payload.safeParse(body);
  if (!payload.success) return { ok: false, reason: `malformed ${type}: ${payload.error.message}` };
  const requestedBy = requesterSchema.safeParse((body as { requestedBy?: unknown }).requestedBy);
  const job = { ...payload.data, type, ...(requestedBy.success ? { requestedBy: requestedBy.data } : {}) } as JobMessage;
  return { ok: true, job, handler };
}

async function alreadyProcessed(db: Db, key: string) {
  const [row] = await db.select({ id: processedMessages.id }).from(processedMessages).where(eq(processedMessages.id, key)).limit(1);
  return Boolean(row);
}

const markProcessed = (db: Db, key: string, type: string) => db.insert(processedMessages).values({ id: key, type }).onConflictDoNothing();

async function commit(db: Db, writes: BatchItem<"sqlite">[], key: string, type: string) {
  const items: BatchItem<"sqlite">[] = [...writes, markProcessed(db, key, type)];
  await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

async function runJob(message: Message<unknown>, ctx: JobContext) {
  const parsed = parseJob(message.body);
  if (!parsed.ok) {
    // Retrying cannot fix a message nobody understands; dropping it is logged for a human.
    logInfo("queue message dropped", { messageId: message.id, reason: parsed.reason });
    return;
  }
  if (await alreadyProcessed(ctx.db, message.id)) return;
  const writes = await parsed.handler.run(parsed.job, ctx);
  await commit(ctx.db, writes, message.id, parsed.job.type);
}

async function failJob(message: Message<unknown>, ctx: JobContext) {
  const parsed = parseJob(message.body);
  if (!parsed.ok) {
    logInfo("dead-letter message dropped", { messageId: message.id, reason: parsed.reason });
    return;
  }
  const key = `dead:${message.id}`;
  if (await alreadyProcessed(ctx.db, key)) return;
  const { job } = parsed;
  const { writes, notice } = await parsed.handler.fail(job, ctx);
  // The notice names the job's people; it may only go to someone in the job's own company.
  const sameCompany = job.requestedBy && (!("companyId" in job) || job.companyId === job.requestedBy.companyId);
  const tell =
    notice && job.requestedBy && sameCompany
      ? await prepareNotify(ctx.db, {
          companyId: job.requestedBy.companyId,
          recipientUserIds: [job.requestedBy.userId],
          kind: "system",
          subject: notice.subject,
          body: notice.body,
          link: notice.link ?? null,
          dedupeKey: `job-failed:${message.id}`,
        })
      : [];
  await commit(ctx.db, [...writes, ...tell], key, job.type);
}

/**
 * Consumer of the jobs queue and of its dead-letter queue. Each message is acknowledged on its
 * own: a failure retries that message only (with back-off; wrangler.toml sets max_retries, then
 * the message moves to the dead-letter queue), never the whole batch.
 */
export async function handleJobBatch(batch: MessageBatch<unknown>, env: Env) {
  const deadLetters = batch.queue === JOBS_DEAD_LETTER_QUEUE;
  const db = createDb(env.DB);
  const config = readConfig(env);
  for (const message of batch.messages) {
    const ctx: JobContext = { env, db, config, messageId: message.id, attempts: message.attempts };
    try {
      await (deadLetters ? failJob : runJob)(message, ctx);
      message.ack();
    } catch (error) {
      if (error instanceof DeferJob) {
        try {
          await env.JOBS.send(message.body, { delaySeconds: error.delaySeconds });
          message.ack();
          continue;
        } catch (sendError) {
          logError(`queue:${batch.queue}:${message.id}:defer`, sendError);
        }
      }
      logError(`queue:${batch.queue}:${message.id}`, error, { attempts: message.attempts });
      const delaySeconds = error instanceof RetryJobLater || error instanceof DeferJob ? error.delaySeconds : retryDelaySeconds(message.attempts);
      message.retry({ delaySeconds });
    }
  }
}
