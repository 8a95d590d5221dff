import * as XLSX from "@e965/xlsx";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoadContext } from "~/lib/context.server";
import { reviewDownloadLoader } from "~/modules/reviews/review-detail.server";
import worker from "../../workers/app";
import { JOBS_QUEUE } from "../../workers/queues";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const LIST = "/reviews/manage-reviews";
const HOUR = 3600_000;

/** The questionnaire snapshot a launched review keeps (000 §3 block shapes). */
const choice = (id: string, label: string, choices: Array<[string, number]>, notApplicable = false) => ({
  id,
  type: "multi-select",
  typeTitle: "Multiple Choice",
  multiSelectValue: {
    label,
    selectedOption: "custom",
    choices: choices.map(([text, value]) => ({ text, value })),
    numericValue: false,
    commentBox: true,
    commentBoxGuide: "Why?",
    required: true,
    dropdown: false,
    selectedView: "radio",
    isNotApplicableOption: notApplicable,
  },
});
const BLOCKS = [
  { id: "b-title", type: "title", typeTitle: "Title", titleValue: { text: "Delivery" } },
  choice(
    "b-time",
    "Is the work on time?",
    [
      ["Disagree", 0],
      ["Neutral", 1],
      ["Agree", 2],
    ],
    true
  ),
  choice("b-skills", "Strong skills", [
    ["Design", 0],
    ["Code", 1],
    ["Writing", 2],
  ]),
  { id: "b-well", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well?", placeholder: "", required: false } },
];

interface PairSeed {
  reviewee: string;
  reviewer: string;
  state?: string;
  answers?: unknown;
  declineComment?: string | null;
}

interface ReviewSeed {
  company?: "c-acme" | "c-globex";
  title?: string;
  state?: "draft" | "scheduled" | "live" | "closed";
  workspaceId?: string | null;
  groupId?: string | null;
  startAt?: number | null;
  endAt?: number | null;
  anonymous?: boolean;
  shareConfig?: unknown;
  blocks?: unknown[];
  pairs?: PairSeed[];
  nominations?: Array<{ reviewee: string; state: string }>;
}

/** A launched review of our own (never the demo seed's), its pairs in one statement whatever their number. */
async function seedReview(seed: ReviewSeed = {}) {
  const company = seed.company ?? "c-acme";
  const id = `rc-${crypto.randomUUID()}`;
  const pairs = (seed.pairs ?? []).map((p, i) => ({
    id: `${id}-p${i}`,
    reviewee: p.reviewee,
    reviewer: p.reviewer,
    state: p.state ?? "pending",
    answers: p.answers === undefined ? null : JSON.stringify(p.answers),
    decline: p.declineComment ?? null,
  }));
  const nominations = (seed.nominations ?? []).map((n, i) => ({ id: `${id}-n${i}`, ...n }));
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, start_at, end_at, share_config,
        template_title, template_blocks, created_by, launched_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).bind(
      id,
      company,
      seed.title ?? "Spring review",
      seed.state ?? "live",
      seed.workspaceId === undefined ? (company === "c-acme" ? "w-acme-hq" : null) : seed.workspaceId,
      seed.groupId === undefined ? (company === "c-globex" ? "g-globex-all" : null) : seed.groupId,
      seed.anonymous ? 1 : 0,
      seed.startAt ?? null,
      seed.endAt ?? null,
      seed.shareConfig === undefined ? null : JSON.stringify(seed.shareConfig),
      "Quarterly check-in",
      JSON.stringify(seed.blocks ?? BLOCKS),
      company === "c-acme" ? "u-acme-alice" : "u-globex-gina",
      Date.UTC(2030, 0, 1),
      Date.now()
    ),
    env.DB.prepare(
      `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, decline_comment, updated_at)
       SELECT json_extract(value, '$.id'), ?, ?, json_extract(value, '$.reviewee'), json_extract(value, '$.reviewer'),
              json_extract(value, '$.state'), json_extract(value, '$.answers'), json_extract(value, '$.decline'), 0
       FROM json_each(?)`
    ).bind(company, id, JSON.stringify(pairs)),
    env.DB.prepare(
      `INSERT INTO review_nominations (id, company_id, campaign_id, reviewee_id, state, updated_at)
       SELECT json_extract(value, '$.id'), ?, ?, json_extract(value, '$.reviewee'), json_extract(value, '$.state'), 0 FROM json_each(?)`
    ).bind(company, id, JSON.stringify(nominations)),
  ]);
  return { id, path: `${LIST}/${id}`, pairIds: pairs.map((p) => p.id) };
}

const acme = (local: string) => `u-acme-${local}`;
const one = <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
const pairRow = (id: string) =>
  one<{ state: string; reviewer_id: string; answers: string | null; shared_at: number | null }>(
    "SELECT state, reviewer_id, answers, shared_at FROM review_pairs WHERE id = ?",
    id
  );
const audits = async (action: string, entityId: string) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM audit_events WHERE action = ? AND entity_id = ?", action, entityId))!.n;
const nameOf = async (id: string) => (await one<{ name: string }>("SELECT name FROM users WHERE id = ?", id))!.name;

/** The toast a redirect queues (the root shows it on the next page). */
function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

async function html(path: string, cookie: string) {
  const response = await appFetch(path, { cookie });
  expect(response.status).toBe(200);
  return response.text();
}

/** Text of the row actions the pairs table offers for a pair. */
const rowActions = async (page: string, pairId: string) => texts(page, `tr[data-pair-id="${pairId}"] .row-actions [aria-label]`);

