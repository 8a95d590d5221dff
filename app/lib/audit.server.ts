import type { Db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";

export interface AuditEventInput {
  companyId: string;
  /** The person who acted; null for the system (cron, queue). */
  actorId: string | null;
  /** What happened, "area.verb" in the past tense: "review.launched", "user.excluded". */
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown> | null;
  requestId?: string | null;
}

/**
 * The insert for one audit event, deliberately not run: the caller puts it in the same
 * db.batch as the change it records, so there is never a change without its event or an event
 * without its change.
 */
export function auditEvent(db: Db, input: AuditEventInput) {
  return db.insert(auditEvents).values({
    companyId: input.companyId,
    actorId: input.actorId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    data: input.data ?? null,
    requestId: input.requestId ?? null,
  });
}
