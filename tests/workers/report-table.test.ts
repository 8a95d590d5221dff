import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { bulkXlsxBuilder, requesterViewer } from "~/modules/reviews/reports/bulk-report.server";
import type { ReportRow } from "~/modules/reports/generated.server";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";
import { deliveryBlocks } from "./review-blocks";

// The admin report pages (000 §2 "Review reports (admin)"): filters, the three-level
// table scoped by who asks, anonymity of reviewer rows, empty states, the bulk actions, the row
// menu, the super admin's streamed download and the bulk XLSX. On people and reviews of our own,
// so the demo seed's reviews cannot blur a rule.

const PAGE = "/reviews/reports";
const TABLE = "/reviews/reports-table";
const DOWNLOAD = "/reviews/reports-table/download";
const db = createDb(env.DB);
const tag = crypto.randomUUID().slice(0, 8);
const uid = (name: string) => `u-rt-${tag}-${name}`;
const email = (name: string) => `rt-${name}-${tag}@acme.test`;
const DEPT = `d-rt-${tag}`;

const PEOPLE = {
  mgr: "Magda Manager",
  rae: "Rae Reviewee",
  otto: "Otto Other",
  will: "Wilma Writer",
  vic: "Victor Voice",
  xena: "Xena Excluded",
  dee: "Dee Deactivated",
  lone: "Lonnie Lone",
  pat: "Pat Reportless",
} as const;
type Person = keyof typeof PEOPLE;

const BLOCKS = deliveryBlocks("b-head");
const QUESTIONS = 2;
const ANSWERS = JSON.stringify({
  "b-time": { value: 1, comment: '=HYPERLINK("http://evil.test")' },
  "b-well": { value: "<p>+Shipped on time</p>" },
});

type PairSeed = [reviewee: string, reviewer: string, state?: string];

async function seedReview(input: {
  title: string;
  company?: "c-acme" | "c-globex";
  state?: "live" | "closed" | "draft";
  anonymous?: boolean;
  groupId?: string | null;
  launchedAt: number;
  pairs: PairSeed[];
}) {
  const company = input.company ?? "c-acme";
  const id = `rc-rt-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, template_title, template_blocks,
        created_by, launched_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'Check-in', ?, ?, ?, ?)`
    ).bind(
      id,
      company,
      input.title,
      input.state ?? "live",
      company === "c-acme" ? "w-acme-hq" : null,
      input.groupId ?? null,
      input.anonymous ? 1 : 0,
      JSON.stringify(BLOCKS),
      company === "c-acme" ? "u-acme-alice" : "u-globex-gina",
      input.launchedAt,
      Date.now()
    ),
    ...input.pairs.map(([reviewee, reviewer, state = "completed"], i) =>
      env.DB.prepare(
        `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)`
      ).bind(`${id}-p${i}`, company, id, reviewee, reviewer, state, state === "completed" ? ANSWERS : null)
    ),
  ]);
  return id;
}

