import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignRequest } from "../../app/modules/reviews/campaign-commands";
import type { ReviewCampaign } from "../../durable-objects/review-campaign";
import type { ShareConfig } from "~/modules/reviews/campaign-machine";
import { appFetch, cookieFrom, postForm, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

// The nomination steps in the to-do list (000 §3 "To-do list" types), the review owner's
// to-do for a nominee without a manager, the nominee declining, nominations expiring when the review
// closes, automated result sharing telling the right people (000 §4 "Result sharing"), and the
// context panel's Objectives or Goals (by the company's feature flag), and answers that come too
// late (the review closed, the pair removed). Campaigns of our own.

const COMPANY = "c-acme";
const TODOS = "/reviews/todos";
const namespace = () => env.REVIEW_CAMPAIGN as unknown as DurableObjectNamespace<ReviewCampaign>;
const stub = (campaignId: string) => namespace().get(namespace().idFromName(campaignId));
const ask = (campaignId: string, actorId: string): CampaignRequest => ({
  requestId: crypto.randomUUID(),
  companyId: COMPANY,
  campaignId,
  actorId,
});
const cookies: Record<string, string> = {};
let blocks: string;

const titleOf = (campaignId: string) => `Review ${campaignId.slice(-6)}`;

/** A live campaign created by Adam, with nominees whose nominations are started, and optional pairs. */
async function campaign(options: { nominees?: string[]; share?: ShareConfig; pairs?: Array<[reviewee: string, reviewer: string]> }) {
  const id = `rc-nt-${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, template_blocks, launched_at, nomination_audience,
       share_config, created_by, updated_at)
     VALUES (?, ?, ?, 'live', 'w-acme-hq', ?, 1, ?, ?, 'u-acme-adam', 0)`
  )
    .bind(
      id,
      COMPANY,
      titleOf(id),
      blocks,
      JSON.stringify((options.nominees ?? []).map((l) => `u-acme-${l}`)),
      options.share ? JSON.stringify(options.share) : null
    )
    .run();
  for (const [reviewee, reviewer] of options.pairs ?? []) {
    await env.DB.prepare(
      "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', 0)"
    )
      .bind(`${id}-${reviewee}-${reviewer}`, COMPANY, id, `u-acme-${reviewee}`, `u-acme-${reviewer}`)
      .run();
  }
  if (options.nominees?.length) {
    const started = await stub(id).changeAudience(ask(id, "u-acme-adam"), { type: "startNominations" });
    expect(started.ok).toBe(true);
  }
  return id;
}

/** The to-do list items of a person for one campaign (its section of the list): [type, state, href]. */
async function itemsOf(local: string, campaignId: string) {
  // The base page opens the first open to-do; every to-do page shows the list.
  const base = await appFetch(TODOS, { cookie: cookies[local] });
  const location = base.headers.get("Location");
  const html = location
    ? (await base.body?.cancel(), await (await appFetch(location, { cookie: cookies[local] })).text())
    : await base.text();
  const section = `section[aria-label="${titleOf(campaignId)}"]`;
  const hrefs = await attrs(html, `${section} li[data-todo-type] a`, "href");
  const types = await attrs(html, `${section} li[data-todo-type]`, "data-todo-type");
  const states = await attrs(html, `${section} li[data-todo-type]`, "data-todo-state");
  return hrefs.map((href, i) => [types[i], states[i], href] as const);
}

const nomination = (campaignId: string, local: string) =>
  env.DB.prepare("SELECT state, decline_reason FROM review_nominations WHERE campaign_id = ? AND reviewee_id = ?")
    .bind(campaignId, `u-acme-${local}`)
    .first<{ state: string; decline_reason: string | null }>();
