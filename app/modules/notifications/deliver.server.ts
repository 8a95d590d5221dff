import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { companies, notificationOutbox, users } from "~/db/schema";
import type { Config } from "~/lib/config.server";
import { logInfo } from "~/lib/log.server";
import { createDeliveryAdapter, outcomeError, type Fetcher, type OutboundMessage } from "./adapters.server";
import { formatDeliveryError, notDeliveredMessage } from "./failures";

export interface OutboxRef {
  outboxId: string;
  companyId: string;
}

/**
 * Claims up to `limit` pending rows (oldest first) for delivery: pending → sending in one
 * conditional UPDATE, so two overlapping cron runs can never claim the same row.
 */
export async function claimPendingOutbox(db: Db, limit: number): Promise<OutboxRef[]> {
  const oldestPending = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.status, "pending"))
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

export async function releaseStaleOutboxClaims(db: Db, now: Date): Promise<number> {
  const released = await db
    .update(notificationOutbox)
    .set({ status: "pending", claimedAt: null })
    .where(
      and(
        eq(notificationOutbox.status, "sending"),
        sql`${notificationOutbox.claimedAt} < ${now.getTime() - OUTBOX_CLAIM_LEASE_MS}`,
      ),
    )
    .returning({ id: notificationOutbox.id });
  return released.length;
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

/** A failure worth retrying; the attempt and its error are already recorded on the row. */
export class RetryableDeliveryError extends Error {
  constructor(readonly outboxId: string, readonly error: string) {
    super(`delivery of ${outboxId} failed, will retry: ${error}`);
    this.name = "RetryableDeliveryError";
  }
}

export type DeliveryResult = { status: "sent" | "failed" | "skipped"; writes: BatchItem<"sqlite">[] };

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
  const message: OutboundMessage = {
    outboxId: row.id,
    channel: row.channel,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    link: row.link ? new URL(row.link, config.appUrl).toString() : null,
    recipient: {
      name: row.recipientName ?? row.recipientUserId,
      email: row.email,
      slackUserId: row.slackUserId,
      msteamsUserId: row.msteamsUserId,
    },
    tenantId: row.tenantId,
  };
  return { status: row.status, hasRecipient: row.recipientName !== null, message };
}

const whereSending = (ref: OutboxRef) =>
  and(eq(notificationOutbox.id, ref.outboxId), eq(notificationOutbox.companyId, ref.companyId), eq(notificationOutbox.status, "sending"));

/**
 * Sends one claimed outbox row through the configured adapter. The row's status is the guard:
 * only a row still "sending" is sent, so a redelivered queue message for a row already sent or
 * failed does nothing. Returns the writes that record the result (the caller commits them with
 * its processed-message mark); a retryable failure records the attempt and throws.
 */
export async function deliverOutboxMessage(db: Db, config: Config, ref: OutboxRef, fetcher?: Fetcher): Promise<DeliveryResult> {
  const loaded = await loadOutboundMessage(db, config, ref);
  if (!loaded || loaded.status !== "sending") {
    logInfo("outbox delivery skipped", { ...ref, status: loaded?.status ?? "missing" });
    return { status: "skipped", writes: [] };
  }
  const outcome = loaded.hasRecipient
    ? await createDeliveryAdapter(config, fetcher, db).deliver(loaded.message)
    : ({ ok: false, code: "RecipientNotFound", detail: "no such person in the company", retryable: false } as const);

  if (outcome.ok) {
    const sent = db
      .update(notificationOutbox)
      .set({ status: "sent", sentAt: new Date(), error: null, attempts: sql`${notificationOutbox.attempts} + 1` })
      .where(whereSending(ref));
    return { status: "sent", writes: [sent] };
  }
  const error = outcomeError(outcome)!;
  if (outcome.retryable) {
    await db
      .update(notificationOutbox)
      .set({ error, attempts: sql`${notificationOutbox.attempts} + 1` })
      .where(whereSending(ref));
    throw new RetryableDeliveryError(ref.outboxId, error);
  }
  const failed = db
    .update(notificationOutbox)
    .set({ status: "failed", error, attempts: sql`${notificationOutbox.attempts} + 1` })
    .where(whereSending(ref));
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
