import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import type { BatchItem } from "drizzle-orm/batch";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { generateReport, type ReportRow } from "~/modules/reports/generated.server";
import { REPORT_BUILDERS } from "~/report-builders.server";
import { revieweeXlsxBuilder } from "~/modules/reviews/reports/reviewee-report-files.server";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { scoreScale } from "./review-blocks";

// The per-reviewee report, the Share-report dialog and "Shared with me" (000 §2): who may
// see which reviewee, the empty states, anonymous reviewers' names, sharing (refused without
// people, written with its message, opened only by its recipient) and the queued downloads.

const PAGE = "/reviews/reports/reviewee";
const SELECT = "Please select Reviews and Reviewee";
const NOT_AVAILABLE = "Analytics not available!";
const QUEUED = "Report will be emailed once completed";
const CHOOSE_SOMEONE = "Choose at least one person to share the report with.";
const WITHHELD = "Answers are hidden to keep reviewers anonymous: they show once at least 3 reviewers have completed this review.";
const db = createDb(env.DB);
const tag = crypto.randomUUID().slice(0, 8);
const acme = (local: string) => `u-acme-${local}`;
const globex = (local: string) => `u-globex-${local}`;

// Reviewers of our own, with names no page shows otherwise.
const HIDDEN = { id: `u-rr-${tag}-hidden`, name: "Xavier Hiddenname" };
const NAMED = { id: `u-rr-${tag}-named`, name: "Yolanda Shownname" };
const TEAMS = { id: `u-rr-${tag}-teams`, name: "Zed Teamsreviewer" };

const BLOCKS = [
  { id: "b-title", type: "title", typeTitle: "Title", titleValue: { text: "Check-in" } },
  {
    id: "b-comm",
    type: "competency-question",
    typeTitle: "Competency Question",
    competencyValue: {
      ...scoreScale("How does this person communicate?"),
      competency: {
        id: `k-${tag}`,
        name: "Plain Speaking",
        description: null,
        behaviours: [
          { id: "kb1", name: "Writes things down" },
          { id: "kb2", name: "Listens first" },
        ],
      },
      showDescription: false,
      showBehaviours: true,
      isBehavior: true,
    },
  },
  { id: "b-overall", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: scoreScale("Overall delivery") },
  { id: "b-well", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well?", placeholder: "", required: false } },
];

const answers = (note: string, values: [string, string], overall: number) => ({
  "b-comm": { value: values, comment: `Behaviour note ${note}` },
  "b-overall": { value: overall },
  "b-well": { value: `<p>Went well ${note}</p>` },
});

/** A launched review of our own: reviewee ← reviewer pairs, completed ones answered. */
async function seedReview(input: {
  company?: "c-acme" | "c-globex";
  title: string;
  anonymous?: boolean;
  state?: "live" | "closed" | "draft";
  /** Days before now it started (the report lists newer reviews first). */
  startedDaysAgo?: number;
  pairs: Array<{ reviewee: string; reviewer: string; state?: string; answers?: unknown }>;
}) {
  const company = input.company ?? "c-acme";
  const id = `rc-rr-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, template_title, template_blocks,
        created_by, launched_at, start_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'Check-in', ?, ?, ?, ?, ?)`
    ).bind(
      id,
      company,
      input.title,
      input.state ?? "live",
      company === "c-acme" ? "w-acme-hq" : null,
      company === "c-globex" ? "g-globex-all" : null,
      input.anonymous ? 1 : 0,
      JSON.stringify(BLOCKS),
      company === "c-acme" ? acme("alice") : globex("gina"),
      Date.now(),
      Date.now() - (input.startedDaysAgo ?? 0) * 86_400_000,
      Date.now()
    ),
    ...input.pairs.map((p, i) =>
      env.DB.prepare(
        `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, completed_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`
      ).bind(
        `${id}-p${i}`,
        company,
        id,
        p.reviewee,
        p.reviewer,
        p.state ?? "completed",
        p.answers === undefined ? null : JSON.stringify(p.answers),
        (p.state ?? "completed") === "completed" ? Date.now() + i : null
      )
    ),
  ]);
  return id;
}

