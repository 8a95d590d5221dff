import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * The pairs `npm run bench` measures the ReviewCampaign Durable Object with (only with
 * DEV_SIGN_IN=true): read straight from D1, one company's campaign at a time.
 */

/** The campaign's pairs a reminder can still be sent for. */
export async function remindablePairs(context: AppLoadContext, companyId: string, campaignId: string) {
  const { results } = await context.db.$client.prepare(
    "SELECT id FROM review_pairs WHERE company_id = ? AND campaign_id = ? AND state IN ('pending', 'started', 'review-progress') ORDER BY id"
  )
    .bind(companyId, campaignId)
    .all<{ id: string }>();
  return results;
}

/** One open pair of each of up to `count` reviewers of the campaign. */
export async function openPairPerReviewer(context: AppLoadContext, companyId: string, campaignId: string, count: number) {
  const { results } = await context.db.$client.prepare(
    "SELECT min(id) AS id, reviewer_id FROM review_pairs WHERE company_id = ? AND campaign_id = ? AND state IN ('pending', 'started') GROUP BY reviewer_id ORDER BY reviewer_id LIMIT ?"
  )
    .bind(companyId, campaignId, count)
    .all<{ id: string; reviewer_id: string }>();
  return results;
}

/** The bench answer stored on each of these pairs (null where there is none). */
export async function benchAnswers(context: AppLoadContext, companyId: string, pairIds: string[]) {
  const { results } = await context.db.$client.prepare(
    "SELECT id, json_extract(answers, '$.bench.value') AS value FROM review_pairs WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))"
  )
    .bind(companyId, JSON.stringify(pairIds))
    .all<{ id: string; value: string | null }>();
  return results;
}
