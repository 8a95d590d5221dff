import { and, asc, eq, inArray, isNull, lte, ne, notInArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { companies, notificationOutbox, users } from "~/db/schema";
import type { Config } from "~/lib/config.server";
import { logInfo } from "~/lib/log.server";
import { createDeliveryAdapter, outcomeError, type DeliveryOutcome, type Fetcher, type OutboundMessage } from "./adapters.server";
import { formatDeliveryError, notDeliveredMessage } from "./failures";
import { isSnoozableKind, REMINDER_KINDS } from "./kinds";
import { pacerName, type PacedPlatform, type Reservation, type SendReport } from "./pacing";

export interface OutboxRef {
  outboxId: string;
  companyId: string;
}

/**
 * Claims up to `limit` pending rows (oldest first) for delivery: pending → sending in one
 * conditional UPDATE, so two overlapping cron runs can never claim the same row. A row waits
 * until its deliver_after; reminders are never claimed here: they leave only inside the person's
 * daily digest (a "reminder-digest" row, which is claimed like any other message).
 */
export async function claimPendingOutbox(db: Db, limit: number, now: Date = new Date()): Promise<OutboxRef[]> {
  const oldestPending = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.status, "pending"),
        or(isNull(notificationOutbox.deliverAfter), lte(notificationOutbox.deliverAfter, now)),
        notInArray(notificationOutbox.kind, [...REMINDER_KINDS])
      )
    )
    .orderBy(asc(notificationOutbox.createdAt))
    .limit(limit);
  return db
    .update(notificationOutbox)
    .set({ status: "sending", claimedAt: new Date() })
    .where(and(inArray(notificationOutbox.id, oldestPending), eq(notificationOutbox.status, "pending")))
    .returning({ outboxId: notificationOutbox.id, companyId: notificationOutbox.companyId });
}

/**
 * A claim lasts longer than the queue's whole retry budget (three retries, back-off capped at
 * 10 minutes, then the dead-letter queue settles the row). A row still "sending" after it was
 * claimed by a Worker that died before queueing it; handing it back cannot double-deliver.
 */
export const OUTBOX_CLAIM_LEASE_MS = 60 * 60 * 1000;

/**
 * A row is "delivering" only while one consumer talks to the provider: far less than a queue
 * consumer's 15-minute limit. Still delivering after this, the Worker died mid-call and nobody
 * knows whether the message arrived.
 */
export const OUTBOX_DELIVERING_LEASE_MS = 15 * 60 * 1000;

/** The stored error of a chat row whose send was interrupted (see releaseStaleOutboxClaims). */
export const OUTCOME_UNKNOWN_ERROR = formatDeliveryError("ProviderUnavailable", "outcome unknown: the send was interrupted; not sent again");

/**
 * Hands stale claims back, in one batch:
 * - "sending" past OUTBOX_CLAIM_LEASE_MS → pending (never handed to a provider, so safe);
 * - "delivering" past OUTBOX_DELIVERING_LEASE_MS: an e-mail row → pending, as its provider dedupes
 *   by the Idempotency-Key (the row id) and a second request sends nothing new; a chat row →
 *   failed "outcome unknown", as a chat platform has no such key and sending again could
 *   show the person the message twice (the sender is told, like any failure).
 */
export async function releaseStaleOutboxClaims(db: Db, now: Date): Promise<number> {
  const stale = (leaseMs: number) => sql`${notificationOutbox.claimedAt} < ${now.getTime() - leaseMs}`;
  const delivering = (channel: "email" | "chat") =>
    and(
      eq(notificationOutbox.status, "delivering"),
      channel === "email" ? eq(notificationOutbox.channel, "email") : ne(notificationOutbox.channel, "email"),
      stale(OUTBOX_DELIVERING_LEASE_MS)
    );
  const results = await db.batch([
    db
      .update(notificationOutbox)
      .set({ status: "pending", claimedAt: null })
      .where(and(eq(notificationOutbox.status, "sending"), stale(OUTBOX_CLAIM_LEASE_MS)))
      .returning({ id: notificationOutbox.id }),
    db
      .update(notificationOutbox)
      .set({ status: "pending", claimedAt: null })
      .where(delivering("email"))
      .returning({ id: notificationOutbox.id }),
    db
      .update(notificationOutbox)
      .set({ status: "failed", error: OUTCOME_UNKNOWN_ERROR })
      .where(delivering("chat"))
      .returning({ id: notificationOutbox.id }),
  ]);
  return results.reduce((n, rows) => n + rows.length, 0);
}

