import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * How a viewer stands towards a person of their company, in one place, for every area that shows
 * people (profiles, team and group cards now; feedback, insights, analytics and the query builder
 * later). In words:
 *
 * - self: the viewer is the person.
 * - manager: the viewer is one of the person's managers (a user_managers row person → viewer).
 * - report: the person is one of the viewer's managers, i.e. the viewer reports to them.
 * - My Team, the default relationship (DESIGN.md): the viewer's managers, the people who share a
 *   manager with the viewer, and the viewer's own reports — never the viewer. It is symmetric:
 *   the person is in the viewer's My Team exactly when the viewer is in the person's.
 * - a custom relationship: the viewer and the person are both members of it (one named, or any).
 * - a group (Teams-type group_members): both are members of it. Its members card, and so a
 *   profile under /my-groups/{groupId}, is for the group's admins: there the viewer must
 *   administer the group and the person must be a member.
 * - an admin by permission: ViewUsers (Organization › Users) reads every person of the company.
 *
 * Deactivated people belong to no one's team, relationship or group here (the members cards leave
 * them out too); only ViewUsers reaches them. Every rule is company-scoped.
 *
 * Each rule comes as SQL (ids, or expressions such as a column of the outer query) so lists and
 * loaders can ride it in their own statement, and `relationsTo` answers for one person.
 */

type Ref = SQLWrapper | string;
type AccessViewer = Pick<Viewer, "user" | "company" | "permissions">;

/** The permission that reads any person of the company (the Organization › Users pages). */
export const READ_EVERYONE = "ViewUsers" as const;

export function mayReadEveryone(viewer: Pick<Viewer, "permissions">): boolean {
  return viewer.permissions.includes(READ_EVERYONE);
}

/** The viewer manages the person. */
export function isManagerOf(company: Ref, viewer: Ref, person: Ref): SQL {
  return sql`EXISTS (SELECT 1 FROM user_managers um WHERE um.company_id = ${company} AND um.user_id = ${person} AND um.manager_id = ${viewer})`;
}

/** The viewer reports to the person. */
export function isReportOf(company: Ref, viewer: Ref, person: Ref): SQL {
  return isManagerOf(company, person, viewer);
}

/** The person has at least one manager. */
export function hasManager(company: Ref, person: Ref): SQL {
  // +company: the (user_id, manager_id) primary key, not the company's links by manager.
  return sql`EXISTS (SELECT 1 FROM user_managers um WHERE +um.company_id = ${company} AND um.user_id = ${person})`;
}

/** The ids of the people who report to `manager`, as a subquery. */
export function reportsOf(company: Ref, manager: Ref): SQL {
  return sql`(SELECT um.user_id FROM user_managers um WHERE um.company_id = ${company} AND um.manager_id = ${manager})`;
}

/**
 * The ids in `viewer`'s My Team, as a subquery (the viewer's own id may be in it, through a shared
 * manager: inMyTeam leaves it out). Not correlated, so SQLite builds it once per statement, also
 * when a list of thousands asks it for every row.
 */
export function myTeamIds(company: Ref, viewer: Ref): SQL {
  // The unary plus keeps the company filter off the (company_id, manager_id) index where the
  // lookup is by the viewer's id: the (user_id, manager_id) primary key finds their few rows.
  return sql`(SELECT mine.manager_id FROM user_managers mine WHERE +mine.company_id = ${company} AND mine.user_id = ${viewer}
    UNION SELECT theirs.user_id FROM user_managers mine
      JOIN user_managers theirs ON theirs.company_id = mine.company_id AND theirs.manager_id = mine.manager_id
      WHERE +mine.company_id = ${company} AND mine.user_id = ${viewer}
    UNION SELECT reports.user_id FROM user_managers reports WHERE reports.company_id = ${company} AND reports.manager_id = ${viewer})`;
}

/** The person is in the viewer's My Team (the default relationship). */
export function inMyTeam(company: Ref, viewer: Ref, person: Ref): SQL {
  return sql`(${person} <> ${viewer} AND ${person} IN ${myTeamIds(company, viewer)})`;
}

/** `user` is a member of the custom relationship. */
export function inRelationship(company: Ref, relationship: Ref, user: Ref): SQL {
  return sql`EXISTS (SELECT 1 FROM custom_relationship_members crm
    WHERE crm.company_id = ${company} AND crm.relationship_id = ${relationship} AND crm.user_id = ${user})`;
}

/** The viewer and the person share a custom relationship (the one given, or any). */
export function shareRelationship(company: Ref, viewer: Ref, person: Ref, relationship?: Ref): SQL {
  if (relationship !== undefined) return sql`(${inRelationship(company, relationship, viewer)} AND ${inRelationship(company, relationship, person)})`;
  return sql`EXISTS (SELECT 1 FROM custom_relationship_members mine
    JOIN custom_relationship_members theirs ON theirs.company_id = mine.company_id AND theirs.relationship_id = mine.relationship_id
    WHERE mine.company_id = ${company} AND mine.user_id = ${viewer} AND theirs.user_id = ${person})`;
}

