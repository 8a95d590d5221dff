import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import { anonymityMinimum } from "./anonymity";
import { isManagerOf, mayReadEveryone } from "./people.server";

/**
 * Who may read which Feedback Insights, in one place:
 *
 * - a person's insights: the person, each of their managers, and whoever reads every person of the
 *   company (ViewUsers). Anyone else who may open the profile is told why there are no figures.
 * - a group's insights (a department, relationship, group, workspace or channel) are withheld when
 *   the group has fewer people than the company's anonymity minimum AND its figures in the range
 *   hold anonymous feedback: an anonymous item a member received (visible, i.e. released), or a
 *   given pair of a member in an anonymous loop's run whose deadline day is in the range. A small
 *   group's totals would otherwise narrow down who gave, or got, anonymous feedback.
 *
 * Every rule is company-scoped; the SQL forms ride in the insights' own statements.
 */

type AccessViewer = Pick<Viewer, "user" | "company" | "permissions">;
type Ref = SQLWrapper | string;

/** The viewer may read the person's insights, as SQL over the person's id (a person of the viewer's company). */
export function mayReadInsightsOf(viewer: AccessViewer, person: Ref): SQL {
  if (mayReadEveryone(viewer)) return sql`1`;
  return sql`(${person} = ${viewer.user.id} OR ${isManagerOf(viewer.company.id, viewer.user.id, person)})`;
}

export async function mayReadPersonalInsights(db: Db, viewer: AccessViewer, personId: string): Promise<boolean> {
  const row = await db.get<{ ok: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM users u WHERE u.company_id = ${viewer.company.id} AND u.id = ${personId} AND ${mayReadInsightsOf(viewer, sql.raw("u.id"))}) AS ok`
  );
  return Boolean(row?.ok);
}

/** The smallest group whose figures may show anonymous feedback. */
export function groupInsightsMinimum(viewer: Pick<Viewer, "company">): number {
  return anonymityMinimum(viewer.company.anonymityFloor);
}

/**
 * Whether the members' figures in the range hold anonymous feedback, as SQL (1/0). `members` is a
 * subquery of user ids; `fromMs`/`toMs` the range's first midnight and the midnight after its last day.
 */
export function holdsAnonymousFeedback(companyId: string, members: SQL, fromMs: number, toMs: number): SQL {
  return sql`(EXISTS (SELECT 1 FROM feedback_items fi WHERE fi.company_id = ${companyId} AND fi.receiver_id IN ${members}
      AND fi.anonymous = 1 AND fi.visible = 1 AND fi.sent_at >= ${fromMs} AND fi.sent_at < ${toMs})
    OR EXISTS (SELECT 1 FROM feedback_loop_pairs lp
      JOIN feedback_loops l ON l.id = lp.loop_id AND l.company_id = lp.company_id AND l.anonymous = 1
      JOIN feedback_loop_runs r ON r.id = lp.run_id AND r.company_id = lp.company_id
      WHERE lp.company_id = ${companyId} AND lp.sender_id IN ${members} AND lp.state = 'given'
        AND r.deadline_at >= ${fromMs} AND r.deadline_at < ${toMs}))`;
}

/**
 * `holdsAnonymousFeedback` asked only of a group below the minimum (SQLite does not evaluate the
 * other branch of a CASE, so a large group costs nothing): 1 when its figures are to be withheld.
 */
export function groupWithheld(viewer: Pick<Viewer, "company">, memberCount: SQL, members: SQL, fromMs: number, toMs: number): SQL {
  return sql`CASE WHEN ${memberCount} < ${groupInsightsMinimum(viewer)} THEN ${holdsAnonymousFeedback(viewer.company.id, members, fromMs, toMs)} ELSE 0 END`;
}
