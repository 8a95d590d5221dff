import { sql, type SQL } from "drizzle-orm";
import { hasManager, isManagerOf } from "./people.server";

/**
 * Who answers a reviewee's nominations (000 §4 "Nomination flow"): the reviewee's managers, or the
 * review's owner when the reviewee has no manager (the "Review owner to-do"; Start Nomination
 * warns about such people). One rule, used by the Durable Object that checks an approval, the
 * pages and the to-do list (which lists the same people's nominations: reportsOf, hasManager).
 */

const value = (v: string | SQL | null) => (v === null ? sql`NULL` : typeof v === "string" ? sql`${v}` : v);

/** SQL: `actor` answers `reviewee`'s nominations: one of their managers, or the review's `owner` when they have none. */
export function nominationApprover(company: string | SQL, actor: string | SQL, owner: string | SQL | null, reviewee: string | SQL): SQL {
  const [c, a, r] = [value(company), value(actor), value(reviewee)];
  return sql`(${isManagerOf(c, a, r)} OR (${a} = ${value(owner)} AND NOT ${hasManager(c, r)}))`;
}
