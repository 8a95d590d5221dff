import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
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

/**
 * The people told to answer `reviewee`'s submitted nominations, by the same rule: their managers
 * (`byManager`), or else the review's `owner` (none when the review has no owner).
 */
export async function nominationApprovers(db: Db, company: string, reviewee: string, owner: string | null) {
  const managers = await db.all<{ id: string }>(
    sql`SELECT um.manager_id AS id FROM user_managers um WHERE um.company_id = ${company} AND um.user_id = ${reviewee}`
  );
  if (managers.length > 0) return { byManager: true, ids: managers.map((m) => m.id) };
  return { byManager: false, ids: owner ? [owner] : [] };
}
