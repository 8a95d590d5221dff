import type { ProfileTabArgs } from "./tab-args";

export type FeedbackTabData = null;

export async function loadFeedbackTab(_args: ProfileTabArgs): Promise<FeedbackTabData> {
  return null;
}
