import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { isManagerOf, shareRelationship } from "~/modules/access/people.server";
import type { Viewer } from "~/modules/auth/session.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { inAnonymousOrder } from "~/modules/access/anonymous-reviewers.server";
import { sharedReportList, type SharedReportItem } from "~/modules/reviews/reports/reviewee-report.server";
import type { PairAnswers } from "./campaign-machine";
import { answerRows, type AnswerRow } from "./components/pair-answers";
import type { StoredBlock } from "./questionnaire-blocks";

/**
 * My Reviews (000 §2 "My reviews", §3 "Review result", §4 "Result sharing"): the completed reviews
 * the signed-in person may read, in four tabs. Each tab is one SQL condition, used both for the
 * list and for opening one result, so a pair outside a tab's rules is never found there (404).
 * Every read is scoped by the viewer's company, and in an anonymous review the reviewer's name
 * (and id) never leaves the database, except to the reviewer themself (Reviews given).
 *
 * An anonymous review's results also say nothing about when or in which order they came: no
 * completion time (not even the reviewer's own, so no page tells it), listed at the review's
 * start and, among one reviewee's reviewers, in their anonymous order; and outside Reviews given
 * they show only once at least the company's anonymity floor of that reviewee's reviewers in the
 * review have completed (app/modules/access/anonymous-reviewers.server.ts).
 */

/** The page's tabs (their labels and the parsing of `?tab=` live in the route, which the browser also loads). */
export type MyReviewTab = "received" | "team" | "given" | "shared";

/** How many results a tab lists (newest first); the list says when there are more. */
export const MY_REVIEWS_LIMIT = 200;

export interface MyReviewItem {
  id: string;
  title: string;
  revieweeName: string;
  /** The reviewer's name; "You" on Reviews given; null when the review is anonymous. */
  reviewerName: string | null;
  /** When the review was submitted, epoch ms; null in an anonymous review (it would tell who answered when). */
  completedAt: number | null;
}

export interface MyReviewResult extends MyReviewItem {
  rows: AnswerRow[];
}

/** The automated "after" rule: on submit at once, on close only once the review is closed. */
const afterRuleMet = sql`(json_extract(c.share_config, '$.after') = 'submit'
  OR (json_extract(c.share_config, '$.after') = 'close' AND c.state = 'closed'))`;
const automated = sql`json_extract(c.share_config, '$.type') = 'automated'`;
const sharesWith = (who: string) => sql`EXISTS (SELECT 1 FROM json_each(c.share_config, '$.shareWith') s WHERE s.value = ${who})`;

/** The visibility rule of each tab, for the viewer (p: the pair, c: its campaign). */
function tabRule(tab: MyReviewTab, viewer: Viewer): SQL {
  const me = viewer.user.id;
  const company = viewer.company.id;
  switch (tab) {
    case "received":
      // Shared by hand, or shared automatically with reviewees.
      return sql`p.reviewee_id = ${me}
        AND (p.shared_at IS NOT NULL OR (${automated} AND ${sharesWith("reviewees")} AND ${afterRuleMet}))`;
    case "team":
      // Reviews of my direct reports, when the campaign shares results with managers.
      return sql`p.reviewee_id <> ${me}
        AND ${isManagerOf(company, me, sql`p.reviewee_id`)}
        AND ((${automated} AND ${sharesWith("managers")} AND ${afterRuleMet})
          OR (json_extract(c.share_config, '$.type') = 'manual'
            AND EXISTS (SELECT 1 FROM json_each(c.share_config, '$.canShare') s WHERE s.value = 'manager')))`;
    case "given":
      return sql`p.reviewer_id = ${me}`;
    case "shared":
      // Automated sharing with a custom relationship that both the viewer and the reviewee belong to.
      return sql`p.reviewee_id <> ${me} AND p.reviewer_id <> ${me} AND ${automated} AND ${afterRuleMet}
        AND EXISTS (
          SELECT 1 FROM json_each(c.share_config, '$.shareWith') s
          JOIN custom_relationships r ON r.company_id = ${company} AND s.value = 'relationship:' || r.id
          WHERE ${shareRelationship(company, me, sql`p.reviewee_id`, sql`r.id`)})`;
  }
}

interface Row {
  id: string;
  title: string;
  reviewee: string | null;
  reviewer: string | null;
  /** Null in an anonymous review. */
  completed_at: number | null;
  anonymous: number;
  campaign_id: string;
  reviewee_id: string;
}

