import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";
import { inGroup, inMyTeam, inRelationship } from "~/modules/access/people.server";
import { DEFAULT_RELATIONSHIP_ID } from "~/modules/org/labels.server";

/** Whose figures a group's insights add up. */
export type Population =
  | { kind: "department"; departmentId: string }
  /** My Team ("default") of the viewer, or a custom relationship. */
  | { kind: "relationship"; relationshipId: string }
  | { kind: "group"; groupId: string }
  /** Slack-type: workspace and channel ids; Teams-type: group ids. Empty = every one of the company. */
  | { kind: "workspaceOrChannel"; groupIds: string[] };

/**
 * Whose figures a group's insights add up, as a subquery of user ids: people of the viewer's
 * company who are not deactivated, and
 * - department: in the department;
 * - relationship "default": the viewer's My Team (the members the My Team card lists); a custom
 *   relationship: its members, when the viewer is one of them (nobody otherwise);
 * - group: its members (group_members);
 * - workspace or channel: on Slack-type the members of the workspaces and channels named, on
 *   Teams-type of the groups named; none named = everyone.
 * Every membership table is read by the viewer's company, so another company's id adds nobody.
 */
export function populationIds(viewer: Pick<Viewer, "user" | "company">, population: Population): SQL {
  return sql`(SELECT u.id FROM users u WHERE ${populationFilter(viewer, population)})`;
}

/** The population as a condition over `users u`. */
export function populationFilter(viewer: Pick<Viewer, "user" | "company">, population: Population): SQL {
  return sql`u.company_id = ${viewer.company.id} AND u.is_deleted = 0 AND ${populationCondition(viewer, population)}`;
}

function populationCondition(viewer: Pick<Viewer, "user" | "company">, population: Population): SQL {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const u = sql.raw("u.id");
  switch (population.kind) {
    case "department":
      return sql`u.department_id = ${population.departmentId}`;
    case "relationship":
      if (population.relationshipId === DEFAULT_RELATIONSHIP_ID) return inMyTeam(company, me, u);
      return sql`(${inRelationship(company, population.relationshipId, me)} AND ${inRelationship(company, population.relationshipId, u)})`;
    case "group":
      return inGroup(company, population.groupId, u);
    case "workspaceOrChannel": {
      if (population.groupIds.length === 0) return sql`1`;
      const ids = JSON.stringify([...new Set(population.groupIds)]);
      if (viewer.company.platform === "slack")
        return sql`(u.id IN (SELECT wm.user_id FROM workspace_members wm WHERE wm.company_id = ${company} AND wm.workspace_id IN (SELECT value FROM json_each(${ids})))
          OR u.id IN (SELECT cm.user_id FROM channel_members cm WHERE cm.company_id = ${company} AND cm.channel_id IN (SELECT value FROM json_each(${ids}))))`;
      return sql`u.id IN (SELECT gm.user_id FROM group_members gm WHERE gm.company_id = ${company} AND gm.group_id IN (SELECT value FROM json_each(${ids})))`;
    }
  }
}
