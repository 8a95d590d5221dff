import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notificationChannelSettings } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import { channelSettingRows } from "./channel-settings-record";
import { CONFIGURABLE_KINDS, CHANNEL_CHOICES, type ChannelChoice } from "./kinds";
import type { ChannelChoices } from "./preferences.schema";

/** The company's choice per kind; a kind without a row goes by chat (the company's platform). */
export async function loadChannelChoices(db: Db, companyId: string): Promise<ChannelChoices> {
  const rows = await db
    .select({ kind: notificationChannelSettings.kind, via: notificationChannelSettings.via })
    .from(notificationChannelSettings)
    .where(eq(notificationChannelSettings.companyId, companyId));
  const saved = new Map(rows.map((r) => [r.kind, r.via]));
  return Object.fromEntries(
    CONFIGURABLE_KINDS.map((kind) => {
      const via = saved.get(kind);
      return [kind, via && (CHANNEL_CHOICES as readonly string[]).includes(via) ? via : ("chat" as ChannelChoice)];
    })
  ) as ChannelChoices;
}

/**
 * Saves every kind's choice and its audit event in one D1 batch (all or nothing). The rows are
 * channelSettingRows', as the demo seed's are.
 */
export async function saveChannelChoices(
  db: Db,
  input: { companyId: string; actorId: string | null; choices: ChannelChoices; requestId?: string | null; now?: Date }
) {
  const now = input.now ?? new Date();
  const rows = channelSettingRows({ companyId: input.companyId, choices: input.choices, updatedBy: input.actorId, updatedAt: now.getTime() }).map(
    (r) => ({ companyId: r.company_id, kind: r.kind, via: r.via, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at) })
  );
  await db.batch([
    db
      .insert(notificationChannelSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationChannelSettings.companyId, notificationChannelSettings.kind],
        set: { via: sql`excluded.via`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
      }),
    auditEvent(db, {
      companyId: input.companyId,
      actorId: input.actorId,
      action: "notification.channels.updated",
      entityType: "company",
      entityId: input.companyId,
      data: { ...input.choices },
      requestId: input.requestId ?? null,
    }),
  ]);
}