const cookies = {} as Record<"alice" | "adam" | "eve" | "gina" | "gary" | Person, string>;
let open: string; // live, named
let anon: string; // closed, anonymous
let draft: string;
let globexEng: string; // Teams: Engineering group, anonymous
let globexSales: string; // Teams: Sales group

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO departments (id, company_id, name) VALUES (?, 'c-acme', ?)").bind(DEPT, `Report Table ${tag}`),
    ...(Object.entries(PEOPLE) as Array<[Person, string]>).map(([key, name]) =>
      env.DB.prepare(
        "INSERT INTO users (id, company_id, name, email, source, department_id, is_excluded, is_deleted) VALUES (?, 'c-acme', ?, ?, 'manual', ?, ?, ?)"
      ).bind(uid(key), `${name} ${tag}`, email(key), key === "rae" ? DEPT : null, key === "xena" ? 1 : 0, key === "dee" ? 1 : 0)
    ),
    env.DB.prepare("INSERT INTO user_managers (company_id, user_id, manager_id) VALUES ('c-acme', ?, ?), ('c-acme', ?, ?)").bind(
      uid("rae"),
      uid("mgr"),
      uid("pat"),
      uid("lone")
    ),
  ]);
  open = await seedReview({
    title: `Open Review ${tag}`,
    launchedAt: Date.UTC(2031, 0, 2),
    pairs: [
      [uid("rae"), uid("will")],
      [uid("rae"), uid("vic"), "started"],
      [uid("otto"), uid("will")],
      [uid("xena"), uid("vic")],
      [uid("dee"), uid("will")],
    ],
  });
  anon = await seedReview({
    title: `Anonymous Review ${tag}`,
    state: "closed",
    anonymous: true,
    launchedAt: Date.UTC(2031, 0, 1),
    pairs: [
      [uid("rae"), uid("vic")],
      [uid("otto"), uid("vic")],
    ],
  });
  draft = await seedReview({
    title: `Draft Review ${tag}`,
    state: "draft",
    launchedAt: Date.UTC(2031, 0, 3),
    pairs: [[uid("rae"), uid("will")]],
  });
  globexEng = await seedReview({
    title: `Globex Engineering ${tag}`,
    company: "c-globex",
    groupId: "g-globex-engineering",
    anonymous: true,
    launchedAt: Date.UTC(2031, 0, 1),
    pairs: [["u-globex-kim", "u-globex-jack"]],
  });
  globexSales = await seedReview({
    title: `Globex Sales ${tag}`,
    company: "c-globex",
    groupId: "g-globex-sales",
    launchedAt: Date.UTC(2031, 0, 1),
    pairs: [["u-globex-tina", "u-globex-tom"]],
  });
  for (const who of ["alice", "adam", "eve"] as const) cookies[who] = await sessionFor(`${who}@acme.test`);
  for (const who of ["gina", "gary"] as const) cookies[who] = await sessionFor(`${who}@globex.test`);
  for (const who of Object.keys(PEOPLE) as Person[]) if (who !== "dee") cookies[who] = await sessionFor(email(who));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const key = (campaign: string, person: Person | string) => `${campaign}:${person.startsWith("u-") ? person : uid(person as Person)}`;

async function page(who: keyof typeof cookies, query: string, path = PAGE) {
  const response = await appFetch(`${path}${query ? `?${query}` : ""}`, { cookie: cookies[who] });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    html: response.status === 200 ? await response.text() : "",
  };
}
const reportsOf = (html: string) => attrs(html, "tr[data-report]", "data-report");
const reviewersOf = (html: string) => texts(html, "td[data-reviewer]");
const q = (params: Array<[string, string]>) => new URLSearchParams(params).toString();
const both = () =>
  q([
    ["reviews", open],
    ["reviews", anon],
  ]);

function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

function captureJobs() {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body as Record<string, unknown>);
    return undefined as never;
  });
  return sent;
}

const reportsRequested = (userId: string) =>
  env.DB.prepare("SELECT id, kind, title, scope FROM generated_reports WHERE requested_by = ? ORDER BY created_at, id")
    .bind(userId)
    .all<{ id: string; kind: string; title: string; scope: string }>()
    .then((r) => r.results);

