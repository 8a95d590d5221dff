import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { roles, users } from "~/db/schema";
import { namedListStore } from "./named-list.server";

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

/** Finding, adding, renaming and removing roles (a removed one is cleared from the people who held it). */
export const roleList = namedListStore({ table: roles, member: "roleId", idPrefix: "r-", entity: "role" });
