import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { notificationOutbox, type OutboxItem } from "~/db/schema";
import { notificationPrefsCopy } from "~/lib/copy";
import { REMINDER_KINDS, type NotificationChannel } from "./kinds";
import { nextDigestAt } from "./notify.server";

/** A pending reminder whose time has come, as the digest reads it. */
export interface DueReminder {
  id: string;
  companyId: string;
  recipientUserId: string;
  channel: NotificationChannel;
  kind: string;
  subject: string;
  body: string;
  link: string | null;
}

/** One person's reminders on one channel: one digest message. */
export interface DigestGroup {
  companyId: string;
  recipientUserId: string;
  channel: NotificationChannel;
  reminders: DueReminder[];
}

/**
 * Reminders → one group per company, person and channel, groups in the order their first
 * reminder comes and reminders in the order given (the oldest first, as the query reads them).
 */
export function groupDigests(reminders: readonly DueReminder[]): DigestGroup[] {
  const groups = new Map<string, DigestGroup>();
  for (const r of reminders) {
    const key = `${r.companyId}\u0000${r.recipientUserId}\u0000${r.channel}`;
    let group = groups.get(key);
    if (!group) {
      group = { companyId: r.companyId, recipientUserId: r.recipientUserId, channel: r.channel, reminders: [] };
      groups.set(key, group);
    }
    group.reminders.push(r);
  }
  return [...groups.values()];
}

/** The UTC day of a digest ("2026-11-27"): a person gets at most one digest a day per channel. */
export function digestDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function digestDedupeKey(day: string, userId: string, channel: string): string {
  return `digest:${day}:${userId}:${channel}`;
}

/** The digest row of a group: the reminders become its items, each keeping its own link. */
export function digestRowOf(group: DigestGroup, now: Date) {
  const items: OutboxItem[] = group.reminders.map((r) => ({ kind: r.kind, subject: r.subject, body: r.body, link: r.link }));
  return {
    id: crypto.randomUUID(),
    companyId: group.companyId,
    recipientUserId: group.recipientUserId,
    channel: group.channel,
    kind: "reminder-digest",
    subject: notificationPrefsCopy.digestSubject,
    body: notificationPrefsCopy.digestBody(items.length),
    link: null,
    dedupeKey: digestDedupeKey(digestDay(now), group.recipientUserId, group.channel),
    status: "pending" as const,
    attempts: 0,
    createdAt: now,
    items,
  };
}

// Rows read per round (one person's reminders never straddle two rounds unless they alone fill one),
// rounds per run (the rest waits for the next minute), people per D1 batch.
export const DIGEST_PAGE = 500;
const DIGEST_ROUNDS = 10;
const PEOPLE_PER_BATCH = 25;

export interface DigestRunResult {
  waiting?: true;
  digests: number;
  gathered: number;
  postponed: number;
}

/**
 * The daily digest: from the digest hour (UTC) on, every pending reminder meant for today's digest
 * or earlier (deliver_after before the next digest time, so a reminder written with another hour
 * than the job's still comes today; reminders written before digests existed have none) and whose
 * person is not snoozed now (a snooze's end is the reminder's time anyway) is gathered into
 * one "reminder-digest" row per person and channel, and the reminders become "digested" with
 * that row's id. A digest and its reminders are written in one D1 batch; the reminders move only
 * if their digest row exists, so a digest already written today (its dedupe key taken) leaves
 * them pending, and they are put off to the next digest instead. People snoozed now are skipped.
 * Runs every minute after the hour, so a snooze ending later that day still reaches the person
 * that day; a second run finds nothing due.
 */
export async function gatherReminderDigests(db: Db, input: { now: Date; digestHour: number }): Promise<DigestRunResult> {
  const { now } = input;
  if (now.getUTCHours() < input.digestHour) return { waiting: true, digests: 0, gathered: 0, postponed: 0 };
  const nextDigest = nextDigestAt(now, input.digestHour);
  const result: DigestRunResult = { digests: 0, gathered: 0, postponed: 0 };
  for (let round = 0; round < DIGEST_ROUNDS; round++) {
    const due = await dueReminders(db, now, nextDigest);
    if (due.length === 0) break;
    let groups = groupDigests(due);
    const full = due.length === DIGEST_PAGE;
    // A full page may have cut the last person's reminders short: they are read whole next round.
    if (full && groups.length > 1) groups = groups.slice(0, -1);
    for (let i = 0; i < groups.length; i += PEOPLE_PER_BATCH) {
      const written = await writeDigests(db, groups.slice(i, i + PEOPLE_PER_BATCH), now, nextDigest);
      result.digests += written.digests;
      result.gathered += written.gathered;
      result.postponed += written.postponed;
    }
    if (!full) break;
  }
  return result;
}

async function dueReminders(db: Db, now: Date, nextDigest: Date): Promise<DueReminder[]> {
  const o = notificationOutbox;
  return db
    .select({
      id: o.id,
      companyId: o.companyId,
      recipientUserId: o.recipientUserId,
      channel: o.channel,
      kind: o.kind,
      subject: o.subject,
      body: o.body,
      link: o.link,
    })
    .from(o)
    .where(
      and(
        eq(o.status, "pending"),
        inArray(o.kind, [...REMINDER_KINDS]),
        or(isNull(o.deliverAfter), lt(o.deliverAfter, nextDigest)),
        sql`NOT EXISTS (SELECT 1 FROM reminder_snoozes s
          WHERE s.company_id = ${o.companyId} AND s.user_id = ${o.recipientUserId} AND s."until" > ${now.getTime()})`
      )
    )
    .orderBy(asc(o.companyId), asc(o.recipientUserId), asc(o.channel), asc(o.createdAt), asc(o.id))
    .limit(DIGEST_PAGE);
}

async function writeDigests(db: Db, groups: readonly DigestGroup[], now: Date, nextDigest: Date) {
  const o = notificationOutbox;
  const writes: BatchItem<"sqlite">[] = [];
  const ids: string[] = [];
  for (const group of groups) {
    const row = digestRowOf(group, now);
    const reminderIds = group.reminders.map((r) => r.id);
    ids.push(...reminderIds);
    writes.push(
      db.insert(o).values(row).onConflictDoNothing().returning({ id: o.id }),
      db
        .update(o)
        .set({ status: "digested", digestId: row.id })
        .where(
          and(
            eq(o.companyId, group.companyId),
            eq(o.status, "pending"),
            sql`${o.id} IN (SELECT value FROM json_each(${JSON.stringify(reminderIds)}))`,
            sql`EXISTS (SELECT 1 FROM notification_outbox AS d WHERE d.id = ${row.id})`
          )
        )
        .returning({ id: o.id })
    );
  }
  // Whatever is still pending had its digest already today: it waits for the next one.
  writes.push(
    db
      .update(o)
      .set({ deliverAfter: nextDigest })
      .where(
        and(
          eq(o.status, "pending"),
          or(isNull(o.deliverAfter), lt(o.deliverAfter, nextDigest)),
          sql`${o.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
        )
      )
      .returning({ id: o.id })
  );
  const results = (await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as Array<Array<{ id: string }>>;
  let digests = 0;
  let gathered = 0;
  for (let g = 0; g < groups.length; g++) {
    digests += results[2 * g].length;
    gathered += results[2 * g + 1].length;
  }
  return { digests, gathered, postponed: results[results.length - 1].length };
}
