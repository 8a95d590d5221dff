import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { customRelationshipMembers, customRelationships, departments, groups, roles, userManagers, users } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { maySeePerson, type PersonContext } from "~/modules/access/people.server";
import type { Viewer } from "~/modules/auth/session.server";
import { DEFAULT_RELATIONSHIP_ID } from "./labels.server";

/** Where a profile is opened from (002 §2.6: the base path depends on the context). */
export type ProfileBase =
  | { kind: "my-profile" }
  | { kind: "my-team"; relationshipId: string }
  | { kind: "my-groups"; groupId: string }
  | { kind: "org-users" };

export interface ProfilePerson {
  id: string;
  name: string;
  email: string;
  title: string | null;
  imageUrl: string | null;
  isSuperAdmin: boolean;
  isTeamAdmin: boolean;
  isExcluded: boolean;
  isDeleted: boolean;
  roleName: string | null;
  departmentId: string | null;
  departmentName: string | null;
}

export interface ProfileRelationship {
  id: string;
  name: string;
  /** How the person was attached to a custom relationship; null for My Team. */
  origin: "manual" | "upload" | null;
}

export interface ProfileData {
  person: ProfilePerson;
  managers: Array<{ id: string; name: string; title: string | null; imageUrl: string | null }>;
  relationships: ProfileRelationship[];
  /** Name of the relationship or group in the path, for the breadcrumb. */
  contextName: string | null;
}

/** The access rule's context for a profile's base path. */
function personContextOf(base: ProfileBase): PersonContext {
  switch (base.kind) {
    case "my-profile":
      return { kind: "self" };
    case "org-users":
      return { kind: "company" };
    case "my-groups":
      return { kind: "group", groupId: base.groupId };
    case "my-team":
      return base.relationshipId === DEFAULT_RELATIONSHIP_ID ? { kind: "my-team" } : { kind: "relationship", relationshipId: base.relationshipId };
  }
}

/**
 * A person's profile header, scoped to the viewer's company, in one D1 round trip (person with
 * role and department, managers, custom relationships, and the relationship or group named in
 * the path). Null when the person, or the path's relationship or group, is not in the company,
 * or when the viewer may not see the person there (app/modules/access/people.server.ts: the
 * person must really be in that relationship or group with the viewer); the check is a column of
 * the person's row, so it costs no extra round trip. Every lookup is by primary key or a
 * (company_id, user_id) index, so it stays flat as the company grows (benchmarked with 5,000 people).
 */
export async function loadProfile(
  db: Db,
  viewer: Pick<Viewer, "user" | "company" | "permissions">,
  userId: string,
  base: ProfileBase,
): Promise<ProfileData | null> {
  const companyId = viewer.company.id;
  const manager = alias(users, "manager");
  const personQuery = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      title: users.title,
      imageUrl: users.imageUrl,
      isSuperAdmin: users.isSuperAdmin,
      isTeamAdmin: users.isTeamAdmin,
      isExcluded: users.isExcluded,
      isDeleted: users.isDeleted,
      // D1 batch results come back keyed by column name, so joined "name"/"id" columns need
      // their own aliases or they overwrite the person's.
      roleName: sql<string | null>`${roles.name}`.as("role_name"),
      departmentId: sql<string | null>`${departments.id}`.as("department_id"),
      departmentName: sql<string | null>`${departments.name}`.as("department_name"),
      visible: sql<number>`${maySeePerson(viewer, personContextOf(base), userId)}`.as("visible"),
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  const managersQuery = db
    .select({ id: manager.id, name: manager.name, title: manager.title, imageUrl: manager.imageUrl })
    .from(userManagers)
    .innerJoin(manager, and(eq(manager.id, userManagers.managerId), eq(manager.companyId, userManagers.companyId)))
    // The unary plus keeps the company filter but stops SQLite from driving the lookup through the
    // (company_id, manager_id) index, which walks every manager link of the company (5,000-person
    // benchmark); the (user_id, manager_id) primary key finds the person's few rows directly.
    .where(and(eq(userManagers.userId, userId), sql`+${userManagers.companyId} = ${companyId}`, eq(manager.isDeleted, false)))
    .orderBy(asc(manager.name));
  const relationshipsQuery = db
    .select({ id: customRelationships.id, name: customRelationships.name, origin: customRelationshipMembers.origin })
    .from(customRelationshipMembers)
    .innerJoin(
      customRelationships,
      and(eq(customRelationships.id, customRelationshipMembers.relationshipId), eq(customRelationships.companyId, customRelationshipMembers.companyId)),
    )
    // No ORDER BY: sorting by name would make SQLite walk the company's relationships first.
    .where(and(eq(customRelationshipMembers.userId, userId), eq(customRelationshipMembers.companyId, companyId)));
  const contextQuery =
    base.kind === "my-groups"
      ? db.select({ name: groups.name }).from(groups).where(and(eq(groups.id, base.groupId), eq(groups.companyId, companyId))).limit(1)
      : base.kind === "my-team" && base.relationshipId !== DEFAULT_RELATIONSHIP_ID
        ? db
            .select({ name: customRelationships.name })
            .from(customRelationships)
            .where(and(eq(customRelationships.id, base.relationshipId), eq(customRelationships.companyId, companyId)))
            .limit(1)
        : null;

  const [people, managers, customs, context] = contextQuery
    ? await db.batch([personQuery, managersQuery, relationshipsQuery, contextQuery])
    : [...(await db.batch([personQuery, managersQuery, relationshipsQuery])), null];

  const [row] = people;
  if (!row || !row.visible) return null;
  const { visible: _visible, ...person } = row;
  let contextName: string | null = null;
  if (base.kind === "my-team" && base.relationshipId === DEFAULT_RELATIONSHIP_ID) contextName = sharedCopy.myTeam;
  else if (contextQuery) {
    const row = (context as Array<{ name: string }> | null)?.[0];
    if (!row) return null;
    contextName = row.name;
  }
  return {
    person,
    managers,
    relationships: [
      { id: DEFAULT_RELATIONSHIP_ID, name: sharedCopy.myTeam, origin: null },
      ...[...customs].sort((a, b) => a.name.localeCompare(b.name)),
    ],
    contextName,
  };
}

/** Whether an id is a person of the company (used to send /my-profile/{someone else} home). */
export async function personExists(db: Db, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}
