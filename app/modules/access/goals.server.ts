import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hasPermission } from "~/lib/permissions/names";
import type { Viewer } from "~/modules/auth/session.server";
import { isManagerOf } from "./people.server";

/**
 * Who may add, edit, delete, approve and complete a person's goals (002 §6), in one place. In words:
 *
 * - Goals exist on Slack-type only (ViewGoals); on Teams-type nobody acts.
 * - Acting on someone's goals: the person themself, or a PerformGoalsAction holder who is the
 *   person's manager or an admin (super or team admin). Add New shows for exactly them.
 * - Edit and delete: those people, not once the goal is completed.
 * - Approve: the person's manager or an admin (with PerformGoalsAction), not one's own goal unless
 *   an admin, once.
 * - Complete: the person, their manager or an admin, once; the goal must be approved first
 *   ('Goal cannot be completed without approval'), which the write checks with the state.
 */

export interface GoalStanding {
  /** ViewGoals: the platform has goals. */
  goalsOn: boolean;
  self: boolean;
  /** The viewer manages the person. */
  manager: boolean;
  /** Super admin or team admin. */
  admin: boolean;
  /** PerformGoalsAction. */
  performs: boolean;
}

export interface GoalCanFlags {
  canEdit: boolean;
  canDelete: boolean;
  canApprove: boolean;
  canComplete: boolean;
}

type GoalViewer = Pick<Viewer, "user" | "company" | "permissions">;

export function standingOf(viewer: GoalViewer, personId: string, manager: boolean): GoalStanding {
  return {
    goalsOn: hasPermission(viewer.permissions, "ViewGoals"),
    self: viewer.user.id === personId,
    manager,
    admin: viewer.user.isSuperAdmin || viewer.user.isTeamAdmin,
    performs: hasPermission(viewer.permissions, "PerformGoalsAction"),
  };
}

/** The viewer's standing towards the person's goals: one lookup of the manager link, company-scoped. */
export async function goalStanding(db: Db, viewer: GoalViewer, personId: string): Promise<GoalStanding> {
  const row = await db.get<{ manager: number }>(sql`SELECT ${isManagerOf(viewer.company.id, viewer.user.id, personId)} AS manager`);
  return standingOf(viewer, personId, Boolean(row?.manager));
}

/** Someone other than the person who acts on their goals: a PerformGoalsAction holder who manages them or is an admin. */
function actsForOthers(s: GoalStanding): boolean {
  return s.performs && (s.manager || s.admin);
}

/** Add New (and the goals' controls at all): the person themself or an acting manager or admin. */
export function mayAddGoals(s: GoalStanding): boolean {
  return s.goalsOn && (s.self || actsForOthers(s));
}

/** Each goal's own can-flags (002 §3). */
export function goalCanFlags(s: GoalStanding, goal: { approvalStatus: boolean; completionStatus: boolean }): GoalCanFlags {
  const acts = mayAddGoals(s);
  const open = !goal.completionStatus;
  return {
    canEdit: acts && open,
    canDelete: acts && open,
    canApprove: s.goalsOn && actsForOthers(s) && (!s.self || s.admin) && !goal.approvalStatus,
    canComplete: acts && open,
  };
}

/** Why approving is refused for someone who may act on the goal: it is their own. */
export function approvesOwnGoal(s: GoalStanding): boolean {
  return s.self && !s.admin;
}