describe("report table: filters (000 §2)", () => {
  it("lists the reports of live and closed reviews, review by review, reviewees by name; user status include by default", async () => {
    const { status, html } = await page("alice", both());
    expect(status).toBe(200);
    expect(await reportsOf(html)).toEqual([key(open, "otto"), key(open, "rae"), key(anon, "otto"), key(anon, "rae")]);
    const text = textOf(html);
    expect(text).toContain(`Review: Open Review ${tag}`);
    expect(text).toContain(`Reviewee: ${PEOPLE.rae} ${tag}`);
    expect(text).toContain(`Reviewer: ${PEOPLE.will} ${tag}`);
    // Rae: one of two reviews completed in the open review.
    expect(text).toContain("1/2 completed");
    expect(html).not.toContain(draft);
  });

  it("user status: exclude lists excluded reviewees, deactivate deactivated ones", async () => {
    expect(await reportsOf((await page("alice", `${both()}&status=exclude`)).html)).toEqual([key(open, "xena")]);
    expect(await reportsOf((await page("alice", `${both()}&status=deactivate`)).html)).toEqual([key(open, "dee")]);
  });

  it("each filter narrows: reviews, reviewees, reviewers (with their rows only), reviewee department", async () => {
    expect(await reportsOf((await page("alice", q([["reviews", anon]]))).html)).toEqual([key(anon, "otto"), key(anon, "rae")]);
    expect(await reportsOf((await page("alice", `${both()}&reviewees=${uid("rae")}`)).html)).toEqual([key(open, "rae"), key(anon, "rae")]);
    const byWill = await page("alice", `${both()}&reviewers=${uid("will")}`);
    expect(await reportsOf(byWill.html)).toEqual([key(open, "otto"), key(open, "rae")]);
    expect(new Set(await reviewersOf(byWill.html))).toEqual(new Set([`Reviewer: ${PEOPLE.will} ${tag}`]));
    expect(await reportsOf((await page("alice", `${both()}&departments=${DEPT}`)).html)).toEqual([key(open, "rae"), key(anon, "rae")]);
  });

  it("offers the reviews and departments as multi-selects and reviewers and reviewees as people pickers in a GET form", async () => {
    const { html } = await page("alice", "");
    expect(await attrs(html, 'select[name="reviews"] option', "value")).toEqual(expect.arrayContaining([open, anon]));
    expect(await attrs(html, 'select[name="reviews"] option', "value")).not.toContain(draft);
    expect(await attrs(html, 'select[name="departments"] option', "value")).toContain(DEPT);
    expect(await attrs(html, "select[multiple]", "name")).toEqual(["reviews", "departments"]);
    expect(await attrs(html, 'input[name="status"][checked]', "value")).toEqual(["include"]);
    // No list of people in the page: each picker is a search (a text field and Search without JavaScript).
    expect(await attrs(html, 'input[name="reviewers"], input[name="reviewees"]', "value")).toEqual([]);
    expect(await attrs(html, 'input[type="search"]', "name")).toEqual(["reviewersQ", "revieweesQ"]);
    // Searched without JavaScript: the matching people of the viewer's reports come back to choose from.
    const searched = await page("alice", q([["reviewersQ", PEOPLE.will], ["revieweesQ", `${PEOPLE.otto} ${tag}`]]));
    expect(await attrs(searched.html, 'input[name="reviewers"]', "value")).toContain(uid("will"));
    expect(await attrs(searched.html, 'input[name="reviewees"]', "value")).toEqual([uid("otto")]);
    expect(await attrs(searched.html, 'input[name="reviewees"][checked]', "value")).toEqual([]);
    // A chosen person is checked, by name.
    const chosen = await page("alice", q([["reviewers", uid("vic")]]));
    expect(await attrs(chosen.html, 'input[name="reviewers"][checked]', "value")).toEqual([uid("vic")]);
    expect(textOf(chosen.html)).toContain(`${PEOPLE.vic} ${tag}`);
  });

  it("ignores another company's ids in the filters: nothing of theirs is shown", async () => {
    const { status, html } = await page("alice", q([["reviews", globexEng]]));
    expect(status).toBe(200);
    expect(textOf(html)).toContain("No reports available.");
    expect(html).not.toContain(`Globex Engineering ${tag}`);
  });
});

describe("report table: who sees what (000 §6)", () => {
  it("a manager sees only their direct reports' reports", async () => {
    const { status, html } = await page("mgr", "");
    expect(status).toBe(200);
    expect(await reportsOf(html)).toEqual([key(open, "rae"), key(anon, "rae")]);
    // The reviewee picker finds only her direct report.
    const searched = await page("mgr", q([["revieweesQ", tag]]));
    expect(await attrs(searched.html, 'input[name="reviewees"]', "value")).toEqual([uid("rae")]);
    // A manager has no row menu actions but Preview.
    expect(html).not.toContain(`${uid("otto")}`);
  });

  it("a Slack-type manager's reviewee rows of an anonymous review do not open to reviewers (000 §6); an admin reads the names", async () => {
    const mgr = await page("mgr", q([["reviews", anon]]));
    expect(await reportsOf(mgr.html)).not.toEqual([]);
    expect(await reviewersOf(mgr.html)).toEqual([]);
    // Nor can the reviewer filter find who reviewed in an anonymous review.
    expect(await reportsOf((await page("mgr", `${q([["reviews", anon]])}&reviewers=${uid("vic")}`)).html)).toEqual([]);
    const alice = await page("alice", q([["reviews", anon]]));
    expect(await reviewersOf(alice.html)).toEqual([`Reviewer: ${PEOPLE.vic} ${tag}`, `Reviewer: ${PEOPLE.vic} ${tag}`]);
  });

  it("a Teams-type group admin sees the reports of their groups' reviews, with reviewers named", async () => {
    const gary = await page("gary", "");
    const keys = await reportsOf(gary.html);
    expect(keys).toContain(key(globexEng, "u-globex-kim"));
    expect(keys).not.toContain(key(globexSales, "u-globex-tina"));
    expect(await reviewersOf((await page("gary", q([["reviews", globexEng]]))).html)).toEqual([
      expect.stringMatching(/^Reviewer: Jack \S/),
    ]);
    expect(await reportsOf((await page("gina", q([["reviews", globexSales]]))).html)).toEqual([key(globexSales, "u-globex-tina")]);
  });

  it("sends someone without the permission home", async () => {
    const eve = await page("eve", "");
    expect(eve.status).toBe(302);
    expect(eve.location).toBe("/");
  });
});

