import { z } from "zod";

/**
 * The forms of the to-do pages (000 §2 "Review to-dos", "Awaiting nomination", "Manager approves
 * nomination", "Reviewer approves nomination"), client-safe. Each action parses its form with one
 * of these: a form whose intent is unknown or missing is refused, never taken for a save. The
 * answers of a review and the people of a nomination have names of their own (`a.{block}.value`,
 * `value.{pair}`, repeated `reviewerIds`) and are read from the form with answersFromForm,
 * responsesOf and reviewerIdsOf.
 */

/** Made by the page with the form: a resubmitted form is applied once. */
const requestId = z
  .string()
  .optional()
  .transform((value) => (value ?? "").slice(0, 100) || undefined);
const reason = (trim: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (trim ? (value ?? "").trim() : value ?? "").slice(0, 2000));

/** The review to complete: its footer's buttons, auto-save, the two confirmation steps and sharing. */
export const TodoReviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), requestId }),
  z.object({ intent: z.literal("autosave"), requestId }),
  z.object({ intent: z.literal("submit"), requestId }),
  z.object({ intent: z.literal("decline"), requestId }),
  z.object({ intent: z.literal("confirmSubmit"), requestId }),
  z.object({ intent: z.literal("confirmDecline"), requestId, declineReason: reason(true) }),
  z.object({ intent: z.literal("shareWithReviewee"), requestId }),
]);

/** The nominee proposes reviewers, or declines to nominate. */
export const NominateActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("nominate"), requestId }),
  z.object({ intent: z.literal("decline"), requestId, declineReason: reason(false) }),
]);

/** The reviewee's manager (or the review's owner) answers the nominations, or adds reviewers. */
export const ManagerApproveActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("respond"), requestId }),
  z.object({ intent: z.literal("add"), requestId }),
]);

/** The nominated reviewer accepts or declines. */
export const ReviewerApproveActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("respond"), requestId })]);

/** The answer to a form whose intent is unknown or missing (as the other pages answer one). */
export function invalidIntent(): Response {
  return new Response("Invalid intent", { status: 400 });
}
