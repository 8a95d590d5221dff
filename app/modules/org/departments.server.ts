import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { departments, roles, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";

export const MEMBERS_PAGE_SIZE = 50;

export interface DepartmentRow {
  id: string;
  name: string;
  members: number;
}

/** The company's departments with their member counts (not deactivated people), by name. */
export async function listDepartments(db: Db, companyId: string): Promise<DepartmentRow[]> {
  return db
    .select({ id: departments.id, name: departments.name, members: count(users.id) })
    .from(departments)
    .leftJoin(users, and(eq(users.companyId, departments.companyId), eq(users.departmentId, departments.id), eq(users.isDeleted, false)))
    .where(eq(departments.companyId, companyId))
    .groupBy(departments.id)
    .orderBy(sql`${departments.name} collate nocase`, asc(departments.id));
}

export async function findDepartment(db: Db, companyId: string, departmentId: string) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, departmentId)))
    .limit(1);
  return row ?? null;
}

/** Department names are unique in a company, compared case-insensitively. */
export async function departmentNameTaken(db: Db, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), sql`lower(${departments.name}) = lower(${name})`, exceptId ? ne(departments.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** One page (50) of a department's members, by name, with their title and role. */
export async function departmentMembers(db: Db, companyId: string, departmentId: string, page: number) {
  const where = and(eq(users.companyId, companyId), eq(users.departmentId, departmentId), eq(users.isDeleted, false));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, title: users.title, imageUrl: users.imageUrl, role: roles.name })
      .from(users)
      .leftJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((page - 1) * MEMBERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function createDepartment(context: AppLoadContext, viewer: Viewer, name: string) {
  const companyId = viewer.company.id;
  const id = `d-${crypto.randomUUID()}`;
  await context.db.batch([
    context.db.insert(departments).values({ id, companyId, name }),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "department.created", entityType: "department", entityId: id, data: { name }, requestId: context.requestId }),
  ]);
  return id;
}

export async function renameDepartment(context: AppLoadContext, viewer: Viewer, department: { id: string; name: string }, name: string) {
  const companyId = viewer.company.id;
  await context.db.batch([
    context.db.update(departments).set({ name }).where(and(eq(departments.companyId, companyId), eq(departments.id, department.id))),
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "department.renamed",
      entityType: "department",
      entityId: department.id,
      data: { name: { from: department.name, to: name } },
      requestId: context.requestId,
    }),
  ]);
}

/** Removing a department leaves its members without one, in the same batch. */
export async function removeDepartment(context: AppLoadContext, viewer: Viewer, department: { id: string; name: string }) {
  const companyId = viewer.company.id;
  await context.db.batch([
    context.db.update(users).set({ departmentId: null }).where(and(eq(users.companyId, companyId), eq(users.departmentId, department.id))),
    context.db.delete(departments).where(and(eq(departments.companyId, companyId), eq(departments.id, department.id))),
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "department.removed",
      entityType: "department",
      entityId: department.id,
      data: { name: department.name },
      requestId: context.requestId,
    }),
  ]);
}
