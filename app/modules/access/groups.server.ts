import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * Who manages which review beyond the ViewManageReviews permission (000 §2 "A 403 when loading a
 * review redirects to the reviews list"), in one place. Teams-type group admins administer groups
 * (group_members.is_admin), so one who is not a super admin manages the reviews of their groups
 * only (and reviews without a group); super admins manage every review. A Slack-type team admin is
 * a company-wide flag (workspaces have no admins of their own), so it manages every review.
 */

/** True when the viewer's reviews are limited to the groups they administer. */
export function limitedToOwnGroups(viewer: Viewer): boolean {
  return !viewer.user.isSuperAdmin && viewer.company.platform === "msteams";
}

/** The ids of the groups `user` administers in `company`, as a subquery (ids, or SQL on a session row). */
export function administeredGroups(company: SQL | string, user: SQL | string): SQL {
  return sql`(SELECT gm.group_id FROM group_members gm WHERE gm.company_id = ${company} AND gm.user_id = ${user} AND gm.is_admin = 1)`;
}

/**
 * The same rule as SQL over the columns of a session row (statements that ride in the session
 * lookup's batch, before the viewer is known): true for the campaign `campaign` when the viewer
 * may manage it.
 */
export function managesReviewOfSession(
  session: { company: SQL; viewer: SQL; superAdmin: SQL; platform: SQL },
  campaign: SQL = sql.raw("c")
): SQL {
  return sql`(${session.superAdmin} = 1 OR ${session.platform} <> 'msteams' OR ${campaign}.group_id IS NULL
    OR ${campaign}.group_id IN ${administeredGroups(session.company, session.viewer)})`;
}

/** Whether the viewer may manage a review of `groupId`, given whether they administer that group. */
export function mayManageReview(viewer: Viewer, review: { groupId: string | null; viewerAdminsGroup: boolean }): boolean {
  return !limitedToOwnGroups(viewer) || review.groupId === null || review.viewerAdminsGroup;
}
