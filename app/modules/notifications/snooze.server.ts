import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notificationOutbox, reminderSnoozes } from "~/db/schema";
import { REMINDER_KINDS, SNOOZABLE_KINDS } from "./kinds";
import { nextDigestAt } from "./notify.server";

/** "Snooze for a day": reminders to the person wait this long. */
export const SNOOZE_MS = 24 * 60 * 60 * 1000;

/**
 * Holds the person's reminders back for a day: the snooze is remembered (a reminder written
 * later waits too) and every reminder already waiting is moved past it, in one batch. Snoozing
 * again while snoozed starts the day again from now. Only the person themself calls this (from a
 * message's button or the snooze page), so the caller has checked who they are.
 */
export async function snoozeReminders(db: Db, input: { companyId: string; userId: string; now: Date }) {
  const until = new Date(input.now.getTime() + SNOOZE_MS);
  await db.batch([
    db
      .insert(reminderSnoozes)
      .values({ companyId: input.companyId, userId: input.userId, until, createdAt: input.now })
      .onConflictDoUpdate({ target: [reminderSnoozes.companyId, reminderSnoozes.userId], set: { until, createdAt: input.now } }),
    db
      .update(notificationOutbox)
      .set({ deliverAfter: until })
      .where(
        and(
          eq(notificationOutbox.companyId, input.companyId),
          eq(notificationOutbox.recipientUserId, input.userId),
          eq(notificationOutbox.status, "pending"),
          inArray(notificationOutbox.kind, [...SNOOZABLE_KINDS]),
          or(isNull(notificationOutbox.deliverAfter), lt(notificationOutbox.deliverAfter, until)),
        ),
      ),
  ]);
  return { until };
}

/** When the person's snooze ends, or null when they are not snoozed at `now`. */
export async function snoozedUntil(db: Db, companyId: string, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: reminderSnoozes.until })
    .from(reminderSnoozes)
    .where(and(eq(reminderSnoozes.companyId, companyId), eq(reminderSnoozes.userId, userId), sql`${reminderSnoozes.until} > ${now.getTime()}`))
    .limit(1);
  return row?.until ?? null;
}

/**
 * Ends the person's snooze early: held reminders go back to the next daily digest, and a digest
 * that was held goes now. One batch; like snoozing, only ever for the person themself.
 */
export async function resumeReminders(db: Db, input: { companyId: string; userId: string; now: Date; digestHour: number }) {
  const mine = and(
    eq(notificationOutbox.companyId, input.companyId),
    eq(notificationOutbox.recipientUserId, input.userId),
    eq(notificationOutbox.status, "pending"),
    gt(notificationOutbox.deliverAfter, input.now),
  );
  await db.batch([
    db.delete(reminderSnoozes).where(and(eq(reminderSnoozes.companyId, input.companyId), eq(reminderSnoozes.userId, input.userId))),
    db
      .update(notificationOutbox)
      .set({ deliverAfter: nextDigestAt(input.now, input.digestHour) })
      .where(and(mine, inArray(notificationOutbox.kind, [...REMINDER_KINDS]))),
    db
      .update(notificationOutbox)
      .set({ deliverAfter: input.now })
      .where(and(mine, eq(notificationOutbox.kind, "reminder-digest"))),
  ]);
}
