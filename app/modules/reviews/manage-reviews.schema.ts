import { z } from "zod";

/** The reviews list's row forms (000 §2): a row action on one review, asked first and then confirmed. */
export const ManageReviewsActionSchema = z.object({
  action: z.enum(["deleteSchedule", "cancelReview", "deleteReview", "reopenReview"]),
  id: z.string().min(1).max(100),
  confirmed: z.enum(["true", "false"]).default("false"),
  /** Generated with the confirmation form: a resubmitted form is applied once. */
  requestId: z.string().max(100).optional(),
});

