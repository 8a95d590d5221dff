import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs } from "./shell-html";
import { scoreScale } from "./review-blocks";

// Review analytics (/analytics/review-analytics/overview and /organization): completion status,
// nominations and question average scores of a review, overall and by department, role and
// group, checked against SQL written here over the seeded demo companies; who may open it (Acme is
// Slack-type with reviewAnalytics, Globex is Teams-type); ids of other companies; and anonymity
// (the floor and complementary suppression) on an anonymous review seeded here.

const BASE = "/analytics/review-analytics";
let admin: string;

type Row = Record<string, unknown>;
const all = async (query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<Row>()).results;

/** Each rated question's average over the completed pairs, straight from the stored answers (their choice value is the score). */
async function averagesBySql(campaignId: string, reviewees?: string[]): Promise<Map<string, number>> {
  const rows = await all(
    `SELECT a.key AS block, round(avg(json_extract(a.value, '$.value')), 2) AS average
     FROM review_pairs p, json_each(p.answers) a
     WHERE p.campaign_id = ? AND p.state = 'completed' AND json_type(a.value, '$.value') IN ('integer', 'real')
       AND coalesce(json_extract(a.value, '$.notApplicable'), 0) = 0
       ${reviewees ? `AND p.reviewee_id IN (${reviewees.map(() => "?").join(",")})` : ""}
     GROUP BY a.key`,
    campaignId,
    ...(reviewees ?? [])
  );
  return new Map(rows.map((r) => [String(r.block), Number(r.average)]));
}

async function page(path: string, cookie: string) {
  const response = await appFetch(path, { cookie });
  return { status: response.status, location: response.headers.get("Location"), html: response.status === 200 ? await response.text() : "" };
}

async function shownByAttr(html: string, selector: string, key: string, value: string) {
  const keys = await attrs(html, selector, key);
  const values = await attrs(html, selector, value);
  return new Map(keys.map((k, i) => [k, values[i]]));
}

beforeAll(async () => {
  admin = await sessionFor("alice@acme.test");
});

describe("who may open review analytics", () => {
  it("opens for Acme's admins; Globex (Teams-type), Acme's managers and employees are sent away", async () => {
    expect((await page(`${BASE}/overview`, admin)).status).toBe(200);
    expect((await page(BASE, admin)).status).toBe(200);
    expect((await page(`${BASE}/organization`, await sessionFor("adam@acme.test"))).status).toBe(200);
    for (const email of ["gina@globex.test", "gary@globex.test", "mona@acme.test", "eve@acme.test"]) {
      const r = await page(`${BASE}/overview`, await sessionFor(email));
      expect(r.status, email).toBe(302);
      expect(r.location, email).toBe("/");
    }
  });

  it("an Acme without reviewAnalytics gets none", async () => {
    await env.DB.prepare("UPDATE companies SET review_analytics = 0 WHERE id = 'c-acme'").run();
    try {
      const r = await page(`${BASE}/overview`, await sessionFor("alice@acme.test"));
      expect(r.status).toBe(302);
    } finally {
      await env.DB.prepare("UPDATE companies SET review_analytics = 1 WHERE id = 'c-acme'").run();
    }
  });

  it("another company's review, a draft, an unknown id and an unknown tab are not found", async () => {
    for (const path of [
      `${BASE}/overview?campaign=rc-globex-live`,
      `${BASE}/organization?campaign=rc-globex-closed`,
      `${BASE}/overview?campaign=rc-acme-draft`,
      `${BASE}/overview?campaign=nope`,
      `${BASE}/elsewhere`,
    ]) {
      expect((await page(path, admin)).status, path).toBe(404);
    }
  });
});

