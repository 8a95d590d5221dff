import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { notificationOutbox, users } from "~/db/schema";
import { describeDeliveryFailures } from "./failures";
import { prepareNotify } from "./notify.server";

/** Failed rows read per run; the rest wait for the next minute. */
export const TELL_SENDERS_BATCH = 300;
// D1 binds at most 100 parameters per statement.
const IDS_PER_UPDATE = 90;

export const DELIVERY_FAILED_SUBJECT = "A message could not be delivered";

/**
 * Tells the people who caused messages (a launch, a reminder) which recipients did not get them:
 * failed rows with a sender and not yet told become ONE message per sender and kind, in the
 * 002 §8 words (describeDeliveryFailures: a disabled Teams app, the people who blocked the app,
 * everybody else). The message and the rows' sender_told_at are one D1 batch, and the message's
 * dedupe key is made of the rows it reports, so a run repeated after a crash tells nobody twice.
 */
export async function tellSendersOfFailures(db: Db, now: Date): Promise<{ rows: number; messages: number }> {
  const failed = await db
    .select({
      id: notificationOutbox.id,
      companyId: notificationOutbox.companyId,
      senderUserId: notificationOutbox.senderUserId,
      kind: notificationOutbox.kind,
      error: notificationOutbox.error,
      recipientUserId: notificationOutbox.recipientUserId,
      recipientName: users.name,
    })
    .from(notificationOutbox)
    .leftJoin(users, and(eq(users.id, notificationOutbox.recipientUserId), eq(users.companyId, notificationOutbox.companyId)))
    .where(and(eq(notificationOutbox.status, "failed"), isNotNull(notificationOutbox.senderUserId), isNull(notificationOutbox.senderToldAt)))
    .orderBy(asc(notificationOutbox.companyId), asc(notificationOutbox.senderUserId), asc(notificationOutbox.kind), asc(notificationOutbox.id))
    .limit(TELL_SENDERS_BATCH);
  if (failed.length === 0) return { rows: 0, messages: 0 };

  const groups = new Map<string, typeof failed>();
  for (const row of failed) {
    const key = JSON.stringify([row.companyId, row.senderUserId, row.kind]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }

  const writes: BatchItem<"sqlite">[] = [];
  for (const rows of groups.values()) {
    const { companyId, senderUserId, kind } = rows[0];
    // A person who did not get a message on two channels (chat and e-mail) is named once.
    const byRecipient = new Map<string, { name: string; error: string | null }>();
    for (const r of rows) {
      const seen = byRecipient.get(r.recipientUserId);
      // A disabled app or a block says more than a generic failure: keep the telling one.
      if (!seen || seen.error === null || !/^(BotDisabledByAdmin|BlockedByUser)/.test(seen.error)) {
        byRecipient.set(r.recipientUserId, { name: r.recipientName ?? r.recipientUserId, error: r.error });
      }
    }
    const people = [...byRecipient.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
    const notices = describeDeliveryFailures(people, kind);
    const body = notices.map((n) => [n.message, n.reason, n.advice].filter(Boolean).join(" ")).join("\n\n");
    writes.push(
      ...(await prepareNotify(db, {
        companyId,
        recipientUserIds: [senderUserId!],
        kind: "system",
        subject: DELIVERY_FAILED_SUBJECT,
        body,
        dedupeKey: `delivery-failed:${kind}:${rows[0].id}`,
      }))
    );
  }
  const ids = failed.map((r) => r.id);
  for (let i = 0; i < ids.length; i += IDS_PER_UPDATE) {
    writes.push(
      db
        .update(notificationOutbox)
        .set({ senderToldAt: now })
        .where(and(inArray(notificationOutbox.id, ids.slice(i, i + IDS_PER_UPDATE)), isNull(notificationOutbox.senderToldAt)))
    );
  }
  await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { rows: failed.length, messages: groups.size };
}