/** Hands claimed rows back when they could not be queued, so the next cron run picks them up. */
export async function releaseClaimedOutbox(db: Db, refs: readonly OutboxRef[]) {
  if (refs.length === 0) return;
  await db
    .update(notificationOutbox)
    .set({ status: "pending" })
    .where(
      and(
        inArray(
          notificationOutbox.id,
          refs.map((r) => r.outboxId)
        ),
        eq(notificationOutbox.status, "sending")
      )
    );
}

/** The channel's turn is further away than a consumer waits: thrown out of the paced fetcher. */
class PacedLater extends Error {
  constructor(readonly waitMs: number) {
    super(`paced: the channel is free in ${waitMs} ms`);
  }
}

/** A failure worth retrying; the attempt and its error are already recorded on the row. */
export class RetryableDeliveryError extends Error {
  constructor(
    readonly outboxId: string,
    readonly error: string,
    readonly retryAfterSeconds?: number
  ) {
    super(`delivery of ${outboxId} failed, will retry: ${error}`);
    this.name = "RetryableDeliveryError";
  }
}

export type DeliveryResult =
  | { status: "sent" | "failed" | "skipped"; writes: BatchItem<"sqlite">[] }
  /** Not sent yet and nothing spent: the platform's pace (or its Retry-After) says to come back in `delaySeconds`. */
  | { status: "deferred"; delaySeconds: number; reason: string; writes: BatchItem<"sqlite">[] };

/** The workspace/tenant pacer (durable-objects/delivery-pacer.ts behind the DELIVERY_PACER binding, or the same rules in memory). */
export interface DeliveryPacerClient {
  reserve(platform: PacedPlatform, workspace: string, channel: string): Promise<Reservation>;
  report(platform: PacedPlatform, workspace: string, report: SendReport): Promise<{ holdUntil: number }>;
}

/** The pacer of the DELIVERY_PACER binding: one Durable Object per workspace/tenant. */
export function durablePacer(namespace: Env["DELIVERY_PACER"]): DeliveryPacerClient {
  const stub = (platform: PacedPlatform, workspace: string) => namespace.get(namespace.idFromName(pacerName(platform, workspace)));
  return {
    reserve: (platform, workspace, channel) => stub(platform, workspace).reserve(platform, channel),
    report: (platform, workspace, report) => stub(platform, workspace).report(platform, report),
  };
}

