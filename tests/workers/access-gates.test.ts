import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CampaignRequest } from "../../app/modules/reviews/campaign-commands";
import type { ReviewCampaign } from "../../durable-objects/review-campaign";

/**
 * The Slack-type-only features (000 §6) are permissions of the registry; the ReviewCampaign
 * Durable Object, which has no viewer, is told the caller's SharePairResult and follows it: the
 * gate decides whether a pair result may be shared, not the company's platform.
 */

const namespace = () => env.REVIEW_CAMPAIGN as unknown as DurableObjectNamespace<ReviewCampaign>;

async function completedPair(company: "c-acme" | "c-globex", reviewee: string, reviewer: string) {
  const campaignId = `rc-${crypto.randomUUID()}`;
  const pairId = `rp-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO review_templates (id, company_id, title, blocks, updated_at) VALUES (?, ?, 'Quarterly', '[]', 0)").bind(
      `rt-${campaignId}`,
      company
    ),
    env.DB.prepare(
      "INSERT INTO review_campaigns (id, company_id, title, state, template_id, updated_at) VALUES (?, ?, 'Gate review', 'live', ?, 0)"
    ).bind(campaignId, company, `rt-${campaignId}`),
    env.DB.prepare(
      "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, ?, ?, ?, ?, 'completed', 0)"
    ).bind(pairId, company, campaignId, reviewee, reviewer),
  ]);
  const request: CampaignRequest = { requestId: crypto.randomUUID(), companyId: company, campaignId, actorId: null };
  return { stub: namespace().get(namespace().idFromName(campaignId)), request, pairId };
}

const sharedAt = async (pairId: string) =>
  (await env.DB.prepare("SELECT shared_at FROM review_pairs WHERE id = ?").bind(pairId).first<{ shared_at: number | null }>())!.shared_at;

describe("SharePairResult decides a pair result's share", () => {
  it("refuses a share on a Slack-type review when the caller lacks the permission", async () => {
    const { stub, request, pairId } = await completedPair("c-acme", "u-acme-eve", "u-acme-ed");
    const refused = await stub.changePair(request, pairId, { type: "share", sharePairResult: false });
    expect(refused).toMatchObject({ ok: false, reason: "conflict", conflict: "This pair (Review Completed) cannot be shared." });
    expect(await sharedAt(pairId)).toBeNull();
    const bare = await stub.changePair({ ...request, requestId: crypto.randomUUID() }, pairId, { type: "share" });
    expect(bare).toMatchObject({ ok: false, reason: "conflict" });
    expect(await sharedAt(pairId)).toBeNull();
  });

  it("shares when the caller holds it, whatever the platform", async () => {
    const acme = await completedPair("c-acme", "u-acme-eve", "u-acme-ed");
    expect(await acme.stub.changePair(acme.request, acme.pairId, { type: "share", sharePairResult: true })).toMatchObject({ ok: true });
    expect(await sharedAt(acme.pairId)).toBeGreaterThan(0);
    const globex = await completedPair("c-globex", "u-globex-tina", "u-globex-tom");
    expect(await globex.stub.changePair(globex.request, globex.pairId, { type: "share", sharePairResult: true })).toMatchObject({ ok: true });
    expect(await sharedAt(globex.pairId)).toBeGreaterThan(0);
  });
});