describe("report table: empty states", () => {
  it("'No filters available.' when the viewer has no reports at all; 'No reports available.' when the filters match none", async () => {
    const lone = await page("lone", "");
    expect(lone.status).toBe(200);
    expect(textOf(lone.html)).toContain("No filters available.");
    expect(lone.html).not.toContain("data-report-table");
    const none = await page("alice", `${both()}&reviewees=${uid("will")}`);
    expect(textOf(none.html)).toContain("No reports available.");
    expect(none.html).not.toContain("data-report-table");
  });
});

describe("report table: rows, checkboxes and links", () => {
  it("reviewee rows carry a checkbox named report, Share Report and Preview; the rows work without JavaScript", async () => {
    const { html } = await page("alice", q([["reviews", open]]));
    expect(await attrs(html, 'input[type="checkbox"][name="report"]', "value")).toEqual([key(open, "otto"), key(open, "rae")]);
    expect(await attrs(html, 'input[type="checkbox"][name="report"]', "form")).toEqual(["report-selection", "report-selection"]);
    const previews = await attrs(html, 'a[data-action="preview"]', "href");
    expect(previews).toContain(`/reviews/reports/reviewee?revieweeId=${uid("rae")}&reviewIds=${open}`);
    const shares = await attrs(html, 'a[data-action="share"]', "href");
    expect(shares[1]).toContain(`dialog=share&report=${encodeURIComponent(key(open, "rae"))}`);
    // Server-rendered (no JavaScript): every level shown, no row hidden.
    expect(html).not.toMatch(/<tr[^>]*hidden/);
    // Select All without JavaScript: a link to the page with every report checked.
    const selectAll = await page("alice", `${q([["reviews", open]])}&selectAll=1`);
    expect(await attrs(selectAll.html, 'input[name="report"][checked]', "value")).toEqual([key(open, "otto"), key(open, "rae")]);
  });

  it("the row menu without JavaScript is a panel of the same actions; a manager gets Preview only", async () => {
    const { html } = await page("alice", `${q([["reviews", open]])}&dialog=actions&review=${open}`);
    const panel = await texts(html, '[data-panel="review-actions"] li');
    expect(panel.map((t) => t.split(":")[0])).toEqual(["Duplicate", "Delete", "Preview", "Launch"]);
    const mgr = await page("mgr", `dialog=actions&review=${open}`);
    expect(await texts(mgr.html, '[data-panel="review-actions"] li')).toEqual(["Preview"]);
    expect((await page("alice", `dialog=actions&review=${globexEng}`)).status).toBe(404);
  });
});

describe("report table: Bulk Download", () => {
  it("queues one bulk XLSX of the checked reports and says 'Report(s) will be emailed once completed'", async () => {
    const sent = captureJobs();
    const before = (await reportsRequested(uid("mgr"))).length;
    const body = new URLSearchParams([
      ["intent", "download"],
      ["report", key(open, "rae")],
      ["report", key(anon, "rae")],
    ]);
    const response = await appFetch(PAGE, { method: "POST", body, cookie: cookies.mgr });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Report(s) will be emailed once completed" });
    const rows = await reportsRequested(uid("mgr"));
    expect(rows.length).toBe(before + 1);
    const row = rows[rows.length - 1];
    expect(row.kind).toBe("bulk-xlsx");
    expect(JSON.parse(row.scope)).toEqual({
      reports: [
        { campaignId: open, revieweeId: uid("rae") },
        { campaignId: anon, revieweeId: uid("rae") },
      ],
      // A Slack-type manager may not name an anonymous review's reviewers: neither may the file.
      nameReviewers: false,
    });
    expect(sent).toEqual([expect.objectContaining({ type: "report.generate", reportId: row.id, companyId: "c-acme" })]);
  });

  it("with no report checked says so and queues nothing", async () => {
    const sent = captureJobs();
    const before = (await reportsRequested(uid("mgr"))).length;
    const response = await postForm(PAGE, { intent: "download" }, cookies.mgr);
    expect(response.status).toBe(400);
    expect(await texts(await response.text(), "[data-bulk-error]")).toEqual(["Select at least one report."]);
    expect((await reportsRequested(uid("mgr"))).length).toBe(before);
    expect(sent).toEqual([]);
  });

  it("a report the viewer may not see, or another company's, is a 404 (a malformed one a 400) and nothing is queued", async () => {
    const sent = captureJobs();
    const before = (await reportsRequested(uid("mgr"))).length;
    expect((await postForm(PAGE, { intent: "download", report: key(open, "otto") }, cookies.mgr)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "download", report: key(globexEng, "u-globex-kim") }, cookies.alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "download", report: "not-a-key" }, cookies.alice)).status).toBe(400);
    expect((await reportsRequested(uid("mgr"))).length).toBe(before);
    expect(sent).toEqual([]);
  });
});

