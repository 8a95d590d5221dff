import { env } from "cloudflare:workers";

/**
 * What the insights' roll-ups must be, recomputed from the counts they roll up: each running row
 * the prefix sum of the person's daily rows up to its day (one running row for each daily row,
 * no other), and each company competency row the sum of the people's competency rows of its key.
 * Returns the rows that disagree (empty when the roll-ups are exact).
 */
export const ROLLUP_MISMATCHES = `
  WITH expected AS (
    SELECT company_id, user_id, day,
           sum(sent) OVER w AS sent, sum(received) OVER w AS received, sum(requested) OVER w AS requested,
           sum(praise_sent) OVER w AS praise_sent, sum(praise_received) OVER w AS praise_received
      FROM feedback_daily_counts
    WINDOW w AS (PARTITION BY company_id, user_id ORDER BY day ROWS UNBOUNDED PRECEDING)
  ), company AS (
    SELECT company_id, day, competency_id, behaviour_id, behaviour_type, sum(count) AS count
      FROM feedback_competency_counts GROUP BY 1, 2, 3, 4, 5
  )
  SELECT 'running' AS kind, e.company_id, e.user_id AS who, e.day, e.sent AS want, r.sent AS got FROM expected e
    LEFT JOIN feedback_running_counts r ON r.company_id = e.company_id AND r.user_id = e.user_id AND r.day = e.day
   WHERE r.user_id IS NULL OR r.sent <> e.sent OR r.received <> e.received OR r.requested <> e.requested
      OR r.praise_sent <> e.praise_sent OR r.praise_received <> e.praise_received
  UNION ALL
  SELECT 'running without a daily row', r.company_id, r.user_id, r.day, NULL, r.sent FROM feedback_running_counts r
   WHERE NOT EXISTS (SELECT 1 FROM feedback_daily_counts d WHERE d.company_id = r.company_id AND d.user_id = r.user_id AND d.day = r.day)
  UNION ALL
  SELECT 'company competency', c.company_id, c.competency_id || '/' || c.behaviour_id || '/' || c.behaviour_type, c.day, c.count, k.count FROM company c
    LEFT JOIN feedback_company_competency_counts k ON k.company_id = c.company_id AND k.day = c.day AND k.competency_id = c.competency_id
     AND k.behaviour_id = c.behaviour_id AND k.behaviour_type = c.behaviour_type
   WHERE k.count IS NULL OR k.count <> c.count
  UNION ALL
  SELECT 'company competency without people', k.company_id, k.competency_id || '/' || k.behaviour_id || '/' || k.behaviour_type, k.day, NULL, k.count
    FROM feedback_company_competency_counts k
   WHERE k.count <> 0 AND NOT EXISTS (SELECT 1 FROM company c WHERE c.company_id = k.company_id AND c.day = k.day AND c.competency_id = k.competency_id
     AND c.behaviour_id = k.behaviour_id AND c.behaviour_type = k.behaviour_type)
  LIMIT 10`;

export async function rollupMismatches(): Promise<unknown[]> {
  return (await env.DB.prepare(ROLLUP_MISMATCHES).all()).results;
}
