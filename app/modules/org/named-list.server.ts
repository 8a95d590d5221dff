import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { departments, roles, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";

export interface NamedEntry {
  id: string;
  name: string;
}

/** What tells Roles and Departments apart in storage: their table, the person's column and the audit names. */
interface NamedListKind {
  table: typeof roles | typeof departments;
  /** The person's column that points at an entry ("roleId", "departmentId"). */
  member: "roleId" | "departmentId";
  idPrefix: string;
  /** The audit entity type and the prefix of its actions ("role" → "role.created"). */
  entity: string;
}

/** Find, uniqueness, add, rename and remove of one company's named entries, each write with its audit event in one batch. */
export function namedListStore({ table, member, idPrefix, entity }: NamedListKind) {
  // roles and departments have the same columns; drizzle's builders want one concrete table type.
  const t = table as typeof roles;
  const audit = (context: AppLoadContext, viewer: Viewer, verb: string, entryId: string, data: Record<string, unknown>) =>
    auditEvent(context.db, { companyId: viewer.company.id, actorId: viewer.user.id, action: `${entity}.${verb}`, entityType: entity, entityId: entryId, data, requestId: context.requestId });
  return {
    async find(db: Db, companyId: string, entryId: string): Promise<NamedEntry | null> {
      const [row] = await db.select({ id: t.id, name: t.name }).from(t).where(and(eq(t.companyId, companyId), eq(t.id, entryId))).limit(1);
      return row ?? null;
    },

    /** Names are unique in a company, compared case-insensitively. */
    async nameTaken(db: Db, companyId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.companyId, companyId), sql`lower(${t.name}) = lower(${name})`, exceptId ? ne(t.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async create(context: AppLoadContext, viewer: Viewer, name: string) {
      const id = `${idPrefix}${crypto.randomUUID()}`;
      await context.db.batch([context.db.insert(t).values({ id, companyId: viewer.company.id, name }), audit(context, viewer, "created", id, { name })]);
      return id;
    },

    async rename(context: AppLoadContext, viewer: Viewer, entry: NamedEntry, name: string) {
      await context.db.batch([
        context.db.update(t).set({ name }).where(and(eq(t.companyId, viewer.company.id), eq(t.id, entry.id))),
        audit(context, viewer, "renamed", entry.id, { name: { from: entry.name, to: name } }),
      ]);
    },

    /** Removing an entry leaves the people who had it without one, in the same batch. */
    async remove(context: AppLoadContext, viewer: Viewer, entry: NamedEntry) {
      const companyId = viewer.company.id;
      await context.db.batch([
        context.db.update(users).set({ [member]: null }).where(and(eq(users.companyId, companyId), eq(users[member], entry.id))),
        context.db.delete(t).where(and(eq(t.companyId, companyId), eq(t.id, entry.id))),
        audit(context, viewer, "removed", entry.id, { name: entry.name }),
      ]);
    },
  };
}
export type NamedListStore = ReturnType<typeof namedListStore>;
