import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { deliveryBlocks } from "./review-blocks";

// My Reviews (000 §2 "My reviews", §4 "Result sharing"): each tab's sharing rules, on people,
// reviews and pairs of our own (never the demo seed's), so the seeded reviews cannot blur a rule.

const PAGE = "/reviews/my-reviews";
const tag = crypto.randomUUID().slice(0, 8);
const uid = (name: string) => `u-mr-${tag}-${name}`;
const NAMES = {
  rita: "Rita Reviewee",
  will: "Wilhelmina Writer",
  vic: "Victor Vocal",
  mgr: "Magnus Manager",
  buddy: "Bella Buddy",
  outsider: "Otto Outsider",
  anon: "Anya Anonymous",
  anon2: "Arne Anonymous",
  anon3: "Asta Anonymous",
} as const;
type Person = keyof typeof NAMES;

const BLOCKS = deliveryBlocks("b-title");
const answersFor = (note: string) => ({ "b-time": { value: 1, comment: `Comment ${note}` }, "b-well": { value: `Answer ${note}` } });

interface PairSeed {
  reviewee: string;
  reviewer: string;
  state?: string;
  shared?: boolean;
}

/** A launched review with its pairs; completed pairs get answers naming the pair. */
async function seedReview(seed: {
  title: string;
  company?: string;
  state?: "live" | "closed" | "draft";
  anonymous?: boolean;
  shareConfig: unknown;
  pairs: PairSeed[];
}) {
  const company = seed.company ?? "c-acme";
  const id = `rc-mr-${crypto.randomUUID()}`;
  const pairs = seed.pairs.map((p, i) => ({
    id: `${id}-p${i}`,
    reviewee: p.reviewee,
    reviewer: p.reviewer,
    state: p.state ?? "completed",
    answers: JSON.stringify(answersFor(`${seed.title} ${i}`)),
    shared: p.shared ? Date.now() : null,
  }));
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, anonymous, share_config, template_title, template_blocks,
        launched_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'Check-in', ?, ?, ?)`
    ).bind(
      id,
      company,
      seed.title,
      seed.state ?? "live",
      seed.anonymous ? 1 : 0,
      JSON.stringify(seed.shareConfig),
      JSON.stringify(BLOCKS),
      Date.now(),
      Date.now()
    ),
    env.DB.prepare(
      `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, shared_at, updated_at)
       SELECT json_extract(value, '$.id'), ?, ?, json_extract(value, '$.reviewee'), json_extract(value, '$.reviewer'),
              json_extract(value, '$.state'), json_extract(value, '$.answers'), json_extract(value, '$.shared'), ?
       FROM json_each(?)`
    ).bind(company, id, Date.UTC(2026, 2, 14), JSON.stringify(pairs)),
  ]);
  return { id, pairIds: pairs.map((p) => p.id) };
}

const cookies = {} as Record<Person, string>;
let manual: { id: string; pairIds: string[] };
let onClose: { id: string; pairIds: string[] };
let onSubmit: { id: string; pairIds: string[] };
let draft: { id: string; pairIds: string[] };
let globex: { id: string; pairIds: string[] };
const REL = `rel-mr-${tag}`;
const OTHER_REL = `rel-mr-${tag}-other`;

beforeAll(async () => {
  const people = Object.entries(NAMES) as Array<[Person, string]>;
  await env.DB.batch([
    ...people.map(([key, name]) =>
      env.DB.prepare("INSERT INTO users (id, company_id, name, email, source) VALUES (?, 'c-acme', ?, ?, 'manual')").bind(
        uid(key),
        name,
        `${key}-${tag}@acme.test`
      )
    ),
    env.DB.prepare("INSERT INTO user_managers (company_id, user_id, manager_id) VALUES ('c-acme', ?, ?)").bind(uid("rita"), uid("mgr")),
    env.DB.prepare("INSERT INTO custom_relationships (id, company_id, name) VALUES (?, 'c-acme', 'Mentors'), (?, 'c-acme', 'Other')").bind(
      REL,
      OTHER_REL
    ),
    env.DB.prepare(
      `INSERT INTO custom_relationship_members (company_id, relationship_id, user_id) VALUES
        ('c-acme', ?, ?), ('c-acme', ?, ?), ('c-acme', ?, ?), ('c-acme', ?, ?)`
    ).bind(REL, uid("rita"), REL, uid("buddy"), REL, uid("anon"), OTHER_REL, uid("outsider")),
  ]);
  for (const [key] of people) cookies[key] = await sessionFor(`${key}-${tag}@acme.test`);

  const rita = uid("rita");
  manual = await seedReview({
    title: "Manual Review",
    shareConfig: { type: "manual", canShare: ["reviewer", "manager"] },
    pairs: [
      { reviewee: rita, reviewer: uid("will"), shared: true },
      { reviewee: rita, reviewer: uid("vic") },
      { reviewee: rita, reviewer: uid("buddy"), state: "started" },
    ],
  });
  onClose = await seedReview({
    title: "Anonymous Close Review",
    anonymous: true,
    shareConfig: {
      type: "automated",
      shareWith: ["reviewees", "managers", `relationship:${REL}`, `relationship:${OTHER_REL}`],
      after: "close",
    },
    // Three reviewers: an anonymous review's results show from the company's floor (3) up.
    pairs: [
      { reviewee: rita, reviewer: uid("anon") },
      { reviewee: rita, reviewer: uid("anon2") },
      { reviewee: rita, reviewer: uid("anon3") },
    ],
  });
  onSubmit = await seedReview({
    title: "Submit Review",
    shareConfig: { type: "automated", shareWith: ["reviewees"], after: "submit" },
    pairs: [{ reviewee: rita, reviewer: uid("vic") }],
  });
  draft = await seedReview({
    title: "Draft Review",
    state: "draft",
    shareConfig: { type: "automated", shareWith: ["reviewees"], after: "submit" },
    pairs: [{ reviewee: rita, reviewer: uid("vic"), shared: true }],
  });
  // Another company's review naming the same people, shared with everyone: never shown to Acme.
  globex = await seedReview({
    title: "Globex Secret Review",
    company: "c-globex",
    shareConfig: { type: "automated", shareWith: ["reviewees", "managers", `relationship:${REL}`], after: "submit" },
    pairs: [
      { reviewee: rita, reviewer: uid("will"), shared: true },
      { reviewee: uid("will"), reviewer: rita, shared: true },
    ],
  });
});

async function page(who: Person, query: string) {
  const response = await appFetch(`${PAGE}?${query}`, { cookie: cookies[who] });
  return { status: response.status, html: await response.text() };
}
const listed = async (html: string) => attrs(html, "tr[data-review-id]", "data-review-id");

describe("my reviews (000 §2)", () => {
  it("has four tabs as a tablist, opening on Reviews received", async () => {
    const { status, html } = await page("outsider", "");
    expect(status).toBe(200);
    expect(await attrs(html, '[role="tab"]', "href")).toEqual([
      `${PAGE}?tab=received`,
      `${PAGE}?tab=team`,
      `${PAGE}?tab=given`,
      `${PAGE}?tab=shared`,
    ]);
    expect(await attrs(html, '[role="tab"][aria-selected="true"]', "id")).toEqual(["tab-received"]);
    expect(html).toContain('role="tabpanel"');
    expect(textOf(html)).toContain("No reviews available!");
  });

  it("Reviews received: shared by hand or automated to reviewees; not unshared, draft or unfinished pairs", async () => {
    const { html } = await page("rita", "tab=received");
    const ids = await listed(html);
    expect(ids).toContain(manual.pairIds[0]);
    expect(ids).toContain(onSubmit.pairIds[0]);
    expect(ids).not.toContain(manual.pairIds[1]); // completed but never shared
    expect(ids).not.toContain(manual.pairIds[2]); // not completed
    expect(ids).not.toContain(draft.pairIds[0]);
    expect(ids).not.toContain(onClose.pairIds[0]); // after close, review still live
    const text = textOf(html);
    expect(text).toContain("Wilhelmina Writer");
    expect(text).toContain("Victor Vocal");

    // The result of a visible pair: question, answer and comment.
    const open = await page("rita", `tab=received&review=${manual.pairIds[0]}`);
    expect(open.status).toBe(200);
    const result = textOf(open.html);
    expect(result).toContain("Is the work on time?");
    expect(result).toContain("Agree");
    expect(result).toContain("Comment Manual Review 0");
    expect(result).toContain("Answer Manual Review 0");

    // A pair not shared is not visible to the reviewee, even asked for by id.
    expect((await page("rita", `tab=received&review=${manual.pairIds[1]}`)).status).toBe(404);
    expect((await page("rita", `tab=received&review=${draft.pairIds[0]}`)).status).toBe(404);
  });

  it("My team: results of direct reports when shared with managers (manual manager or automated)", async () => {
    const { html } = await page("mgr", "tab=team");
    const ids = await listed(html);
    expect(ids).toEqual(expect.arrayContaining([manual.pairIds[0], manual.pairIds[1]]));
    expect(ids).not.toContain(onSubmit.pairIds[0]); // shared with reviewees only
    expect(ids).not.toContain(onClose.pairIds[0]); // not closed yet
    expect((await page("mgr", `tab=team&review=${onSubmit.pairIds[0]}`)).status).toBe(404);
    // The manager is not the reviewee: nothing received.
    expect(await listed((await page("mgr", "tab=received")).html)).toEqual([]);
    // Someone who manages nobody sees no team results.
    expect((await page("buddy", `tab=team&review=${manual.pairIds[0]}`)).status).toBe(404);
  });

  it("Reviews given: every completed review I wrote, named 'You', even unshared and anonymous", async () => {
    const { html } = await page("vic", "tab=given");
    expect(await listed(html)).toEqual(expect.arrayContaining([manual.pairIds[1], onSubmit.pairIds[0]]));
    const will = await page("will", "tab=given");
    const ids = await listed(will.html);
    expect(ids).toEqual([manual.pairIds[0]]);
    expect(textOf(will.html)).toContain("You");
    const anon = await page("anon", `tab=given&review=${onClose.pairIds[0]}`);
    expect(anon.status).toBe(200);
    expect(await listed(anon.html)).toEqual([onClose.pairIds[0]]);
    expect(textOf(anon.html)).toContain("reviewed by You");
    // A review I did not write is not mine to open here.
    expect((await page("will", `tab=given&review=${manual.pairIds[1]}`)).status).toBe(404);
  });

  it("automated after close: hidden while live, shown once closed, and an anonymous reviewer is never named", async () => {
    const pair = onClose.pairIds[0];
    expect((await page("rita", `tab=received&review=${pair}`)).status).toBe(404);
    expect((await page("mgr", `tab=team&review=${pair}`)).status).toBe(404);
    expect((await page("buddy", `tab=shared&review=${pair}`)).status).toBe(404);

    await env.DB.prepare("UPDATE review_campaigns SET state = 'closed' WHERE id = ?").bind(onClose.id).run();

    for (const [who, tab] of [
      ["rita", "received"],
      ["mgr", "team"],
      ["buddy", "shared"],
    ] as const) {
      const list = await page(who, `tab=${tab}`);
      expect(await listed(list.html)).toContain(pair);
      const open = await page(who, `tab=${tab}&review=${pair}`);
      expect(open.status).toBe(200);
      expect(textOf(open.html)).toContain("Anonymous reviewer");
      expect(textOf(open.html)).toContain("Comment Anonymous Close Review 0");
      // Nowhere in the page, its loader data included: neither the names nor the ids.
      for (const reviewer of ["anon", "anon2", "anon3"] as const) {
        expect(open.html).not.toContain(NAMES[reviewer]);
        expect(open.html).not.toContain(uid(reviewer));
      }
    }
  });

  it("Shared with me: only members of a shared relationship that also holds the reviewee, not its reviewer", async () => {
    // (The close review was closed by the previous test.)
    const pair = onClose.pairIds[0];
    expect((await listed((await page("buddy", "tab=shared")).html)).sort()).toEqual([...onClose.pairIds].sort());
    // The outsider's relationship is shared too, but the reviewee is not in it.
    expect(await listed((await page("outsider", "tab=shared")).html)).toEqual([]);
    expect((await page("outsider", `tab=shared&review=${pair}`)).status).toBe(404);
    // The reviewer belongs to the relationship but reads their own under Reviews given (the others' are shared with them).
    expect((await listed((await page("anon", "tab=shared")).html)).sort()).toEqual(onClose.pairIds.slice(1).sort());
    // Manual sharing never shares with a relationship.
    expect((await page("buddy", `tab=shared&review=${manual.pairIds[0]}`)).status).toBe(404);
    expect(textOf((await page("outsider", "tab=shared")).html)).toContain("No reviews available!");
  });

  it("never shows another company's pairs, even with the same people's ids", async () => {
    for (const [who, tab] of [
      ["rita", "received"],
      ["will", "given"],
      ["rita", "given"],
      ["mgr", "team"],
      ["buddy", "shared"],
    ] as const) {
      const { html } = await page(who, `tab=${tab}`);
      expect(html).not.toContain("Globex Secret Review");
      for (const id of globex.pairIds) expect((await page(who, `tab=${tab}&review=${id}`)).status).toBe(404);
    }
  });

  it("an unknown tab reads as Reviews received; a pair of one tab is not found under another", async () => {
    const { html } = await page("rita", "tab=nonsense");
    expect(await attrs(html, '[role="tab"][aria-selected="true"]', "id")).toEqual(["tab-received"]);
    expect((await page("rita", `tab=given&review=${manual.pairIds[0]}`)).status).toBe(404);
    expect((await page("rita", `tab=received&review=does-not-exist`)).status).toBe(404);
  });
});
