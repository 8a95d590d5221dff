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

/** The right panel's context on the reviewee (000 §2). */
export interface TodoContext {
  goals: boolean;
  objectives: Array<{ id: string; name: string; weight: number }>;
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
