import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";
import { runAccess } from "~/modules/surveys/report.server";
import { anonymityMinimum } from "./anonymity";
import { maySeeFeedbackItem } from "./feedback.server";
import { administeredGroups, managedItems } from "./groups.server";
import { APPROVE_ANY_OBJECTIVES } from "./objectives.server";
import { inMyTeam, isManagerOf, mayReadEveryone } from "./people.server";
import { mayReadReport, REPORTED_STATES } from "./review-reports.server";

/**
 * Which rows of each Data Studio table a viewer may read, as SQL over a row of the caller's
 * statement (`a`: the table's alias, an identifier the compiler made, never user text). Each rule
 * is the one of the page that shows those rows, so a query shows nothing its author could not open:
 *
 * - people: themselves; everyone with ViewUsers; else the active people of their My Team, of a
 *   custom relationship they share, or of a group they administer;
 * - feedback: `maySeeFeedbackItem` (feedback.server.ts);
 * - review campaigns, pairs and answers: the review reports rules (review-reports.server.ts), on
 *   live and closed reviews; a campaign is listed to those who manage it or read a report of it;
 * - surveys, runs and answers: who may read the run's results (the survey report's `runAccess`);
 *   answers only once the run shows results (closed, or live results) and, on an anonymous run,
 *   only with at least the anonymity minimum of responses (anonymity.ts);
 * - goals and objectives: their owner, the owner's managers, and admins of the area;
 * - departments, roles: the company's.
 * Every rule starts with the row's company.
 *
 * Anonymity is the compiler's too (catalog.server.ts): the author of an anonymous item or answer
 * is never a join target, whoever asks.
 */

export type DataStudioViewer = Pick<Viewer, "user" | "company" | "permissions">;

const col = (alias: string, column: string) => sql.raw(`${alias}.${column}`);

