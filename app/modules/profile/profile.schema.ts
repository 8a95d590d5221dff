import { z } from "zod";
import { approveObjectivesSchema } from "~/modules/objectives/objective.schema";
import { GoalActionsIntent, GoalDeleteIntent, GoalSaveIntent } from "~/modules/goals/goals.schema";

/**
 * Every form a profile page posts, one discriminated union on `intent` (a missing or unknown
 * intent is a 400 and writes nothing). Each tab's form keeps its own fields here.
 */

/** Managers of the person, replaced by the ticked people (UpdateUserManagers; other people's profiles only). */
export const ManagersIntent = z.object({
  intent: z.literal("managers"),
  managerIds: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
});

/** The Feedback tab's filtered rows as a PDF (queued report). The filters are the tab's query string. */
export const DownloadFeedbackIntent = z.object({
  intent: z.literal("download-feedback"),
  query: z.string().max(4000).default(""),
});

/** The personal Feedback Insights as a PDF (queued report). The filters are the tab's query string. */
export const DownloadInsightsIntent = z.object({
  intent: z.literal("download-insights"),
  query: z.string().max(4000).default(""),
});

export const ProfileActionSchema = z.discriminatedUnion("intent", [
  ManagersIntent,
  DownloadFeedbackIntent,
  DownloadInsightsIntent,
  // Goals tab (002 §2.7): add or edit, delete, approve and complete.
  GoalSaveIntent,
  GoalDeleteIntent,
  GoalActionsIntent,
  approveObjectivesSchema,
]);
export type ProfileAction = z.infer<typeof ProfileActionSchema>;
