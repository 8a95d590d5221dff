import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { d1Statement } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * Who manages which review or survey beyond the area's permission (ViewManageReviews,
 * ViewSurveys; 000 §2 "A 403 when loading a review redirects to the reviews list"), in one place.
 * Teams-type group admins administer groups (group_members.is_admin), so one who is not a super
 * admin manages the items of their groups only (and items without a group) and launches into
 * their groups only; super admins manage every item. A Slack-type team admin is a company-wide
 * flag (workspaces have no admins of their own), so it manages every item.
 */

/** True when the viewer's reviews are limited to the groups they administer. */
export function limitedToOwnGroups(viewer: Pick<Viewer, "user" | "company">): boolean {
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

/**
 * The items (reviews, surveys, runs) the viewer manages, as SQL over the item's group column;
 * undefined when they manage every item of the company.
 */
export function managedItems(viewer: Pick<Viewer, "user" | "company">, groupColumn: SQLWrapper): SQL | undefined {
  if (!limitedToOwnGroups(viewer)) return undefined;
  return sql`(${groupColumn} IS NULL OR ${groupColumn} IN ${administeredGroups(viewer.company.id, viewer.user.id)})`;
}

/** The groups the viewer may launch a review or survey into, as SQL over a group id column; undefined when any. */
export function launchableGroups(viewer: Pick<Viewer, "user" | "company">, groupId: SQLWrapper): SQL | undefined {
  if (!limitedToOwnGroups(viewer)) return undefined;
  return sql`${groupId} IN ${administeredGroups(viewer.company.id, viewer.user.id)}`;
}

/** Whether the viewer manages the campaign (the review detail page's rule), in their own company. */
export async function mayManageCampaign(context: AppLoadContext, viewer: Viewer, campaignId: string): Promise<boolean> {
  if (!viewer.permissions.includes("ViewManageReviews")) return false;
  const company = viewer.company.id;
  const row = await d1Statement(
    context.db,
    sql`SELECT c.group_id AS group_id, c.group_id IN ${administeredGroups(company, viewer.user.id)} AS admins_group
      FROM review_campaigns c WHERE c.id = ${campaignId} AND c.company_id = ${company}`
  ).first<{ group_id: string | null; admins_group: number | null }>();
  return row ? mayManageReview(viewer, { groupId: row.group_id, viewerAdminsGroup: Boolean(row.admins_group) }) : false;
}

/** Whether the viewer may manage a review of `groupId`, given whether they administer that group. */
export function mayManageReview(viewer: Viewer, review: { groupId: string | null; viewerAdminsGroup: boolean }): boolean {
  return !limitedToOwnGroups(viewer) || review.groupId === null || review.viewerAdminsGroup;
}
