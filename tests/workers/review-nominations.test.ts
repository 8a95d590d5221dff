import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReviewCampaign } from "../../durable-objects/review-campaign";
import { appFetch, postForm, sessionFor } from "./helpers";
import { textOf } from "./shell-html";

// 000 §4 "Nomination flow": on a live Acme campaign whose nominations were started through the
// DO, Eve nominates, her manager Mona approves, denies and adds, and the reviewers answer.

const COMPANY = "c-acme";
const campaignId = `rc-nom-${crypto.randomUUID()}`;
const EVE = "u-acme-eve";
const AWAITING = `/reviews/todos/awaiting-nomination/${campaignId}`;
const MANAGER = `/reviews/todos/manager-approve-nomination/${campaignId}/${EVE}`;
const REVIEWER = `/reviews/todos/reviewer-approve-nomination/${campaignId}`;

const cookies: Record<string, string> = {};
const names: Record<string, string> = {};

const pairOf = (reviewerId: string) =>
  env.DB.prepare(
    "SELECT id, state, from_nominations, decline_comment FROM review_pairs WHERE campaign_id = ? AND reviewee_id = ? AND reviewer_id = ?"
  )
    .bind(campaignId, EVE, reviewerId)
    .first<{ id: string; state: string; from_nominations: number; decline_comment: string | null }>();
const outboxTo = (userId: string, link: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND link = ?")
    .bind(userId, link)
    .first<number>("n");
const requestIdOf = (html: string) => /name="requestId" value="([^"]+)"/.exec(html)![1];

