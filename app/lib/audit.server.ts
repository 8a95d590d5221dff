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
  return db.insert(auditEvents).values(row(input));
}

// D1 binds at most 100 parameters per statement; an audit row binds 9 (with its id and time).
const ROWS_PER_INSERT = 10;

/** The inserts for many audit events (a group of changes committed together), a few rows a statement. */
export function auditEventsOf(db: Db, inputs: AuditEventInput[]) {
  const statements = [];
  for (let i = 0; i < inputs.length; i += ROWS_PER_INSERT)
    statements.push(db.insert(auditEvents).values(inputs.slice(i, i + ROWS_PER_INSERT).map(row)));
  return statements;
}

function row(input: AuditEventInput) {
  return {
    companyId: input.companyId,
    actorId: input.actorId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    data: input.data ?? null,
    requestId: input.requestId ?? null,
    // Set here, not by the column default: a multi-row insert has no per-row defaults in SQLite.
    createdAt: new Date(),
  };
}
