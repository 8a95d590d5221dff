import { runGoalAction } from "~/modules/goals/goal-actions.server";
import { downloadPersonalInsights } from "~/modules/insights/insights-report.server";
import { approveObjectives } from "./objectives-approve.server";
import { downloadFeedback } from "./feedback-report.server";
import { saveManagers, type ProfileActionReply } from "./managers.server";
import type { ProfileAction } from "./profile.schema";
import type { ProfileTabArgs } from "./tab-args";

/**
 * A profile page's action, after the route checked the path (the same access as its loader) and
 * parsed the form. Each intent checks its own permission by name and answers with a redirect
 * (and a toast) or the submission's errors.
 */
export async function runProfileAction(args: ProfileTabArgs, action: ProfileAction): Promise<Response | ProfileActionReply> {
  switch (action.intent) {
    case "managers":
      return saveManagers(args, action);
    case "download-insights":
      return downloadPersonalInsights(args, action.query);
    case "download-feedback":
      return downloadFeedback(args, action.query);
    case "goal-save":
    case "goal-delete":
    case "goal-actions":
      return runGoalAction(args, action);
    case "approveObjectives":
      return approveObjectives(args, action);
  }
}
