import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { roles, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";

export interface RoleRow {
  id: string;
  name: string;
  people: number;
}

/** The company's roles with how many people (not deactivated) hold each, by name. */
export async function listRoles(db: Db, companyId: string): Promise<RoleRow[]> {
  return db
    .select({ id: roles.id, name: roles.name, people: count(users.id) })
    .from(roles)
    .leftJoin(users, and(eq(users.companyId, roles.companyId), eq(users.roleId, roles.id), eq(users.isDeleted, false)))
    .where(eq(roles.companyId, companyId))
    .groupBy(roles.id)
    .orderBy(sql`${roles.name} collate nocase`, asc(roles.id));
}

export async function findRole(db: Db, companyId: string, roleId: string) {
  const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, roleId))).limit(1);
  return row ?? null;
}

/** Role names are unique in a company, compared case-insensitively. */
export async function roleNameTaken(db: Db, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function createRole(context: AppLoadContext, viewer: Viewer, name: string) {
  const companyId = viewer.company.id;
  const id = `r-${crypto.randomUUID()}`;
  await context.db.batch([
    context.db.insert(roles).values({ id, companyId, name }),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "role.created", entityType: "role", entityId: id, data: { name }, requestId: context.requestId }),
  ]);
  return id;
}

export async function renameRole(context: AppLoadContext, viewer: Viewer, role: { id: string; name: string }, name: string) {
  const companyId = viewer.company.id;
  await context.db.batch([
    context.db.update(roles).set({ name }).where(and(eq(roles.companyId, companyId), eq(roles.id, role.id))),
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "role.renamed",
      entityType: "role",
      entityId: role.id,
      data: { name: { from: role.name, to: name } },
      requestId: context.requestId,
    }),
  ]);
}

/** Removing a role clears it from the people who held it, in the same batch. */
export async function removeRole(context: AppLoadContext, viewer: Viewer, role: { id: string; name: string }) {
  const companyId = viewer.company.id;
  await context.db.batch([
    context.db.update(users).set({ roleId: null }).where(and(eq(users.companyId, companyId), eq(users.roleId, role.id))),
    context.db.delete(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, role.id))),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "role.removed", entityType: "role", entityId: role.id, data: { name: role.name }, requestId: context.requestId }),
  ]);
}
