import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { companies, notificationOutbox } from "~/db/schema";
import type { NotificationChannel, NotificationKind, SendAs } from "./kinds";

export interface NotifyInput {
  companyId: string;
  recipientUserIds: readonly string[];
  kind: NotificationKind;
  subject: string;
  body: string;
  /** In-app path ("/reviews/todos") or absolute URL; delivery makes a path absolute with APP_URL. */
  link?: string | null;
  /**
   * The same logical message is written once: the key is made per recipient and channel, so
   * notifying an overlapping audience again reaches only the people not yet told.
   */
  dedupeKey?: string | null;
  /** 002 §9 "send-as"; default a chat message on the company's platform. */
  sendAs?: readonly SendAs[];
  /** Who caused the message: told with the 002 §8 text when it could not be delivered. */
  senderUserId?: string | null;
  /** The company's platform when the caller already read it (saves a query on a hot path). */
  platform?: "slack" | "msteams";
}

// D1 binds at most 100 parameters per statement and an outbox row binds 13.
const ROWS_PER_INSERT = 7;

/**
 * The outbox inserts for a notification, not yet run, so a caller can commit them in the same
 * db.batch as the change that caused them (a state transition, an audit event).
 */
export async function prepareNotify(db: Db, input: NotifyInput): Promise<BatchItem<"sqlite">[]> {
  const recipients = [...new Set(input.recipientUserIds)];
  if (recipients.length === 0) return [];
  const [company] = input.platform
    ? [{ platform: input.platform }]
    : await db.select({ platform: companies.platform }).from(companies).where(eq(companies.id, input.companyId)).limit(1);
  if (!company) throw new Error(`notify: unknown company ${input.companyId}`);

  const sendAs = input.sendAs && input.sendAs.length > 0 ? [...new Set(input.sendAs)] : (["appMessage"] as const);
  const channels: NotificationChannel[] = sendAs.map((s) => (s === "email" ? "email" : company.platform));
  // Millisecond time (the column default has whole seconds), so "newest first" keeps the order of writes.
  const createdAt = new Date();
  const rows = recipients.flatMap((recipientUserId) =>
    channels.map((channel) => ({
      id: crypto.randomUUID(),
      companyId: input.companyId,
      recipientUserId,
      channel,
      kind: input.kind,
      subject: input.subject,
      body: input.body,
      link: input.link ?? null,
      dedupeKey: input.dedupeKey ? `${input.dedupeKey}:${recipientUserId}:${channel}` : null,
      status: "pending" as const,
      attempts: 0,
      createdAt,
      senderUserId: input.senderUserId ?? null,
    }))
  );

  const inserts: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(notificationOutbox)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        // The only unique key besides the id is (company_id, dedupe_key): a duplicate is skipped.
        .onConflictDoNothing()
        .returning({ id: notificationOutbox.id })
    );
  }
  return inserts;
}

/**
 * The one entry point for sending a message to people: writes outbox rows in one D1 batch; the
 * every-minute cron hands them to the queue and a delivery adapter sends them. Returns the ids
 * of the rows written (duplicates of an earlier dedupe key are not written again).
 */
export async function notify(db: Db, input: NotifyInput): Promise<{ outboxIds: string[] }> {
  const inserts = await prepareNotify(db, input);
  if (inserts.length === 0) return { outboxIds: [] };
  const results = (await db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as Array<Array<{ id: string }>>;
  return { outboxIds: results.flat().map((r) => r.id) };
}