/**
 * The completed pairs of the viewer's company that pass the tab's rule; the reviewer's name only
 * when it may be shown, the completion time only outside anonymous reviews. Outside Reviews given,
 * an anonymous review's pairs only when at least the company's floor of the reviewee's reviewers
 * in it have completed. `listed_at` orders the list: the completion, or an anonymous review's start.
 */
function selectPairs(tab: MyReviewTab, viewer: Viewer, extra: SQL, columns: SQL = sql``) {
  const reviewer = tab === "given" ? sql`'You'` : sql`CASE WHEN c.anonymous = 0 THEN wu.name END`;
  const enough =
    tab === "given"
      ? sql`1`
      : sql`(c.anonymous = 0 OR (SELECT count(*) FROM review_pairs n WHERE n.company_id = p.company_id
          AND n.campaign_id = p.campaign_id AND n.reviewee_id = p.reviewee_id AND n.state = 'completed')
          >= ${anonymityMinimum(viewer.company.anonymityFloor)})`;
  return sql`
    SELECT p.id, c.title, ru.name AS reviewee, ${reviewer} AS reviewer, c.anonymous AS anonymous,
      p.campaign_id AS campaign_id, p.reviewee_id AS reviewee_id,
      CASE WHEN c.anonymous = 0 THEN coalesce(p.completed_at, p.updated_at) END AS completed_at,
      CASE WHEN c.anonymous = 0 THEN coalesce(p.completed_at, p.updated_at)
        ELSE coalesce(c.start_at, c.launched_at, c.created_at) END AS listed_at
      ${columns}
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id AND c.state IN ('live', 'closed')
    LEFT JOIN users ru ON ru.id = p.reviewee_id AND ru.company_id = p.company_id
    LEFT JOIN users wu ON wu.id = p.reviewer_id AND wu.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND p.state = 'completed' AND ${tabRule(tab, viewer)} AND ${enough} ${extra}`;
}

const itemOf = (r: Row): MyReviewItem => ({
  id: r.id,
  title: r.title,
  revieweeName: r.reviewee ?? "",
  reviewerName: r.reviewer ?? null,
  completedAt: r.anonymous || r.completed_at === null ? null : Number(r.completed_at),
});

/** Each run of one anonymous review's pairs of one reviewee, put in their anonymous order. */
async function anonymousRunsOrdered(rows: Row[], secret: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    if (rows[i].anonymous) {
      const same = (r: Row) => r.anonymous && r.campaign_id === rows[i].campaign_id && r.reviewee_id === rows[i].reviewee_id;
      while (j < rows.length && same(rows[j])) j++;
      out.push(...(await inAnonymousOrder(secret, rows.slice(i, j), (r) => r.id)));
    } else {
      out.push(rows[i]);
    }
    i = j;
  }
  return out;
}

/** The tab's completed reviews, newest first (at most MY_REVIEWS_LIMIT; `more` says there were others). */
export async function myReviewList(context: AppLoadContext, viewer: Viewer, tab: MyReviewTab) {
  const rows = await context.db.all<Row>(
    sql`${selectPairs(tab, viewer, sql``)}
      ORDER BY listed_at DESC, p.campaign_id, p.reviewee_id, p.id LIMIT ${MY_REVIEWS_LIMIT + 1}`
  );
  const items = await anonymousRunsOrdered(rows.slice(0, MY_REVIEWS_LIMIT), context.config.sessionSecret);
  return { items: items.map(itemOf), more: rows.length > MY_REVIEWS_LIMIT, limit: MY_REVIEWS_LIMIT };
}

/** One result of the tab, read against the review's questionnaire snapshot; null when the viewer may not see it there. */
export async function myReviewResult(
  context: AppLoadContext,
  viewer: Viewer,
  tab: MyReviewTab,
  pairId: string
): Promise<MyReviewResult | null> {
  const [row] = await context.db.all<Row & { answers: string | null; template_blocks: string | null }>(
    sql`${selectPairs(tab, viewer, sql`AND p.id = ${pairId}`, sql`, p.answers, c.template_blocks`)} LIMIT 1`
  );
  if (!row) return null;
  const blocks = row.template_blocks ? (JSON.parse(row.template_blocks) as StoredBlock[]) : [];
  const answers = row.answers ? (JSON.parse(row.answers) as PairAnswers) : null;
  return { ...itemOf(row), rows: answerRows(blocks, answers) };
}

/**
 * Shared with me also lists the review reports shared with the viewer (the Share-report
 * dialog): one reviewee in one review each, opening read-only at sharedReportPath(id).
 */
export async function reportsSharedWithMe(context: AppLoadContext, viewer: Viewer): Promise<{ items: SharedReportItem[]; more: boolean }> {
  return sharedReportList(context.db, viewer);
}
