import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { hasPermission } from "~/lib/permissions/names";
import { hasManager, reportsOf } from "~/modules/access/people.server";
import { requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import { personGoals } from "~/modules/goals/person-goals.server";
import {
  personObjectives,
  personObjectivesOf,
  personObjectivesSql,
  type PersonObjective,
  type PersonObjectiveRow,
} from "~/modules/objectives/person-objectives.server";
import { objectiveSnapshotOf, withAnsweredObjectives, withRevieweeObjectives } from "./objective-answers";
import type { PairAnswers, PairState, ShareConfig } from "./campaign-machine";
import type { StoredBlock } from "./questionnaire-blocks";
import { awaitingNominationPath, itemHref, managerApprovePath, ownerTodoPath, reviewerApprovePath, todoPath } from "./nomination-rules";
import { scopeOf, sessionScopeOf, type Scope } from "./review-detail.server";
import { OFFERED_CHOICES } from "./questionnaire-blocks";
import type { PanelGoal, PanelObjective, TodoContext, TodoItem, TodoList, TodoType } from "./todos";

/**
 * The reviewer's side of review campaigns (000 §2 "Review to-dos", §3 "To-do list", "Review (for
 * completion)"). Every read is the signed-in person's own: a pair is found only through its
 * reviewer, so another person's review is indistinguishable from none (404). The statements take
 * a scope (the viewer's ids, or the session row's), so the page's reads ride in the session
 * lookup's D1 batch.
 */

/** The states a reviewer sees in the to-do list: still to answer, or done. */
const TODO_STATES: PairState[] = ["pending", "started", "review-progress", "completed"];
const todoStates = sql`(SELECT value FROM json_each(${JSON.stringify(TODO_STATES)}))`;

type ListRow = {
  id: string;
  type: TodoType;
  campaign_id: string;
  title: string;
  reviewee_id: string;
  reviewee: string;
  done: number;
  /** 1: a manager-approval item the viewer answers as the review's owner (the reviewee has no manager). */
  owner: number;
};

/**
 * The viewer's to-dos (000 §3 "To-do list"), by campaign (newest first) and reviewee name:
 * - reviews to give in live campaigns (done once submitted; declined ones leave the list);
 * - their own open nomination (done once submitted; a declined, cancelled or expired one leaves);
 * - nominations they approve, per reviewee (done when no nominated reviewer waits for an answer);
 * - nominations as a reviewer waiting for their answer (an accepted one becomes a review to give).
 * The nomination steps belong to campaigns that are not closed.
 */
function listSql(scope: Scope): SQL {
  const notClosed = sql`c.state <> 'closed'`;
  // A reviewee's nominations are answered once no nominated reviewer waits for an answer.
  const approvalDone = sql`NOT EXISTS (SELECT 1 FROM review_pairs q WHERE q.company_id = n.company_id AND q.campaign_id = n.campaign_id
    AND q.reviewee_id = n.reviewee_id AND q.state = 'nominated')`;
  return sql`
    SELECT t.id, t.type, t.campaign_id, c.title, t.reviewee_id, coalesce(u.name, '') AS reviewee, t.done, t.owner
    FROM (
      SELECT p.id, 'default' AS type, p.campaign_id, p.reviewee_id, p.state = 'completed' AS done, 0 AS owner FROM review_pairs p
      WHERE p.company_id = ${scope.company} AND p.reviewer_id = ${scope.user} AND p.state IN ${todoStates}
      UNION ALL
      SELECT n.id, 'awaiting-nominations', n.campaign_id, n.reviewee_id, n.state = 'submitted', 0 FROM review_nominations n
      WHERE n.company_id = ${scope.company} AND n.reviewee_id = ${scope.user} AND n.state IN ('open', 'submitted')
      UNION ALL
      SELECT n.id, 'manager-approval', n.campaign_id, n.reviewee_id, ${approvalDone}, 0 FROM review_nominations n
      WHERE n.company_id = ${scope.company} AND n.state = 'submitted'
        AND n.reviewee_id IN ${reportsOf(scope.company, scope.user)}
      UNION ALL
      SELECT n.id, 'manager-approval', n.campaign_id, n.reviewee_id, ${approvalDone}, 1 FROM review_campaigns oc
      JOIN review_nominations n ON n.company_id = oc.company_id AND n.campaign_id = oc.id AND n.state = 'submitted'
      WHERE oc.company_id = ${scope.company} AND oc.created_by = ${scope.user} AND oc.state <> 'closed'
        AND NOT ${hasManager(sql`n.company_id`, sql`n.reviewee_id`)}
      UNION ALL
      SELECT p.id, 'reviewer-approval', p.campaign_id, p.reviewee_id, 0, 0 FROM review_pairs p
      WHERE p.company_id = ${scope.company} AND p.reviewer_id = ${scope.user} AND p.state = 'nomination-manager-approved'
    ) t
    JOIN review_campaigns c ON c.id = t.campaign_id AND c.company_id = ${scope.company}
      AND (c.state = 'live' OR (t.type <> 'default' AND ${notClosed}))
    LEFT JOIN users u ON u.id = t.reviewee_id AND u.company_id = ${scope.company}
    ORDER BY coalesce(c.launched_at, c.created_at) DESC, c.id, t.type <> 'awaiting-nominations', u.name COLLATE NOCASE, t.id`;
}

/** The page that does a to-do of the given type. */
function hrefOf(r: ListRow) {
  switch (r.type) {
    case "default":
      return todoPath(r.id);
    case "awaiting-nominations":
      return awaitingNominationPath(r.campaign_id);
    case "manager-approval":
      return (r.owner ? ownerTodoPath : managerApprovePath)(r.campaign_id, r.reviewee_id);
    case "reviewer-approval":
      return reviewerApprovePath(r.campaign_id);
  }
}

function listOf(rows: ListRow[]): TodoList {
  const lists = new Map<string, TodoList["reviewList"][number]>();
  let completed = 0;
  for (const r of rows) {
    const list = lists.get(r.campaign_id) ?? { performanceReviewCampaignId: r.campaign_id, title: r.title, reviews: [] };
    const done = Boolean(r.done);
    if (done) completed++;
    list.reviews.push({
      id: r.id,
      type: r.type,
      revieweeName: r.reviewee,
      completed: done,
      href: r.type === "default" ? undefined : hrefOf(r),
    });
    lists.set(r.campaign_id, list);
  }
  const total = rows.length;
  return { total, completed, percentageComplete: total === 0 ? 0 : Math.round((completed / total) * 100), reviewList: [...lists.values()] };
}

export async function todoList(context: AppLoadContext, viewer: Viewer): Promise<TodoList> {
  return listOf(await context.db.all<ListRow>(listSql(scopeOf(viewer))));
}

/** The first to-do still to do (its page), or null. */
export function firstOpen(list: TodoList, except?: string): string | null {
  for (const campaign of list.reviewList)
    for (const item of campaign.reviews) if (!item.completed && item.id !== except) return itemHref(item);
  return null;
}

export interface TodoReview {
  id: string;
  campaignId: string;
  title: string;
  revieweeId: string;
  revieweeName: string;
  /** The reviewee's job title; null when unknown (or the person is gone). */
  revieweeTitle: string | null;
  state: PairState;
  /** The campaign has closed: nothing can be answered any more (the review is read-only). */
  closed: boolean;
  answers: PairAnswers;
  /** 000 §3 closeSchedule.timestamp: the review's end, epoch ms. */
  dueAt: number | null;
  /** The review's period (its start to its end, open-ended without one): the reviewee's objectives of it are asked about. */
  period: { from: number; to: number };
  /**
   * The questions to answer: a question about the reviewee's objectives is one question per
   * objective, the reviewee's of the period while the review is open, what was rated once it is
   * submitted (objective-answers.ts).
   */
  blocks: StoredBlock[];
  shareConfig: ShareConfig | null;
  sharedAt: number | null;
}

type ReviewRow = {
  id: string;
  campaign_id: string;
  title: string;
  reviewee_id: string;
  reviewee: string | null;
  reviewee_title: string | null;
  state: PairState;
  campaign_state: string;
  answers: string | null;
  start_at: number;
  end_at: number | null;
  template_blocks: string | null;
  share_config: string | null;
  shared_at: number | null;
};

/** The pair of `reviewId` (a pair id, or the composite id of 000 §2: campaign first, reviewee third) that the scope's person reviews. */
function pairWhere(scope: Scope, reviewId: string): SQL {
  const parts = reviewId.split("|");
  const which = parts.length >= 3 ? sql`p.campaign_id = ${parts[0]} AND p.reviewee_id = ${parts[2]}` : sql`p.id = ${reviewId}`;
  return sql`p.company_id = ${scope.company} AND p.reviewer_id = ${scope.user} AND ${which} AND p.state IN ${todoStates}`;
}

function reviewSql(scope: Scope, reviewId: string): SQL {
  return sql`
    SELECT p.id, p.campaign_id, c.title, p.reviewee_id, u.name AS reviewee, u.title AS reviewee_title, p.state, c.state AS campaign_state, p.answers,
      ${periodFrom} AS start_at, c.end_at, c.template_blocks,
      c.share_config, p.shared_at
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id AND c.state IN ('live', 'closed')
    LEFT JOIN users u ON u.id = p.reviewee_id AND u.company_id = p.company_id
    WHERE ${pairWhere(scope, reviewId)}
    LIMIT 1`;
}

/** A review without dates runs from its launch (its creation for a draft's leftovers) and has no end. */
const periodFrom = sql`coalesce(c.start_at, c.launched_at, c.created_at)`;
const OPEN_END = 8_640_000_000_000_000;

/** The reviewee's objectives the review reads: as many as the panel lists (the questions take the first five). */
const PANEL_OBJECTIVES = 20;

function reviewOf(row: ReviewRow | undefined, objectives: PersonObjective[]): TodoReview | null {
  if (!row) return null;
  const answers = row.answers ? (JSON.parse(row.answers) as PairAnswers) : {};
  const blocks = row.template_blocks ? (JSON.parse(row.template_blocks) as StoredBlock[]) : [];
  return {
    id: row.id,
    campaignId: row.campaign_id,
    title: row.title,
    revieweeId: row.reviewee_id,
    revieweeName: row.reviewee ?? "",
    revieweeTitle: row.reviewee_title,
    state: row.state,
    closed: row.campaign_state === "closed",
    answers,
    dueAt: row.end_at,
    period: { from: row.start_at, to: row.end_at ?? OPEN_END },
    blocks:
      row.state === "completed"
        ? withAnsweredObjectives(blocks, [answers])
        : withRevieweeObjectives(blocks, objectives.slice(0, OFFERED_CHOICES).map(objectiveSnapshotOf)),
    shareConfig: row.share_config ? (JSON.parse(row.share_config) as ShareConfig) : null,
    sharedAt: row.shared_at,
  };
}

/** One review of the viewer's to-do list, or null unless the viewer is its reviewer. */
export async function todoReview(context: AppLoadContext, viewer: Viewer, reviewId: string): Promise<TodoReview | null> {
  const [row] = await context.db.all<ReviewRow>(reviewSql(scopeOf(viewer), reviewId));
  if (!row) return null;
  const asked = row.state !== "completed" && row.template_blocks?.includes('"revieweeObjectives":true');
  const objectives = asked
    ? await personObjectives(context.db, viewer.company.id, row.reviewee_id, {
        period: { from: row.start_at, to: row.end_at ?? OPEN_END },
        limit: OFFERED_CHOICES,
      })
    : [];
  return reviewOf(row, objectives);
}

type GivenRow = { id: string; title: string };

/** The reviewee of the review (by the same lookup), for the context statements. */
const revieweeOf = (scope: Scope, reviewId: string) =>
  sql`(SELECT p.reviewee_id FROM review_pairs p WHERE ${pairWhere(scope, reviewId)} LIMIT 1)`;

/** The review's period bounds (by the same lookup). */
const periodOf = (scope: Scope, reviewId: string) => {
  const of = (column: SQL) =>
    sql`(SELECT ${column} FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
      WHERE ${pairWhere(scope, reviewId)} LIMIT 1)`;
  return { from: of(periodFrom), to: of(sql`coalesce(c.end_at, ${OPEN_END})`) };
};

/**
 * Context on the reviewee for the right panel and the objective questions: their objectives of
 * the review's period (objectives/person-objectives.server.ts, with the lookups as subqueries).
 */
function objectivesSql(scope: Scope, reviewId: string): SQL {
  return personObjectivesSql(scope.company, revieweeOf(scope, reviewId), { period: periodOf(scope, reviewId), limit: PANEL_OBJECTIVES });
}

const panelObjective = (o: PersonObjective): PanelObjective => ({
  id: o.id,
  name: o.name,
  weight: o.weight,
  kind: o.kind,
  progress: o.progress,
  approved: o.approved,
  keyResults: o.keyResults.map((k) => ({ id: k.id, name: k.name, target: k.target, actual: k.actual, unit: k.unit, period: k.period })),
});

const panelGoal = (g: Awaited<ReturnType<typeof personGoals>>[number]): PanelGoal => ({
  id: g.id,
  name: g.name,
  deadline: g.deadline,
  approved: g.approvalStatus,
  completed: g.completionStatus,
});

/** The most goals the panel lists. */
const PANEL_GOALS = 20;

/** Context on the reviewee: the reviews the viewer completed of them before. */
function givenSql(scope: Scope, reviewId: string): SQL {
  return sql`
    SELECT g.id, c.title FROM review_pairs g JOIN review_campaigns c ON c.id = g.campaign_id AND c.company_id = g.company_id
    WHERE g.company_id = ${scope.company} AND g.reviewer_id = ${scope.user} AND g.reviewee_id = ${revieweeOf(scope, reviewId)}
      AND g.state = 'completed' AND g.id NOT IN (SELECT p.id FROM review_pairs p WHERE ${pairWhere(scope, reviewId)})
    ORDER BY g.updated_at DESC LIMIT 20`;
}

/**
 * The to-do page's reads, all in the session lookup's D1 batch (requirePermissionWith): the list,
 * and with a chosen review, the review and its reviewee's context.
 */
export async function requireTodoPage(request: Request, context: AppLoadContext, reviewId: string | null) {
  const ride = <T>(statement: (scope: Scope) => SQL) =>
    requirePermissionWith<T>(request, context, "ViewTodosPage", (sessionId) => statement(sessionScopeOf(sessionId)));
  const [list, review, objectives, given] = await Promise.all([
    ride<ListRow>(listSql),
    reviewId ? ride<ReviewRow>((s) => reviewSql(s, reviewId)) : null,
    reviewId ? ride<PersonObjectiveRow>((s) => objectivesSql(s, reviewId)) : null,
    reviewId ? ride<GivenRow>((s) => givenSql(s, reviewId)) : null,
  ]);
  const viewer = list.viewer;
  const revieweeObjectives = personObjectivesOf(objectives?.rows ?? []);
  const row = review?.rows[0];
  // Goals exist where the viewer's company has them (Slack-type); they are one more read, after the pair is known.
  const goals = row && hasPermission(viewer.permissions, "ViewGoals") ? await personGoals(context.db, viewer.company.id, row.reviewee_id, PANEL_GOALS) : null;
  return {
    viewer,
    list: listOf(list.rows),
    review: reviewOf(row, revieweeObjectives),
    side: {
      goals: viewer.company.goalsInsteadOfObjectives,
      objectives: revieweeObjectives.map(panelObjective),
      personGoals: goals?.map(panelGoal) ?? null,
      reviews: (given?.rows ?? []).map((r) => ({ ...r, href: todoPath(r.id) })),
    } satisfies TodoContext,
  };
}
