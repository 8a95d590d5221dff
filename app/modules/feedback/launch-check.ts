import type { Delivery, FeedbackFor, LoopAudienceType, LoopType, TemplateType } from "./loop-types.ts";

/**
 * The launch check of a feedback loop (002 §5): the first unmet requirement, in the
 * specification's order, with one message each (the specification does not word them; these are
 * ours, docs/decisions.md). The configuration page shows it; the launch refuses with it.
 */
export const LAUNCH_MESSAGES = {
  questions: "Please add at least one question to the feedback loop.",
  feedbackType: "Please select the feedback type.",
  audience: "Please select the audience.",
  feedbackFor: "Please select who the feedback is for.",
  pairs: "Please create at least one sender-receiver pair.",
  audiencePairs: "Select at least two members from audience!",
  notifications: "Please choose how to send notifications.",
} as const;
export type LaunchRequirement = keyof typeof LAUNCH_MESSAGES;

export interface LaunchFacts {
  templateType: TemplateType;
  /** The loop has at least one block a sender answers (or a predefined format). */
  hasQuestions: boolean;
  workflowType: LoopType | null;
  audienceType: LoopAudienceType | null;
  /** People the audience resolves to. */
  audienceCount: number;
  feedbackFor: FeedbackFor | null;
  /** Manually defined (or uploaded) pairs. */
  definedPairCount: number;
  /** Pairs the audience gives for 360. */
  audiencePairCount: number;
  delivery: Delivery | null;
}

export function launchBlocker(f: LaunchFacts): { requirement: LaunchRequirement; message: string } | null {
  const fail = (requirement: LaunchRequirement) => ({ requirement, message: LAUNCH_MESSAGES[requirement] });
  if (!f.hasQuestions) return fail("questions");
  if (!f.workflowType) return fail("feedbackType");
  if (!f.audienceType || f.audienceCount === 0) return fail("audience");
  const companyType = f.workflowType === "company-feedback";
  if (!companyType && !f.feedbackFor) return fail("feedbackFor");
  if (!companyType && f.feedbackFor === "manually-define" && f.definedPairCount === 0) return fail("pairs");
  if (!companyType && f.feedbackFor === "360" && f.audiencePairCount === 0) return fail("audiencePairs");
  if (!f.delivery) return fail("notifications");
  return null;
}
