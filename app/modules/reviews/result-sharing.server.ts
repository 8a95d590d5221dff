import type { BatchItem } from "drizzle-orm/batch";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { anonymousAnswersFloor } from "~/modules/access/anonymous-reviewers.server";
import { resultReaders, type ResultTab } from "~/modules/access/review-results.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import type { ShareConfig } from "./campaign-machine";

/**
 * Automated result sharing (000 §4 "Result sharing"): when a review's results become visible to
 * people by the campaign's configuration (after each submitted review, or when the review closes),
 * those people are told through the outbox, each with a link to the My Reviews tab where the
 * result now is. Who may read a result is decided by My Reviews' tab rules alone; the recipients
 * follow the same rules, as the access module states them (resultReaders in
 * app/modules/access/review-results.server.ts).
 *
 * In an anonymous review a message must not tell when each reviewer answered, and My Reviews
 * shows nothing of a reviewee below the company's anonymity floor: so the people are told once
 * per reviewee, when the submissions make their completed reviewers reach the floor, and at close
 * only about reviewees who have reached it.
 */

/** Whether a configuration shares automatically at this moment. */
export function sharesAutomatically(
  config: ShareConfig | null,
  moment: "submit" | "close"
): config is Extract<ShareConfig, { type: "automated" }> {
  return config?.type === "automated" && config.after === moment && config.shareWith.length > 0;
}

const MESSAGES: Record<ResultTab, (title: string) => { subject: string; body: string }> = {
  received: (title) => ({ subject: `Your review results are shared: ${title}`, body: `Results of ${title} have been shared with you.` }),
  team: (title) => ({
    subject: `Review results of your team: ${title}`,
    body: `Results of your team in ${title} have been shared with you.`,
  }),
  shared: (title) => ({ subject: `Review results shared with you: ${title}`, body: `Results of ${title} have been shared with you.` }),
};

/**
 * The outbox rows telling the people a result is now shared with. `pairs` chooses the campaign's
 * completed pairs whose results were just shared (p: review_pairs); `submitted` names them when
 * they are being submitted in the same write (not yet completed in D1). One read for all of them.
 */
export async function prepareShareMessages(
  db: Db,
  input: {
    companyId: string;
    campaignId: string;
    title: string;
    config: Extract<ShareConfig, { type: "automated" }>;
    pairs: SQL;
    submitted?: string[];
  }
): Promise<BatchItem<"sqlite">[]> {
  const { companyId, config } = input;
  const submitted = JSON.stringify(input.submitted ?? []);
  const completedOf = (state: SQL) => sql`(SELECT count(*) FROM review_pairs q WHERE q.company_id = p.company_id
    AND q.campaign_id = p.campaign_id AND q.reviewee_id = p.reviewee_id AND ${state})`;
  const floor = anonymousAnswersFloor(sql`p.company_id`);
  const before = completedOf(sql`q.state = 'completed' AND q.id NOT IN (SELECT value FROM json_each(${submitted}))`);
  const after = completedOf(sql`(q.state = 'completed' OR q.id IN (SELECT value FROM json_each(${submitted})))`);
  const audience = {
    reviewees: config.shareWith.includes("reviewees"),
    managers: config.shareWith.includes("managers"),
    relationships: config.shareWith.filter((s) => s.startsWith("relationship:")).map((s) => s.slice(13)),
  };
  const rows = await db.all<{ recipient: string; tab: ResultTab }>(sql`
    WITH shared AS (
      SELECT p.reviewee_id AS reviewee, p.reviewer_id AS reviewer FROM review_pairs p
      JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
      WHERE p.company_id = ${companyId} AND p.campaign_id = ${input.campaignId} AND ${input.pairs}
        AND (c.anonymous = 0 OR (${after} >= ${floor} AND (${input.submitted ? sql`${before} < ${floor}` : sql`1`}))))
    ${resultReaders(companyId, sql.raw("shared"), audience)}`);
  const writes: BatchItem<"sqlite">[] = [];
  for (const tab of ["received", "team", "shared"] as const) {
    const recipientUserIds = rows.filter((r) => r.tab === tab).map((r) => r.recipient);
    if (recipientUserIds.length === 0) continue;
    writes.push(
      ...(await prepareNotify(db, {
        companyId,
        recipientUserIds,
        kind: "performance-review",
        ...MESSAGES[tab](input.title),
        link: `/reviews/my-reviews?tab=${tab}`,
      }))
    );
  }
  return writes;
}
