import { goalCanFlags, goalStanding, mayAddGoals, type GoalCanFlags } from "~/modules/access/goals.server";
import type { ProfileTabArgs } from "~/modules/profile/tab-args";
import { goalCatalogue, goalDetails, type GoalDetail } from "./person-goals.server";

/** At most this many goals are listed (a person has a handful; the list says when there are more). */
export const GOALS_LIMIT = 200;

export type GoalItem = GoalDetail & GoalCanFlags & { pastDeadline: boolean };

/** Which dialog the address opens (`?goal=new`, `?goal=<id>&dialog=edit|delete|actions`), rendered on the server too. */
export type GoalDialog = { kind: "new" } | { kind: "edit" | "delete" | "actions"; goalId: string } | null;

export interface GoalsTabData {
  goals: GoalItem[];
  more: boolean;
  /** Add New (and any controls at all): the person themself or their acting manager or an admin. */
  mayAdd: boolean;
  /** The company's competencies and their behaviours, for the form; empty when no form can open. */
  catalogue: Array<{ id: string; name: string; behaviours: Array<{ id: string; name: string }> }>;
  dialog: GoalDialog;
  /** The server's now (ms), so the page marks past deadlines the same way the server does. */
  now: number;
}

const DIALOGS = new Set(["edit", "delete", "actions"]);

/**
 * The profile's Goals tab (002 §2.7): the person's goals with each one's can-flags, and the
 * dialog the address asks for when the viewer may use it. A goal id in the address that is not
 * this person's goal in the viewer's company is a 404.
 */
export async function loadGoalsTab(args: ProfileTabArgs): Promise<GoalsTabData> {
  const { context, viewer, person, url } = args;
  const companyId = viewer.company.id;
  const [standing, rows] = await Promise.all([goalStanding(context.db, viewer, person.id), goalDetails(context.db, companyId, person.id, GOALS_LIMIT + 1)]);
  const now = Date.now();
  const mayAdd = mayAddGoals(standing) && !person.isDeleted;
  const list: GoalItem[] = rows.slice(0, GOALS_LIMIT).map((goal) => {
    const can = goalCanFlags(standing, goal);
    return {
      ...goal,
      ...(person.isDeleted ? { canEdit: false, canDelete: false, canApprove: false, canComplete: false } : can),
      pastDeadline: !goal.completionStatus && goal.deadlineMs <= now,
    };
  });

  let dialog: GoalDialog = null;
  const asked = url.searchParams.get("goal");
  if (asked === "new") {
    if (mayAdd) dialog = { kind: "new" };
  } else if (asked) {
    const goal = list.find((g) => g.id === asked);
    if (!goal) throw new Response("Not Found", { status: 404 });
    const kind = url.searchParams.get("dialog") ?? "";
    if (DIALOGS.has(kind)) {
      const allowed = kind === "edit" ? goal.canEdit : kind === "delete" ? goal.canDelete : goal.canApprove || goal.canComplete;
      if (allowed) dialog = { kind: kind as "edit" | "delete" | "actions", goalId: goal.id };
    }
  }
  const formOpen = dialog?.kind === "new" || dialog?.kind === "edit";
  return {
    goals: list,
    more: rows.length > GOALS_LIMIT,
    mayAdd,
    catalogue: formOpen ? await goalCatalogue(context.db, companyId) : [],
    dialog,
    now,
  };
}
