import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { channelMembers, channels, users, workspaceMembers, workspaces } from "~/db/schema";
import { MEMBERS_PAGE_SIZE, type MemberPage } from "./team.server";

/** One channel row of a workspace card; counts leave out deactivated people. */
export interface ChannelListRow {
  id: string;
  name: string;
  isPrivate: boolean;
  memberCount: number;
}

/** A Slack-type workspace (read-only: it comes from Slack) with its channels. */
export interface WorkspaceListRow {
  id: string;
  name: string;
  slackTeamId: string;
  memberCount: number;
  channels: ChannelListRow[];
}

/** The company's workspaces, by name, each with its channels by name: two queries in one batch. */
export async function listWorkspaces(db: Db, companyId: string): Promise<WorkspaceListRow[]> {
  const [spaces, rooms] = await db.batch([
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        slackTeamId: workspaces.slackTeamId,
        memberCount: count(users.id),
      })
      .from(workspaces)
      .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.companyId, workspaces.companyId)))
      .leftJoin(users, and(eq(users.id, workspaceMembers.userId), eq(users.companyId, workspaceMembers.companyId), eq(users.isDeleted, false)))
      .where(eq(workspaces.companyId, companyId))
      .groupBy(workspaces.id)
      .orderBy(sql`${workspaces.name} collate nocase`, asc(workspaces.id)),
    db
      .select({
        id: channels.id,
        workspaceId: channels.workspaceId,
        name: channels.name,
        isPrivate: channels.isPrivate,
        memberCount: count(users.id),
      })
      .from(channels)
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.companyId, channels.companyId)))
      .leftJoin(users, and(eq(users.id, channelMembers.userId), eq(users.companyId, channelMembers.companyId), eq(users.isDeleted, false)))
      .where(eq(channels.companyId, companyId))
      .groupBy(channels.id)
      .orderBy(sql`${channels.name} collate nocase`, asc(channels.id)),
  ]);
  const byWorkspace = new Map<string, ChannelListRow[]>();
  for (const { workspaceId, ...room } of rooms) {
    const list = byWorkspace.get(workspaceId) ?? [];
    list.push({ ...room, isPrivate: Boolean(room.isPrivate) });
    byWorkspace.set(workspaceId, list);
  }
  return spaces.map((space) => ({ ...space, channels: byWorkspace.get(space.id) ?? [] }));
}

export interface ChannelDetail {
  id: string;
  name: string;
  isPrivate: boolean;
  workspace: { id: string; name: string };
  members: MemberPage;
}

/**
 * A channel of the given workspace of the company, with one page (50) of its active members by
 * name; null (404) when the channel is not in that workspace or not in the viewer's company.
 */
export async function loadChannel(db: Db, companyId: string, workspaceId: string, channelId: string, page: number): Promise<ChannelDetail | null> {
  const inChannel = and(eq(channelMembers.channelId, channelId), eq(channelMembers.companyId, companyId));
  const on = and(eq(users.id, channelMembers.userId), eq(users.companyId, channelMembers.companyId), eq(users.isDeleted, false));
  const [found, counts, members] = await db.batch([
    db
      .select({
        id: channels.id,
        name: channels.name,
        isPrivate: channels.isPrivate,
        workspaceId: channels.workspaceId,
        // Aliased: D1's batch returns rows keyed by column name, and both tables have "id" and "name".
        workspaceName: sql<string>`${workspaces.name}`.as("workspace_name"),
      })
      .from(channels)
      .innerJoin(workspaces, and(eq(workspaces.id, channels.workspaceId), eq(workspaces.companyId, channels.companyId)))
      .where(and(eq(channels.id, channelId), eq(channels.workspaceId, workspaceId), eq(channels.companyId, companyId)))
      .limit(1),
    db.select({ n: count() }).from(channelMembers).innerJoin(users, on).where(inChannel),
    db
      .select({ id: users.id, name: users.name, title: users.title, imageUrl: users.imageUrl })
      .from(channelMembers)
      .innerJoin(users, on)
      .where(inChannel)
      .orderBy(asc(users.name), asc(users.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((page - 1) * MEMBERS_PAGE_SIZE),
  ]);
  const channel = found[0];
  if (!channel) return null;
  const total = counts[0]?.n ?? 0;
  return {
    id: channel.id,
    name: channel.name,
    isPrivate: Boolean(channel.isPrivate),
    workspace: { id: channel.workspaceId, name: channel.workspaceName },
    members: {
      members: members.map((m) => ({ ...m, isTeamAdmin: false })),
      total,
      page,
      pageCount: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)),
    },
  };
}
