import { sql, type SQL } from "drizzle-orm";
import type { Permission } from "~/lib/permissions/names";
import type { Viewer } from "~/modules/auth/session.server";
import type { PickScope } from "~/modules/people/search";
import { inMyTeam, mayReadEveryone, shareGroup, shareRelationship } from "./people.server";
import { mayNameAnonymousReviewers, reportAccess, REPORTED_STATES } from "./review-reports.server";

/**
 * Whom a people picker may offer a viewer (app/ui/people-picker.tsx through /people/search).
 * A picker never reaches past what the page it serves shows: each scope has the gate of that page
 * and a rule over the person, both company-scoped.
 * - people (any signed-in person): maySeePerson's rules without a context — themselves, anyone
 *   active in their My Team, a shared custom relationship or a shared group; every person of the
 *   company with ViewUsers.
 * - report-reviewees, report-reviewers, report-completed-reviewees (ViewReviewReports): the people
 *   the review report pages could show for that filter — reviewees of reports the viewer may see
 *   (reportAccess), the reviewers of those reports the viewer may name (not an anonymous review's,
 *   unless ExpandAnonymousReportRows), the reviewees with a completed review there.
 * - loop-people (ViewFeedbackLoops): the active people of the company, whom a feedback loop's
 *   audience and sender–receiver pairs may name.
 * - colleagues (any signed-in person): every active person of the company but the viewer, whom
 *   the Feedback pages give feedback to, ask it of or praise.
 * - campaign-people (ViewManageReviews): the active people of the company, whom an objectives
 *   campaign's Users audience may name.
 */

type AccessViewer = Pick<Viewer, "user" | "company" | "permissions">;

export const PICK_SCOPE_GATES: Record<PickScope, Permission | "SignedIn"> = {
  people: "SignedIn",
  "report-reviewees": "ViewReviewReports",
  "report-reviewers": "ViewReviewReports",
  "report-completed-reviewees": "ViewReviewReports",
  "loop-people": "ViewFeedbackLoops",
  colleagues: "SignedIn",
  "campaign-people": "ViewManageReviews",
};

export function mayPickScope(viewer: Pick<Viewer, "permissions">, scope: PickScope): boolean {
  const gate = PICK_SCOPE_GATES[scope];
  return gate === "SignedIn" || viewer.permissions.includes(gate);
}

/** Some pair of a report the viewer may see, `extra` narrowing it (to the person). */
function inSomeReport(viewer: AccessViewer, extra: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND c.state IN ${REPORTED_STATES} AND ${reportAccess(viewer as Viewer)} AND ${extra})`;
}

/**
 * The person (an id column of `users u` in the caller's statement, of the viewer's company) may be
 * offered in the scope, as SQL. Call only after mayPickScope.
 */
export function mayPick(viewer: AccessViewer, scope: PickScope, person: SQL = sql.raw("u.id")): SQL {
  const company = viewer.company.id;
  const me = viewer.user.id;
  switch (scope) {
    case "people":
      if (mayReadEveryone(viewer)) return sql`1`;
      return sql`(${person} = ${me} OR (u.is_deleted = 0 AND (${inMyTeam(company, me, person)} OR ${shareRelationship(
        company,
        me,
        person
      )} OR ${shareGroup(company, me, person)})))`;
    case "colleagues":
      // Feedback is given to, asked of and praised to anyone still working here.
      return sql`(${person} <> ${me} AND u.is_deleted = 0 AND u.is_excluded = 0)`;
    case "report-reviewees":
      return inSomeReport(viewer, sql`p.reviewee_id = ${person}`);
    case "report-completed-reviewees":
      return inSomeReport(viewer, sql`p.reviewee_id = ${person} AND p.state = 'completed'`);
    case "loop-people":
      // A loop's configuration names anyone who takes part in it: every active person.
      return sql`(u.is_deleted = 0 AND u.is_excluded = 0)`;
    case "campaign-people":
      // A campaign asks people who still work here to set objectives.
      return sql`(u.is_deleted = 0 AND u.is_excluded = 0)`;
    case "report-reviewers":
      return inSomeReport(
        viewer,
        sql`p.reviewer_id = ${person} AND (c.anonymous = 0 OR ${mayNameAnonymousReviewers(viewer) ? sql`1` : sql`0`})`
      );
  }
}
