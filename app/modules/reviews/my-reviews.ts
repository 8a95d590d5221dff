import type { MyReviewTab } from "./my-reviews.server";

/** The My Reviews page's tabs (000 §2 "My Reviews"). */

export const MY_REVIEW_TABS: readonly MyReviewTab[] = ["received", "team", "given", "shared"];
export const MY_REVIEW_TAB_LABELS: Record<MyReviewTab, string> = {
  received: "Reviews received",
  team: "My team",
  given: "Reviews given",
  shared: "Shared with me",
};
/** `?tab=`: one of the four, else Reviews received. */
export const tabOf = (value: string | null): MyReviewTab => MY_REVIEW_TABS.find((t) => t === value) ?? "received";