describe("overview", () => {
  it("lists the live and closed reviews and opens the newest by default", async () => {
    const { html } = await page(`${BASE}/overview`, admin);
    const options = await attrs(html, 'select[name="campaign"] option', "value");
    const expected = await all(
      `SELECT id FROM review_campaigns WHERE company_id = 'c-acme' AND state IN ('live', 'closed') ORDER BY coalesce(launched_at, created_at) DESC, id`
    );
    expect(options).toEqual(expected.map((r) => r.id));
    const selected = await attrs(html, 'select[name="campaign"] option[selected]', "value");
    expect(selected).toEqual([expected[0].id]);
  });

  it("shows pairs by state, nominations and each question's average as SQL computes them", async () => {
    const id = "rc-acme-live";
    const { html } = await page(`${BASE}/overview?campaign=${id}`, admin);
    const states = await shownByAttr(html, "[data-pair-state]", "data-pair-state", "data-n");
    const expected = await all("SELECT state, count(*) AS n FROM review_pairs WHERE campaign_id = ? GROUP BY state", id);
    expect(states.size).toBe(expected.length);
    for (const r of expected) expect(states.get(String(r.state)), String(r.state)).toBe(String(r.n));
    const nominations = await shownByAttr(html, "[data-nomination-state]", "data-nomination-state", "data-n");
    const nominationRows = await all("SELECT state, count(*) AS n FROM review_nominations WHERE campaign_id = ? GROUP BY state", id);
    expect(nominationRows.length).toBeGreaterThan(0);
    for (const r of nominationRows) expect(nominations.get(String(r.state))).toBe(String(r.n));

    const shown = await shownByAttr(html, "[data-question]", "data-question", "data-average");
    const sql = await averagesBySql(id);
    expect(sql.size).toBeGreaterThan(0);
    for (const [block, average] of sql) expect(Number(shown.get(block)), block).toBeCloseTo(average, 2);
  });

  it("a closed review without nominations shows no nominations card", async () => {
    const { html } = await page(`${BASE}/overview?campaign=rc-acme-closed`, admin);
    expect(await attrs(html, "[data-nomination-state]", "data-n")).toEqual([]);
    const shown = await shownByAttr(html, "[data-question]", "data-question", "data-average");
    for (const [block, average] of await averagesBySql("rc-acme-closed")) expect(Number(shown.get(block)), block).toBeCloseTo(average, 2);
  });

  it("an anonymous review with fewer completed reviewers than the floor shows no average", async () => {
    const id = "rc-acme-delayed";
    const [{ n }] = await all("SELECT count(DISTINCT reviewer_id) AS n FROM review_pairs WHERE campaign_id = ? AND state = 'completed'", id);
    expect(Number(n)).toBeLessThan(3);
    const { html } = await page(`${BASE}/overview?campaign=${id}`, admin);
    expect(await attrs(html, "[data-anonymity-note]", "class")).toHaveLength(1);
    const averages = await attrs(html, "[data-question]", "data-average");
    expect(averages.length).toBeGreaterThan(0);
    expect(averages.every((a) => a === "")).toBe(true);
  });
});

describe("organization", () => {
  it("breaks the figures down by department and role as SQL does", async () => {
    const id = "rc-acme-closed";
    for (const by of ["department", "role"] as const) {
      const { html } = await page(`${BASE}/organization?campaign=${id}&by=${by}`, admin);
      const column = by === "department" ? "department_id" : "role_id";
      const slices = await all(
        `SELECT coalesce(u.${column}, '') AS k, count(*) AS pairs, sum(p.state = 'completed') AS completed, group_concat(p.reviewee_id) AS reviewees
         FROM review_pairs p JOIN users u ON u.id = p.reviewee_id WHERE p.campaign_id = ? GROUP BY 1`,
        id
      );
      const pairs = await shownByAttr(html, "[data-slice]", "data-slice", "data-pairs");
      const completed = await shownByAttr(html, "[data-slice]", "data-slice", "data-completed");
      const averages = await shownByAttr(html, "[data-slice]", "data-slice", "data-average");
      expect(pairs.size, by).toBe(slices.length);
      for (const s of slices) {
        const k = String(s.k);
        expect(pairs.get(k), `${by} ${k}`).toBe(String(s.pairs));
        expect(completed.get(k), `${by} ${k}`).toBe(String(s.completed));
        // The slice's overall average: every scored answer of its completed pairs alike.
        const [row] = await all(
          `SELECT round(avg(json_extract(a.value, '$.value')), 2) AS average FROM review_pairs p, json_each(p.answers) a
           WHERE p.campaign_id = ? AND p.state = 'completed' AND json_type(a.value, '$.value') IN ('integer', 'real')
             AND coalesce(json_extract(a.value, '$.notApplicable'), 0) = 0
             AND p.reviewee_id IN (SELECT value FROM json_each(?))`,
          id,
          JSON.stringify(String(s.reviewees).split(","))
        );
        if (row.average === null) expect(averages.get(k)).toBe("");
        else expect(Number(averages.get(k)), `${by} ${k}`).toBeCloseTo(Number(row.average), 2);
      }
    }
  });

  it("filters narrow a named review's figures to the chosen department and question", async () => {
    const id = "rc-acme-closed";
    const [{ reviewees }] = await all(
      "SELECT group_concat(p.reviewee_id) AS reviewees FROM review_pairs p JOIN users u ON u.id = p.reviewee_id WHERE p.campaign_id = ? AND u.department_id = 'd-acme-engineering'",
      id
    );
    const ids = String(reviewees).split(",");
    const sql = await averagesBySql(id, ids);
    const [block, average] = [...sql][0];
    const { html } = await page(`${BASE}/organization?campaign=${id}&by=role&department=d-acme-engineering&question=${block}`, admin);
    const total = await attrs(html, "[data-total]", "data-average");
    expect(Number(total[0])).toBeCloseTo(average, 2);
    const pairs = await attrs(html, "[data-total]", "data-pairs");
    expect(pairs).toEqual([String(ids.length)]);
  });
});