function isActive(company: string, person: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM users au WHERE au.company_id = ${company} AND au.id = ${person} AND au.is_deleted = 0)`;
}

/** A person (a users row aliased `a`) the viewer may see anywhere in the product. */
export function dsPersonVisible(viewer: DataStudioViewer, a: string): SQL {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const scope = sql`${col(a, "company_id")} = ${company}`;
  if (mayReadEveryone(viewer)) return scope;
  const person = col(a, "id");
  return sql`(${scope} AND (${person} = ${me} OR (${col(a, "is_deleted")} = 0 AND (${inMyTeam(company, me, person)}
    OR EXISTS (SELECT 1 FROM custom_relationship_members mine JOIN custom_relationship_members theirs
      ON theirs.company_id = mine.company_id AND theirs.relationship_id = mine.relationship_id
      WHERE mine.company_id = ${company} AND mine.user_id = ${me} AND theirs.user_id = ${person})
    OR EXISTS (SELECT 1 FROM group_members theirs WHERE theirs.company_id = ${company} AND theirs.user_id = ${person}
      AND theirs.group_id IN ${administeredGroups(company, me)})))))`;
}

/** A person id (a column of another table) the viewer may see: the same rule, for link tables. */
export function dsPersonIdVisible(viewer: DataStudioViewer, personId: SQL): SQL {
  if (mayReadEveryone(viewer)) return sql`1`;
  return sql`EXISTS (SELECT 1 FROM users dsu WHERE dsu.id = ${personId} AND ${dsPersonVisible(viewer, "dsu")})`;
}

/** A feedback item aliased `a`. */
export function dsFeedbackVisible(viewer: DataStudioViewer, a: string): SQL {
  return maySeeFeedbackItem(viewer, {
    companyId: col(a, "company_id"),
    senderId: col(a, "sender_id"),
    receiverId: col(a, "receiver_id"),
    anonymous: col(a, "anonymous"),
    isPublic: col(a, "is_public"),
    visible: col(a, "visible"),
  });
}

/** A review report (campaign aliased `c`, reviewee id) the viewer may read, on a live or closed review. */
export function dsReviewReportVisible(viewer: Viewer, reviewee: SQL): SQL {
  return sql`(c.state IN ${REPORTED_STATES} AND ${mayReadReport(viewer, sql.raw("c"), reviewee)})`;
}

/** A review pair aliased `a`: the report of its reviewee in its campaign. */
export function dsReviewPairVisible(viewer: Viewer, a: string): SQL {
  const company = viewer.company.id;
  return sql`(${col(a, "company_id")} = ${company} AND EXISTS (SELECT 1 FROM review_campaigns c
    WHERE c.id = ${col(a, "campaign_id")} AND c.company_id = ${company} AND ${dsReviewReportVisible(viewer, col(a, "reviewee_id"))}))`;
}

/** A review campaign aliased `a`: managed by the viewer, or with a report they may read. */
export function dsReviewCampaignVisible(viewer: Viewer, a: string): SQL {
  const company = viewer.company.id;
  const scope = sql`${col(a, "company_id")} = ${company}`;
  if (viewer.permissions.includes("ViewManageReviews")) {
    const managed = managedItems(viewer, col(a, "group_id"));
    return managed ? sql`(${scope} AND ${managed})` : scope;
  }
  return sql`(${scope} AND EXISTS (SELECT 1 FROM review_campaigns c JOIN review_pairs p ON p.campaign_id = c.id AND p.company_id = c.company_id
    WHERE c.id = ${col(a, "id")} AND c.company_id = ${company} AND ${dsReviewReportVisible(viewer, sql.raw("p.reviewee_id"))}))`;
}

/** A survey run aliased `a` whose results the viewer may read (the survey report's rule). */
export function dsSurveyRunVisible(viewer: Viewer, a: string): SQL {
  const company = viewer.company.id;
  return sql`(${col(a, "company_id")} = ${company} AND EXISTS (SELECT 1 FROM survey_runs r WHERE r.id = ${col(a, "id")} AND r.company_id = ${company} AND ${runAccess(viewer)}))`;
}

/**
 * A survey answer aliased `a`: its run's results are readable and showing (closed or live), and an
 * anonymous run has at least the anonymity minimum of responses.
 */
export function dsSurveyAnswerVisible(viewer: Viewer, a: string): SQL {
  const company = viewer.company.id;
  const floor = anonymityMinimum(viewer.company.anonymityFloor);
  return sql`(${col(a, "company_id")} = ${company} AND EXISTS (SELECT 1 FROM survey_runs r WHERE r.id = ${col(a, "run_id")} AND r.company_id = ${company}
    AND (r.state = 'closed' OR r.live_results = 1) AND (r.anonymous = 0 OR r.submitted_count >= max(${floor}, r.min_submission_count))
    AND ${runAccess(viewer)}))`;
}

/** A survey aliased `a`: managed by the viewer (ViewSurveys) or with a run whose results they may read. */
export function dsSurveyVisible(viewer: Viewer, a: string): SQL {
  const company = viewer.company.id;
  const scope = sql`${col(a, "company_id")} = ${company}`;
  if (viewer.permissions.includes("ViewSurveys")) {
    const managed = managedItems(viewer, col(a, "group_id"));
    return managed ? sql`(${scope} AND ${managed})` : scope;
  }
  return sql`(${scope} AND EXISTS (SELECT 1 FROM survey_runs r WHERE r.survey_id = ${col(a, "id")} AND r.company_id = ${company} AND ${runAccess(viewer)}))`;
}

/** A person's goal or objective (owner column `ownerColumn` of alias `a`): the owner, their managers, admins of the area. */
function ownedVisible(viewer: DataStudioViewer, a: string, ownerColumn: string, admin: boolean): SQL {
  const company = viewer.company.id;
  const scope = sql`${col(a, "company_id")} = ${company}`;
  if (admin) return scope;
  const owner = col(a, ownerColumn);
  return sql`(${scope} AND (${owner} = ${viewer.user.id} OR ${isManagerOf(company, viewer.user.id, owner)}))`;
}

export function dsGoalVisible(viewer: DataStudioViewer, a: string): SQL {
  return ownedVisible(viewer, a, "user_id", mayReadEveryone(viewer) || viewer.user.isSuperAdmin || viewer.user.isTeamAdmin);
}

export function dsObjectiveVisible(viewer: DataStudioViewer, a: string): SQL {
  return ownedVisible(viewer, a, "owner_id", viewer.permissions.includes(APPROVE_ANY_OBJECTIVES));
}

/** A key result aliased `a`: its objective's rule. */
export function dsKeyResultVisible(viewer: DataStudioViewer, a: string): SQL {
  return sql`(${col(a, "company_id")} = ${viewer.company.id} AND EXISTS (SELECT 1 FROM objectives o WHERE o.id = ${col(a, "objective_id")}
    AND ${dsObjectiveVisible(viewer, "o")}))`;
}

/** Rows every viewer of the company may read (departments, roles). */
export function dsCompanyRow(viewer: DataStudioViewer, a: string): SQL {
  return sql`${col(a, "company_id")} = ${viewer.company.id}`;
}
