import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { deadlineIsFuture, deadlineOfDay, mayBeCompleted } from "./goal-rules";

/**
 * The Goals tab's forms (002 §5), used by the page (Conform, in the browser) and the profile's
 * action alike. Each is one intent of the profile's form union.
 */

const ids = z.array(z.string().trim().min(1).max(200)).max(50).default([]);
const goalId = z.string({ error: sharedCopy.required }).trim().min(1, sharedCopy.required).max(200);

/** Add (no goalId) or edit a goal. The deadline is a day; its end must be later than now. */
export const GoalSaveIntent = z.object({
  intent: z.literal("goal-save"),
  goalId: z.string().trim().max(200).optional(),
  name: z.string({ error: sharedCopy.required }).trim().min(1, sharedCopy.required).max(200),
  description: z.string().trim().max(2000).optional(),
  deadline: z
    .string({ error: sharedCopy.required })
    .trim()
    .min(1, sharedCopy.required)
    .refine((day) => deadlineOfDay(day) !== null, sharedCopy.goalDeadlineInvalid)
    .refine((day) => {
      const deadline = deadlineOfDay(day);
      return deadline === null || deadlineIsFuture(deadline, Date.now());
    }, sharedCopy.goalDeadlineInPast),
  competencyIds: ids,
  behaviourIds: ids,
});

export const GoalDeleteIntent = z.object({
  intent: z.literal("goal-delete"),
  goalId,
});

/**
 * The goal-actions form: approval and completion are separate ticks (002 §7 approvals
 * {approvalStatus, completionStatus}); completion needs approval.
 */
export const GoalActionsIntent = z
  .object({
    intent: z.literal("goal-actions"),
    goalId,
    approvalStatus: z.literal("on").optional(),
    completionStatus: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.completionStatus && !mayBeCompleted(Boolean(value.approvalStatus))) {
      ctx.addIssue({ code: "custom", path: ["completionStatus"], message: sharedCopy.goalCompletionNeedsApproval });
    }
  });

export type GoalSave = z.infer<typeof GoalSaveIntent>;
export type GoalDelete = z.infer<typeof GoalDeleteIntent>;
export type GoalActions = z.infer<typeof GoalActionsIntent>;
export type GoalIntent = GoalSave | GoalDelete | GoalActions;