async function download(path: string, cookie: string, activeReviewId: string) {
  const request = new Request(`http://127.0.0.1:8787${path}`, { headers: { Cookie: cookie, Host: "127.0.0.1:8787" } });
  const context = createLoadContext(env as Env, createExecutionContext(), "test-download");
  try {
    return await reviewDownloadLoader({ request, context, params: { activeReviewId } } as unknown as LoaderFunctionArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("review detail: overview (000 §2)", () => {
  it("shows progress, dates with Delayed, anonymity, questionnaire, workspace, sharing and the title in the breadcrumbs", async () => {
    const review = await seedReview({
      title: "Delayed review",
      startAt: Date.UTC(2030, 2, 1, 9, 0),
      endAt: Date.now() - HOUR,
      anonymous: true,
      shareConfig: { type: "automated", shareWith: ["reviewees", "relationship:rel-acme-phoenix"], after: "submit" },
      pairs: [
        { reviewee: acme("eve"), reviewer: acme("mona"), state: "completed" },
        { reviewee: acme("ed"), reviewer: acme("mona"), state: "completed" },
        { reviewee: acme("eve"), reviewer: acme("ed") },
        { reviewee: acme("sam"), reviewer: acme("eve"), state: "started" },
      ],
      nominations: [
        { reviewee: acme("eve"), state: "open" },
        { reviewee: acme("ed"), state: "submitted" },
      ],
    });
    const cookie = await sessionFor("alice@acme.test");
    const page = await html(review.path, cookie);
    expect(await texts(page, "h1")).toEqual(["Delayed review"]);
    expect(await texts(page, 'nav[aria-label="Breadcrumb"] li a')).toEqual(["Reviews", "Manage Reviews", "Delayed review"]);
    expect(await texts(page, '[data-progress="review-progress"]')).toEqual(["2/4 (50%)"]);
    expect(await texts(page, '[data-progress="nomination-progress"]')).toEqual(["1/2 (50%)"]);
    expect(await texts(page, '[data-fact="start"]')).toEqual(["1 Mar 2030, 09:00 UTC"]);
    expect(await texts(page, "[data-delayed]")).toEqual(["Delayed"]);
    expect(await texts(page, '[data-fact="anonymity"]')).toEqual(["Anonymous"]);
    expect(await texts(page, '[data-fact="questionnaire"]')).toEqual(["Quarterly check-in"]);
    expect(await texts(page, '[data-fact="workspace"]')).toEqual(["Acme HQ"]);
    expect(await texts(page, '[data-fact="sharing"]')).toEqual([
      "Automated: shared with Reviewees, Project Phoenix, after each review is submitted",
    ]);
    expect(await texts(page, ".status-badge")).toEqual(["Live"]);
    // Tabs are links with tab semantics; a live review offers Send Reminders and Finalize Review.
    expect(await attrs(page, '[role="tablist"] [role="tab"]', "aria-selected")).toEqual(["true", "false"]);
    expect(await attrs(page, '[role="tab"]', "href")).toEqual([review.path, `${review.path}?tab=analytics`]);
    expect(textOf(page)).toContain("Send Reminders");
    expect(await texts(page, 'form button[type="submit"]')).toContain("Finalize Review");
  });

  it("says 'To be closed manually' without an end, no Delayed, Not anonymous, Not shared; closed reviews offer no live buttons", async () => {
    const review = await seedReview({ state: "closed", pairs: [{ reviewee: acme("eve"), reviewer: acme("mona"), state: "completed" }] });
    const page = await html(review.path, await sessionFor("alice@acme.test"));
    expect(await texts(page, '[data-fact="end"]')).toEqual(["To be closed manually"]);
    expect(await texts(page, "[data-delayed]")).toEqual([]);
    expect(await texts(page, '[data-fact="anonymity"]')).toEqual(["Not anonymous"]);
    expect(await texts(page, '[data-fact="sharing"]')).toEqual(["Not shared"]);
    expect(await texts(page, '[data-progress="nomination-progress"]')).toEqual([]);
    expect(textOf(page)).not.toContain("Send Reminders");
    expect(textOf(page)).not.toContain("Finalize Review");

    const manual = await seedReview({ shareConfig: { type: "manual", canShare: ["reviewer"] } });
    const manualPage = await html(manual.path, await sessionFor("alice@acme.test"));
    expect(await texts(manualPage, '[data-fact="sharing"]')).toEqual(["Manual: The reviewer, with the reviewee"]);
    expect(textOf(manualPage)).toContain("No review details available!");
  });
});

describe("review detail: pairs table", () => {
  it("pages 25 pairs at a time, searches reviewee and reviewer names and e-mails, filters by state", async () => {
    const { results: people } = await env.DB.prepare(
      "SELECT id FROM users WHERE company_id = 'c-acme' AND is_deleted = 0 ORDER BY id LIMIT 30"
    ).all<{
      id: string;
    }>();
    const reviewers = [acme("alice"), acme("adam"), acme("mona"), acme("kara")];
    const pairs = people.flatMap((p, i) =>
      reviewers.map((r) => ({ reviewee: p.id, reviewer: r, state: i % 3 === 0 ? "completed" : "pending" }))
    );
    const review = await seedReview({ pairs });
    const cookie = await sessionFor("alice@acme.test");

    const first = await html(review.path, cookie);
    expect(await attrs(first, "tbody tr[data-pair-id]", "data-pair-id")).toHaveLength(25);
    expect(textOf(first)).toContain(`${pairs.length} pairs · Page 1 of 5`);
    expect(await attrs(first, 'a[rel="next"]', "href")).toEqual([`${review.path}?page=2`]);
    const last = await html(`${review.path}?page=5`, cookie);
    expect(await attrs(last, "tbody tr[data-pair-id]", "data-pair-id")).toHaveLength(pairs.length - 100);
    // A page past the end shows the last page.
    expect(await attrs(await html(`${review.path}?page=9`, cookie), "tbody tr[data-pair-id]", "data-pair-id")).toHaveLength(
      pairs.length - 100
    );

    const kara = await nameOf(acme("kara"));
    const expected = await one<{ n: number }>(
      `SELECT count(*) AS n FROM review_pairs p JOIN users ee ON ee.id = p.reviewee_id JOIN users er ON er.id = p.reviewer_id
       WHERE p.campaign_id = ? AND (ee.name LIKE '%kara%' OR ee.email LIKE '%kara%' OR er.name LIKE '%kara%' OR er.email LIKE '%kara%')`,
      review.id
    );
    const searched = await html(`${review.path}?q=kara`, cookie);
    const rows = await attrs(searched, "tbody tr[data-pair-id]", "data-pair-id");
    expect(rows).toHaveLength(Math.min(25, expected!.n));
    expect(textOf(searched)).toContain(kara);
    expect(await attrs(searched, 'input[name="q"]', "value")).toEqual(["kara"]);

    const completed = await html(`${review.path}?state=completed`, cookie);
    expect(new Set(await attrs(completed, "tbody tr[data-pair-id]", "data-state"))).toEqual(new Set(["completed"]));
    expect(textOf(completed)).toContain(`${pairs.filter((p) => p.state === "completed").length} pairs`);

    const nothing = await html(`${review.path}?q=${encodeURIComponent("no such person %_")}`, cookie);
    expect(textOf(nothing)).toContain("No data available");
    expect(await attrs(nothing, "tbody tr[data-pair-id]", "data-pair-id")).toEqual([]);
  });

  it("stays one page of 25 rows with 2,000 pairs", async () => {
    const pairs = Array.from({ length: 2000 }, (_, i) => ({ reviewee: acme("eve"), reviewer: `u-acme-ghost-${i}` }));
    const review = await seedReview({ pairs });
    const cookie = await sessionFor("alice@acme.test");
    const page = await html(`${review.path}?page=80`, cookie);
    expect(await attrs(page, "tbody tr[data-pair-id]", "data-pair-id")).toHaveLength(25);
    expect(textOf(page)).toContain("2000 pairs · Page 80 of 80");
    expect(textOf(page)).toContain("0/2000 (0%)");
  });

  it("offers each state's actions from the pair table (000 §4), Share on Slack-type only, completed ones only once closed", async () => {
    const states = ["completed", "pending", "started", "reviewer-declined", "nomination-manager-declined"];
    const reviewers = ["mona", "ed", "sam", "kara", "adam"];
    const pairs = states.map((state, i) => ({ reviewee: acme("eve"), reviewer: acme(reviewers[i]), state }));
    const live = await seedReview({ pairs });
    const closed = await seedReview({ state: "closed", pairs });
    const cookie = await sessionFor("alice@acme.test");
    const livePage = await html(live.path, cookie);
    expect(await rowActions(livePage, live.pairIds[0])).toEqual(["View Result", "Reopen", "Download", "Share"]);
    expect(await rowActions(livePage, live.pairIds[1])).toEqual(["Remove", "Send Reminder", "Change Reviewer"]);
    expect(await rowActions(livePage, live.pairIds[2])).toEqual(["View", "Remove", "Send Reminder", "Change Reviewer"]);
    expect(await rowActions(livePage, live.pairIds[3])).toEqual(["Reopen", "View Comment"]);
    expect(await rowActions(livePage, live.pairIds[4])).toEqual(["View Comment"]);
    const closedPage = await html(closed.path, cookie);
    expect(await rowActions(closedPage, closed.pairIds[0])).toEqual(["View Result", "Download", "Share"]);
    expect(await rowActions(closedPage, closed.pairIds[1])).toEqual([]);

    const globex = await seedReview({
      company: "c-globex",
      pairs: [{ reviewee: "u-globex-tina", reviewer: "u-globex-tom", state: "completed" }],
    });
    expect(await rowActions(await html(globex.path, await sessionFor("gina@globex.test")), globex.pairIds[0])).toEqual([
      "View Result",
      "Reopen",
      "Download",
    ]);
  });
});

describe("review detail: pair actions", () => {
  it("removes a pair after a confirmation, once for a resubmitted confirmation", async () => {
    const review = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("mona") }] });
    const pairId = review.pairIds[0];
    const cookie = await sessionFor("alice@acme.test");
    const ask = await postForm(review.path, { intent: "pair", pairAction: "remove", pairId }, cookie);
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(textOf(askHtml)).toContain(`Remove pair: ${await nameOf(acme("eve"))}, reviewed by ${await nameOf(acme("mona"))}?`);
    expect(await pairRow(pairId)).not.toBeNull();
    const [requestId] = await attrs(askHtml, '[role="alertdialog"] input[name="requestId"]', "value");
    const fields = { intent: "pair", pairAction: "remove", pairId, confirmed: "true", requestId };
    const done = await postForm(review.path, fields, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(review.path);
    expect(toastOf(done)).toMatchObject({ type: "success", message: "Pair removed successfully" });
    expect(await pairRow(pairId)).toBeNull();
    expect(toastOf(await postForm(review.path, fields, cookie))).toMatchObject({ message: "Pair removed successfully" });
    expect(await audits("review.pair.remove", pairId)).toBe(1);
  });

  it("sends a pair's reminder at once: an outbox row for the reviewer", async () => {
    const review = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("ed") }] });
    const cookie = await sessionFor("alice@acme.test");
    const page = await html(review.path, cookie);
    const [requestId] = await attrs(page, `tr[data-pair-id="${review.pairIds[0]}"] input[name="requestId"]`, "value");
    const response = await postForm(
      review.path,
      { intent: "pair", pairAction: "sendReminder", pairId: review.pairIds[0], requestId },
      cookie
    );
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Reminder sent successfully" });
    const row = await one<{ n: number }>(
      "SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'reminder' AND subject = 'Reminder: Spring review'",
      acme("ed")
    );
    expect(row!.n).toBeGreaterThanOrEqual(1);
    expect(await audits("review.pair.sendReminder", review.pairIds[0])).toBe(1);
    // The same form sent again is applied once.
    await postForm(review.path, { intent: "pair", pairAction: "sendReminder", pairId: review.pairIds[0], requestId }, cookie);
    expect(await audits("review.pair.sendReminder", review.pairIds[0])).toBe(1);
  });

  it("changes the reviewer: required, a member of the workspace, 'Save draft review' keeps a started draft", async () => {
    const answers = { "b-time": { value: 2, comment: "Always" } };
    const review = await seedReview({
      pairs: [
        { reviewee: acme("eve"), reviewer: acme("ed"), state: "started", answers },
        { reviewee: acme("ed"), reviewer: acme("eve"), state: "started", answers },
        { reviewee: acme("sam"), reviewer: acme("eve") },
      ],
    });
    const [kept, dropped, pending] = review.pairIds;
    const cookie = await sessionFor("alice@acme.test");

    const panel = await html(`${review.path}?panel=changeReviewer&pair=${kept}`, cookie);
    expect(textOf(panel)).toContain("Save draft review");
    const options = await attrs(panel, 'select[name="reviewerId"] option', "value");
    expect(options).not.toContain(acme("eve"));
    expect(options).not.toContain(acme("ed"));
    expect(options).toContain(acme("mona"));
    expect(textOf(await html(`${review.path}?panel=changeReviewer&pair=${pending}`, cookie))).not.toContain("Save draft review");

    const empty = await postForm(
      `${review.path}?panel=changeReviewer&pair=${kept}`,
      { intent: "pair", pairAction: "changeReviewer", pairId: kept, reviewerId: "", requestId: crypto.randomUUID() },
      cookie
    );
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(await texts(emptyHtml, "[data-field-error]")).toEqual(["Reviewer is required"]);
    expect(await texts(emptyHtml, 'select[name="reviewerId"] option[value=""]')).toEqual(["Required"]);
    expect(await pairRow(kept)).toMatchObject({ reviewer_id: acme("ed"), state: "started" });
    expect(await audits("review.pair.changeReviewer", kept)).toBe(0);

    const outsider = await postForm(
      review.path,
      { intent: "pair", pairAction: "changeReviewer", pairId: kept, reviewerId: "u-globex-tina", requestId: crypto.randomUUID() },
      cookie
    );
    expect(outsider.status).toBe(400);
    // Posted without its panel open, the refusal still shows.
    expect(await texts(await outsider.text(), "[data-form-errors]")).toEqual(["Choose an active member of this review's workspace."]);

    const retain = await postForm(
      review.path,
      {
        intent: "pair",
        pairAction: "changeReviewer",
        pairId: kept,
        reviewerId: acme("mona"),
        retainDraft: "on",
        requestId: crypto.randomUUID(),
      },
      cookie
    );
    expect(toastOf(retain)).toMatchObject({ type: "success", message: "Reviewer changed successfully" });
    const keptRow = await pairRow(kept);
    expect(keptRow).toMatchObject({ reviewer_id: acme("mona"), state: "started" });
    expect(JSON.parse(keptRow!.answers!)).toEqual(answers);
    expect(
      (await one<{ n: number }>(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'performance-review'",
        acme("mona")
      ))!.n
    ).toBeGreaterThanOrEqual(1);

    await postForm(
      review.path,
      { intent: "pair", pairAction: "changeReviewer", pairId: dropped, reviewerId: acme("mona"), requestId: crypto.randomUUID() },
      cookie
    );
    expect(await pairRow(dropped)).toMatchObject({ reviewer_id: acme("mona"), state: "pending", answers: null });
  });

  it("reopens a completed pair (Started) and a declined one (Not Started) after a confirmation", async () => {
    const review = await seedReview({
      pairs: [
        { reviewee: acme("eve"), reviewer: acme("ed"), state: "completed", answers: { "b-time": { value: 1 } } },
        { reviewee: acme("ed"), reviewer: acme("eve"), state: "reviewer-declined", declineComment: "Busy" },
      ],
    });
    const cookie = await sessionFor("alice@acme.test");
    for (const [pairId, next] of [
      [review.pairIds[0], "started"],
      [review.pairIds[1], "pending"],
    ]) {
      const ask = await postForm(review.path, { intent: "pair", pairAction: "reopen", pairId }, cookie);
      const askHtml = await ask.text();
      expect(textOf(askHtml)).toContain("Reopen pair:");
      expect((await pairRow(pairId))!.state).not.toBe(next);
      const [requestId] = await attrs(askHtml, '[role="alertdialog"] input[name="requestId"]', "value");
      const done = await postForm(review.path, { intent: "pair", pairAction: "reopen", pairId, confirmed: "true", requestId }, cookie);
      expect(toastOf(done)).toMatchObject({ type: "success", message: "Pair reopened successfully" });
      expect((await pairRow(pairId))!.state).toBe(next);
    }
  });

  it("shares a completed result on Slack-type only", async () => {
    const review = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("ed"), state: "completed" }] });
    const cookie = await sessionFor("alice@acme.test");
    const shared = await postForm(
      review.path,
      { intent: "pair", pairAction: "share", pairId: review.pairIds[0], requestId: crypto.randomUUID() },
      cookie
    );
    expect(toastOf(shared)).toMatchObject({ type: "success", message: "Result shared successfully" });
    expect((await pairRow(review.pairIds[0]))!.shared_at).toBeGreaterThan(0);

    const globex = await seedReview({
      company: "c-globex",
      pairs: [{ reviewee: "u-globex-tina", reviewer: "u-globex-tom", state: "completed" }],
    });
    const refused = await postForm(
      globex.path,
      { intent: "pair", pairAction: "share", pairId: globex.pairIds[0], requestId: crypto.randomUUID() },
      await sessionFor("gina@globex.test")
    );
    expect(toastOf(refused)).toMatchObject({ type: "error", message: "This pair (Review Completed) cannot be shared." });
    expect((await pairRow(globex.pairIds[0]))!.shared_at).toBeNull();
  });

  it("queues a pair report; the job stores an .xlsx in R2 and sends the requester its link", async () => {
    const review = await seedReview({
      title: "Report review",
      pairs: [
        {
          reviewee: acme("eve"),
          reviewer: acme("ed"),
          state: "completed",
          answers: { "b-time": { value: 2, comment: "=SUM(A1)" }, "b-well": { value: "All" } },
        },
        { reviewee: acme("sam"), reviewer: acme("ed") },
      ],
    });
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
      sent.push(body as Record<string, unknown>);
      return undefined as never;
    });
    const cookie = await sessionFor("alice@acme.test");
    const response = await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairIds[0] }, cookie);
    expect(toastOf(response)).toMatchObject({ type: "success", message: "Report will be emailed once completed" });
    expect(sent).toEqual([
      {
        type: "report.generate",
        reportId: expect.any(String),
        companyId: "c-acme",
        requestedBy: { companyId: "c-acme", userId: acme("alice") },
      },
    ]);
    const reportId = String(sent[0].reportId);
    // Not offered for a pair that is not completed: refused, nothing queued.
    const refused = await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairIds[1] }, cookie);
    expect(toastOf(refused)).toMatchObject({ type: "error", message: "This pair (Not Started) cannot be downloaded." });
    expect(sent).toHaveLength(1);

    const messageId = `msg-${crypto.randomUUID()}`;
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: messageId, timestamp: new Date(), attempts: 1, body: sent[0] }]);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<never>, env as Env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([messageId]);
    const message = await one<{ link: string; subject: string }>(
      "SELECT link, subject FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'report' AND dedupe_key = ?",
      acme("alice"),
      `report:${reportId}:${acme("alice")}:email`
    );
    expect(message!.subject).toBe(
      `Your report is ready: Report review: ${await nameOf(acme("eve"))}, reviewed by ${await nameOf(acme("ed"))}`
    );
    expect(message!.link).toBe(`/reports/files/${reportId}`);
    const file = await one<{ owner_id: string; name: string }>("SELECT owner_id, name FROM files WHERE id = ?", reportId);
    expect(file!.owner_id).toBe(acme("alice"));

    const got = await appFetch(message!.link, { cookie });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".*\.xlsx"/);
    const bytes = new Uint8Array(await got.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe("PK");
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(bytes, { type: "array" }).Sheets.Review, { header: 1 });
    expect(rows).toContainEqual(["Is the work on time?", "Agree", "'=SUM(A1)"]);
    expect(rows.find((r) => r[0] === "What went well?")?.slice(0, 2)).toEqual(["What went well?", "All"]);
    expect(rows.find((r) => r[0] === "Strong skills")?.[1]).toBe("Not answered");
    // For the people who manage the review, nobody else.
    expect((await appFetch(message!.link, { cookie: await sessionFor("adam@acme.test") })).status).toBe(200);
    expect((await appFetch(message!.link, { cookie: await sessionFor("eve@acme.test") })).status).toBe(404);
  });

  it("refuses an action the table does not offer for the pair's state: an error toast, nothing written", async () => {
    const review = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("ed"), state: "completed" }] });
    const closed = await seedReview({ state: "closed", pairs: [{ reviewee: acme("eve"), reviewer: acme("ed") }] });
    const cookie = await sessionFor("alice@acme.test");
    const remove = await postForm(
      review.path,
      { intent: "pair", pairAction: "remove", pairId: review.pairIds[0], confirmed: "true", requestId: crypto.randomUUID() },
      cookie
    );
    expect(toastOf(remove)).toMatchObject({ type: "error", message: "This pair (Review Completed) cannot be removed." });
    expect(await pairRow(review.pairIds[0])).not.toBeNull();
    // Asked first: refused before any confirmation is shown.
    const ask = await postForm(review.path, { intent: "pair", pairAction: "remove", pairId: review.pairIds[0] }, cookie);
    expect(ask.status).toBe(302);
    expect(toastOf(ask)).toMatchObject({ type: "error", message: "This pair (Review Completed) cannot be removed." });
    const remind = await postForm(closed.path, { intent: "pair", pairAction: "sendReminder", pairId: closed.pairIds[0] }, cookie);
    expect(toastOf(remind)).toMatchObject({
      type: "error",
      message: "This pair (Not Started) cannot be reminded while the review is closed.",
    });
    const change = await postForm(
      review.path,
      { intent: "pair", pairAction: "changeReviewer", pairId: review.pairIds[0], reviewerId: acme("mona") },
      cookie
    );
    expect(toastOf(change)).toMatchObject({ type: "error" });
    expect(await pairRow(review.pairIds[0])).toMatchObject({ reviewer_id: acme("ed"), state: "completed" });
    expect(await audits("review.pair.remove", review.pairIds[0])).toBe(0);
    expect(await audits("review.pair.sendReminder", closed.pairIds[0])).toBe(0);
    // An unknown pair is a 404.
    expect((await postForm(review.path, { intent: "pair", pairAction: "share", pairId: "no-such-pair" }, cookie)).status).toBe(404);
  });

  it("shows a result against the questionnaire snapshot, marked (Draft) while not completed, and a decline comment", async () => {
    const answers = { "b-time": { value: 2, comment: "Always early" }, "b-skills": { value: ["0", "2"] }, "b-well": { value: "Planning" } };
    const review = await seedReview({
      pairs: [
        { reviewee: acme("eve"), reviewer: acme("ed"), state: "started", answers },
        { reviewee: acme("ed"), reviewer: acme("eve"), state: "completed", answers },
        { reviewee: acme("sam"), reviewer: acme("eve"), state: "reviewer-declined" },
        { reviewee: acme("sam"), reviewer: acme("ed"), state: "reviewer-declined", declineComment: "On leave" },
      ],
    });
    const cookie = await sessionFor("alice@acme.test");
    const [started, completed, silent, explained] = review.pairIds;
    const draft = await html(`${review.path}?panel=result&pair=${started}`, cookie);
    expect((await texts(draft, "#result-title"))[0]).toMatch(/\(Draft\)$/);
    expect(await texts(draft, "[data-answers] [data-answer]")).toEqual(["Agree", "Design, Writing", "Planning"]);
    expect(await texts(draft, "[data-answers] [data-comment]")).toEqual(["Comment: Always early"]);
    const final = await html(`${review.path}?panel=result&pair=${completed}`, cookie);
    expect((await texts(final, "#result-title"))[0]).not.toContain("(Draft)");
    expect(await texts(await html(`${review.path}?panel=comment&pair=${silent}`, cookie), "[data-decline-comment]")).toEqual([
      "Reason not given",
    ]);
    expect(await texts(await html(`${review.path}?panel=comment&pair=${explained}`, cookie), "[data-decline-comment]")).toEqual([
      "On leave",
    ]);
    // A panel the pair's state does not offer is not shown.
    expect(await texts(await html(`${review.path}?panel=comment&pair=${completed}`, cookie), "[data-decline-comment]")).toEqual([]);
  });
});

