import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReviewCampaign } from "../../durable-objects/review-campaign";
import { postForm, sessionFor } from "./helpers";

// An action of the review pages answers a form whose intent it does not know (or that names none)
// with 400 and writes nothing: such a form is never taken for a save or any other change.

const COMPANY = "c-acme";
const campaignId = `rc-intent-${crypto.randomUUID()}`;
const EVE = "u-acme-eve";
const AWAITING = `/reviews/todos/awaiting-nomination/${campaignId}`;
const MANAGER = `/reviews/todos/manager-approve-nomination/${campaignId}/${EVE}`;
const REVIEWER = `/reviews/todos/reviewer-approve-nomination/${campaignId}`;
const LIVE = "rc-acme-live";

const cookies: Record<string, string> = {};

/** Everything a change of either campaign could write: its pairs, nominations, notifications and the campaign row. */
async function written(id: string) {
  const rows = await env.DB.batch([
    env.DB.prepare("SELECT * FROM review_pairs WHERE campaign_id = ? ORDER BY id").bind(id),
    env.DB.prepare("SELECT * FROM review_nominations WHERE campaign_id = ? ORDER BY 1").bind(id),
    env.DB.prepare("SELECT * FROM review_campaigns WHERE id = ?").bind(id),
    env.DB.prepare("SELECT count(*) AS n FROM notification_outbox"),
  ]);
  return JSON.stringify(rows.map((r) => r.results));
}

const pairOf = (reviewerId: string) =>
  env.DB.prepare("SELECT id, state FROM review_pairs WHERE campaign_id = ? AND reviewee_id = ? AND reviewer_id = ?")
    .bind(campaignId, EVE, reviewerId)
    .first<{ id: string; state: string }>();

/** Posts each odd intent to one route and expects 400 with nothing written. */
async function refusesOddIntents(path: string, fields: Record<string, string>, cookie: string, campaign: string) {
  for (const intent of ["overwrite", "", undefined]) {
    const before = await written(campaign);
    const body = intent === undefined ? fields : { ...fields, intent };
    const response = await postForm(path, body, cookie);
    expect(response.status, `${path} with intent ${JSON.stringify(intent)}`).toBe(400);
    expect(await written(campaign)).toBe(before);
  }
}

beforeAll(async () => {
  for (const local of ["eve", "mona", "ed", "adam", "alice"]) cookies[local] = await sessionFor(`${local}@acme.test`);
  await env.DB.prepare(
    `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, template_blocks, launched_at, nomination_audience, updated_at)
     VALUES (?, ?, 'Intent review', 'live', 'w-acme-hq', '[]', 1, ?, 0)`
  )
    .bind(campaignId, COMPANY, JSON.stringify([EVE]))
    .run();
  const namespace = env.REVIEW_CAMPAIGN as unknown as DurableObjectNamespace<ReviewCampaign>;
  const started = await namespace
    .get(namespace.idFromName(campaignId))
    .changeAudience(
      { requestId: crypto.randomUUID(), companyId: COMPANY, campaignId, actorId: "u-acme-alice" },
      { type: "startNominations" }
    );
  expect(started.ok).toBe(true);
});

describe("a review page's action refuses an unknown or missing intent (400, nothing written)", () => {
  it("the review to complete does not save answers posted with an odd intent", async () => {
    const path = "/reviews/todos/rp-acme-live-01";
    const row = await env.DB.prepare("SELECT template_blocks FROM review_campaigns WHERE id = ?").bind(LIVE).first<string>("template_blocks");
    const block = (JSON.parse(row!) as Array<{ id: string; type: string }>).find((b) => b.type === "short-text" || b.type === "long-text");
    const fields: Record<string, string> = { requestId: "odd-todo" };
    if (block) fields[`a.${block.id}.value`] = "Written by an odd intent";
    await refusesOddIntents(path, fields, cookies.adam, LIVE);
  });

  it("the nominee's page neither nominates nor declines on an odd intent", async () => {
    await refusesOddIntents(AWAITING, { requestId: "odd-nominate", reviewerIds: "u-acme-ed" }, cookies.eve, campaignId);
    // The page's own forms still work: Eve nominates Ed.
    const sent = await postForm(AWAITING, { intent: "nominate", requestId: "nominate-ed", reviewerIds: "u-acme-ed" }, cookies.eve);
    expect(sent.status).toBe(302);
    expect((await pairOf("u-acme-ed"))?.state).toBe("nominated");
  });

  it("the manager's page neither answers nor adds on an odd intent", async () => {
    const ed = (await pairOf("u-acme-ed"))!;
    await refusesOddIntents(MANAGER, { requestId: "odd-respond", pairId: ed.id, [`value.${ed.id}`]: "accept" }, cookies.mona, campaignId);
    await refusesOddIntents(MANAGER, { requestId: "odd-add", reviewerIds: "u-acme-adam" }, cookies.mona, campaignId);
    const approved = await postForm(
      MANAGER,
      { intent: "respond", requestId: "approve-ed", pairId: ed.id, [`value.${ed.id}`]: "accept" },
      cookies.mona
    );
    expect(approved.status).toBe(302);
    expect((await pairOf("u-acme-ed"))?.state).toBe("nomination-manager-approved");
  });

  it("the nominated reviewer's page does not answer on an odd intent", async () => {
    const ed = (await pairOf("u-acme-ed"))!;
    await refusesOddIntents(REVIEWER, { requestId: "odd-accept", pairId: ed.id, [`value.${ed.id}`]: "accept" }, cookies.ed, campaignId);
    const accepted = await postForm(REVIEWER, { intent: "respond", requestId: "accept-ed", pairId: ed.id, [`value.${ed.id}`]: "accept" }, cookies.ed);
    expect(accepted.status).toBe(302);
    expect((await pairOf("u-acme-ed"))?.state).not.toBe("nomination-manager-approved");
  });

  it("the review detail page changes nothing on an odd intent", async () => {
    const pair = await env.DB.prepare("SELECT id FROM review_pairs WHERE campaign_id = ? ORDER BY id LIMIT 1").bind(LIVE).first<string>("id");
    await refusesOddIntents(
      `/reviews/manage-reviews/${LIVE}`,
      { pairId: pair!, pairAction: "remove", confirmed: "true", requestId: "odd-detail", reportType: "review" },
      cookies.alice,
      LIVE
    );
  });
});
