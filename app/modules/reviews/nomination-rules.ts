
/**
 * Where the to-dos live (000 §2 route table). Who answers a reviewee's nominations is the access
 * module's rule (app/modules/access/nominations.server.ts). Client-safe: the to-do panels link here.
 */

/** A review to give (a pair id, or the composite id of 000 §2). */
export const todoPath = (id: string) => `/reviews/todos/${encodeURIComponent(id)}`;
export const awaitingNominationPath = (campaignId: string) => `/reviews/todos/awaiting-nomination/${encodeURIComponent(campaignId)}`;
export const managerApprovePath = (campaignId: string, revieweeId: string) =>
  `/reviews/todos/manager-approve-nomination/${encodeURIComponent(campaignId)}/${encodeURIComponent(revieweeId)}`;
export const ownerTodoPath = (campaignId: string, revieweeId: string) =>
  `/reviews/todos/owner-todo/${encodeURIComponent(campaignId)}/${encodeURIComponent(revieweeId)}`;
export const reviewerApprovePath = (campaignId: string) => `/reviews/todos/reviewer-approve-nomination/${encodeURIComponent(campaignId)}`;

/** The page of a to-do list item (000 §3 "To-do list"). */
export const itemHref = (item: { id: string; href?: string }) => item.href ?? todoPath(item.id);