describe("review detail: Send Reminders, Finalize Review, Add Pairs", () => {
  it("sends reminders with a trimmed note as e-mail to everyone unfinished, and checks the form", async () => {
    const review = await seedReview({
      title: "Reminder review",
      pairs: [
        { reviewee: acme("eve"), reviewer: acme("ed") },
        { reviewee: acme("sam"), reviewer: acme("mona"), state: "started" },
        { reviewee: acme("ed"), reviewer: acme("kara"), state: "completed" },
      ],
    });
    const cookie = await sessionFor("alice@acme.test");
    const panel = await html(`${review.path}?panel=remind`, cookie);
    expect(await attrs(panel, 'input[name="sendAs"][checked]', "value")).toEqual(["appMessage"]);
    expect(await attrs(panel, 'textarea[name="note"]', "maxlength")).toEqual(["1000"]);

    const long = await postForm(`${review.path}?panel=remind`, { intent: "remind", note: "x".repeat(1001), sendAs: "email" }, cookie);
    expect(long.status).toBe(400);
    expect(await texts(await long.text(), "[data-field-error]")).toEqual(["Use at most 1000 characters."]);
    const none = await postForm(`${review.path}?panel=remind`, { intent: "remind", note: "Hi" }, cookie);
    expect(none.status).toBe(400);
    expect(await texts(await none.text(), "[data-field-error]")).toEqual(["This is a required field."]);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM notification_outbox WHERE subject = 'Reminder: Reminder review'"))!.n).toBe(
      0
    );

    const sent = await postForm(
      review.path,
      { intent: "remind", note: "  Please finish by Friday  ", sendAs: "email", requestId: crypto.randomUUID() },
      cookie
    );
    expect(toastOf(sent)).toMatchObject({ type: "success", message: "Reminder sent to 2 people" });
    const { results } = await env.DB.prepare(
      "SELECT recipient_user_id AS who, channel, body FROM notification_outbox WHERE subject = 'Reminder: Reminder review' ORDER BY recipient_user_id"
    ).all<{ who: string; channel: string; body: string }>();
    expect(results).toEqual([
      { who: acme("ed"), channel: "email", body: "Please finish by Friday" },
      { who: acme("mona"), channel: "email", body: "Please finish by Friday" },
    ]);

    const single = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("ed") }] });
    const once = await postForm(single.path, { intent: "remind", sendAs: "appMessage", requestId: crypto.randomUUID() }, cookie);
    expect(toastOf(once)).toMatchObject({ type: "success", message: "Reminder sent successfully" });
  });

  it("finalizes after a confirmation and returns to the reviews list", async () => {
    const review = await seedReview();
    const cookie = await sessionFor("alice@acme.test");
    const ask = await postForm(review.path, { intent: "finalize" }, cookie);
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(textOf(askHtml)).toContain("Finalize Review: Spring review?");
    expect((await one<{ state: string }>("SELECT state FROM review_campaigns WHERE id = ?", review.id))!.state).toBe("live");
    const [requestId] = await attrs(askHtml, '[role="alertdialog"] input[name="requestId"]', "value");
    const done = await postForm(review.path, { intent: "finalize", confirmed: "true", requestId }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(LIST);
    expect(toastOf(done)).toMatchObject({ type: "success", message: "Review finalized successfully" });
    expect((await one<{ state: string }>("SELECT state FROM review_campaigns WHERE id = ?", review.id))!.state).toBe("closed");
    // A closed review cannot be finalized: refused before a confirmation.
    expect(toastOf(await postForm(review.path, { intent: "finalize" }, cookie))).toMatchObject({
      type: "error",
      message: "A closed review cannot be finalized.",
    });
  });

  it("adds a pair to a live review after a confirmation, since the reviewer is notified", async () => {
    const review = await seedReview({ pairs: [{ reviewee: acme("eve"), reviewer: acme("ed") }] });
    const cookie = await sessionFor("alice@acme.test");
    const panel = await html(`${review.path}?panel=addPairs`, cookie);
    expect(await attrs(panel, 'select[name="revieweeId"] option', "value")).toContain(acme("sam"));

    const outsider = await postForm(
      `${review.path}?panel=addPairs`,
      { intent: "addPairs", revieweeId: acme("sam"), reviewerId: "u-globex-tina" },
      cookie
    );
    expect(outsider.status).toBe(400);
    expect(await texts(await outsider.text(), "[data-field-error]")).toEqual(["Choose an active member of this review's workspace."]);
    const duplicate = await postForm(
      `${review.path}?panel=addPairs`,
      { intent: "addPairs", revieweeId: acme("eve"), reviewerId: acme("ed") },
      cookie
    );
    expect(await texts(await duplicate.text(), "[data-field-error]")).toEqual(["This pair is already in the review."]);

    const ask = await postForm(
      `${review.path}?panel=addPairs`,
      { intent: "addPairs", revieweeId: acme("sam"), reviewerId: acme("kara") },
      cookie
    );
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(textOf(askHtml)).toContain("the reviewer will be notified.");
    const count = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM review_pairs WHERE campaign_id = ?", review.id))!.n;
    expect(await count()).toBe(1);
    const fields = Object.fromEntries(
      await Promise.all(
        ["intent", "revieweeId", "reviewerId", "confirmed", "requestId"].map(async (name) => [
          name,
          (await attrs(askHtml, `[role="alertdialog"] input[name="${name}"]`, "value"))[0],
        ])
      )
    );
    const done = await postForm(review.path, fields, cookie);
    expect(toastOf(done)).toMatchObject({ type: "success", message: "Pair added successfully" });
    expect(await count()).toBe(2);
    expect(
      (await one<{ n: number }>(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND subject = 'You have a review to complete: Spring review'",
        acme("kara")
      ))!.n
    ).toBe(1);
  });
});