/** `user` is a member of the group. */
export function inGroup(company: Ref, group: Ref, user: Ref): SQL {
  return sql`EXISTS (SELECT 1 FROM group_members gm WHERE gm.company_id = ${company} AND gm.group_id = ${group} AND gm.user_id = ${user})`;
}

/** `user` administers the group. */
export function administersGroup(company: Ref, group: Ref, user: Ref): SQL {
  return sql`EXISTS (SELECT 1 FROM group_members gm
    WHERE gm.company_id = ${company} AND gm.group_id = ${group} AND gm.user_id = ${user} AND gm.is_admin = 1)`;
}

/** The viewer and the person share a group (the one given, or any). */
export function shareGroup(company: Ref, viewer: Ref, person: Ref, group?: Ref): SQL {
  if (group !== undefined) return sql`(${inGroup(company, group, viewer)} AND ${inGroup(company, group, person)})`;
  return sql`EXISTS (SELECT 1 FROM group_members mine
    JOIN group_members theirs ON theirs.company_id = mine.company_id AND theirs.group_id = mine.group_id
    WHERE mine.company_id = ${company} AND mine.user_id = ${viewer} AND theirs.user_id = ${person})`;
}

/** The person is active (deactivated people belong to no relationship or group here). */
function isActive(company: Ref, person: Ref): SQL {
  return sql`EXISTS (SELECT 1 FROM users au WHERE au.company_id = ${company} AND au.id = ${person} AND au.is_deleted = 0)`;
}

/** Where a person is looked at from: the context of a profile's path. */
export type PersonContext =
  | { kind: "self" }
  | { kind: "my-team" }
  | { kind: "relationship"; relationshipId: string }
  | { kind: "group"; groupId: string }
  | { kind: "company" };

/**
 * Whether the viewer may see the person in that context, as SQL (true/false): themselves always;
 * anyone with ViewUsers; otherwise only someone active who really is in that relationship or group
 * with the viewer ("company" needs ViewUsers, "self" the viewer).
 */
export function maySeePerson(viewer: AccessViewer, context: PersonContext, person: Ref): SQL {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const self = sql`${person} = ${me}`;
  if (mayReadEveryone(viewer)) return sql`1`;
  switch (context.kind) {
    case "self":
    case "company":
      return self;
    case "my-team":
      return sql`(${self} OR (${inMyTeam(company, me, person)} AND ${isActive(company, person)}))`;
    case "relationship":
      return sql`(${inRelationship(company, context.relationshipId, me)}
        AND (${self} OR (${inRelationship(company, context.relationshipId, person)} AND ${isActive(company, person)})))`;
    case "group":
      return sql`(${administersGroup(company, context.groupId, me)}
        AND (${self} OR (${inGroup(company, context.groupId, person)} AND ${isActive(company, person)})))`;
  }
}

/** How the viewer stands towards one person (relationsTo). */
export interface Relations {
  self: boolean;
  /** The viewer manages the person. */
  manager: boolean;
  /** The viewer reports to the person. */
  report: boolean;
  myTeam: boolean;
  /** Custom relationships both belong to. */
  relationshipIds: string[];
  /** Groups both belong to. */
  groupIds: string[];
  /** The viewer reads every person (ViewUsers). */
  readsEveryone: boolean;
}

/**
 * Every relation of the viewer to one person of their company, in one statement; null when the id
 * is no one's in the company. For loaders that need more than maySeePerson's yes or no.
 */
export async function relationsTo(db: Db, viewer: AccessViewer, personId: string): Promise<Relations | null> {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const row = await db.get<{
    active: number;
    manager: number;
    report: number;
    my_team: number;
    relationships: string;
    groups: string;
  }>(sql`SELECT u.is_deleted = 0 AS active,
      ${isManagerOf(company, me, personId)} AS manager,
      ${isReportOf(company, me, personId)} AS report,
      ${inMyTeam(company, me, personId)} AS my_team,
      (SELECT json_group_array(theirs.relationship_id) FROM custom_relationship_members mine
        JOIN custom_relationship_members theirs ON theirs.company_id = mine.company_id AND theirs.relationship_id = mine.relationship_id
        WHERE mine.company_id = ${company} AND mine.user_id = ${me} AND theirs.user_id = ${personId}) AS relationships,
      (SELECT json_group_array(theirs.group_id) FROM group_members mine
        JOIN group_members theirs ON theirs.company_id = mine.company_id AND theirs.group_id = mine.group_id
        WHERE mine.company_id = ${company} AND mine.user_id = ${me} AND theirs.user_id = ${personId}) AS groups
    FROM users u WHERE u.company_id = ${company} AND u.id = ${personId}`);
  if (!row) return null;
  const active = Boolean(row.active);
  const self = personId === me;
  return {
    self,
    manager: active && Boolean(row.manager),
    report: active && Boolean(row.report),
    myTeam: active && Boolean(row.my_team),
    relationshipIds: active ? (JSON.parse(row.relationships) as string[]) : [],
    groupIds: active ? (JSON.parse(row.groups) as string[]) : [],
    readsEveryone: mayReadEveryone(viewer),
  };
}
