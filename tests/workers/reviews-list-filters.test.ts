import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// The reviews list's super-admin filters, Nomination Status and Download (000 §2).

const PATH = "/reviews/manage-reviews";
const LIVE = `${PATH}?filter=1&status=live`;

beforeAll(async () => {
  const campaign = (id: string, title: string, by: string, extra = "'[]', NULL") =>
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, created_by, nomination_audience, nomination_started_at, updated_at) VALUES (?, 'c-acme', ?, 'live', ?, ${extra}, 1)`
    ).bind(id, title, by);
  const pair = (id: string, campaign: string, reviewee: string, reviewer: string) =>
    env.DB.prepare(
      "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, 'c-acme', ?, ?, ?, 'pending', 0)"
    ).bind(id, campaign, reviewee, reviewer);
  await env.DB.batch([
    campaign("f-alice", "Filter by Alice", "u-acme-alice", `'["u-acme-eve"]', 1`),
    campaign("f-adam", "Filter by Adam", "u-acme-adam", `'["u-acme-ed"]', NULL`),
    pair("f-p1", "f-alice", "u-acme-ed", "u-acme-eve"),
    pair("f-p2", "f-adam", "u-acme-eve", "u-acme-mona"),
    env.DB.prepare(
      "INSERT INTO review_nominations (id, company_id, campaign_id, reviewee_id, state, updated_at) VALUES ('f-n1', 'c-acme', 'f-alice', 'u-acme-eve', 'submitted', 0)"
    ),
  ]);
});

const titles = async (path: string, cookie: string) =>
  (await texts(await (await appFetch(path, { cookie })).text(), 'table[aria-label="Reviews"] tbody td:first-child a')).filter((t) =>
    t.startsWith("Filter by")
  );

describe("reviews list: super-admin filters", () => {
  it("filters by who launched the review", async () => {
    const alice = await sessionFor("alice@acme.test");
    expect(await titles(`${LIVE}&launchedBy=u-acme-adam`, alice)).toEqual(["Filter by Adam"]);
    const html = await (await appFetch(LIVE, { cookie: alice })).text();
    const names = await env.DB.prepare("SELECT name FROM users WHERE id IN ('u-acme-alice', 'u-acme-adam') ORDER BY name").all<{
      name: string;
    }>();
    expect(await texts(html, 'select[name="launchedBy"] option')).toEqual(
      expect.arrayContaining(["Anyone", ...names.results.map((r) => r.name)])
    );
  });

  it("filters by specific users as reviewer or as reviewee", async () => {
    const alice = await sessionFor("alice@acme.test");
    expect(await titles(`${LIVE}&userType=reviewer&users=eve@acme.test`, alice)).toEqual(["Filter by Alice"]);
    expect(await titles(`${LIVE}&userType=reviewee&users=EVE@acme.test`, alice)).toEqual(["Filter by Adam"]);
    expect(await titles(`${LIVE}&userType=reviewee&users=eve@acme.test,ed@acme.test`, alice)).toHaveLength(2);
  });

  it("says 'Invalid list of emails.' and does not apply a bad list; Clear User Filter keeps the statuses", async () => {
    const alice = await sessionFor("alice@acme.test");
    const html = await (await appFetch(`${LIVE}&userType=reviewer&users=eve@acme,`, { cookie: alice })).text();
    expect(textOf(html)).toContain("Invalid list of emails.");
    expect((await titles(`${LIVE}&users=nobody@acme.test`, alice)).length).toBe(2);
    expect(await attrs(html, "a", "href")).toContain(`${PATH}?filter=1&status=live`);
  });

  it("shows the user filters to super admins only", async () => {
    const adam = await sessionFor("adam@acme.test");
    const html = await (await appFetch(`${LIVE}&launchedBy=u-acme-adam`, { cookie: adam })).text();
    expect(html).not.toContain('name="launchedBy"');
    expect(textOf(html)).not.toContain("Clear User Filter");
    // Not applied for someone who may not use it.
    expect(await titles(`${LIVE}&launchedBy=u-acme-adam`, adam)).toHaveLength(2);
  });
});

describe("reviews list: Nomination Status and Download", () => {
  it("shows where nominations stand and offers Download on live reviews", async () => {
    const alice = await sessionFor("alice@acme.test");
    const html = await (await appFetch(LIVE, { cookie: alice })).text();
    const rows = textOf(html);
    expect(rows).toContain("In Progress (1/1 done)");
    expect(rows).toContain("Not Started (1 person)");
    expect(await attrs(html, 'a[aria-label="Download: Filter by Alice"]', "href")).toEqual([`${PATH}/f-alice/download?reportType=review`]);
  });
});

describe("reviews of a Teams-type group admin", () => {
  it("lists and opens only the reviews of the groups they administer", async () => {
    const own = await env.DB.prepare("SELECT group_id FROM group_members WHERE user_id = 'u-globex-gary' AND is_admin = 1 LIMIT 1").first<{
      group_id: string;
    }>();
    const other = await env.DB.prepare(
      "SELECT id FROM groups WHERE company_id = 'c-globex' AND id NOT IN (SELECT group_id FROM group_members WHERE user_id = 'u-globex-gary' AND is_admin = 1) LIMIT 1"
    ).first<{ id: string }>();
    expect(own && other).toBeTruthy();
    const insert = (id: string, title: string, group: string, state = "live") =>
      env.DB.prepare(
        "INSERT INTO review_campaigns (id, company_id, title, state, group_id, created_by, updated_at) VALUES (?, 'c-globex', ?, ?, ?, 'u-globex-gina', 2)"
      ).bind(id, title, state, group);
    await env.DB.batch([
      insert("g-own", "Filter by own group", own!.group_id),
      insert("g-other", "Filter by other group", other!.id),
      insert("g-other-draft", "Filter by other draft", other!.id, "draft"),
    ]);
    const gary = await sessionFor("gary@globex.test");
    expect(await titles(LIVE, gary)).toEqual(["Filter by own group"]);
    const refused = await appFetch(`${PATH}/g-other`, { cookie: gary });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(PATH);
    const draft = await appFetch(`${PATH}/draft/g-other-draft`, { cookie: gary });
    expect(draft.headers.get("Location")).toBe(PATH);
    const gina = await sessionFor("gina@globex.test");
    expect(await titles(LIVE, gina)).toEqual(expect.arrayContaining(["Filter by own group", "Filter by other group"]));
  });
});
