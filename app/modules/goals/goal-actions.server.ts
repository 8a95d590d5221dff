import { data, redirect } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { goals } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { approvesOwnGoal, goalCanFlags, goalStanding, mayAddGoals } from "~/modules/access/goals.server";
import type { ProfileActionReply } from "~/modules/profile/managers.server";
import type { ProfileTabArgs } from "~/modules/profile/tab-args";
import { checkedGoalFields, deleteGoal, insertGoal, setGoalStatus, updateGoal, type FieldErrors } from "./goal-writes.server";
import { mayBeCompleted } from "./goal-rules";
import { GoalActionsIntent, GoalDeleteIntent, GoalSaveIntent, type GoalIntent } from "./goals.schema";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * The Goals tab's forms on a profile (002 §2.7): the gate by name (ViewGoals; a redirect home
 * without it, as for a route), the goal of this person in the viewer's company (else 404), the
 * goal's can-flag (app/modules/access/goals.server.ts), then one guarded write. Success goes back
 * to the tab with a toast; a refusal keeps the form open with its message and writes nothing.
 */
export async function runGoalAction(args: ProfileTabArgs, action: GoalIntent): Promise<Response | ProfileActionReply> {
  const { context, viewer, person } = args;
  const db = context.db;
  const companyId = viewer.company.id;
  const standing = await goalStanding(db, viewer, person.id);
  if (!standing.goalsOn) return redirect("/");
  const tab = `${args.basePath}/goals`;
  const done = (message: string) => redirectWithToast(tab, { type: "success", message }, { request: new Request(args.url) });
  const refuse = (formErrors?: string[], fieldErrors?: FieldErrors) => reply(action, formErrors, fieldErrors);
  const now = Date.now();

  const goalId = action.intent === "goal-save" ? action.goalId?.trim() || null : action.goalId;
  let goal: { approvalStatus: boolean; completionStatus: boolean } | null = null;
  if (goalId) {
    const [row] = await db
      .select({ approvalStatus: goals.approvalStatus, completionStatus: goals.completionStatus })
      .from(goals)
      .where(and(eq(goals.companyId, companyId), eq(goals.id, goalId), eq(goals.userId, person.id)))
      .limit(1);
    if (!row) throw notFound();
    goal = { approvalStatus: Boolean(row.approvalStatus), completionStatus: Boolean(row.completionStatus) };
  }
  const can = goal ? goalCanFlags(standing, goal) : null;

  switch (action.intent) {
    case "goal-save": {
      if (can ? !can.canEdit : !mayAddGoals(standing)) return refuse([sharedCopy.goalNotAllowed]);
      const checked = await checkedGoalFields(db, companyId, action);
      if (!checked.ok) return refuse(undefined, checked.fieldErrors);
      if (!goalId) {
        await insertGoal(db, companyId, person.id, viewer.user.id, checked.fields, now);
        return done(sharedCopy.goalAdded);
      }
      if (!(await updateGoal(db, companyId, person.id, goalId, checked.fields, now))) return refuse([sharedCopy.goalNotAllowed]);
      return done(sharedCopy.goalUpdated);
    }
    case "goal-delete": {
      if (!can!.canDelete) return refuse([sharedCopy.goalNotAllowed]);
      if (!(await deleteGoal(db, companyId, person.id, action.goalId))) return refuse([sharedCopy.goalNotAllowed]);
      return done(sharedCopy.goalDeleted);
    }
    case "goal-actions": {
      const current = goal!;
      const approve = Boolean(action.approvalStatus) && !current.approvalStatus;
      const complete = Boolean(action.completionStatus) && !current.completionStatus;
      if (!approve && !complete) return refuse([sharedCopy.goalNothingChanged]);
      if (approve && !can!.canApprove) return refuse([approvesOwnGoal(standing) ? sharedCopy.goalOwnApproval : sharedCopy.goalNotAllowed]);
      if (complete && !can!.canComplete) return refuse([sharedCopy.goalNotAllowed]);
      if (complete && !mayBeCompleted(current.approvalStatus || approve)) {
        return refuse(undefined, { completionStatus: [sharedCopy.goalCompletionNeedsApproval] });
      }
      const changed = await setGoalStatus(db, companyId, person.id, action.goalId, { approve, complete }, viewer.user.id, now);
      if (!changed) {
        // Raced: someone changed the goal between the read and the write; tell why from the state now.
        return complete ? refuse(undefined, { completionStatus: [sharedCopy.goalCompletionNeedsApproval] }) : refuse([sharedCopy.goalNotAllowed]);
      }
      return done(sharedCopy.goalActionsSaved);
    }
  }
}

/** The refused form's errors for the page, with the submitted values (Conform's reply), as a 400. */
function reply(action: GoalIntent, formErrors?: string[], fieldErrors?: FieldErrors): ProfileActionReply {
  const form = new FormData();
  for (const [key, value] of Object.entries(action)) {
    if (Array.isArray(value)) for (const v of value) form.append(key, String(v));
    else if (value !== undefined) form.set(key, String(value));
  }
  const schema = action.intent === "goal-save" ? GoalSaveIntent : action.intent === "goal-delete" ? GoalDeleteIntent : GoalActionsIntent;
  const submission = parseWithZod(form, { schema });
  return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: 400 });
}