describe("review detail: analytics and the status report", () => {
  it("draws a stacked percentage bar per choice question from the completed pairs' answers", async () => {
    const review = await seedReview({
      pairs: [
        {
          reviewee: acme("eve"),
          reviewer: acme("ed"),
          state: "completed",
          answers: { "b-time": { value: 2 }, "b-skills": { value: ["0", "2"] } },
        },
        {
          reviewee: acme("ed"),
          reviewer: acme("eve"),
          state: "completed",
          answers: { "b-time": { value: "2" }, "b-skills": { value: [2] } },
        },
        { reviewee: acme("sam"), reviewer: acme("ed"), state: "completed", answers: { "b-time": { value: 1 } } },
        { reviewee: acme("sam"), reviewer: acme("eve"), state: "completed", answers: { "b-time": { notApplicable: true, value: null } } },
        // Not completed: not counted.
        { reviewee: acme("sam"), reviewer: acme("mona"), state: "started", answers: { "b-time": { value: 0 } } },
      ],
      nominations: [
        { reviewee: acme("eve"), state: "open" },
        { reviewee: acme("ed"), state: "submitted" },
        { reviewee: acme("sam"), state: "submitted" },
        { reviewee: acme("mona"), state: "declined" },
      ],
    });
    const cookie = await sessionFor("alice@acme.test");
    const page = await html(`${review.path}?tab=analytics`, cookie);
    expect(await attrs(page, '[role="tab"]', "aria-selected")).toEqual(["false", "true"]);
    const percents = async (blockId: string) => {
      const labels = await attrs(page, `[data-question="${blockId}"] [data-choice]`, "data-choice");
      const values = await attrs(page, `[data-question="${blockId}"] [data-choice]`, "data-percent");
      return Object.fromEntries(labels.map((l, i) => [l, Number(values[i])]));
    };
    expect(await percents("b-time")).toEqual({ Disagree: 0, Neutral: 25, Agree: 50, "Not Applicable": 25 });
    expect(await percents("b-skills")).toEqual({ Design: 33.3, Code: 0, Writing: 66.7 });
    expect(await texts(page, '[data-question="b-time"] [data-choice="Agree"]')).toEqual(["Agree: 2 (50%)"]);
    expect(await attrs(page, '[role="switch"]', "href")).toEqual([`${review.path}?tab=analytics&nomination=1`]);
    // Download posts to the page, which queues the status report (report-queue.test.ts).
    expect(await attrs(page, 'form[method="post"][data-report-download]', "data-report-download")).toEqual(["review"]);

    const nominations = await html(`${review.path}?tab=analytics&nomination=1`, cookie);
    expect(await attrs(nominations, '[role="switch"]', "aria-checked")).toEqual(["true"]);
    const labels = await attrs(nominations, "[data-choice]", "data-choice");
    const values = await attrs(nominations, "[data-choice]", "data-percent");
    expect(Object.fromEntries(labels.map((l, i) => [l, Number(values[i])]))).toEqual({
      Open: 25,
      Submitted: 50,
      Declined: 25,
      Expired: 0,
      Canceled: 0,
    });
    expect(await texts(nominations, 'table[aria-label="Nomination status per reviewee"] tbody tr')).toHaveLength(4);
    expect(await attrs(nominations, 'form[method="post"][data-report-download]', "data-report-download")).toEqual(["nomination"]);

    const empty = await seedReview({
      pairs: [{ reviewee: acme("eve"), reviewer: acme("ed"), state: "started", answers: { "b-time": { value: 2 } } }],
    });
    const emptyPage = await html(`${empty.path}?tab=analytics`, cookie);
    expect(textOf(emptyPage)).toContain("No Result details available.");
    expect(await attrs(emptyPage, '[role="switch"]', "href")).toEqual([]);
  });

  it("downloads the status report (the reviews list's Download) as a real .xlsx with formula-like cells escaped", async () => {
    const sneaky = `u-acme-sneaky-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)")
      .bind(sneaky, '=HYPERLINK("http://evil.test")', `${sneaky}@acme.test`)
      .run();
    const review = await seedReview({
      title: "Status review",
      pairs: [
        { reviewee: sneaky, reviewer: acme("ed"), state: "completed" },
        { reviewee: acme("eve"), reviewer: acme("ed") },
      ],
      nominations: [{ reviewee: acme("eve"), state: "expired" }],
    });
    const cookie = await sessionFor("alice@acme.test");
    const response = await download(`${review.path}/download?reportType=review`, cookie, review.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Status review - Review status.xlsx"; filename*=UTF-8''${encodeURIComponent(
        "Status review - Review status.xlsx"
      )}`
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe("PK");
    const workbook = XLSX.read(bytes, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(["Reviewee", "Reviewee E-mail", "Reviewer", "Reviewer E-mail", "State"]);
    expect(rows).toContainEqual([
      `'=HYPERLINK("http://evil.test")`,
      `${sneaky}@acme.test`,
      await nameOf(acme("ed")),
      "ed@acme.test",
      "Review Completed",
    ]);
    expect(rows).toHaveLength(3);

    const nomination = await download(`${review.path}/download?reportType=nomination`, cookie, review.id);
    const nominationRows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(new Uint8Array(await nomination.arrayBuffer()), { type: "array" }).Sheets["Nomination status"],
      { header: 1 }
    );
    expect(nominationRows).toEqual([
      ["Reviewee", "Reviewee E-mail", "Nomination Status"],
      [await nameOf(acme("eve")), "eve@acme.test", "Expired"],
    ]);
    expect((await download(`${review.path}/download?reportType=other`, cookie, review.id)).status).toBe(404);
    // The reviews list's Download link (`?download=review`) is sent to the download route.
    const fromList = await appFetch(`${review.path}?download=review`, { cookie });
    expect(fromList.status).toBe(302);
    expect(fromList.headers.get("Location")).toBe(`${review.path}/download?reportType=review`);
  });
});

