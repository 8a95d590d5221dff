import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { departments, roles, users } from "~/db/schema";
import { namedListStore } from "./named-list.server";

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

/** Finding, adding, renaming and removing departments (a removed one leaves its members without one). */
export const departmentList = namedListStore({ table: departments, member: "departmentId", idPrefix: "d-", entity: "department" });
export const findDepartment = departmentList.find;

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