const cookies: Record<string, string> = {};
const as = (email: string) => cookies[email];
let anonReview: string;
let namedReview: string;
let teamsReview: string;
let eveName: string;

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, company_id, name, email, source) VALUES (?, 'c-acme', ?, ?, 'manual'), (?, 'c-acme', ?, ?, 'manual')"
    ).bind(HIDDEN.id, HIDDEN.name, `hidden-${tag}@acme.test`, NAMED.id, NAMED.name, `named-${tag}@acme.test`),
    env.DB.prepare("INSERT INTO users (id, company_id, name, email, source) VALUES (?, 'c-globex', ?, ?, 'manual')").bind(
      TEAMS.id,
      TEAMS.name,
      `teams-${tag}@globex.test`
    ),
  ]);
  // Eve reports to Mona (the demo seed); Tina to Mike on Globex (Teams-type).
  anonReview = await seedReview({
    title: `Anonymous Pulse ${tag}`,
    anonymous: true,
    startedDaysAgo: 2,
    pairs: [
      { reviewee: acme("eve"), reviewer: HIDDEN.id, answers: answers("hidden", ["5", "3"], 4) },
      { reviewee: acme("eve"), reviewer: acme("ed"), state: "pending" },
    ],
  });
  namedReview = await seedReview({
    title: `Named Pulse ${tag}`,
    startedDaysAgo: 1,
    pairs: [
      {
        reviewee: acme("eve"),
        reviewer: NAMED.id,
        answers: { ...answers("named", ["4", "4"], 2), "b-overall": { value: 2, comment: '=HYPERLINK("http://x")' } },
      },
    ],
  });
  teamsReview = await seedReview({
    company: "c-globex",
    title: `Teams Anonymous ${tag}`,
    anonymous: true,
    pairs: [{ reviewee: globex("tina"), reviewer: TEAMS.id, answers: answers("teams", ["2", "2"], 3) }],
  });
  for (const email of [
    "alice@acme.test",
    "mona@acme.test",
    "eve@acme.test",
    "ed@acme.test",
    "sam@acme.test",
    "kara@acme.test",
    "gina@globex.test",
    "mike@globex.test",
    "tina@globex.test",
  ]) {
    cookies[email] = await sessionFor(email);
  }
  eveName = (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(acme("eve")).first<{ name: string }>())!.name;
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function get(email: string, query = "") {
  const response = await appFetch(`${PAGE}${query ? `?${query}` : ""}`, { cookie: as(email) });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

/** POST a form with repeated fields, as a browser without JavaScript. */
function post(email: string, path: string, fields: Array<[string, string]>) {
  return appFetch(path, { method: "POST", body: new URLSearchParams(fields), cookie: as(email) });
}

const reportQuery = (revieweeId: string, ...reviewIds: string[]) =>
  `revieweeId=${encodeURIComponent(revieweeId)}${reviewIds.length ? `&reviewIds=${reviewIds.map(encodeURIComponent).join(",")}` : ""}`;

function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

const count = async (query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>())!.n;

/** The reviewees the picker offers a search without JavaScript (`revieweeQ`), by id. */
const revieweeMatches = async (email: string, search: string) =>
  attrs((await get(email, new URLSearchParams({ revieweeQ: search, pickerSearch: "revieweeQ" }).toString())).html, 'input[name="revieweeId"]', "value");

describe("per-reviewee report: who sees what (000 §2, §6)", () => {
  it("sends an employee home", async () => {
    const { status, location } = await get("eve@acme.test");
    expect(status).toBe(302);
    expect(location).toBe("/");
  });

  it("asks an admin to pick a reviewee and reviews before showing anything", async () => {
    const first = await get("alice@acme.test");
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain(SELECT);
    // The page lists no one: the picker searches.
    expect(await attrs(first.html, 'input[name="revieweeId"]', "value")).toEqual([]);
    expect(await attrs(first.html, 'input[type="search"]', "name")).toEqual(["revieweeQ"]);
    expect(await revieweeMatches("alice@acme.test", "Eve")).toContain(acme("eve"));
    expect(await revieweeMatches("alice@acme.test", "Leo")).toContain(acme("leo")); // the seed's anonymous review
    expect(await revieweeMatches("alice@acme.test", "Tina")).not.toContain(globex("tina"));

    const chosen = await get("alice@acme.test", reportQuery(acme("eve")));
    expect(chosen.status).toBe(200);
    expect(textOf(chosen.html)).toContain(SELECT);
    const reviews = await attrs(chosen.html, 'input[name="reviewIds"]', "value");
    expect(reviews).toEqual(expect.arrayContaining([anonReview, namedReview, "rc-acme-closed", "rc-acme-live"]));
    expect(reviews).not.toContain("rc-acme-draft");
  });

  it("gives a manager only their direct reports", async () => {
    const { status, html } = await get("mona@acme.test");
    expect(status).toBe(200);
    expect(textOf(html)).toContain(SELECT);
    expect(await revieweeMatches("mona@acme.test", "")).toEqual([acme("eve")]);
    // Priya reports to Adam: not Mona's, neither alone nor in a review.
    expect((await get("mona@acme.test", reportQuery(acme("priya")))).status).toBe(404);
    expect((await get("mona@acme.test", reportQuery(acme("priya"), "rc-acme-closed"))).status).toBe(404);
    expect((await get("kara@acme.test", reportQuery(acme("eve"), namedReview))).status).toBe(404);
    // A review Eve is not in.
    expect((await get("mona@acme.test", reportQuery(acme("eve"), "rc-acme-delayed"))).status).toBe(404);
    expect((await get("mona@acme.test", reportQuery(acme("eve"), namedReview))).status).toBe(200);
  });

  it("answers 404 for another company's reviewee or review, and for a draft", async () => {
    expect((await get("alice@acme.test", reportQuery(globex("tina")))).status).toBe(404);
    expect((await get("alice@acme.test", reportQuery(acme("eve"), teamsReview))).status).toBe(404);
    expect((await get("alice@acme.test", reportQuery(acme("eve"), namedReview, "rc-globex-closed"))).status).toBe(404);
    expect((await get("gina@globex.test", reportQuery(acme("eve"), namedReview))).status).toBe(404);
    expect((await get("alice@acme.test", reportQuery(acme("eve"), "rc-acme-draft"))).status).toBe(404);
    expect((await get("alice@acme.test", reportQuery("u-nobody", namedReview))).status).toBe(404);
  });

  it("says 'Analytics not available!' for reviews without a completed pair of the reviewee", async () => {
    const { status, html } = await get("alice@acme.test", reportQuery(acme("eve"), "rc-acme-live"));
    expect(status).toBe(200);
    expect(textOf(html)).toContain(NOT_AVAILABLE);
    expect(textOf(html)).not.toContain(SELECT);
  });

  it("drops the reviews of the previous reviewee when the form changes the reviewee", async () => {
    const { status, html } = await get("alice@acme.test", `revieweeId=${acme("leo")}&for=${acme("eve")}&reviewIds=${namedReview}`);
    expect(status).toBe(200);
    expect(textOf(html)).toContain(SELECT);
  });
});

describe("per-reviewee report: analytics and anonymity", () => {
  it("shows competency and behaviour scores, rated questions and comments across reviews", async () => {
    const { status, html } = await get("alice@acme.test", reportQuery(acme("eve"), anonReview, namedReview));
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Competency analytics");
    expect(text).toContain("Plain Speaking");
    expect(text).toContain("Writes things down");
    expect(text).toContain("Overall delivery");
    expect(text).toContain("Went well hidden");
    expect(text).toContain("Behaviour note named");
    // The server-rendered chart (ApexCharts replaces it after hydration).
    expect(html).toContain('data-chart="competency-svg"');
    // Admins on Slack-type may see the reviewers of an anonymous review.
    expect(text).toContain(HIDDEN.name);
    expect(text).toContain(NAMED.name);
    // A pending pair is not a column.
    expect(await attrs(html, "th[data-reviewer]", "data-reviewer")).toHaveLength(2 * 2);
  });

  it("hides the reviewer of an anonymous review from a Slack-type manager, and their answers below the floor", async () => {
    const { html } = await get("mona@acme.test", reportQuery(acme("eve"), anonReview, namedReview));
    const text = textOf(html);
    expect(text).not.toContain(HIDDEN.name);
    expect(text).toContain(NAMED.name);
    // One anonymous reviewer done of the company's floor of 3: none of their answers, and a note why.
    expect(text).not.toContain("Went well hidden");
    expect(text).not.toContain("Behaviour note hidden");
    expect(text).toContain(WITHHELD);
    expect(await attrs(html, "[data-withheld-review]", "data-withheld-review")).toEqual([anonReview]);
    expect(await attrs(html, "th[data-reviewer]", "data-reviewer")).toEqual([NAMED.name, NAMED.name]);
    const commenters = await attrs(html, "tr[data-comment-reviewer]", "data-comment-reviewer");
    expect(commenters).not.toContain("Anonymous");
    expect(commenters).toContain(NAMED.name);
    expect(commenters).not.toContain(HIDDEN.name);
  });

  it("names the reviewers of an anonymous review on Teams-type", async () => {
    const { status, html } = await get("mike@globex.test", reportQuery(globex("tina"), teamsReview));
    expect(status).toBe(200);
    expect(textOf(html)).toContain(TEAMS.name);
  });
});

describe("share report (000 §2 'Share-report dialog', §5)", () => {
  const shares = (campaignId: string) => count("SELECT count(*) AS n FROM report_shares WHERE campaign_id = ?", campaignId);
  const shareMessages = () =>
    count(
      "SELECT count(*) AS n FROM notification_outbox WHERE kind = 'report' AND instr(coalesce(link, ''), '/reviews/my-reviews/shared-reports/') = 1"
    );

  it("opens as a page state with the company's people, working without JavaScript", async () => {
    const { status, html } = await get("alice@acme.test", `${reportQuery(acme("eve"), namedReview)}&dialog=share&shareQ=sam`);
    expect(status).toBe(200);
    expect(html).toContain('data-panel="share-report"');
    expect(await attrs(html, 'input[name="userIds"]', "value")).toEqual([acme("sam")]);
    expect(await attrs(html, 'input[name="report"]', "value")).toEqual([`${namedReview}|${acme("eve")}`]);
  });

  it("refuses an empty choice of people and writes nothing", async () => {
    const before = await shareMessages();
    const response = await post("alice@acme.test", `${PAGE}?${reportQuery(acme("eve"), namedReview)}&dialog=share`, [
      ["intent", "share"],
      ["report", `${namedReview}|${acme("eve")}`],
    ]);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(CHOOSE_SOMEONE);
    expect(await shares(namedReview)).toBe(0);
    expect(await shareMessages()).toBe(before);
  });

  it("shares with the chosen people, tells them, and only they can open it", async () => {
    const response = await post("alice@acme.test", `${PAGE}?${reportQuery(acme("eve"), anonReview)}&dialog=share`, [
      ["intent", "share"],
      ["report", `${anonReview}|${acme("eve")}`],
      ["userIds", acme("sam")],
    ]);
    expect(response.status).toBe(302);
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Report shared successfully." });
    const row = await env.DB.prepare("SELECT id, reviewee_id, user_id, shared_by FROM report_shares WHERE campaign_id = ?")
      .bind(anonReview)
      .first<{ id: string; reviewee_id: string; user_id: string; shared_by: string }>();
    expect(row).toMatchObject({ reviewee_id: acme("eve"), user_id: acme("sam"), shared_by: acme("alice") });
    const path = `/reviews/my-reviews/shared-reports/${row!.id}`;
    const message = await env.DB.prepare("SELECT recipient_user_id AS who, kind, link FROM notification_outbox WHERE link = ?")
      .bind(path)
      .all<{ who: string; kind: string }>();
    expect(message.results.map((m) => [m.who, m.kind])).toEqual([[acme("sam"), "report"]]);

    // Sharing again writes no second row and no second message.
    await post("alice@acme.test", PAGE, [
      ["intent", "share"],
      ["report", `${anonReview}|${acme("eve")}`],
      ["userIds", acme("sam")],
    ]);
    expect(await shares(anonReview)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE link = ?", path)).toBe(1);

    // The recipient finds it under Shared with me and opens it, read-only, reviewers still anonymous.
    const list = await appFetch("/reviews/my-reviews?tab=shared", { cookie: as("sam@acme.test") });
    const listHtml = await list.text();
    expect(await attrs(listHtml, "tr[data-shared-report-id]", "data-shared-report-id")).toEqual([row!.id]);
    expect(await attrs(listHtml, "tr[data-shared-report-id] a", "href")).toEqual([path]);
    const opened = await appFetch(path, { cookie: as("sam@acme.test") });
    expect(opened.status).toBe(200);
    const text = textOf(await opened.text());
    expect(text).toContain(eveName);
    // One anonymous reviewer done: below the floor, so no answers, only the note.
    expect(text).toContain(WITHHELD);
    expect(text).not.toContain("Went well hidden");
    expect(text).toContain("Anonymous");
    expect(text).not.toContain(HIDDEN.name);
    expect(text).not.toContain("Download");

    // Anyone else: 404, even an admin of the company or someone of another company.
    for (const email of ["ed@acme.test", "alice@acme.test", "gina@globex.test"]) {
      expect((await appFetch(path, { cookie: as(email) })).status, email).toBe(404);
    }
    expect((await appFetch("/reviews/my-reviews/shared-reports/rs-nothing", { cookie: as("sam@acme.test") })).status).toBe(404);
    // The other tabs' lists are untouched.
    expect(await attrs(listHtml, "tr[data-review-id]", "data-review-id")).toEqual([]);
  });

  it("keeps an anonymous review's reviewers anonymous in a share on Teams-type too, even to the reviewee", async () => {
    const response = await post("gina@globex.test", PAGE, [
      ["intent", "share"],
      ["report", `${teamsReview}|${globex("tina")}`],
      ["userIds", globex("tina")],
    ]);
    expect(response.status).toBe(302);
    const share = await env.DB.prepare("SELECT id FROM report_shares WHERE campaign_id = ? AND user_id = ?")
      .bind(teamsReview, globex("tina"))
      .first<{ id: string }>();
    const opened = await appFetch(`/reviews/my-reviews/shared-reports/${share!.id}`, { cookie: as("tina@globex.test") });
    expect(opened.status).toBe(200);
    const text = textOf(await opened.text());
    expect(text).toContain("Anonymous");
    expect(text).not.toContain(TEAMS.name);
    // Leave the review unshared for the tests after this one.
    await env.DB.prepare("DELETE FROM report_shares WHERE id = ?").bind(share!.id).run();
  });

  it("refuses, with nothing written, a report the sharer may not see or a person of another company", async () => {
    // Priya's report (Adam's report, not Mona's).
    const notMine = await post("mona@acme.test", PAGE, [
      ["intent", "share"],
      ["report", `rc-acme-closed|${acme("priya")}`],
      ["userIds", acme("sam")],
    ]);
    expect(notMine.status).toBe(404);
    const otherCompany = await post("alice@acme.test", PAGE, [
      ["intent", "share"],
      ["report", `${namedReview}|${acme("eve")}`],
      ["userIds", globex("tina")],
    ]);
    expect(otherCompany.status).toBe(404);
    const otherReport = await post("alice@acme.test", PAGE, [
      ["intent", "share"],
      ["report", `${teamsReview}|${globex("tina")}`],
      ["userIds", acme("sam")],
    ]);
    expect(otherReport.status).toBe(404);
    expect(await shares(namedReview)).toBe(0);
    expect(await shares(teamsReview)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM report_shares WHERE campaign_id = 'rc-acme-closed'")).toBe(0);
  });

  it("a manager shares their direct report's review with several people in one go", async () => {
    const response = await post("mona@acme.test", PAGE, [
      ["intent", "share"],
      ["report", `rc-acme-closed|${acme("eve")}`],
      ["userIds", acme("ed")],
      ["userIds", acme("sam")],
    ]);
    expect(response.status).toBe(302);
    expect(
      await count("SELECT count(*) AS n FROM report_shares WHERE campaign_id = 'rc-acme-closed' AND reviewee_id = ?", acme("eve"))
    ).toBe(2);
    const edList = await (await appFetch("/reviews/my-reviews?tab=shared", { cookie: as("ed@acme.test") })).text();
    expect(await attrs(edList, "tr[data-shared-report-id]", "data-shared-report-id")).toHaveLength(1);
  });

  it("offers the people search as JSON to report viewers only", async () => {
    const found = await appFetch("/reviews/reports/share-people?q=sam", { cookie: as("alice@acme.test") });
    expect(found.status).toBe(200);
    const body = (await found.json()) as { people: Array<{ id: string }> };
    expect(body.people.map((p) => p.id)).toEqual([acme("sam")]);
    const employee = await appFetch("/reviews/reports/share-people?q=sam", { cookie: as("eve@acme.test") });
    expect(employee.status).toBe(302);
  });
});

describe("per-reviewee downloads (queued)", () => {
  function captureJobs() {
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
      sent.push(body as Record<string, unknown>);
      return undefined as never;
    });
    return sent;
  }

  const download = (email: string, format: "pdf" | "xlsx", revieweeId: string, reviewIds: string[]) =>
    post(email, `${PAGE}?${reportQuery(revieweeId, ...reviewIds)}`, [
      ["intent", "download"],
      ["format", format],
      ["revieweeId", revieweeId],
      ["reviewIds", reviewIds.join(",")],
    ]);

  it("queues the PDF and the XLSX: a generated_reports row and one JOBS message each", async () => {
    const sent = captureJobs();
    const pdf = await download("alice@acme.test", "pdf", acme("eve"), [namedReview]);
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("Location")).toBe(`${PAGE}?${new URLSearchParams({ revieweeId: acme("eve"), reviewIds: namedReview })}`);
    expect(toastOf(pdf)).toMatchObject({ type: "success", message: QUEUED });
    const xlsx = await download("alice@acme.test", "xlsx", acme("eve"), [namedReview, anonReview]);
    expect(toastOf(xlsx)).toMatchObject({ type: "success", message: QUEUED });
    expect(sent.map((m) => m.type)).toEqual(["report.generate", "report.generate"]);
    const rows = await env.DB.prepare(
      "SELECT id, kind, title, scope, state, requested_by FROM generated_reports WHERE id IN (?, ?) ORDER BY kind"
    )
      .bind(sent[0].reportId, sent[1].reportId)
      .all<{ id: string; kind: string; title: string; scope: string; state: string; requested_by: string }>();
    expect(rows.results.map((r) => [r.kind, r.state, r.requested_by])).toEqual([
      ["reviewee-pdf", "queued", acme("alice")],
      ["reviewee-xlsx", "queued", acme("alice")],
    ]);
    expect(JSON.parse(rows.results[1].scope)).toEqual({
      revieweeId: acme("eve"),
      campaignIds: expect.arrayContaining([namedReview, anonReview]),
      nameReviewers: true,
    });
    expect(rows.results[0].title).toBe(`${eveName} - Named Pulse ${tag}`);
  });

  it("refuses a report the viewer may not see, queuing nothing", async () => {
    const sent = captureJobs();
    const before = await count("SELECT count(*) AS n FROM generated_reports");
    expect((await download("mona@acme.test", "xlsx", acme("priya"), ["rc-acme-closed"])).status).toBe(404);
    expect((await download("alice@acme.test", "xlsx", globex("tina"), [teamsReview])).status).toBe(404);
    expect((await download("eve@acme.test", "xlsx", acme("eve"), [namedReview])).status).toBe(302);
    expect(sent).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM generated_reports")).toBe(before);
  });

  it("builds the XLSX (analytics, quantitative, comments; formula-like text escaped) and lets only allowed people download it", async () => {
    const sent = captureJobs();
    await download("alice@acme.test", "xlsx", acme("eve"), [anonReview, namedReview]);
    const reportId = String(sent[0].reportId);
    const row = (await db.query.generatedReports.findFirst({ where: (t, { eq }) => eq(t.id, reportId) })) as ReportRow;
    const built = await revieweeXlsxBuilder.build(env as Env, db, row);
    expect(built.name).toMatch(new RegExp(`^${eveName} - .*Pulse ${tag}.*\\.xlsx$`));
    const book = XLSX.read(built.body, { type: "array" });
    expect(book.SheetNames).toEqual(["Competency analytics", "Quantitative analytics", "Comments"]);
    const rows = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, defval: null });
    const analytics = rows("Competency analytics");
    expect(analytics[0].slice(0, 2)).toEqual(["Reviewee", eveName]);
    const competency = analytics.find((r) => r[0] === "Plain Speaking")!;
    // One column per completed pair (the named review first: it is newer), then the average.
    expect(competency.slice(1)).toEqual(["Competency", 4, 4, 4]);
    expect(analytics.find((r) => r[0] === "Writes things down")!.slice(2)).toEqual([4, 5, 4.5]);
    const comments = rows("Comments");
    expect(comments[0]).toEqual(["Review", "Question", "Reviewer", "Comment"]);
    expect(comments.map((r) => r[3])).toContain(`'=HYPERLINK("http://x")`);
    // Alice may name anonymous reviewers, so her file does.
    expect(comments.map((r) => r[2])).toContain(HIDDEN.name);

    // The consumer stores it; the link works for Alice only (Mona may not see the anonymous names).
    const writes = await generateReport(env as Env, db, { reportId, companyId: "c-acme" }, REPORT_BUILDERS);
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const file = await appFetch(`/reports/files/${reportId}`, { cookie: as("alice@acme.test") });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("spreadsheetml");
    await file.body?.cancel();
    for (const email of ["mona@acme.test", "ed@acme.test", "gina@globex.test"]) {
      const denied = await appFetch(`/reports/files/${reportId}`, { cookie: as(email) });
      await denied.body?.cancel();
      expect(denied.status, email).toBe(404);
    }
  });

  it("gives a manager a file with anonymous reviewers unnamed, which they may download", async () => {
    const sent = captureJobs();
    await download("mona@acme.test", "xlsx", acme("eve"), [anonReview]);
    const reportId = String(sent[0].reportId);
    const row = (await db.query.generatedReports.findFirst({ where: (t, { eq }) => eq(t.id, reportId) })) as ReportRow;
    const built = await revieweeXlsxBuilder.build(env as Env, db, row);
    const book = XLSX.read(built.body, { type: "array" });
    const all = JSON.stringify(book.SheetNames.map((n) => XLSX.utils.sheet_to_json(book.Sheets[n], { header: 1 })));
    expect(all).not.toContain(HIDDEN.name);
    // One anonymous reviewer done: below the floor, so none of their answers, and the note.
    expect(all).not.toContain("Went well hidden");
    expect(all).not.toContain("Reviewer 1");
    expect(all).toContain(WITHHELD);
    const writes = await generateReport(env as Env, db, { reportId, companyId: "c-acme" }, REPORT_BUILDERS);
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const file = await appFetch(`/reports/files/${reportId}`, { cookie: as("mona@acme.test") });
    await file.body?.cancel();
    expect(file.status).toBe(200);
  });
});