describe("anonymity on the organization tab", () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const id = `rc-ra-${tag}`;
  const BLOCKS = [{ id: "b-q", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: scoreScale("Delivery") }];
  // Engineering: 5 reviewers; Sales: 4; Finance: 2 (under the floor of 3).
  const PAIRS: Array<[reviewee: string, reviewer: string, score: number]> = [
    ["priya", "alice", 5],
    ["liam", "adam", 4],
    ["noah", "mona", 4],
    ["olivia", "eve", 3],
    ["kenji", "ed", 5],
    ["bella", "sam", 2],
    ["carlos", "victor", 3],
    ["dina", "felix", 4],
    ["paula", "grace", 2],
    ["hugo", "iris", 1],
    ["quentin", "jonas", 5],
  ];

  beforeAll(async () => {
    await env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, anonymous, template_title, template_blocks, launched_at, created_at, updated_at)
       VALUES (?, 'c-acme', 'Anonymous Pulse', 'live', 'w-acme-hq', 1, 'Pulse', ?, ?, ?, ?)`
    )
      .bind(id, JSON.stringify(BLOCKS), Date.now(), Date.now(), Date.now())
      .run();
    await env.DB.batch(
      PAIRS.map(([reviewee, reviewer, score], i) =>
        env.DB.prepare(
          `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, completed_at, updated_at)
           VALUES (?, 'c-acme', ?, ?, ?, 'completed', ?, ?, ?)`
        ).bind(`rp-ra-${tag}-${i}`, id, `u-acme-${reviewee}`, `u-acme-${reviewer}`, JSON.stringify({ "b-q": { value: score } }), Date.now(), Date.now())
      )
    );
  });

  it("hides the department under the floor and the next smallest with it; the rest and the total show", async () => {
    const { html } = await page(`${BASE}/organization?campaign=${id}&by=department`, admin);
    const averages = await shownByAttr(html, "[data-slice]", "data-slice", "data-average");
    const hidden = await attrs(html, "[data-slice][data-hidden]", "data-slice");
    expect(hidden.sort()).toEqual(["d-acme-finance", "d-acme-sales"]);
    expect(averages.get("d-acme-finance")).toBe("");
    expect(averages.get("d-acme-sales")).toBe("");
    expect(Number(averages.get("d-acme-engineering"))).toBeCloseTo((5 + 4 + 4 + 3 + 5) / 5, 2);
    const total = await attrs(html, "[data-total]", "data-average");
    expect(Number(total[0])).toBeCloseTo(PAIRS.reduce((a, p) => a + p[2], 0) / PAIRS.length, 2);
    // Nothing on the page gives Finance's or Sales's own averages (1 + 5) / 2 = 3 or 2.75.
    expect(html).not.toContain("2.75");
  });

  it("does not narrow an anonymous review by filters (a filtered total would reveal a hidden slice)", async () => {
    const { html } = await page(`${BASE}/organization?campaign=${id}&by=role&department=d-acme-finance`, admin);
    const total = await attrs(html, "[data-total]", "data-pairs");
    expect(total).toEqual([String(PAIRS.length)]);
    expect(html).toContain("filters are not applied");
  });

  it("a named slice's figures never come from a department of one reviewer", async () => {
    const { html } = await page(`${BASE}/organization?campaign=${id}&by=role`, admin);
    const rows = await shownByAttr(html, "[data-slice]", "data-slice", "data-average");
    const counts = await all(
      `SELECT coalesce(u.role_id, '') AS k, count(DISTINCT p.reviewer_id) AS n FROM review_pairs p JOIN users u ON u.id = p.reviewee_id
       WHERE p.campaign_id = ? AND p.state = 'completed' GROUP BY 1`,
      id
    );
    const hidden = new Set(await attrs(html, "[data-slice][data-hidden]", "data-slice"));
    for (const c of counts) if (Number(c.n) < 3) expect(hidden.has(String(c.k)), String(c.k)).toBe(true);
    const hiddenReviewers = counts.filter((c) => hidden.has(String(c.k))).reduce((a, c) => a + Number(c.n), 0);
    if (hidden.size > 0) {
      expect(hidden.size).toBeGreaterThanOrEqual(2);
      expect(hiddenReviewers).toBeGreaterThanOrEqual(3);
    }
    for (const k of hidden) expect(rows.get(k)).toBe("");
  });
});
