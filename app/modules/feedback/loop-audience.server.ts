import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { channelMembers, channels, groupMembers, groups, userManagers, users, workspaceMembers, workspaces } from "~/db/schema";
import type { FeedbackFor, LoopAudienceType, LoopPair, LoopType } from "./loop-types";
import { loopPairs } from "./pairs";

/**
 * A loop's audience as people (002 §3 audience entries): chosen users, the members of chosen
 * channels (Slack-type) or groups (Teams-type), the workspace, or the people of uploaded pairs.
 * Only active people (neither deactivated nor excluded) of the company take part; ids of another
 * company match nobody.
 */
export interface LoopAudience {
  audienceType: LoopAudienceType | null;
  audienceIds: readonly string[];
  workspaceId: string | null;
  pairs: readonly LoopPair[];
}

const idsIn = (column: unknown, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
const active = (companyId: string) => and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false));

export async function loopAudienceMembers(db: Db, companyId: string, audience: LoopAudience): Promise<string[]> {
  const { audienceType, audienceIds } = audience;
  if (!audienceType) return [];
  let rows: Array<{ id: string }> = [];
  if (audienceType === "users" || audienceType === "upload") {
    const ids = audienceType === "users" ? audienceIds : [...new Set(audience.pairs.flatMap((p) => [p.senderId, p.receiverId]))];
    if (ids.length === 0) return [];
    rows = await db.select({ id: users.id }).from(users).where(and(active(companyId), idsIn(users.id, ids)));
  } else if (audienceType === "channels") {
    if (audienceIds.length === 0) return [];
    rows = await db
      .selectDistinct({ id: users.id })
      .from(channelMembers)
      .innerJoin(channels, and(eq(channels.id, channelMembers.channelId), eq(channels.companyId, companyId)))
      .innerJoin(users, eq(users.id, channelMembers.userId))
      .where(and(active(companyId), idsIn(channelMembers.channelId, audienceIds)));
  } else if (audienceType === "groups") {
    if (audienceIds.length === 0) return [];
    rows = await db
      .selectDistinct({ id: users.id })
      .from(groupMembers)
      .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.companyId, companyId)))
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(active(companyId), idsIn(groupMembers.groupId, audienceIds)));
  } else if (audienceType === "workspace") {
    rows = audience.workspaceId
      ? await db
          .select({ id: users.id })
          .from(workspaceMembers)
          .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), eq(workspaces.companyId, companyId)))
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(and(active(companyId), eq(workspaceMembers.workspaceId, audience.workspaceId)))
      : await db.select({ id: users.id }).from(users).where(active(companyId));
  }
  return rows.map((r) => r.id);
}

/** Each person's active managers. */
export async function managersOf(db: Db, companyId: string, memberIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (memberIds.length === 0) return out;
  const rows = await db
    .select({ userId: userManagers.userId, managerId: userManagers.managerId })
    .from(userManagers)
    .innerJoin(users, eq(users.id, userManagers.managerId))
    .where(and(eq(userManagers.companyId, companyId), active(companyId), idsIn(userManagers.userId, memberIds)));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.managerId]);
  return out;
}

export interface LoopPairSettings extends LoopAudience {
  workflowType: LoopType | null;
  feedbackFor: FeedbackFor | null;
}

/** The audience's people and the pairs a run of these settings has (app/modules/feedback/pairs.ts). */
export async function resolveLoopPairs(db: Db, companyId: string, settings: LoopPairSettings): Promise<{ members: string[]; pairs: LoopPair[] }> {
  const members = await loopAudienceMembers(db, companyId, settings);
  const needsManagers = settings.feedbackFor === "manager-upward" || settings.feedbackFor === "manager-downward";
  const managers = needsManagers ? await managersOf(db, companyId, members) : new Map<string, string[]>();
  let definedPairs: readonly LoopPair[] = settings.pairs;
  if (settings.feedbackFor === "manually-define" && definedPairs.length > 0) {
    // Defined pairs name people of the company who are still active.
    const ids = [...new Set(definedPairs.flatMap((p) => [p.senderId, p.receiverId]))];
    const ok = new Set((await db.select({ id: users.id }).from(users).where(and(active(companyId), idsIn(users.id, ids)))).map((r) => r.id));
    definedPairs = definedPairs.filter((p) => ok.has(p.senderId) && ok.has(p.receiverId));
  }
  const pairs = loopPairs({
    loopType: settings.workflowType ?? "direct-feedback",
    feedbackFor: settings.feedbackFor,
    members,
    managersOf: managers,
    definedPairs,
    companyId,
  });
  return { members, pairs };
}

