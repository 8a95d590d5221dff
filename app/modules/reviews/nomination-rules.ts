import { sql, type SQL } from "drizzle-orm";

/**
 * Where the to-dos live (000 §2 route table) and who answers a reviewee's nominations
 * (000 §4 "Nomination flow"): the reviewee's managers, or the review's owner when the reviewee has
 * no manager (the "Review owner to-do"; Start Nomination warns about such people). One rule, used
 * by the Durable Object that checks an approval, the pages and the to-do list.
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

const value = (v: string | SQL | null) => (v === null ? sql`NULL` : typeof v === "string" ? sql`${v}` : v);

/** SQL: `actor` answers `reviewee`'s nominations: one of their managers, or the review's `owner` when they have none. */
export function nominationApprover(company: string | SQL, actor: string | SQL, owner: string | SQL | null, reviewee: string | SQL): SQL {
  const [c, a, r] = [value(company), value(actor), value(reviewee)];
  return sql`(EXISTS (SELECT 1 FROM user_managers um WHERE um.company_id = ${c} AND um.user_id = ${r} AND um.manager_id = ${a})
    OR (${a} = ${value(owner)} AND NOT EXISTS (SELECT 1 FROM user_managers um WHERE um.company_id = ${c} AND um.user_id = ${r})))`;
}