const outbox = (local: string, link: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND link = ?")
    .bind(`u-acme-${local}`, link)
    .first<number>("n");
const pairId = (campaignId: string, reviewee: string, reviewer: string) =>
  env.DB.prepare("SELECT id FROM review_pairs WHERE campaign_id = ? AND reviewee_id = ? AND reviewer_id = ?")
    .bind(campaignId, `u-acme-${reviewee}`, `u-acme-${reviewer}`)
    .first<string>("id");

beforeAll(async () => {
  for (const local of ["eve", "mona", "ed", "adam", "alice", "sam", "priya"]) cookies[local] = await sessionFor(`${local}@acme.test`);
  blocks = (await env.DB.prepare("SELECT template_blocks FROM review_campaigns WHERE id = 'rc-acme-live'").first<string>(
    "template_blocks"
  ))!;
});

describe("nomination steps in the to-do list (000 §3 to-do types)", () => {
  it("lists the nominee's, the manager's and the reviewer's steps, each done when answered", async () => {
    const id = await campaign({ nominees: ["eve"] });
    const awaiting = `${TODOS}/awaiting-nomination/${encodeURIComponent(id)}`;
    const manager = `${TODOS}/manager-approve-nomination/${encodeURIComponent(id)}/u-acme-eve`;
    const reviewer = `${TODOS}/reviewer-approve-nomination/${encodeURIComponent(id)}`;
    expect(await itemsOf("eve", id)).toEqual([["awaiting-nominations", "pending", awaiting]]);
    // The nomination page shows the same list beside it.
    const page = await (await appFetch(awaiting, { cookie: cookies.eve })).text();
    expect(textOf(page)).toContain("Nominate your reviewers");
    expect(textOf(page)).toMatch(/\d+ of \d+ completed/);

    const body = new URLSearchParams({ intent: "nominate", requestId: crypto.randomUUID() });
    body.append("reviewerIds", "u-acme-ed");
    expect((await appFetch(awaiting, { method: "POST", body, cookie: cookies.eve })).status).toBe(302);
    expect(await itemsOf("eve", id)).toEqual([["awaiting-nominations", "completed", awaiting]]);
    expect(await itemsOf("mona", id)).toEqual([["manager-approval", "pending", manager]]);

    const ed = (await pairId(id, "eve", "ed"))!;
    const approved = await postForm(manager, { intent: "respond", requestId: "m-1", pairId: ed, [`value.${ed}`]: "accept" }, cookies.mona);
    expect(approved.status).toBe(302);
    expect(await itemsOf("mona", id)).toEqual([["manager-approval", "completed", manager]]);
    expect(await itemsOf("ed", id)).toEqual([["reviewer-approval", "pending", reviewer]]);

    // Accepting turns the step into a review to give.
    expect((await postForm(reviewer, { intent: "respond", requestId: "r-1", pairId: ed, [`value.${ed}`]: "accept" }, cookies.ed)).status).toBe(302);
    expect(await itemsOf("ed", id)).toEqual([["default", "pending", `${TODOS}/${encodeURIComponent(ed)}`]]);
  });

  it("opens the first step still to do when no to-do is chosen", async () => {
    // Priya has no reviews to give in the seed's live reviews, only this nomination.
    const id = await campaign({ nominees: ["priya"] });
    const first = await appFetch(TODOS, { cookie: cookies.priya });
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    const open = textOf(await (await appFetch(location, { cookie: cookies.priya })).text());
    expect(open).toMatch(/\d+ of \d+ completed/);
    expect((await itemsOf("priya", id))[0]).toEqual([
      "awaiting-nominations",
      "pending",
      `${TODOS}/awaiting-nomination/${encodeURIComponent(id)}`,
    ]);
  });

  it("the nominee may decline to nominate: the nomination is declined with its reason and leaves the list; nothing more is taken", async () => {
    const id = await campaign({ nominees: ["eve"] });
    const awaiting = `${TODOS}/awaiting-nomination/${encodeURIComponent(id)}`;
    const declined = await postForm(awaiting, { intent: "decline", requestId: "d-1", declineReason: "On leave all quarter" }, cookies.eve);
    expect(declined.status).toBe(302);
    expect(await nomination(id, "eve")).toEqual({ state: "declined", decline_reason: "On leave all quarter" });
    expect(await itemsOf("eve", id)).toEqual([]);
    const late = await postForm(awaiting, { intent: "nominate", requestId: "d-2", reviewerIds: "u-acme-ed" }, cookies.eve);
    expect(late.status).toBe(400);
    expect(textOf(await late.text())).toContain("Your nomination is declined: it cannot be answered again.");
    expect(await pairId(id, "eve", "ed")).toBeNull();
  });

  it("open nominations expire when the review closes, and leave everyone's list", async () => {
    const id = await campaign({ nominees: ["eve", "ed"] });
    const body = new URLSearchParams({ intent: "nominate", requestId: crypto.randomUUID(), reviewerIds: "u-acme-sam" });
    await appFetch(`${TODOS}/awaiting-nomination/${encodeURIComponent(id)}`, { method: "POST", body, cookie: cookies.ed });
    const closed = await stub(id).changeCampaign(ask(id, "u-acme-adam"), { type: "finalize" });
    expect(closed.ok).toBe(true);
    expect((await nomination(id, "eve"))?.state).toBe("expired");
    expect((await nomination(id, "ed"))?.state).toBe("submitted");
    expect(await itemsOf("eve", id)).toEqual([]);
    expect(await itemsOf("mona", id)).toEqual([]);
  });
});

describe("the review owner's to-do (000 §2): nominees without a manager", () => {
  it("the owner is told, approves in the owner to-do, and no one else may", async () => {
    // Alice has no manager; Adam launched the review.
    const id = await campaign({ nominees: ["alice"] });
    const owner = `${TODOS}/owner-todo/${encodeURIComponent(id)}/u-acme-alice`;
    const body = new URLSearchParams({ intent: "nominate", requestId: crypto.randomUUID() });
    body.append("reviewerIds", "u-acme-mona");
    await appFetch(`${TODOS}/awaiting-nomination/${encodeURIComponent(id)}`, { method: "POST", body, cookie: cookies.alice });
    expect(await outbox("adam", owner)).toBe(1);
    expect(await itemsOf("adam", id)).toEqual([["manager-approval", "pending", owner]]);

    for (const local of ["mona", "eve", "alice"]) {
      const refused = await appFetch(owner, { cookie: cookies[local] });
      await refused.body?.cancel();
      expect(refused.status, local).toBe(404);
    }
    const mona = (await pairId(id, "alice", "mona"))!;
    expect(
      (await postForm(owner, { intent: "respond", requestId: "o-0", pairId: mona, [`value.${mona}`]: "accept" }, cookies.mona)).status
    ).toBe(404);
    const page = await appFetch(owner, { cookie: cookies.adam });
    expect(page.status).toBe(200);
    const approved = await postForm(
      owner,
      { intent: "respond", requestId: "o-1", pairId: mona, [`value.${mona}`]: "accept" },
      cookies.adam
    );
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(owner);
    const state = await env.DB.prepare("SELECT state FROM review_pairs WHERE id = ?").bind(mona).first<string>("state");
    expect(state).toBe("nomination-manager-approved");
    expect(await itemsOf("adam", id)).toEqual([["manager-approval", "completed", owner]]);
  });
});

describe("automated result sharing tells the people the result is shared with (000 §4)", () => {
  // The Durable Object takes the answers as given (the page checks them); sharing is what is tested here.
  const submit = async (id: string, reviewee: string, reviewer: string) =>
    stub(id).changePair(ask(id, `u-acme-${reviewer}`), (await pairId(id, reviewee, reviewer))!, { type: "submit", answers: {} });

  it("on submit: the reviewee and the reviewee's managers, nobody else", async () => {
    const id = await campaign({
      share: { type: "automated", shareWith: ["reviewees", "managers"], after: "submit" },
      pairs: [["eve", "ed"]],
    });
    expect((await submit(id, "eve", "ed")).ok).toBe(true);
    const completedAt = await env.DB.prepare("SELECT completed_at FROM review_pairs WHERE id = ?")
      .bind(await pairId(id, "eve", "ed"))
      .first<number | null>("completed_at");
    expect(completedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(await outbox("eve", "/reviews/my-reviews?tab=received")).toBe(1);
    expect(await outbox("mona", "/reviews/my-reviews?tab=team")).toBe(1);
    const others = await env.DB.prepare(
      "SELECT count(*) AS n FROM notification_outbox WHERE link LIKE '/reviews/my-reviews%' AND recipient_user_id IN ('u-acme-ed', 'u-acme-alice', 'u-acme-adam')"
    ).first<number>("n");
    expect(others).toBe(0);
  });

  it("on close: nothing at submit; the reviewees are told when the review closes", async () => {
    const id = await campaign({ share: { type: "automated", shareWith: ["reviewees"], after: "close" }, pairs: [["sam", "ed"]] });
    const before = await outbox("sam", "/reviews/my-reviews?tab=received");
    const managers = await outbox("mona", "/reviews/my-reviews?tab=team");
    expect((await submit(id, "sam", "ed")).ok).toBe(true);
    expect(await outbox("sam", "/reviews/my-reviews?tab=received")).toBe(before);
    expect((await stub(id).changeCampaign(ask(id, "u-acme-adam"), { type: "finalize" })).ok).toBe(true);
    expect(await outbox("sam", "/reviews/my-reviews?tab=received")).toBe(before! + 1);
    expect(await outbox("mona", "/reviews/my-reviews?tab=team")).toBe(managers);
  });
});

describe("the context panel (000 §2): Objectives, or Goals by the company's feature flag", () => {
  it("shows Objectives by default and Goals with the flag on", async () => {
    const id = await campaign({ pairs: [["eve", "sam"]] });
    const path = `${TODOS}/${encodeURIComponent((await pairId(id, "eve", "sam"))!)}`;
    const plain = textOf(await (await appFetch(path, { cookie: cookies.sam })).text());
    expect(plain).toContain("Objectives");
    expect(plain).toContain("Feedback");
    expect(plain).toContain("No Feedback available!");
    // Acme is Slack-type, where goals exist: a Goals tab of its own beside Objectives.
    // Eve's demo objectives and goals (app/db/seed/objective-sets.ts, goals.ts).
    expect(plain).toContain("Improve new-customer activation");
    expect(plain).toContain("Define product success metrics");
    await env.DB.prepare("UPDATE companies SET goals_instead_of_objectives = 1 WHERE id = ?").bind(COMPANY).run();
    try {
      const goals = textOf(await (await appFetch(path, { cookie: cookies.sam })).text());
      expect(goals).toContain("Goals");
      expect(goals).toContain("Define product success metrics");
      expect(goals).not.toContain("No Objectives set!");
    } finally {
      await env.DB.prepare("UPDATE companies SET goals_instead_of_objectives = 0 WHERE id = ?").bind(COMPANY).run();
    }
  });

  it("says 'No reviewee details available!' when the reviewee's record is gone", async () => {
    const id = await campaign({ pairs: [["gone", "sam"]] });
    const path = `${TODOS}/${encodeURIComponent((await pairId(id, "gone", "sam"))!)}`;
    const text = textOf(await (await appFetch(path, { cookie: cookies.sam })).text());
    expect(text).toContain("No reviewee details available!");
    expect(text).not.toContain("No Feedback available!");
  });
});

describe("late answers change nothing and say why", () => {
  const fields = () => {
    const out: Record<string, string> = { intent: "submit" };
    for (const b of JSON.parse(blocks) as Array<{ id: string; type: string }>) if (b.type === "short-text") out[`a.${b.id}.value`] = "Late";
    return out;
  };
  const row = (id: string) =>
    env.DB.prepare("SELECT state, answers FROM review_pairs WHERE id = ?").bind(id).first<{ state: string; answers: string | null }>();

  it("after the review closed: read-only, and a submit is refused with a clear message", async () => {
    const id = await campaign({ pairs: [["eve", "sam"]] });
    const pair = (await pairId(id, "eve", "sam"))!;
    const path = `${TODOS}/${encodeURIComponent(pair)}`;
    expect((await stub(id).changeCampaign(ask(id, "u-acme-adam"), { type: "finalize" })).ok).toBe(true);
    const page = await (await appFetch(path, { cookie: cookies.sam })).text();
    expect(textOf(page)).toContain("This review has closed: it can no longer be answered.");
    expect(page).not.toContain('name="intent" value="submit"');
    const late = await postForm(path, fields(), cookies.sam);
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe(path);
    const toast = await appFetch(path, { cookie: `${cookies.sam}; ${cookieFrom(late)}` });
    expect(textOf(await toast.text())).toContain("This review has closed: it can no longer be answered.");
    expect(await row(pair)).toEqual({ state: "pending", answers: null });
  });

  it("after the pair was removed: the review is gone (404) and a post changes nothing", async () => {
    const id = await campaign({ pairs: [["ed", "sam"]] });
    const pair = (await pairId(id, "ed", "sam"))!;
    const path = `${TODOS}/${encodeURIComponent(pair)}`;
    expect((await stub(id).changePair(ask(id, "u-acme-adam"), pair, { type: "remove" })).ok).toBe(true);
    const gone = await appFetch(path, { cookie: cookies.sam });
    await gone.body?.cancel();
    expect(gone.status).toBe(404);
    const late = await postForm(path, fields(), cookies.sam);
    expect(late.headers.get("Location")).toBe(TODOS);
    expect(await row(pair)).toBeNull();
  });
});