/** The audience's active people as one SQL subquery of ids (what loopAudienceMembers reads). */
function audienceIdsSql(companyId: string, audience: LoopAudience): SQL | null {
  const activeUser = sql`u.company_id = ${companyId} AND u.is_deleted = 0 AND u.is_excluded = 0`;
  const inJson = (ids: readonly string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  switch (audience.audienceType) {
    case "users":
    case "upload": {
      const ids =
        audience.audienceType === "users" ? audience.audienceIds : [...new Set(audience.pairs.flatMap((p) => [p.senderId, p.receiverId]))];
      return sql`SELECT u.id FROM users u WHERE ${activeUser} AND u.id IN ${inJson(ids)}`;
    }
    case "channels":
      return sql`SELECT DISTINCT u.id FROM channel_members cm
        JOIN channels c ON c.id = cm.channel_id AND c.company_id = ${companyId}
        JOIN users u ON u.id = cm.user_id
        WHERE ${activeUser} AND cm.channel_id IN ${inJson(audience.audienceIds)}`;
    case "groups":
      return sql`SELECT DISTINCT u.id FROM group_members gm
        JOIN groups g ON g.id = gm.group_id AND g.company_id = ${companyId}
        JOIN users u ON u.id = gm.user_id
        WHERE ${activeUser} AND gm.group_id IN ${inJson(audience.audienceIds)}`;
    case "workspace":
      return audience.workspaceId
        ? sql`SELECT u.id FROM workspace_members wm
            JOIN workspaces w ON w.id = wm.workspace_id AND w.company_id = ${companyId}
            JOIN users u ON u.id = wm.user_id
            WHERE ${activeUser} AND wm.workspace_id = ${audience.workspaceId}`
        : sql`SELECT u.id FROM users u WHERE ${activeUser}`;
    default:
      return null;
  }
}

/** What the configuration page shows of a loop's pairs: their count and one sender's receivers (its preview). */
export interface LoopPairSummary {
  memberCount: number;
  pairCount: number;
  firstSender: string | null;
  /** The first sender's receivers, at most `previewCount`, and how many they are in all. */
  firstReceivers: string[];
  firstReceiverCount: number;
}

/**
 * The counts resolveLoopPairs would give, without reading the pairs: a manager-upward or
 * manager-downward loop over a whole company has thousands, and the configuration page, which
 * shows only their number and one sender's receivers, would read every person and manager on each
 * load. Counted in SQL with the same rules as pairs.ts (active managers, nobody their own manager);
 * other kinds of feedback-for have few pairs or as many as people, and are resolved as a launch does.
 */
export async function loopPairSummary(db: Db, companyId: string, settings: LoopPairSettings, previewCount: number): Promise<LoopPairSummary> {
  const byManager =
    settings.workflowType !== "company-feedback" && (settings.feedbackFor === "manager-upward" || settings.feedbackFor === "manager-downward");
  const members = byManager ? audienceIdsSql(companyId, settings) : null;
  if (!members) {
    const { members: ids, pairs } = await resolveLoopPairs(db, companyId, settings);
    const firstSender = pairs[0]?.senderId ?? null;
    const receivers = firstSender ? pairs.filter((p) => p.senderId === firstSender).map((p) => p.receiverId) : [];
    return { memberCount: ids.length, pairCount: pairs.length, firstSender, firstReceivers: receivers.slice(0, previewCount), firstReceiverCount: receivers.length };
  }
  const links = sql`SELECT um.user_id AS member, um.manager_id AS manager FROM user_managers um
    JOIN users u ON u.id = um.manager_id AND u.company_id = ${companyId} AND u.is_deleted = 0 AND u.is_excluded = 0
    WHERE um.company_id = ${companyId} AND um.manager_id <> um.user_id AND um.user_id IN (${members})`;
  // One statement, so the links are worked out once: their count, the first sender and their receivers.
  const [sender, receiver] = settings.feedbackFor === "manager-downward" ? [sql`manager`, sql`member`] : [sql`member`, sql`manager`];
  const [row] = await db.all<{ members: number; pairs: number; sender: string | null; receivers: string; receiverCount: number }>(sql`
    WITH m AS (${members}), l AS MATERIALIZED (${links}), s AS (SELECT min(${sender}) AS id FROM l)
    SELECT (SELECT count(*) FROM m) AS members, (SELECT count(*) FROM l) AS pairs, (SELECT id FROM s) AS sender,
           (SELECT json_group_array(r) FROM (SELECT ${receiver} AS r FROM l WHERE ${sender} = (SELECT id FROM s) ORDER BY 1 LIMIT ${previewCount})) AS receivers,
           (SELECT count(*) FROM l WHERE ${sender} = (SELECT id FROM s)) AS receiverCount`);
  return {
    memberCount: row?.members ?? 0,
    pairCount: row?.pairs ?? 0,
    firstSender: row?.sender ?? null,
    firstReceivers: row?.sender ? (JSON.parse(row.receivers) as string[]) : [],
    firstReceiverCount: row?.sender ? row.receiverCount : 0,
  };
}
