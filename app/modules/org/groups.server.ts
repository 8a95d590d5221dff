import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { groupMembers, groups, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { GroupAction } from "./groups.schema";
import { MEMBERS_PAGE_SIZE, type MemberPage } from "./team.server";

/** 002 §3 "Group: id, msteams_name, msteams_channel_name", with member and admin counts. */
export interface GroupListRow {
  id: string;
  name: string;
  channelName: string | null;
  memberCount: number;
  adminCount: number;
}

export async function listGroups(db: Db, companyId: string): Promise<GroupListRow[]> {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      channelName: groups.channelName,
      memberCount: sql<number>`count(${groupMembers.userId})`.as("member_count"),
      adminCount: sql<number>`coalesce(sum(${groupMembers.isAdmin}), 0)`.as("admin_count"),
    })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.companyId, groups.companyId)))
    .where(eq(groups.companyId, companyId))
    .groupBy(groups.id)
    .orderBy(asc(groups.name));
}

export interface GroupDetail {
  id: string;
  name: string;
  channelName: string | null;
  memberCount: number;
  adminCount: number;
  /** isTeamAdmin here is the person's admin flag in this group. */
  members: MemberPage;
  admins: Array<{ id: string; name: string; title: string | null; imageUrl: string | null; isTeamAdmin: boolean }>;
}

const ADMINS_SHOWN = 200;

/** A group of the company with one page of members and its admins; null (404) otherwise. */
export async function loadGroup(db: Db, companyId: string, groupId: string, page: number): Promise<GroupDetail | null> {
  const person = { id: users.id, name: users.name, title: users.title, imageUrl: users.imageUrl, isTeamAdmin: groupMembers.isAdmin };
  const on = and(eq(users.id, groupMembers.userId), eq(users.companyId, groupMembers.companyId));
  const inGroup = and(eq(groupMembers.groupId, groupId), eq(groupMembers.companyId, companyId));
  const [found, counts, members, admins] = await db.batch([
    db
      .select({ id: groups.id, name: groups.name, channelName: groups.channelName })
      .from(groups)
      .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId)))
      .limit(1),
    db
      .select({ n: count(), admins: sql<number>`coalesce(sum(${groupMembers.isAdmin}), 0)`.as("admins") })
      .from(groupMembers)
      .where(inGroup),
    db
      .select(person)
      .from(groupMembers)
      .innerJoin(users, on)
      .where(inGroup)
      .orderBy(asc(users.name), asc(users.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((page - 1) * MEMBERS_PAGE_SIZE),
    db
      .select(person)
      .from(groupMembers)
      .innerJoin(users, on)
      .where(and(inGroup, eq(groupMembers.isAdmin, true)))
      .orderBy(asc(users.name))
      .limit(ADMINS_SHOWN),
  ]);
  const group = found[0];
  if (!group) return null;
  const total = counts[0]?.n ?? 0;
  return {
    ...group,
    memberCount: total,
    adminCount: Number(counts[0]?.admins ?? 0),
    members: { members, total, page, pageCount: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)) },
    admins,
  };
}

export type GroupChangeResult = { ok: true; message: string } | { ok: false; error: string } | { ok: false; notFound: true };

export const GROUP_ERRORS = {
  noSuchPerson: "No active person with this e-mail in your organization.",
  alreadyMember: "This person is already a member of the group.",
  notMember: "This person is not a member of the group.",
  lastMember: "A group needs at least one member.",
  lastAdmin: "A group needs at least one admin.",
  adminsAreMembers: "Admins must be members of the group.",
} as const;

/**
 * One change to a group's members or admins, enforcing 002 §5: at least one member, at least one
 * admin, and every admin a member. Reads the state first, then writes the change and its audit row
 * in one batch.
 */
export async function changeGroup(
  db: Db,
  actor: { companyId: string; actorId: string; requestId?: string | null },
  groupId: string,
  change: GroupAction,
): Promise<GroupChangeResult> {
  const { companyId } = actor;
  const [group] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId)))
    .limit(1);
  if (!group) return { ok: false, notFound: true };
  const [stats] = await db
    .select({ n: count(), admins: sql<number>`coalesce(sum(${groupMembers.isAdmin}), 0)`.as("admins") })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.companyId, companyId)));
  const memberCount = stats?.n ?? 0;
  const adminCount = Number(stats?.admins ?? 0);
  const audit = (action: string, userId: string) =>
    auditEvent(db, { ...actor, action, entityType: "group", entityId: groupId, data: { userId } });

  if (change.intent === "add-member") {
    const [person] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = ${change.email.toLowerCase()}`, eq(users.isDeleted, false)))
      .limit(1);
    if (!person) return { ok: false, error: GROUP_ERRORS.noSuchPerson };
    const existing = await membership(db, companyId, groupId, person.id);
    if (existing) return { ok: false, error: GROUP_ERRORS.alreadyMember };
    await db.batch([db.insert(groupMembers).values({ companyId, groupId, userId: person.id, isAdmin: false }), audit("group.member_added", person.id)]);
    return { ok: true, message: `${person.name} added to ${group.name}` };
  }

  const current = await membership(db, companyId, groupId, change.userId);
  const where = and(eq(groupMembers.groupId, groupId), eq(groupMembers.companyId, companyId), eq(groupMembers.userId, change.userId));
  switch (change.intent) {
    case "remove-member":
      if (!current) return { ok: false, error: GROUP_ERRORS.notMember };
      if (memberCount <= 1) return { ok: false, error: GROUP_ERRORS.lastMember };
      if (current.isAdmin && adminCount <= 1) return { ok: false, error: GROUP_ERRORS.lastAdmin };
      await db.batch([db.delete(groupMembers).where(where), audit("group.member_removed", change.userId)]);
      return { ok: true, message: "Member removed" };
    case "make-admin":
      if (!current) return { ok: false, error: GROUP_ERRORS.adminsAreMembers };
      if (current.isAdmin) return { ok: true, message: "Admin added" };
      await db.batch([db.update(groupMembers).set({ isAdmin: true }).where(where), audit("group.admin_added", change.userId)]);
      return { ok: true, message: "Admin added" };
    case "unmake-admin":
      if (!current) return { ok: false, error: GROUP_ERRORS.notMember };
      if (!current.isAdmin) return { ok: true, message: "Admin removed" };
      if (adminCount <= 1) return { ok: false, error: GROUP_ERRORS.lastAdmin };
      await db.batch([db.update(groupMembers).set({ isAdmin: false }).where(where), audit("group.admin_removed", change.userId)]);
      return { ok: true, message: "Admin removed" };
  }
}

async function membership(db: Db, companyId: string, groupId: string, userId: string) {
  const [row] = await db
    .select({ isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.companyId, companyId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}
