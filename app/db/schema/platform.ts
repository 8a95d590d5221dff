import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    companyId: companyId(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_company").on(t.companyId, t.createdAt), index("audit_events_entity").on(t.companyId, t.entityType, t.entityId)],
);

/** One reminder inside a digest row. */
export interface OutboxItem {
  kind: string;
  subject: string;
  body: string;
  link: string | null;
}

/**
 * Every message the app sends is first a row here (written by notify()); delivery adapters
 * (Slack, Teams, e-mail) move rows from pending to sent or failed. The demo inbox lists them.
 */
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: id(),
    companyId: companyId(),
    recipientUserId: text("recipient_user_id").notNull(),
    channel: text("channel", { enum: ["slack", "msteams", "email"] }).notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    /** Idempotency: the same logical message (e.g. a redelivered job) is written once. */
    dedupeKey: text("dedupe_key"),
    /**
     * pending → sending (claimed by the cron, queued) → delivering (one consumer is talking to the
     * provider) → sent | failed; a reminder gathered into a daily digest becomes digested.
     */
    status: text("status", { enum: ["pending", "sending", "delivering", "sent", "failed", "digested"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the cron moved the row to sending; rows stuck in sending past a lease are released. */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** Who caused the message (a launch, a reminder); told when it could not be delivered (002 §8). */
    senderUserId: text("sender_user_id"),
    /** Not claimed before this time: reminders wait for the daily digest, a snooze pushes them on. */
    deliverAfter: integer("deliver_after", { mode: "timestamp_ms" }),
    /** The digest row that carried this reminder (status digested). */
    digestId: text("digest_id"),
    /** A digest's reminders, each with its own link: [{ kind, subject, body, link }]. */
    items: text("items", { mode: "json" }).$type<OutboxItem[]>(),
    /** When the sender was told this row failed, so a failure is reported once. */
    senderToldAt: integer("sender_told_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("notification_outbox_dedupe").on(t.companyId, t.dedupeKey),
    index("notification_outbox_sender").on(t.companyId, t.senderUserId, t.status),
    index("notification_outbox_digest").on(t.companyId, t.recipientUserId, t.status, t.kind),
    index("notification_outbox_status").on(t.status, t.createdAt),
    index("notification_outbox_recipient").on(t.companyId, t.recipientUserId, t.createdAt),
  ],
);

/** One row per (job, minute): a second cron fire in the same minute finds it taken and does nothing. */
export const cronRuns = sqliteTable("cron_runs", {
  key: text("key").primaryKey(),
  job: text("job").notNull(),
  startedAt: createdAt(),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
});

/** Queue messages already handled, by message id: a redelivery is acknowledged without redoing work. */
export const processedMessages = sqliteTable("processed_messages", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

/** Files kept in R2 (uploads and generated reports), owned by a company. */
export const files = sqliteTable(
  "files",
  {
    id: id(),
    companyId: companyId(),
    ownerId: text("owner_id"),
    key: text("key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_company").on(t.companyId, t.createdAt)],
);

/** An admin's choice per notification kind (002 §9 kinds): by chat, by e-mail or both. */
export const notificationChannelSettings = sqliteTable(
  "notification_channel_settings",
  {
    companyId: companyId(),
    kind: text("kind").notNull(),
    via: text("via", { enum: ["chat", "email", "both"] }).notNull(),
    updatedBy: text("updated_by"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

/** A person snoozed reminders until this time (from a message's "Snooze for a day"). */
export const reminderSnoozes = sqliteTable(
  "reminder_snoozes",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    until: integer("until", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
