import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customRelationshipMembers, customRelationships, groupMembers, groups, users } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { administersGroup, inMyTeam, inRelationship } from "~/modules/access/people.server";
import { DEFAULT_RELATIONSHIP_ID } from "./labels.server";

/** One row of a members card (002 §2.6: "Team member: name, isTeamAdmin"). */
export interface TeamMember {
  id: string;
  name: string;
  title: string | null;
  imageUrl: string | null;
  isTeamAdmin: boolean;
}

export interface MemberPage {
  members: TeamMember[];
  total: number;
  page: number;
  pageCount: number;
}

/** People per page on every members card (the 5,000-person company paginates server-side). */
export const MEMBERS_PAGE_SIZE = 50;

/** ?page=N (or another parameter) from a URL, at least 1. */
export function pageParam(url: URL, name = "page"): number {
  const n = Number.parseInt(url.searchParams.get(name) ?? "1", 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 100_000) : 1;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  title: users.title,
  imageUrl: users.imageUrl,
  isTeamAdmin: users.isTeamAdmin,
};

/** The default relationship "My Team" (app/modules/access/people.server.ts), deactivated people left out. */
function defaultTeamCondition(companyId: string, viewerId: string) {
  return and(eq(users.companyId, companyId), eq(users.isDeleted, false), inMyTeam(companyId, viewerId, users.id));
}

async function pageOf(db: Db, where: ReturnType<typeof and>, page: number, from: "users" | { join: "crm" | "gm"; on: ReturnType<typeof and> }): Promise<MemberPage> {
  const offset = (page - 1) * MEMBERS_PAGE_SIZE;
  let listQuery;
  let countQuery;
  if (from === "users") {
    listQuery = db.select(memberColumns).from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(MEMBERS_PAGE_SIZE).offset(offset);
    countQuery = db.select({ n: count() }).from(users).where(where);
  } else {
    const table = from.join === "crm" ? customRelationshipMembers : groupMembers;
    listQuery = db
      .select(memberColumns)
      .from(table)
      .innerJoin(users, from.on)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset(offset);
    countQuery = db.select({ n: count() }).from(table).innerJoin(users, from.on).where(where);
  }
  const [members, [{ n }]] = await db.batch([listQuery, countQuery]);
  return { members, total: n, page, pageCount: Math.max(1, Math.ceil(n / MEMBERS_PAGE_SIZE)) };
}

export interface RelationshipSummary {
  id: string;
  name: string;
}

/** My Team first, then the custom relationships the viewer belongs to, by name. */
export async function listMyRelationships(db: Db, companyId: string, viewerId: string): Promise<RelationshipSummary[]> {
  const customs = await db
    .select({ id: customRelationships.id, name: customRelationships.name })
    .from(customRelationshipMembers)
    .innerJoin(
      customRelationships,
      and(eq(customRelationships.id, customRelationshipMembers.relationshipId), eq(customRelationships.companyId, customRelationshipMembers.companyId)),
    )
    .where(and(eq(customRelationshipMembers.userId, viewerId), eq(customRelationshipMembers.companyId, companyId)));
  return [{ id: DEFAULT_RELATIONSHIP_ID, name: sharedCopy.myTeam }, ...customs.sort((a, b) => a.name.localeCompare(b.name))];
}

/**
 * Members of one of the viewer's relationships, or null when the id is not a relationship of the
 * company or the viewer is not in it (callers answer 404). A custom relationship lists all its
 * members, the viewer included.
 */
export async function loadRelationshipMembers(
  db: Db,
  companyId: string,
  viewerId: string,
  relationshipId: string,
  page: number,
): Promise<{ name: string; page: MemberPage } | null> {
  if (relationshipId === DEFAULT_RELATIONSHIP_ID) {
    return { name: sharedCopy.myTeam, page: await pageOf(db, defaultTeamCondition(companyId, viewerId), page, "users") };
  }
  const [row] = await db
    .select({ name: customRelationships.name, member: sql<number>`${inRelationship(companyId, relationshipId, viewerId)}` })
    .from(customRelationships)
    .where(and(eq(customRelationships.id, relationshipId), eq(customRelationships.companyId, companyId)))
    .limit(1);
  if (!row || !row.member) return null;
  const where = and(
    eq(customRelationshipMembers.relationshipId, relationshipId),
    eq(customRelationshipMembers.companyId, companyId),
    eq(users.isDeleted, false),
  );
  const on = and(eq(users.id, customRelationshipMembers.userId), eq(users.companyId, customRelationshipMembers.companyId));
  return { name: row.name, page: await pageOf(db, where, page, { join: "crm", on }) };
}

export interface GroupSummary {
  id: string;
  name: string;
  channelName: string | null;
  memberCount: number;
}

/** The groups the viewer administers (My Groups; the rule is app/modules/access/people.server.ts). */
export async function listMyGroups(db: Db, companyId: string, viewerId: string): Promise<GroupSummary[]> {
  const mine = await db
    .select({ id: groups.id, name: groups.name, channelName: groups.channelName })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), administersGroup(companyId, groups.id, viewerId)))
    .orderBy(asc(groups.name));
  if (mine.length === 0) return [];
  const counts = await db
    .select({ groupId: groupMembers.groupId, n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.companyId, companyId), inArray(groupMembers.groupId, mine.map((g) => g.id))))
    .groupBy(groupMembers.groupId);
  const byId = new Map(counts.map((c) => [c.groupId, c.n]));
  return mine.map((g) => ({ ...g, memberCount: byId.get(g.id) ?? 0 }));
}

/** Members of a group the viewer administers, or null (404) otherwise. */
export async function loadMyGroupMembers(
  db: Db,
  companyId: string,
  viewerId: string,
  groupId: string,
  page: number,
): Promise<{ name: string; page: MemberPage } | null> {
  const [row] = await db
    .select({ name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId), administersGroup(companyId, groupId, viewerId)))
    .limit(1);
  if (!row) return null;
  return { name: row.name, page: await groupMemberPage(db, companyId, groupId, page) };
}

/** One page of a group's members (name order). */
export function groupMemberPage(db: Db, companyId: string, groupId: string, page: number): Promise<MemberPage> {
  const where = and(eq(groupMembers.groupId, groupId), eq(groupMembers.companyId, companyId), eq(users.isDeleted, false));
  const on = and(eq(users.id, groupMembers.userId), eq(users.companyId, groupMembers.companyId));
  return pageOf(db, where, page, { join: "gm", on });
}