describe("review detail: who may see a review", () => {
  it("answers 404 for another company's review or an unknown id, sends drafts to the draft page and people without the permission home", async () => {
    const globex = await seedReview({ company: "c-globex" });
    const alice = await sessionFor("alice@acme.test");
    expect((await appFetch(globex.path, { cookie: alice })).status).toBe(404);
    expect((await appFetch(`${LIST}/rc-no-such-review`, { cookie: alice })).status).toBe(404);
    expect((await postForm(globex.path, { intent: "finalize", confirmed: "true", requestId: "x" }, alice)).status).toBe(404);
    expect((await one<{ state: string }>("SELECT state FROM review_campaigns WHERE id = ?", globex.id))!.state).toBe("live");
    expect((await download(`${globex.path}/download?reportType=review`, alice, globex.id)).status).toBe(404);

    const draft = await seedReview({ state: "draft" });
    const toDraft = await appFetch(draft.path, { cookie: alice });
    expect(toDraft.status).toBe(302);
    expect(toDraft.headers.get("Location")).toBe(`${LIST}/draft/${draft.id}`);

    const acmeReview = await seedReview();
    const sam = await appFetch(acmeReview.path, { cookie: await sessionFor("sam@acme.test") });
    expect(sam.status).toBe(302);
    expect(sam.headers.get("Location")).toBe("/");
    const samPost = await postForm(acmeReview.path, { intent: "finalize", confirmed: "true" }, await sessionFor("sam@acme.test"));
    expect(samPost.headers.get("Location")).toBe("/");
  });

  it("sends a Teams-type group admin back to the reviews list for a group they do not administer", async () => {
    const sales = await seedReview({ company: "c-globex", groupId: "g-globex-sales" });
    const engineering = await seedReview({ company: "c-globex", groupId: "g-globex-engineering" });
    const gary = await sessionFor("gary@globex.test");
    const refused = await appFetch(sales.path, { cookie: gary });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(LIST);
    expect(toastOf(refused)).toMatchObject({ type: "error", message: "You do not have access to this review." });
    const post = await postForm(sales.path, { intent: "finalize", confirmed: "true", requestId: crypto.randomUUID() }, gary);
    expect(post.headers.get("Location")).toBe(LIST);
    expect((await one<{ state: string }>("SELECT state FROM review_campaigns WHERE id = ?", sales.id))!.state).toBe("live");
    expect((await appFetch(engineering.path, { cookie: gary })).status).toBe(200);
    // Super admins manage every group's reviews.
    expect((await appFetch(sales.path, { cookie: await sessionFor("gina@globex.test") })).status).toBe(200);
  });
});
