import type { ProfileTabArgs } from "./tab-args";

export type ReviewsTabData = null;

export async function loadReviewsTab(_args: ProfileTabArgs): Promise<ReviewsTabData> {
  return null;
}
