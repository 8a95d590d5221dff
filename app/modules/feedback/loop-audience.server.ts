import { and, eq, sql } from "drizzle-orm";
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