export interface DeliveryOptions {
  fetcher?: Fetcher;
  /** Without one, chat is sent unpaced (the embedded outbox, tests of other parts). */
  pacer?: DeliveryPacerClient;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** A consumer waits this long for the channel's turn at most; a later turn retries the message instead. */
export const PACER_MAX_WAIT_MS = 2000;
/**
 * Attempts after which a throttled row stops being deferred for free and spends the queue's
 * retry budget like any failure (so a platform that throttles for ever cannot keep it forever).
 */
export const MAX_THROTTLED_ATTEMPTS = 10;
/** A queue message can be delayed at most 12 hours. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;

const clampDelay = (seconds: number) => Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(seconds)));

/** What a chat message is paced by: its platform, workspace/tenant and channel (the person's DM). */
function pacingKey(config: Config, message: OutboundMessage): { platform: PacedPlatform; workspace: string; channel: string } | null {
  if (config.notifyAdapter !== "chat") return null;
  if (message.channel === "slack" && message.recipient.slackUserId) {
    return { platform: "slack", workspace: message.tenantId, channel: message.recipient.slackUserId };
  }
  if (message.channel === "msteams" && message.recipient.msteamsUserId) {
    return { platform: "msteams", workspace: message.tenantId, channel: message.recipient.msteamsUserId };
  }
  return null;
}

async function loadOutboundMessage(db: Db, config: Config, ref: OutboxRef) {
  const [row] = await db
    .select({
      id: notificationOutbox.id,
      status: notificationOutbox.status,
      channel: notificationOutbox.channel,
      kind: notificationOutbox.kind,
      subject: notificationOutbox.subject,
      body: notificationOutbox.body,
      link: notificationOutbox.link,
      items: notificationOutbox.items,
      attempts: notificationOutbox.attempts,
      recipientUserId: notificationOutbox.recipientUserId,
      recipientName: users.name,
      email: users.email,
      slackUserId: users.slackUserId,
      msteamsUserId: users.msteamsUserId,
      tenantId: companies.externalId,
    })
    .from(notificationOutbox)
    .innerJoin(companies, eq(companies.id, notificationOutbox.companyId))
    .leftJoin(users, and(eq(users.id, notificationOutbox.recipientUserId), eq(users.companyId, notificationOutbox.companyId)))
    .where(and(eq(notificationOutbox.id, ref.outboxId), eq(notificationOutbox.companyId, ref.companyId)))
    .limit(1);
  if (!row) return null;
  const absolute = (link: string | null) => (link ? new URL(link, config.appUrl).toString() : null);
  const message: OutboundMessage = {
    outboxId: row.id,
    channel: row.channel,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    link: absolute(row.link),
    recipient: {
      name: row.recipientName ?? row.recipientUserId,
      email: row.email,
      slackUserId: row.slackUserId,
      msteamsUserId: row.msteamsUserId,
    },
    tenantId: row.tenantId,
    items: Array.isArray(row.items) ? row.items.map((item) => ({ ...item, link: absolute(item.link) })) : null,
    snoozable: isSnoozableKind(row.kind),
  };
  return { status: row.status, attempts: row.attempts, hasRecipient: row.recipientName !== null, message };
}

const whereStatus = (ref: OutboxRef, status: "sending" | "delivering") =>
  and(eq(notificationOutbox.id, ref.outboxId), eq(notificationOutbox.companyId, ref.companyId), eq(notificationOutbox.status, status));

/**
 * Sends one claimed outbox row at most once. The row's status is the guard: a consumer moves it
 * sending → delivering with a conditional UPDATE before talking to the provider, so of two
 * copies of a queue message only one sends, and a copy finding the row delivering, sent or failed
 * does nothing. A chat message first books a slot with its workspace's pacer (waiting a moment,
 * or deferring when the slot is further away). Returns the writes that record the result (the
 * caller commits them with its processed-message mark); a retryable failure puts the row back to
 * sending with the attempt recorded, then defers (a throttle with Retry-After) or throws.
 */
export async function deliverOutboxMessage(db: Db, config: Config, ref: OutboxRef, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const now = options.now ?? Date.now;
  const loaded = await loadOutboundMessage(db, config, ref);
  if (!loaded || loaded.status !== "sending") {
    logInfo("outbox delivery skipped", { ...ref, status: loaded?.status ?? "missing" });
    return { status: "skipped", writes: [] };
  }
  if (!loaded.hasRecipient) {
    const error = formatDeliveryError("RecipientNotFound", "no such person in the company");
    const failed = db
      .update(notificationOutbox)
      .set({ status: "failed", error, attempts: sql`${notificationOutbox.attempts} + 1` })
      .where(whereStatus(ref, "sending"));
    return { status: "failed", writes: [failed] };
  }

  const claimed = await db
    .update(notificationOutbox)
    .set({ status: "delivering", claimedAt: new Date(now()) })
    .where(whereStatus(ref, "sending"))
    .returning({ id: notificationOutbox.id });
  if (claimed.length === 0) {
    logInfo("outbox delivery skipped", { ...ref, status: "claimed by another consumer" });
    return { status: "skipped", writes: [] };
  }

  // The pacer is asked right before the platform request leaves (after the adapter's own reads),
  // so the pace holds between the requests themselves.
  const pace = options.pacer ? pacingKey(config, loaded.message) : null;
  const pacer = options.pacer;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const baseFetcher: Fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  let reservation: Reservation | null = null;
  let deferMs: number | null = null;
  let fetcher = baseFetcher;
  if (pace && pacer) {
    fetcher = async (input, init) => {
      if (!reservation) {
        const deadline = now() + PACER_MAX_WAIT_MS;
        for (;;) {
          const r = await pacer.reserve(pace.platform, pace.workspace, pace.channel);
          if (r.booked) {
            reservation = r;
            break;
          }
          if (now() + r.waitMs > deadline) {
            deferMs = r.waitMs;
            throw new PacedLater(r.waitMs);
          }
          await sleep(r.waitMs);
        }
      }
      return baseFetcher(input, init);
    };
  }

  let outcome: DeliveryOutcome;
  try {
    outcome = await createDeliveryAdapter(config, fetcher, db).deliver(loaded.message);
  } catch (error) {
    // An adapter bug, not an answer: nothing was confirmed sent, so the row goes back for a retry.
    outcome = { ok: false, code: "ProviderUnavailable", detail: error instanceof Error ? error.message : String(error), retryable: true };
  }
  if (deferMs !== null) {
    // Nothing left: the channel's turn is too far away. Back to sending, no attempt spent.
    await db.update(notificationOutbox).set({ status: "sending" }).where(whereStatus(ref, "delivering"));
    return { status: "deferred", delaySeconds: clampDelay(deferMs / 1000), reason: `${pace!.platform} pace`, writes: [] };
  }

  let holdUntil: number | null = null;
  const recovering = (reservation as Reservation | null)?.recovering ?? false;
  if (pace && pacer && ((!outcome.ok && outcome.retryable) || recovering)) {
    const report: SendReport = outcome.ok ? { throttled: false } : { throttled: true, retryAfterSeconds: outcome.retryAfterSeconds };
    holdUntil = (await pacer.report(pace.platform, pace.workspace, report)).holdUntil;
  }

  if (outcome.ok) {
    const sent = db
      .update(notificationOutbox)
      .set({ status: "sent", sentAt: new Date(now()), error: null, attempts: sql`${notificationOutbox.attempts} + 1` })
      .where(whereStatus(ref, "delivering"));
    return { status: "sent", writes: [sent] };
  }
  const error = outcomeError(outcome)!;
  if (outcome.retryable) {
    await db
      .update(notificationOutbox)
      .set({ status: "sending", error, attempts: sql`${notificationOutbox.attempts} + 1` })
      .where(whereStatus(ref, "delivering"));
    const attempts = loaded.attempts + 1;
    if (outcome.retryAfterSeconds !== undefined && attempts < MAX_THROTTLED_ATTEMPTS) {
      const waitMs = Math.max(outcome.retryAfterSeconds * 1000, holdUntil !== null ? holdUntil - now() : 0);
      return { status: "deferred", delaySeconds: clampDelay(waitMs / 1000), reason: error, writes: [] };
    }
    throw new RetryableDeliveryError(ref.outboxId, error, outcome.retryAfterSeconds);
  }
  const failed = db
    .update(notificationOutbox)
    .set({ status: "failed", error, attempts: sql`${notificationOutbox.attempts} + 1` })
    .where(whereStatus(ref, "delivering"));
  return { status: "failed", writes: [failed] };
}

/**
 * The queue gave up on a row (dead-letter queue): it becomes failed, keeping the last attempt's
 * error when there is one. Returns the writes and the sentence for whoever asked for the message.
 */
export async function failUndeliverableOutbox(db: Db, ref: OutboxRef) {
  const [row] = await db
    .select({
      status: notificationOutbox.status,
      kind: notificationOutbox.kind,
      recipientName: users.name,
      recipientUserId: notificationOutbox.recipientUserId,
    })
    .from(notificationOutbox)
    .leftJoin(users, and(eq(users.id, notificationOutbox.recipientUserId), eq(users.companyId, notificationOutbox.companyId)))
    .where(and(eq(notificationOutbox.id, ref.outboxId), eq(notificationOutbox.companyId, ref.companyId)))
    .limit(1);
  if (!row || row.status === "sent" || row.status === "failed") return null;
  const write = db
    .update(notificationOutbox)
    .set({ status: "failed", error: sql`coalesce(${notificationOutbox.error}, ${formatDeliveryError("RetriesExhausted")})` })
    .where(
      and(
        eq(notificationOutbox.id, ref.outboxId),
        eq(notificationOutbox.companyId, ref.companyId),
        inArray(notificationOutbox.status, ["pending", "sending"])
      )
    );
  return { writes: [write] as BatchItem<"sqlite">[], message: notDeliveredMessage([row.recipientName ?? row.recipientUserId], row.kind) };
}
