import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CampaignRequest } from "../../app/modules/reviews/campaign-commands";
import type { ReviewCampaign } from "../../durable-objects/review-campaign";

// The review object keeps each answer under its request id so a retry applies once. The id comes
// from the browser (a form's hidden field): the kept answer must belong to the person who asked,
// or one person's id would hand them another's answer and skip their own change.

const namespace = () => env.REVIEW_CAMPAIGN as unknown as DurableObjectNamespace<ReviewCampaign>;
const stubFor = (campaignId: string) => namespace().get(namespace().idFromName(campaignId));
const COMPANY = "c-acme";

async function seedLiveCampaign(pairs: Array<{ id: string; reviewer: string }>) {
  const campaignId = `rc-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO review_campaigns (id, company_id, title, state, updated_at) VALUES (?, ?, 'Answer cache review', 'live', 0)"
    ).bind(campaignId, COMPANY),
    ...pairs.map((p) =>
      env.DB.prepare(
        "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, ?, ?, 'u-acme-sam', ?, 'pending', 0)"
      ).bind(`${campaignId}-${p.id}`, COMPANY, campaignId, p.reviewer)
    ),
  ]);
  return campaignId;
}

const as = (campaignId: string, actorId: string, requestId: string): CampaignRequest => ({ requestId, companyId: COMPANY, campaignId, actorId });
const answersOf = async (pairId: string) =>
  JSON.parse(String((await env.DB.prepare("SELECT answers FROM review_pairs WHERE id = ?").bind(pairId).first<{ answers: string }>())!.answers));

describe("ReviewCampaign kept answers", () => {
  it("the same request id from two people gives each their own result", async () => {
    const campaignId = await seedLiveCampaign([
      { id: "mona", reviewer: "u-acme-mona" },
      { id: "ed", reviewer: "u-acme-ed" },
    ]);
    const stub = stubFor(campaignId);
    const shared = "same-request-id";
    const mona = await stub.changePair(as(campaignId, "u-acme-mona", shared), `${campaignId}-mona`, {
      type: "submit",
      answers: { q: { value: "mona" } },
    });
    expect(mona).toMatchObject({ ok: true, state: "completed" });
    // Ed's first request with that id is his own change, not Mona's kept answer.
    const ed = await stub.changePair(as(campaignId, "u-acme-ed", shared), `${campaignId}-ed`, { type: "save", answers: { q: { value: "ed" } } });
    expect(ed).toMatchObject({ ok: true, state: "started" });
    expect(await answersOf(`${campaignId}-ed`)).toEqual({ q: { value: "ed" } });
    // Someone else's id on a pair that is not theirs is still refused as not found, not answered from the cache.
    expect(await stub.changePair(as(campaignId, "u-acme-eve", shared), `${campaignId}-mona`, { type: "submit", answers: {} })).toEqual({
      ok: false,
      reason: "not-found",
    });
    // Each person's retry still gets their own first answer.
    expect(await stub.changePair(as(campaignId, "u-acme-mona", shared), `${campaignId}-mona`, { type: "submit", answers: {} })).toEqual(mona);
    expect(await stub.changePair(as(campaignId, "u-acme-ed", shared), `${campaignId}-ed`, { type: "save", answers: {} })).toEqual(ed);
    expect(await answersOf(`${campaignId}-ed`)).toEqual({ q: { value: "ed" } });
  });

  it("the same request id in one group commit from two people applies both", async () => {
    const campaignId = await seedLiveCampaign([
      { id: "mona", reviewer: "u-acme-mona" },
      { id: "ed", reviewer: "u-acme-ed" },
    ]);
    const stub = stubFor(campaignId);
    const [mona, ed] = await Promise.all([
      stub.changePair(as(campaignId, "u-acme-mona", "group-id"), `${campaignId}-mona`, { type: "save", answers: { q: { value: "m" } } }),
      stub.changePair(as(campaignId, "u-acme-ed", "group-id"), `${campaignId}-ed`, { type: "save", answers: { q: { value: "e" } } }),
    ]);
    expect(mona).toMatchObject({ ok: true, state: "started" });
    expect(ed).toMatchObject({ ok: true, state: "started" });
    expect(await answersOf(`${campaignId}-mona`)).toEqual({ q: { value: "m" } });
    expect(await answersOf(`${campaignId}-ed`)).toEqual({ q: { value: "e" } });
  });

  it("a kept answer (an upload's refused rows) is read back only by the person who asked", async () => {
    const campaignId = `rc-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO review_campaigns (id, company_id, title, state, updated_at) VALUES (?, ?, 'Upload review', 'draft', 0)")
      .bind(campaignId, COMPANY)
      .run();
    const stub = stubFor(campaignId);
    const rejected = [{ row: 2, email: "x@acme.test", reason: "Not a member" }];
    await stub.changeAudience(as(campaignId, "u-acme-alice", "upload-9"), { type: "addPairs", pairs: [], rejected });
    expect(await stub.answerOf(as(campaignId, "u-acme-alice", "upload-9"))).toMatchObject({ ok: true, rejected });
    expect(await stub.answerOf(as(campaignId, "u-acme-adam", "upload-9"))).toBeNull();
    expect(await stub.answerOf({ ...as(campaignId, "u-acme-alice", "upload-9"), companyId: "c-globex" })).toBeNull();
  });
});
