import { sql, type SQL } from "drizzle-orm";

/**
 * Who reads a review result that a campaign shares automatically (000 §4 "Result sharing"): the
 * same people My Reviews' tabs let read it (app/modules/reviews/my-reviews.server.ts):
 * - received: the reviewee;
 * - team: the reviewee's managers (user_managers);
 * - shared: the other members of a chosen custom relationship the reviewee belongs to, never the
 *   pair's reviewer.
 * All within the company. The result-sharing messages go to exactly these people.
 */

/** Whom a configuration shares with: the reviewees, their managers, custom relationships by id. */
export interface ResultAudience {
  reviewees: boolean;
  managers: boolean;
  relationships: readonly string[];
}

export type ResultTab = "received" | "team" | "shared";

/**
 * The readers of the shared pairs as rows (recipient, tab), one per person and tab. `shared` is a
 * table expression with the columns `reviewee` and `reviewer` (the pairs whose results are shared).
 */
export function resultReaders(company: string, shared: SQL, audience: ResultAudience): SQL {
  const withReviewees = audience.reviewees ? 1 : 0;
  const withManagers = audience.managers ? 1 : 0;
  const relationships = JSON.stringify(audience.relationships);
  return sql`
    SELECT s.reviewee AS recipient, 'received' AS tab FROM ${shared} s WHERE ${withReviewees} = 1
    UNION
    SELECT um.manager_id, 'team' FROM ${shared} s
    JOIN user_managers um ON um.company_id = ${company} AND um.user_id = s.reviewee
    WHERE ${withManagers} = 1 AND um.manager_id <> s.reviewee
    UNION
    SELECT theirs.user_id, 'shared' FROM ${shared} s
    JOIN custom_relationship_members mine ON mine.company_id = ${company} AND mine.user_id = s.reviewee
      AND mine.relationship_id IN (SELECT value FROM json_each(${relationships}))
    JOIN custom_relationship_members theirs ON theirs.company_id = ${company} AND theirs.relationship_id = mine.relationship_id
      AND theirs.user_id <> s.reviewee AND theirs.user_id <> s.reviewer`;
}
