import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";
import { administeredGroups, limitedToOwnGroups } from "./groups.server";
import { isManagerOf } from "./people.server";

/**
 * Who may see which review report (000 §2 "Review reports", §6). A report is one
 * reviewee in one review (campaign) and every report query is scoped by these rules, as SQL over
 * the campaign aliased `c` and the reviewee's id expression:
 * - admins (ViewManageReviews): every review of the company; a Teams-type group admin who is
 *   not a super admin: reviews of the groups they administer and reviews without a group (the
 *   same rule as managing reviews);
 * - managers: the reviewees who are their direct reports (user_managers), in any review;
 * - anyone a report was shared with (report_shares), for exactly that review and reviewee.
 * Only live and closed reviews have reports (a draft has no answers).
 */

/** Campaign states whose answers make reports. */
export const REPORTED_STATES = sql`('live', 'closed')`;

/** Reports the viewer sees as an admin or manager (the pages of ViewReviewReports). */
export function reportAccess(viewer: Viewer, campaign: SQL = sql.raw("c"), reviewee: SQL = sql.raw("p.reviewee_id")): SQL {
  const me = viewer.user.id;
  const company = viewer.company.id;
  const managerOf = isManagerOf(company, me, reviewee);
  if (!viewer.permissions.includes("ViewManageReviews")) return managerOf;
  if (!limitedToOwnGroups(viewer)) return sql`1`;
  return sql`(${campaign}.group_id IS NULL OR ${campaign}.group_id IN ${administeredGroups(company, me)} OR ${managerOf})`;
}

/** Reports shared with the viewer (My Reviews, "Shared with me"). */
export function sharedWithViewer(viewer: Viewer, campaign: SQL = sql.raw("c"), reviewee: SQL = sql.raw("p.reviewee_id")): SQL {
  return sql`EXISTS (SELECT 1 FROM report_shares rs WHERE rs.company_id = ${viewer.company.id} AND rs.campaign_id = ${campaign}.id
    AND rs.reviewee_id = ${reviewee} AND rs.user_id = ${viewer.user.id})`;
}

/** Either: what a downloaded file or a shared report view checks. */
export function mayReadReport(viewer: Viewer, campaign: SQL = sql.raw("c"), reviewee: SQL = sql.raw("p.reviewee_id")): SQL {
  const asReporter = viewer.permissions.includes("ViewReviewReports") ? reportAccess(viewer, campaign, reviewee) : sql`0`;
  return sql`(${asReporter} OR ${sharedWithViewer(viewer, campaign, reviewee)})`;
}

/**
 * Whether the reviewer's name may be shown to the viewer in a report of an anonymous review
 * (000 §6: "anonymous child rows expandable only on Teams-type, for admins, or non-anonymous
 * rows"): the registry's ExpandAnonymousReportRows (Teams-type, or admins). Managers on
 * Slack-type see "Anonymous".
 */
export function mayNameAnonymousReviewers(viewer: Pick<Viewer, "permissions">): boolean {
  return viewer.permissions.includes("ExpandAnonymousReportRows");
}

/**
 * Whether a person a report was shared with may see the names of an anonymous review's reviewers
 * in it: only those who manage reviews. 000 §6's Teams-type rule is about the report pages; a
 * share can reach anyone, the reviewee included, so anonymity holds there on both platforms.
 */
export function mayNameAnonymousReviewersInShare(viewer: Pick<Viewer, "permissions">): boolean {
  return viewer.permissions.includes("ViewManageReviews");
}
