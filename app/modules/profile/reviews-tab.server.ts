import { hasPermission } from "~/lib/permissions/names";
import { myReviewList, reportsSharedWithMe, type MyReviewItem } from "~/modules/reviews/my-reviews.server";
import type { SharedReportItem } from "~/modules/reviews/reports/reviewee-report.server";
import type { ProfileTabArgs } from "./tab-args";

export interface ReviewsTabData {
  /** The results of reviews of the person shared with them (My Reviews, "Reviews received"). */
  results: MyReviewItem[];
  /** There are more results than listed (My Reviews lists them all). */
  moreResults: boolean;
  /** The review reports shared with the person (My Reviews, "Shared with me"). */
  reports: SharedReportItem[];
  moreReports: boolean;
}

/**
 * The Reviews tab of one's own profile: what My Reviews shows the person as shared with them —
 * the results of their own reviews (by hand or by the review's automated sharing, anonymity floor
 * included) and the reports others shared with them — read by My Reviews' own queries, so the tab
 * never shows what My Reviews would not, and each row links to its page there.
 */
export async function loadReviewsTab(args: ProfileTabArgs): Promise<ReviewsTabData> {
  const { context, viewer } = args;
  // Only one's own profile has this tab; My Reviews' permission still decides (its pages are the links).
  if (!args.isOwn || !hasPermission(viewer.permissions, "ViewMyReviewsPage")) {
    return { results: [], moreResults: false, reports: [], moreReports: false };
  }
  const [results, reports] = await Promise.all([myReviewList(context, viewer, "received"), reportsSharedWithMe(context, viewer)]);
  return {
    results: results.items,
    moreResults: results.more,
    reports: reports.items,
    moreReports: reports.more,
  };
}
