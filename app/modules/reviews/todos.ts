/**
 * The to-do list's and the context panel's shapes (000 §2 "Review to-dos", §3 "To-do list"),
 * client-safe: read by todos.server.ts, shown by components/todo-panels.tsx.
 */

/** 000 §3 review to-do types: a review to give, or a step of the nomination phase. */
export type TodoType = "default" | "awaiting-nominations" | "manager-approval" | "reviewer-approval";

export interface TodoItem {
  id: string;
  type: TodoType;
  /** Whom the item is about (the nominee themself on their own nomination). */
  revieweeName: string;
  completed: boolean;
  /** The page that does the item; a review to give leaves it out (it is `todoPath(id)`, see itemHref). */
  href?: string;
}

export interface TodoList {
  total: number;
  completed: number;
  /** completed / total, in whole percent (000 §3 percentageComplete). */
  percentageComplete: number;
  reviewList: Array<{ performanceReviewCampaignId: string; title: string; reviews: TodoItem[] }>;
}

/** One of the reviewee's objectives as the right panel shows it. */
export interface PanelObjective {
  id: string;
  name: string;
  weight: number;
  kind: string;
  /** 0–100, null when none of its key results can be told yet. */
  progress: number | null;
  approved: boolean;
  keyResults: Array<{ id: string; name: string; target: number | null; actual: number | null; unit: string | null; period: string | null }>;
}

/** One of the reviewee's goals as the right panel shows it. */
export interface PanelGoal {
  id: string;
  name: string;
  /** ISO date-time. */
  deadline: string;
  approved: boolean;
  completed: boolean;
}

/** The right panel's context on the reviewee (000 §2). */
export interface TodoContext {
  /** The company names its first tab Goals instead of Objectives (it still lists the objectives). */
  goals: boolean;
  /** The reviewee's objectives of the review's period. */
  objectives: PanelObjective[];
  /** The reviewee's goals where goals exist (Slack-type); null: no goals to show. */
  personGoals: PanelGoal[] | null;
  reviews: Array<{ id: string; title: string; href: string }>;
}

export const TODOS_PATH = "/reviews/todos";
/** A closed review's to-do: shown on the page and the answer to a late form. */
export const REVIEW_CLOSED = "This review has closed: it can no longer be answered.";

/** What every nomination to-do page's loader adds to its page: the list beside it and the forms' request id. */
export interface TodoPageExtras {
  list: TodoList;
  requestId: string;
}