describe("report table: Share Report and Bulk Share", () => {
  it("opens the share dialog for the checked reports (a page state) and shares them with the chosen people", async () => {
    const dialog = await page("alice", `${q([["reviews", open]])}&dialog=share&report=${key(open, "rae")}&report=${key(open, "otto")}`);
    expect(dialog.status).toBe(200);
    expect(dialog.html).toContain('data-panel="share-report"');
    expect(await attrs(dialog.html, '[data-panel="share-report"] input[name="report"]', "value")).toEqual([
      `${open}|${uid("rae")}`,
      `${open}|${uid("otto")}`,
    ]);
    const body = new URLSearchParams([
      ["intent", "share"],
      ["report", `${open}|${uid("rae")}`],
      ["report", `${open}|${uid("otto")}`],
      ["userIds", uid("will")],
    ]);
    const response = await appFetch(`${PAGE}?reviews=${open}&dialog=share&report=${key(open, "rae")}`, {
      method: "POST",
      body,
      cookie: cookies.alice,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?reviews=${open}`);
    const shares = await env.DB.prepare("SELECT campaign_id, reviewee_id FROM report_shares WHERE user_id = ? ORDER BY reviewee_id")
      .bind(uid("will"))
      .all<{ campaign_id: string; reviewee_id: string }>();
    expect(shares.results).toEqual([
      { campaign_id: open, reviewee_id: uid("otto") },
      { campaign_id: open, reviewee_id: uid("rae") },
    ]);
  });

  it("refuses a share to nobody, and Bulk Share with nothing checked says so", async () => {
    // The dialog posts to the page with its own state, so a refused share shows the dialog again, with the error.
    const refused = await postForm(
      `${PAGE}?dialog=share&report=${encodeURIComponent(key(open, "rae"))}`,
      { intent: "share", report: `${open}|${uid("rae")}` },
      cookies.alice
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('data-panel="share-report"');
    expect(await texts(html, '[data-panel="share-report"] [role="alert"]')).toEqual([
      "Choose at least one person to share the report with.",
    ]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM report_shares WHERE campaign_id = ? AND user_id <> ?")
        .bind(open, uid("will"))
        .first("n")
    ).toBe(0);
    const none = await page("alice", `${q([["reviews", open]])}&dialog=share`);
    expect(await texts(none.html, "[data-bulk-error]")).toEqual(["Select at least one report."]);
    expect((await page("mgr", `dialog=share&report=${key(open, "otto")}`)).status).toBe(404);
  });
});

describe("report table: row menu", () => {
  it("Delete asks first, then deletes the closed review; a live review is refused", async () => {
    const doomed = await seedReview({
      title: `Doomed ${tag}`,
      state: "closed",
      launchedAt: Date.UTC(2030, 5, 1),
      pairs: [[uid("otto"), uid("will")]],
    });
    const ask = await postForm(`${PAGE}?reviews=${doomed}`, { intent: "delete", id: doomed }, cookies.alice);
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(textOf(html)).toContain(`Delete Review: Doomed ${tag}?`);
    const [requestId] = await attrs(html, '[role="alertdialog"] input[name="requestId"]', "value");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM review_campaigns WHERE id = ?").bind(doomed).first("n")).toBe(1);

    const done = await postForm(`${PAGE}?reviews=${doomed}`, { intent: "delete", id: doomed, confirmed: "true", requestId }, cookies.alice);
    expect(done.status).toBe(302);
    expect(toastOf(done)).toMatchObject({ type: "success", message: "Review deleted successfully" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM review_campaigns WHERE id = ?").bind(doomed).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM review_pairs WHERE campaign_id = ?").bind(doomed).first("n")).toBe(0);

    const live = await postForm(PAGE, { intent: "delete", id: open, confirmed: "true", requestId: crypto.randomUUID() }, cookies.alice);
    expect(toastOf(live)).toMatchObject({ type: "error", message: "A live review cannot be deleted." });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM review_campaigns WHERE id = ?").bind(open).first("n")).toBe(1);
  });

  it("Duplicate makes a draft copy with the review's pairs and opens it", async () => {
    const response = await postForm(PAGE, { intent: "duplicate", id: anon, requestId: `dup-${tag}` }, cookies.alice);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/reviews\/manage-reviews\/draft\//);
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Review duplicated successfully" });
    const copyId = decodeURIComponent(location.split("/").pop()!);
    const copy = await env.DB.prepare("SELECT title, state, anonymous, company_id FROM review_campaigns WHERE id = ?").bind(copyId).first();
    expect(copy).toEqual({ title: `Copy of Anonymous Review ${tag}`, state: "draft", anonymous: 1, company_id: "c-acme" });
    const pairs = await env.DB.prepare(
      "SELECT reviewee_id, reviewer_id, state FROM review_pairs WHERE campaign_id = ? ORDER BY reviewee_id"
    )
      .bind(copyId)
      .all();
    expect(pairs.results).toEqual([
      { reviewee_id: uid("otto"), reviewer_id: uid("vic"), state: "pending" },
      { reviewee_id: uid("rae"), reviewer_id: uid("vic"), state: "pending" },
    ]);
  });

  it("needs Manage Reviews: a manager is sent home; another company's review is a 404", async () => {
    const mgr = await postForm(PAGE, { intent: "delete", id: anon }, cookies.mgr);
    expect(mgr.status).toBe(302);
    expect(mgr.headers.get("Location")).toBe("/");
    expect((await postForm(PAGE, { intent: "delete", id: globexEng }, cookies.alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "duplicate", id: globexEng }, cookies.alice)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// The super admin's report table and its streamed download
// ---------------------------------------------------------------------------------------------

function download(who: keyof typeof cookies, body: unknown, init: { contentType?: string } = {}) {
  return appFetch(DOWNLOAD, {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    cookie: cookies[who],
  });
}

async function ndjson(response: Response): Promise<unknown[][]> {
  const text = await response.text();
  expect(text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown[]);
}

async function completedPairs(campaigns: string[]) {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM review_pairs p JOIN users u ON u.id = p.reviewee_id
     WHERE p.campaign_id IN (SELECT value FROM json_each(?)) AND p.state = 'completed' AND u.is_deleted = 0 AND u.is_excluded = 0`
  )
    .bind(JSON.stringify(campaigns))
    .first<{ n: number }>();
  return row!.n;
}

describe("report table (super admins): preview and streamed download (000 §7)", () => {
  it("shows the filters and the first answer rows", async () => {
    const { status, html } = await page("alice", both(), TABLE);
    expect(status).toBe(200);
    expect(await attrs(html, "select[multiple]", "name")).toEqual(["reviews", "departments"]);
    expect(await attrs(html, 'input[type="search"]', "name")).toEqual(["reviewersQ", "revieweesQ"]);
    expect(await attrs(html, "[data-completed-pairs]", "data-completed-pairs")).toEqual([String(await completedPairs([open, anon]))]);
    const rows = await texts(html, "tr[data-answer-row]");
    expect(rows.length).toBe(Math.min(10, QUESTIONS * (await completedPairs([open, anon]))));
    expect(textOf(html)).toContain("'=HYPERLINK");
  });

  it("is for super admins only", async () => {
    const adam = await page("adam", "", TABLE);
    expect(adam.status).toBe(302);
    expect(adam.location).toBe("/");
    const posted = await download("adam", { title: "T", filters: {} });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
    expect((await appFetch(DOWNLOAD, { cookie: cookies.alice })).status).toBe(404);
  });

  it("answers newline-delimited JSON: the header first, then one escaped row per answer in D1", async () => {
    const response = await download("alice", { title: "All answers", filters: { reviewIds: [open, anon] } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
    const [header, ...rows] = await ndjson(response);
    expect(header).toEqual(["Review", "Reviewee", "Reviewer", "Question", "Answer", "Score", "Comment"]);
    expect(rows.length).toBe(QUESTIONS * (await completedPairs([open, anon])));
    expect(rows).toContainEqual([
      `Open Review ${tag}`,
      `${PEOPLE.rae} ${tag}`,
      `${PEOPLE.will} ${tag}`,
      "Is the work on time?",
      "Agree",
      1,
      `'=HYPERLINK("http://evil.test")`,
    ]);
    expect(rows).toContainEqual([
      `Open Review ${tag}`,
      `${PEOPLE.rae} ${tag}`,
      `${PEOPLE.will} ${tag}`,
      "What went well?",
      "'+Shipped on time",
      "",
      "",
    ]);
    // Every cell a spreadsheet would evaluate is escaped.
    for (const row of rows) for (const cell of row) if (typeof cell === "string") expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("applies the filters: user status and reviewee", async () => {
    const excluded = await ndjson(await download("alice", { title: "X", filters: { reviewIds: [open], userStatus: "exclude" } }));
    expect(excluded.slice(1).map((r) => r[1])).toEqual(Array(QUESTIONS).fill(`${PEOPLE.xena} ${tag}`));
    const rae = await ndjson(await download("alice", { title: "R", filters: { reviewIds: [open, anon], revieweeIds: [uid("rae")] } }));
    expect(new Set(rae.slice(1).map((r) => r[1]))).toEqual(new Set([`${PEOPLE.rae} ${tag}`]));
    // Another company's review: the header and nothing else.
    expect(await ndjson(await download("gina", { title: "G", filters: { reviewIds: [open] } }))).toEqual([
      ["Review", "Reviewee", "Reviewer", "Question", "Answer", "Score", "Comment"],
    ]);
  });

  it("refuses a bad body with a 400 and a clear error", async () => {
    const cases: Array<[unknown, string]> = [
      [{ filters: {} }, "title"],
      [{ title: "  " }, "A title is required."],
      [{ title: "T", filters: { userStatus: "everyone" } }, "userStatus"],
      [{ title: "T", filters: { reviewIds: "one" } }, "reviewIds"],
      ["{not json", "not valid JSON"],
    ];
    for (const [body, message] of cases) {
      const response = await download("alice", body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(message);
    }
    expect((await download("alice", { title: "T" }, { contentType: "text/plain" })).status).toBe(415);
  });

  it("without JavaScript, Download queues the rows of the filters as one XLSX: 'Report will be emailed once completed'", async () => {
    const sent = captureJobs();
    const response = await postForm(
      `${TABLE}?reviews=${open}`,
      { intent: "download", title: "Open answers", reviews: open },
      cookies.alice
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${TABLE}?reviews=${open}`);
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Report will be emailed once completed" });
    const rows = await reportsRequested("u-acme-alice");
    const row = rows[rows.length - 1];
    expect(row).toMatchObject({ kind: "bulk-xlsx", title: "Open answers" });
    expect(JSON.parse(row.scope)).toEqual({
      filters: { reviewIds: [open], reviewerIds: [], revieweeIds: [], departmentIds: [], userStatus: "include" },
    });
    expect(sent).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The bulk XLSX builder
// ---------------------------------------------------------------------------------------------

async function reportRow(requester: string, scope: Record<string, unknown>): Promise<ReportRow> {
  const id = `gr-rt-${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO generated_reports (id, company_id, requested_by, kind, title, scope, state) VALUES (?, 'c-acme', ?, 'bulk-xlsx', 'Bulk: reports', ?, 'queued')"
  )
    .bind(id, requester, JSON.stringify(scope))
    .run();
  const row = await db.query.generatedReports.findFirst({ where: (t, { eq }) => eq(t.id, id) });
  return row!;
}

function sheetRows(body: Uint8Array | string) {
  const book = XLSX.read(body, { type: typeof body === "string" ? "string" : "array" });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
}

describe("bulk XLSX builder", () => {
  it("writes every answer row of the scoped reports, none of an anonymous review below the floor for a Slack-type manager", async () => {
    const report = await reportRow(uid("mgr"), {
      reports: [
        { campaignId: open, revieweeId: uid("rae") },
        { campaignId: anon, revieweeId: uid("rae") },
      ],
    });
    const file = await bulkXlsxBuilder.build(env as Env, db, report);
    expect(file.name).toBe("Bulk reports.xlsx");
    expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const rows = sheetRows(file.body);
    expect(rows[0]).toEqual(["Review", "Reviewee", "Reviewer", "Question", "Answer", "Score", "Comment"]);
    // Rae's completed pairs: Wilma in the open review, and one anonymous reviewer in the closed one
    // (one of the company's floor of 3: their answers would point at them, so they are left out).
    const sorted = (list: unknown[][]) => list.map((r) => JSON.stringify(r)).sort();
    expect(sorted(rows.slice(1))).toEqual(
      sorted([
        [
          `Open Review ${tag}`,
          `${PEOPLE.rae} ${tag}`,
          `${PEOPLE.will} ${tag}`,
          "Is the work on time?",
          "Agree",
          1,
          `'=HYPERLINK("http://evil.test")`,
        ],
        [`Open Review ${tag}`, `${PEOPLE.rae} ${tag}`, `${PEOPLE.will} ${tag}`, "What went well?", "'+Shipped on time", "", ""],
      ])
    );
  });

  it("names an admin's reviewers, and takes the rows of a filters scope", async () => {
    const named = sheetRows(
      (await bulkXlsxBuilder.build(env as Env, db, await reportRow("u-acme-alice", { filters: { reviewIds: [anon] } }))).body
    );
    expect(named.slice(1).map((r) => r[2])).toEqual(Array(2 * QUESTIONS).fill(`${PEOPLE.vic} ${tag}`));
  });

  it("mayView: every report of the scope must be the person's to see now", async () => {
    const report = await reportRow(uid("mgr"), { reports: [{ campaignId: open, revieweeId: uid("rae") }] });
    const context = { cloudflare: { env }, db } as never;
    // The people as the report rules see them (the same reading the builder does for a requester).
    const as = async (userId: string) => (await requesterViewer(db, "c-acme", userId)) as never;
    expect(await bulkXlsxBuilder.mayView(context, await as(uid("mgr")), report)).toBe(true);
    expect(await bulkXlsxBuilder.mayView(context, await as("u-acme-alice"), report)).toBe(true);
    expect(await bulkXlsxBuilder.mayView(context, await as(uid("lone")), report)).toBe(false);
    const others = await reportRow(uid("mgr"), { reports: [{ campaignId: open, revieweeId: uid("otto") }] });
    expect(await bulkXlsxBuilder.mayView(context, await as(uid("mgr")), others)).toBe(false);
    // A file asked for by an admin names an anonymous review's reviewers: a manager who sees the
    // report may not download it (the requester has no right beyond the rule); one without names may.
    const named = await reportRow("u-acme-alice", { reports: [{ campaignId: anon, revieweeId: uid("rae") }], nameReviewers: true });
    expect(await bulkXlsxBuilder.mayView(context, await as("u-acme-alice"), named)).toBe(true);
    expect(await bulkXlsxBuilder.mayView(context, await as(uid("mgr")), named)).toBe(false);
    const unnamed = await reportRow(uid("mgr"), { reports: [{ campaignId: anon, revieweeId: uid("rae") }], nameReviewers: false });
    expect(await bulkXlsxBuilder.mayView(context, await as(uid("mgr")), unnamed)).toBe(true);
  });

  it("an admin's file without the right to names, asked for as a manager, keeps reviewers anonymous", async () => {
    const build = async () =>
      sheetRows(
        (
          await bulkXlsxBuilder.build(
            env as Env,
            db,
            await reportRow("u-acme-alice", { reports: [{ campaignId: anon, revieweeId: uid("rae") }], nameReviewers: false })
          )
        ).body
      );
    // One anonymous reviewer done: below the floor, no rows at all.
    expect((await build()).slice(1)).toEqual([]);
    // Three done: their rows, every one "Anonymous".
    const extra = [`${anon}-floor-1`, `${anon}-floor-2`];
    const answers = await env.DB.prepare("SELECT answers FROM review_pairs WHERE campaign_id = ? AND reviewee_id = ?")
      .bind(anon, uid("rae"))
      .first<{ answers: string }>();
    await env.DB.batch(
      extra.map((id, i) =>
        env.DB.prepare(
          `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, completed_at, updated_at)
           VALUES (?, 'c-acme', ?, ?, ?, 'completed', ?, ?, ?)`
        ).bind(id, anon, uid("rae"), i === 0 ? uid("will") : uid("otto"), answers!.answers, Date.now(), Date.now())
      )
    );
    try {
      const rows = await build();
      expect(rows.slice(1)).toHaveLength(3 * QUESTIONS);
      expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(["Anonymous"]));
    } finally {
      await env.DB.batch(extra.map((id) => env.DB.prepare("DELETE FROM review_pairs WHERE id = ?").bind(id)));
    }
  });
});
