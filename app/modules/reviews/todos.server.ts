import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { d1Statement } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { PairAnswers, PairState, ShareConfig } from "./campaign-machine";
import type { StoredBlock } from "./questionnaire.schema";

/**
 * The reviewer's side of review campaigns (000 §2 "Review to-dos", §3 "To-do list", "Review (for
 * completion)"). Every read is the signed-in person's own: a pair is found only through its
 * reviewer, so another person's review is indistinguishable from none (404).
 */

/** The states a reviewer sees in the to-do list: still to answer, or done. */
const TODO_STATES: PairState[] = ["pending", "started", "review-progress", "completed"];
const OPEN_STATES: PairState[] = ["pending", "started", "review-progress"];

export interface TodoItem {
  id: string;
  revieweeName: string;
  state: PairState;
  completed: boolean;
}

export interface TodoList {
  total: number;
  completed: number;
  /** completed / total, in whole percent (000 §3 percentageComplete). */
  percentageComplete: number;
  reviewList: Array<{ performanceReviewCampaignId: string; title: string; reviews: TodoItem[] }>;
}

/** The viewer's reviews to give in live campaigns, by campaign (newest first) and reviewee name. */
export async function todoList(context: AppLoadContext, viewer: Viewer): Promise<TodoList> {
  const rows = await context.db.all<{ id: string; campaign_id: string; title: string; reviewee: string; state: PairState }>(sql`
    SELECT p.id, p.campaign_id, c.title, coalesce(u.name, '') AS reviewee, p.state
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id AND c.state = 'live'
    LEFT JOIN users u ON u.id = p.reviewee_id AND u.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND p.reviewer_id = ${viewer.user.id}
      AND p.state IN (SELECT value FROM json_each(${JSON.stringify(TODO_STATES)}))
    ORDER BY c.launched_at DESC, c.id, u.name COLLATE NOCASE, p.id`);
  const lists = new Map<string, TodoList["reviewList"][number]>();
  for (const r of rows) {
    const list = lists.get(r.campaign_id) ?? { performanceReviewCampaignId: r.campaign_id, title: r.title, reviews: [] };
    list.reviews.push({ id: r.id, revieweeName: r.reviewee, state: r.state, completed: r.state === "completed" });
    lists.set(r.campaign_id, list);
  }
  const total = rows.length;
  const completed = rows.filter((r) => r.state === "completed").length;
  return { total, completed, percentageComplete: total === 0 ? 0 : Math.round((completed / total) * 100), reviewList: [...lists.values()] };
}

/** The first review still to answer, or null. */
export function firstOpen(list: TodoList): string | null {
  for (const campaign of list.reviewList) for (const review of campaign.reviews) if (OPEN_STATES.includes(review.state)) return review.id;
  return null;
}

export interface TodoReview {
  id: string;
  campaignId: string;
  title: string;
  revieweeId: string;
  revieweeName: string;
  state: PairState;
  answers: PairAnswers;
  /** 000 §3 closeSchedule.timestamp: the review's end, epoch ms. */
  dueAt: number | null;
  blocks: StoredBlock[];
  shareConfig: ShareConfig | null;
  sharedAt: number | null;
}

/**
 * One review of the viewer's to-do list: by pair id, or by the composite id of 000 §2 whose first
 * part is the campaign and third part the reviewee. Null unless the viewer is its reviewer.
 */
export async function todoReview(context: AppLoadContext, viewer: Viewer, reviewId: string): Promise<TodoReview | null> {
  const parts = reviewId.split("|");
  const where = parts.length >= 3 ? sql`p.campaign_id = ${parts[0]} AND p.reviewee_id = ${parts[2]}` : sql`p.id = ${reviewId}`;
  const [row] = await context.db.all<{
    id: string;
    campaign_id: string;
    title: string;
    reviewee_id: string;
    reviewee: string | null;
    state: PairState;
    answers: string | null;
    end_at: number | null;
    template_blocks: string | null;
    share_config: string | null;
    shared_at: number | null;
  }>(sql`
    SELECT p.id, p.campaign_id, c.title, p.reviewee_id, u.name AS reviewee, p.state, p.answers, c.end_at, c.template_blocks,
      c.share_config, p.shared_at
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id AND c.state IN ('live', 'closed')
    LEFT JOIN users u ON u.id = p.reviewee_id AND u.company_id = p.company_id
    WHERE p.company_id = ${viewer.company.id} AND p.reviewer_id = ${viewer.user.id} AND ${where}
      AND p.state IN (SELECT value FROM json_each(${JSON.stringify(TODO_STATES)}))
    LIMIT 1`);
  if (!row) return null;
  return {
    id: row.id,
    campaignId: row.campaign_id,
    title: row.title,
    revieweeId: row.reviewee_id,
    revieweeName: row.reviewee ?? "",
    state: row.state,
    answers: row.answers ? (JSON.parse(row.answers) as PairAnswers) : {},
    dueAt: row.end_at,
    blocks: row.template_blocks ? (JSON.parse(row.template_blocks) as StoredBlock[]) : [],
    shareConfig: row.share_config ? (JSON.parse(row.share_config) as ShareConfig) : null,
    sharedAt: row.shared_at,
  };
}

/** Context on the reviewee for the right panel: their objectives and the viewer's earlier completed reviews of them. */
export async function revieweeContext(context: AppLoadContext, viewer: Viewer, review: TodoReview) {
  const d1 = context.cloudflare.env.DB;
  const [objectives, reviews] = await d1.batch([
    d1Statement(
      d1,
      sql`
      SELECT id, name, weight, description FROM objectives
      WHERE company_id = ${viewer.company.id} AND owner_id = ${review.revieweeId} ORDER BY created_at DESC LIMIT 20`
    ),
    d1Statement(
      d1,
      sql`
      SELECT p.id, c.title FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
      WHERE p.company_id = ${viewer.company.id} AND p.reviewer_id = ${viewer.user.id} AND p.reviewee_id = ${review.revieweeId}
        AND p.state = 'completed' AND p.id <> ${review.id}
      ORDER BY p.updated_at DESC LIMIT 20`
    ),
  ]);
  return {
    objectives: objectives.results as Array<{ id: string; name: string; weight: number; description: string | null }>,
    reviews: reviews.results as Array<{ id: string; title: string }>,
  };
}
