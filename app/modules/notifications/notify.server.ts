import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { companies, notificationChannelSettings, notificationOutbox } from "~/db/schema";
import { CONFIGURABLE_KINDS, isReminderKind, type ChannelChoice, type NotificationChannel, type NotificationKind, type SendAs } from "./kinds";

/** config.reminderDigestHour's default (UTC), for callers that have no config at hand. */
export const DEFAULT_DIGEST_HOUR = 9;

/** The next daily digest: today at `hour`:00 UTC if that is still ahead of `now`, else tomorrow's. */
export function nextDigestAt(now: Date, hour: number = DEFAULT_DIGEST_HOUR): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  return new Date(today > now.getTime() ? today : today + 24 * 60 * 60 * 1000);
}

/** The channels of an admin's choice: "chat" is the company's platform. */
export function channelsOf(choice: ChannelChoice, platform: "slack" | "msteams"): NotificationChannel[] {
  if (choice === "email") return ["email"];
  if (choice === "both") return [platform, "email"];
  return [platform];
}

function isConfigurableKind(kind: string) {
  return (CONFIGURABLE_KINDS as readonly string[]).includes(kind);
}

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
  /**
   * 002 §9 "send-as" (a review's reminder send-as, a report's e-mail): wins over the admin's
   * per-kind choice (notification_channel_settings), which applies when this is absent.
   */
  sendAs?: readonly SendAs[];
  /** Who caused the message: told with the 002 §8 text when it could not be delivered. */
  senderUserId?: string | null;
  /** The company's platform when the caller already read it (saves a query on a hot path). */
  platform?: "slack" | "msteams";
  /** config.reminderDigestHour (UTC): reminder kinds wait for the next digest; default 9. */
  digestHour?: number;
  /** The time of writing (tests pin it); default now. */
  now?: Date;
  /**
   * What prepareNotify would read (readNotifyRoute), read once by a caller that writes many
   * messages of one kind in a loop; it must cover these recipients.
   */
  route?: NotifyRoute;
}

/** The company's platform, its channel choice for a kind and the recipients' active snoozes. */
export interface NotifyRoute {
  platform: "slack" | "msteams";
  via: ChannelChoice | null;
  /** Snooze end (ms) by recipient, for reminder kinds. */
  snoozes: Record<string, number>;
}

/**
 * One read: the platform, the admin's choice for this kind and (reminder kinds) the recipients'
 * snoozes. Throws for an unknown company.
 */
export async function readNotifyRoute(
  db: Db,
  input: { companyId: string; kind: NotificationKind; recipientUserIds: readonly string[]; now?: Date }
): Promise<NotifyRoute> {
  const now = input.now ?? new Date();
  const [company] = await db
    .select({
      platform: companies.platform,
      via: notificationChannelSettings.via,
      snoozes: isReminderKind(input.kind)
        ? sql<string | null>`(SELECT json_group_object(user_id, "until") FROM reminder_snoozes
            WHERE company_id = ${companies.id} AND "until" > ${now.getTime()}
              AND user_id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(input.recipientUserIds)])})))`
        : sql<string | null>`NULL`,
    })
    .from(companies)
    .leftJoin(
      notificationChannelSettings,
      and(eq(notificationChannelSettings.companyId, companies.id), eq(notificationChannelSettings.kind, input.kind))
    )
    .where(eq(companies.id, input.companyId))
    .limit(1);
  if (!company) throw new Error(`notify: unknown company ${input.companyId}`);
  return {
    platform: company.platform,
    via: company.via,
    snoozes: company.snoozes ? (JSON.parse(company.snoozes) as Record<string, number>) : {},
  };
}

// D1 binds at most 100 parameters per statement and an outbox row binds 14.
const ROWS_PER_INSERT = 7;

/**
 * The outbox inserts for a notification, not yet run, so a caller can commit them in the same
 * db.batch as the change that caused them (a state transition, an audit event).
 */
export async function prepareNotify(db: Db, input: NotifyInput): Promise<BatchItem<"sqlite">[]> {
  const recipients = [...new Set(input.recipientUserIds)];
  if (recipients.length === 0) return [];
  // Millisecond time (the column default has whole seconds), so "newest first" keeps the order of writes.
  const createdAt = input.now ?? new Date();
  const explicit = input.sendAs && input.sendAs.length > 0 ? [...new Set(input.sendAs)] : null;
  const chooses = explicit === null && isConfigurableKind(input.kind);
  const reminder = isReminderKind(input.kind);

  const route =
    input.route ??
    (!input.platform || chooses || reminder ? await readNotifyRoute(db, { ...input, recipientUserIds: recipients, now: createdAt }) : null);
  const platform = input.platform ?? route?.platform;
  const choice: ChannelChoice = chooses ? (route?.via ?? "chat") : "chat";
  const snoozes = route?.snoozes ?? {};

  if (!platform) throw new Error(`notify: unknown company ${input.companyId}`);
  const chat = platform;
  const channels: NotificationChannel[] = explicit ? explicit.map((s) => (s === "email" ? "email" : chat)) : channelsOf(choice, chat);
  // Reminders leave only in the person's daily digest, or after their snooze when that is later.
  const digestAt = reminder ? nextDigestAt(createdAt, input.digestHour ?? DEFAULT_DIGEST_HOUR).getTime() : null;
  const deliverAfterOf = (userId: string) => (digestAt === null ? null : new Date(Math.max(digestAt, snoozes[userId] ?? 0)));
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
      deliverAfter: deliverAfterOf(recipientUserId),
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