beforeAll(async () => {
  for (const local of ["eve", "mona", "ed", "adam", "sam", "gina"]) {
    cookies[local] = await sessionFor(`${local}@${local === "gina" ? "globex" : "acme"}.test`);
  }
  for (const local of ["ed", "adam", "sam"]) {
    names[local] = (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(`u-acme-${local}`).first<string>("name"))!;
  }
  await env.DB.prepare(
    `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, template_blocks, launched_at, nomination_audience, updated_at)
     VALUES (?, ?, 'Nominated review', 'live', 'w-acme-hq', '[]', 1, ?, 0)`
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

describe("the nomination path (000 §4)", () => {
  it("the nominee must choose at least one reviewer, then submits two; her manager is told", async () => {
    const page = await appFetch(AWAITING, { cookie: cookies.eve });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`name="reviewerIds" value="u-acme-ed"`);
    expect(html).not.toContain(`name="reviewerIds" value="${EVE}"`);

    const none = await postForm(AWAITING, { intent: "nominate", requestId: "nom-none" }, cookies.eve);
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("Please select at least one reviewer.");

    const body = new URLSearchParams({ intent: "nominate", requestId: requestIdOf(html) });
    body.append("reviewerIds", "u-acme-ed");
    body.append("reviewerIds", "u-acme-adam");
    const sent = await appFetch(AWAITING, { method: "POST", body, cookie: cookies.eve });
    expect(sent.status).toBe(302);
    expect(await pairOf("u-acme-ed")).toMatchObject({ state: "nominated", from_nominations: 1 });
    expect(await pairOf("u-acme-adam")).toMatchObject({ state: "nominated", from_nominations: 1 });
    const nomination = await env.DB.prepare("SELECT state FROM review_nominations WHERE campaign_id = ? AND reviewee_id = ?")
      .bind(campaignId, EVE)
      .first<string>("state");
    expect(nomination).toBe("submitted");
    expect(await outboxTo("u-acme-mona", MANAGER)).toBe(1);

    // Read-only afterwards: the nominations with their state, no more choosing.
    const after = await (await appFetch(AWAITING, { cookie: cookies.eve })).text();
    expect(after).not.toContain('name="reviewerIds"');
    expect(textOf(after)).toContain(names.ed);
    expect(textOf(after)).toContain("Nominated");
  });

  it("the manager cannot deny without a reason (nothing written), then denies with one and approves the other", async () => {
    const ed = (await pairOf("u-acme-ed"))!;
    const adam = (await pairOf("u-acme-adam"))!;
    const page = await appFetch(MANAGER, { cookie: cookies.mona });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value.${ed.id}`);

    const refused = await postForm(
      MANAGER,
      { intent: "respond", requestId: "deny-no-reason", pairId: ed.id, [`value.${ed.id}`]: "reject", [`reason.${ed.id}`]: " " },
      cookies.mona
    );
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("A reason is required to deny a nomination.");
    expect((await pairOf("u-acme-ed"))?.state).toBe("nominated");

    const body = new URLSearchParams({ intent: "respond", requestId: requestIdOf(html) });
    body.append("pairId", ed.id);
    body.append(`value.${ed.id}`, "reject");
    body.append(`reason.${ed.id}`, "Works on another product");
    body.append("pairId", adam.id);
    body.append(`value.${adam.id}`, "accept");
    const done = await appFetch(MANAGER, { method: "POST", body, cookie: cookies.mona });
    expect(done.status).toBe(302);
    expect(await pairOf("u-acme-ed")).toMatchObject({ state: "nomination-manager-declined", decline_comment: "Works on another product" });
    expect((await pairOf("u-acme-adam"))?.state).toBe("nomination-manager-approved");
    expect(await outboxTo("u-acme-adam", REVIEWER)).toBe(1);
    expect(await outboxTo("u-acme-ed", REVIEWER)).toBe(0);
    expect(textOf(await (await appFetch(MANAGER, { cookie: cookies.mona })).text())).toContain("No nominations available!");
  });

  it("the manager adds reviewers: the answer tells existing from added", async () => {
    const body = new URLSearchParams({ intent: "add", requestId: "add-1" });
    body.append("reviewerIds", "u-acme-adam");
    body.append("reviewerIds", "u-acme-sam");
    const added = await appFetch(MANAGER, { method: "POST", body, cookie: cookies.mona });
    expect(added.status).toBe(200);
    const text = textOf(await added.text());
    expect(text).toContain(`Added: ${names.sam}`);
    expect(text).toContain(`Already reviewers: ${names.adam}`);
    expect(await pairOf("u-acme-sam")).toMatchObject({ state: "nomination-manager-approved", from_nominations: 1 });
    expect(await outboxTo("u-acme-sam", REVIEWER)).toBe(1);
  });

  it("one reviewer declines, the other accepts: the accepted one is a review to complete in their to-dos", async () => {
    const sam = (await pairOf("u-acme-sam"))!;
    const adam = (await pairOf("u-acme-adam"))!;
    const samPage = await appFetch(REVIEWER, { cookie: cookies.sam });
    expect(samPage.status).toBe(200);
    expect(await samPage.text()).toContain(`value.${sam.id}`);
    // A reviewer answers only their own nominations.
    const foreign = await postForm(REVIEWER, { intent: "respond", requestId: "x-1", pairId: adam.id, [`value.${adam.id}`]: "accept" }, cookies.sam);
    expect(foreign.status).toBe(404);
    expect((await pairOf("u-acme-adam"))?.state).toBe("nomination-manager-approved");

    const declined = await postForm(REVIEWER, { intent: "respond", requestId: "sam-1", pairId: sam.id, [`value.${sam.id}`]: "reject" }, cookies.sam);
    expect(declined.status).toBe(302);
    expect(await pairOf("u-acme-sam")).toMatchObject({ state: "nomination-reviewer-declined", decline_comment: null });

    const accepted = await postForm(REVIEWER, { intent: "respond", requestId: "adam-1", pairId: adam.id, [`value.${adam.id}`]: "accept" }, cookies.adam);
    expect(accepted.status).toBe(302);
    expect((await pairOf("u-acme-adam"))?.state).toBe("pending");
    expect(textOf(await (await appFetch(REVIEWER, { cookie: cookies.adam })).text())).toContain("No nominations available!");

    const todo = await appFetch(`/reviews/todos/${adam.id}`, { cookie: cookies.adam });
    expect(todo.status).toBe(200);
    const text = textOf(await todo.text());
    expect(text).toContain("Nominated review");
    expect(text).toContain("Not Started");
  });

  it("answers 404 to someone with no part in it, and for another company's campaign", async () => {
    const cases: Array<[string, string]> = [
      [cookies.sam, AWAITING],
      [cookies.ed, MANAGER],
      [cookies.adam, MANAGER],
      [cookies.eve, MANAGER],
      [cookies.eve, REVIEWER],
      [cookies.mona, REVIEWER],
      [cookies.gina, AWAITING],
      [cookies.gina, MANAGER],
      [cookies.gina, REVIEWER],
      [cookies.eve, "/reviews/todos/awaiting-nomination/rc-globex-draft"],
      [cookies.mona, `/reviews/todos/manager-approve-nomination/rc-globex-draft/${EVE}`],
      [cookies.adam, "/reviews/todos/reviewer-approve-nomination/rc-globex-draft"],
    ];
    for (const [cookie, path] of cases) {
      const response = await appFetch(path, { cookie });
      await response.body?.cancel();
      expect(response.status, path).toBe(404);
    }
    const posted = await postForm(MANAGER, { intent: "add", requestId: "ed-add", reviewerIds: "u-acme-sam" }, cookies.ed);
    expect(posted.status).toBe(404);
    const again = await postForm(AWAITING, { intent: "nominate", requestId: "gina-1", reviewerIds: "u-acme-ed" }, cookies.gina);
    expect(again.status).toBe(404);
  });
});
