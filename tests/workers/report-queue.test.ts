import * as XLSX from "@e965/xlsx";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { BatchItem } from "drizzle-orm/batch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { putFile } from "~/lib/files.server";
import { generateReport } from "~/modules/reports/generated.server";
import { REPORT_BUILDERS } from "~/report-builders.server";
import worker from "../../workers/app";
import { JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from "../../workers/queues";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs } from "./shell-html";
import { ON_TIME_QUESTION } from "./review-blocks";

// Queued report generation: the consumer renders the file once whatever the
// queue redelivers, retries a failing build and tells the requester when it finally fails; the
// link downloads only for people who may see that report now.

const LIST = "/reviews/manage-reviews";
const QUEUED = "Report will be emailed once completed";
const db = createDb(env.DB);
const acme = (local: string) => `u-acme-${local}`;

const BLOCKS = [ON_TIME_QUESTION];

/** A launched review of our own with pairs (completed ones answered). */
async function seedReview(input: {
  company?: "c-acme" | "c-globex";
  groupId?: string | null;
  title?: string;
  pairs: Array<[string, string, string?]>;
}) {
  const company = input.company ?? "c-acme";
  const id = `rc-${crypto.randomUUID()}`;
  const pairs = input.pairs.map(([reviewee, reviewer, state = "completed"], i) => ({ id: `${id}-p${i}`, reviewee, reviewer, state }));
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, template_title, template_blocks,
        created_by, launched_at, updated_at) VALUES (?, ?, ?, 'live', ?, ?, 0, 'Check-in', ?, ?, ?, ?)`
    ).bind(
      id,
      company,
      input.title ?? "Queue review",
      company === "c-acme" ? "w-acme-hq" : null,
      input.groupId === undefined ? (company === "c-globex" ? "g-globex-all" : null) : input.groupId,
      JSON.stringify(BLOCKS),
      company === "c-acme" ? acme("alice") : "u-globex-gina",
      Date.UTC(2030, 0, 1),
      Date.now()
    ),
    ...pairs.map((p) =>
      env.DB.prepare(
        `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)`
      ).bind(
        p.id,
        company,
        id,
        p.reviewee,
        p.reviewer,
        p.state,
        p.state === "completed" ? JSON.stringify({ "b-time": { value: 1, comment: "+1 done" } }) : null
      )
    ),
  ]);
  return { id, path: `${LIST}/${id}`, pairIds: pairs.map((p) => p.id) };
}

/** Captures what a request sends to the jobs queue instead of sending it. */
function captureJobs() {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body as Record<string, unknown>);
    return undefined as never;
  });
  return sent;
}

async function consume(queue: string, id: string, body: unknown, attempts = 1) {
  const batch = createMessageBatch(queue, [{ id, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<never>, env as Env);
  return getQueueResult(batch, ctx);
}

function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

const one = <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
const count = async (query: string, ...binds: unknown[]) => (await one<{ n: number }>(query, ...binds))!.n;
const reportRow = (id: string) =>
  one<{ state: string; kind: string; title: string; scope: string; file_id: string | null; error: string | null; requested_by: string }>(
    "SELECT state, kind, title, scope, file_id, error, requested_by FROM generated_reports WHERE id = ?",
    id
  );
const objectsOf = async (companyId: string, reportId: string) =>
  (await env.FILES.list({ prefix: `companies/${companyId}/files/${reportId}` })).objects.length;
const messagesOf = (reportId: string) =>
  // instr, not LIKE: D1 refuses LIKE patterns longer than 50 characters.
  env.DB.prepare("SELECT recipient_user_id AS who, subject, body, link FROM notification_outbox WHERE instr(dedupe_key, ?) = 1 ORDER BY id")
    .bind(`report:${reportId}:`)
    .all<{ who: string; subject: string; body: string; link: string }>()
    .then((r) => r.results);

/** Queues a completed pair's report as `email` from the review detail page; the report id and the message body. */
async function queuePairReport(email: string, review: { path: string; pairIds: string[] }) {
  const sent = captureJobs();
  const response = await postForm(
    review.path,
    { intent: "pair", pairAction: "download", pairId: review.pairIds[0] },
    await sessionFor(email)
  );
  expect(toastOf(response)).toMatchObject({ type: "success", message: QUEUED });
  expect(sent).toHaveLength(1);
  vi.restoreAllMocks();
  return { reportId: String(sent[0].reportId), body: sent[0] };
}

const download = async (reportId: string, cookie: string) => appFetch(`/reports/files/${reportId}`, { cookie });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("review detail downloads go through the queue", () => {
  it("queues a pair report: a generated_reports row, one report.generate message, the toast", async () => {
    const review = await seedReview({
      title: "Pair queue review",
      pairs: [
        [acme("eve"), acme("ed")],
        [acme("sam"), acme("ed"), "pending"],
      ],
    });
    const sent = captureJobs();
    const cookie = await sessionFor("alice@acme.test");
    const response = await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairIds[0] }, cookie);
    expect(response.status).toBe(302);
    expect(toastOf(response)).toMatchObject({ type: "success", message: QUEUED });
    expect(sent).toEqual([
      {
        type: "report.generate",
        reportId: expect.any(String),
        companyId: "c-acme",
        requestedBy: { companyId: "c-acme", userId: acme("alice") },
      },
    ]);
    const row = await reportRow(String(sent[0].reportId));
    expect(row).toMatchObject({ state: "queued", kind: "pair-xlsx", requested_by: acme("alice"), file_id: null });
    expect(JSON.parse(row!.scope)).toEqual({ campaignId: review.id, pairId: review.pairIds[0] });
    expect(row!.title).toMatch(/^Pair queue review: .+, reviewed by .+$/);
    // A pair the table offers no download for: refused, nothing queued.
    const refused = await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairIds[1] }, cookie);
    expect(toastOf(refused)).toMatchObject({ type: "error", message: "This pair (Not Started) cannot be downloaded." });
    expect(sent).toHaveLength(1);
  });

  it("queues the Analytics status report (review or nomination) from a POST form, and refuses other companies' reviews", async () => {
    const review = await seedReview({ title: "Status queue review", pairs: [[acme("eve"), acme("ed")]] });
    const cookie = await sessionFor("alice@acme.test");
    const page = await (await appFetch(`${review.path}?tab=analytics`, { cookie })).text();
    expect(await attrs(page, 'form[method="post"][data-report-download] input[name="reportType"]', "value")).toEqual(["review"]);
    const sent = captureJobs();
    const response = await postForm(
      `${review.path}?tab=analytics&nomination=1`,
      { intent: "statusReport", reportType: "nomination" },
      cookie
    );
    expect(response.headers.get("Location")).toBe(`${review.path}?tab=analytics&nomination=1`);
    expect(toastOf(response)).toMatchObject({ type: "success", message: QUEUED });
    expect(sent).toHaveLength(1);
    const row = await reportRow(String(sent[0].reportId));
    expect(row).toMatchObject({ kind: "status-xlsx", title: "Status queue review - Nomination status", state: "queued" });
    expect(JSON.parse(row!.scope)).toEqual({ campaignId: review.id, reportType: "nomination" });

    const globex = await seedReview({ company: "c-globex", pairs: [["u-globex-mike", "u-globex-tina"]] });
    expect((await postForm(globex.path, { intent: "statusReport", reportType: "review" }, cookie)).status).toBe(404);
    expect((await postForm(review.path, { intent: "statusReport", reportType: "other" }, cookie)).status).toBe(400);
    expect(sent).toHaveLength(1);
  });
});

describe("report.generate consumer", () => {
  it("run twice on the same message: one file row, one R2 object, one message to the requester, report ready", async () => {
    const review = await seedReview({ pairs: [[acme("eve"), acme("ed")]] });
    const { reportId, body } = await queuePairReport("alice@acme.test", review);
    const messageId = `msg-${crypto.randomUUID()}`;
    const first = await consume(JOBS_QUEUE, messageId, body);
    const second = await consume(JOBS_QUEUE, messageId, body, 2);
    // A second message for the same report (sent twice): nothing more either.
    const other = await consume(JOBS_QUEUE, `msg-${crypto.randomUUID()}`, body);
    for (const result of [first, second, other]) expect(result.retryMessages).toEqual([]);
    expect(first.explicitAcks).toEqual([messageId]);

    expect(await reportRow(reportId)).toMatchObject({ state: "ready", file_id: reportId, error: null });
    expect(await count("SELECT count(*) AS n FROM files WHERE id = ?", reportId)).toBe(1);
    expect(await objectsOf("c-acme", reportId)).toBe(1);
    const messages = await messagesOf(reportId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ who: acme("alice"), link: `/reports/files/${reportId}` });
    expect(messages[0].subject).toMatch(/^Your report is ready: Queue review: /);
  });

  it("a retry after a crash between the R2 write and the commit still makes one file", async () => {
    const review = await seedReview({ pairs: [[acme("eve"), acme("ed")]] });
    const { reportId } = await queuePairReport("alice@acme.test", review);
    const job = { reportId, companyId: "c-acme" };
    // The first attempt stored its object and died before its D1 batch was committed.
    await generateReport(env as Env, db, job, REPORT_BUILDERS);
    expect(await objectsOf("c-acme", reportId)).toBe(1);
    expect((await reportRow(reportId))!.state).toBe("queued");
    const writes = await generateReport(env as Env, db, job, REPORT_BUILDERS);
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    expect(await objectsOf("c-acme", reportId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM files WHERE id = ?", reportId)).toBe(1);
    expect((await reportRow(reportId))!.state).toBe("ready");
    expect(await messagesOf(reportId)).toHaveLength(1);
  });

  it("retries a failing build, then the dead-letter queue marks the report failed and tells the requester", async () => {
    const review = await seedReview({ title: "Doomed review", pairs: [[acme("eve"), acme("ed")]] });
    const { reportId, body } = await queuePairReport("alice@acme.test", review);
    // The pair goes away before the report is made: the build throws.
    await env.DB.prepare("DELETE FROM review_pairs WHERE id = ?").bind(review.pairIds[0]).run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const messageId = `msg-${crypto.randomUUID()}`;
    for (const attempts of [1, 2, 3]) {
      const result = await consume(JOBS_QUEUE, messageId, body, attempts);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([messageId]);
    }
    expect((await reportRow(reportId))!.state).toBe("queued");
    expect(await count("SELECT count(*) AS n FROM files WHERE id = ?", reportId)).toBe(0);

    const dead = await consume(JOBS_DEAD_LETTER_QUEUE, messageId, body, 4);
    expect(dead.explicitAcks).toEqual([messageId]);
    // Delivered twice by the dead-letter queue: still one notice.
    await consume(JOBS_DEAD_LETTER_QUEUE, messageId, body, 5);
    expect(await reportRow(reportId)).toMatchObject({ state: "failed", error: "The report could not be made.", file_id: null });
    const notices = await env.DB.prepare(
      "SELECT recipient_user_id AS who, kind, subject, body FROM notification_outbox WHERE instr(dedupe_key, ?) = 1"
    )
      .bind(`job-failed:${messageId}:`)
      .all<{ who: string; kind: string; subject: string; body: string }>();
    expect(notices.results).toHaveLength(1);
    expect(notices.results[0]).toMatchObject({ who: acme("alice"), subject: "Your report could not be made" });
    expect(notices.results[0].body).toContain("Doomed review");
    expect((await download(reportId, await sessionFor("alice@acme.test"))).status).toBe(404);
  });

  it("still makes a pair report queued the old way (review.pair-report), once", async () => {
    const review = await seedReview({ title: "Old queue review", pairs: [[acme("eve"), acme("ed")]] });
    const body = {
      type: "review.pair-report",
      companyId: "c-acme",
      campaignId: review.id,
      pairId: review.pairIds[0],
      requestedBy: { companyId: "c-acme", userId: acme("alice") },
    };
    const messageId = `msg-${crypto.randomUUID()}`;
    await consume(JOBS_QUEUE, messageId, body);
    await consume(JOBS_QUEUE, messageId, body, 2);
    const reportId = `queued-pair-${messageId}`;
    expect(await reportRow(reportId)).toMatchObject({ state: "ready", kind: "pair-xlsx", requested_by: acme("alice") });
    expect(await messagesOf(reportId)).toHaveLength(1);
    expect((await download(reportId, await sessionFor("alice@acme.test"))).status).toBe(200);
  });
});

describe("/reports/files/:reportId", () => {
  it("downloads the requester's file and 404s for anyone who may not see the report", async () => {
    const review = await seedReview({ title: "Download review", pairs: [[acme("eve"), acme("ed")]] });
    const { reportId, body } = await queuePairReport("alice@acme.test", review);
    await consume(JOBS_QUEUE, `msg-${crypto.randomUUID()}`, body);

    const response = await download(reportId, await sessionFor("alice@acme.test"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Download review - .+ by .+\.xlsx"; filename\*=UTF-8''/
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const stored = new Uint8Array(await (await env.FILES.get(`companies/c-acme/files/${reportId}`))!.arrayBuffer());
    expect(bytes).toEqual(stored);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(bytes, { type: "array" }).Sheets.Review, { header: 1 });
    // Formula-like text is escaped in the file.
    expect(rows).toContainEqual(["Is the work on time?", "Agree", "'+1 done"]);

    // Someone else who manages the review may download it too (the rule of the page, not the requester's name).
    expect((await download(reportId, await sessionFor("adam@acme.test"))).status).toBe(200);
    // A person of the company without access; another company's person; an unknown id; signed out.
    expect((await download(reportId, await sessionFor("eve@acme.test"))).status).toBe(404);
    expect((await download(reportId, await sessionFor("gina@globex.test"))).status).toBe(404);
    expect((await download("no-such-report", await sessionFor("alice@acme.test"))).status).toBe(404);
    const signedOut = await appFetch(`/reports/files/${reportId}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/sign-in");
  });

  it("404s for a requester who lost access since asking (a Teams-type group admin no longer admin of the group)", async () => {
    const review = await seedReview({
      company: "c-globex",
      groupId: "g-globex-engineering",
      title: "Engineering review",
      pairs: [["u-globex-tom", "u-globex-mike"]],
    });
    const sent = captureJobs();
    const gary = await sessionFor("gary@globex.test");
    const queued = await postForm(`${review.path}?tab=analytics`, { intent: "statusReport", reportType: "review" }, gary);
    expect(toastOf(queued)).toMatchObject({ type: "success", message: QUEUED });
    const reportId = String(sent[0].reportId);
    vi.restoreAllMocks();
    await consume(JOBS_QUEUE, `msg-${crypto.randomUUID()}`, sent[0]);
    const ok = await download(reportId, gary);
    expect(ok.status).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(new Uint8Array(await ok.arrayBuffer()), { type: "array" }).Sheets["Review status"],
      {
        header: 1,
      }
    );
    expect(rows[0]).toEqual(["Reviewee", "Reviewee E-mail", "Reviewer", "Reviewer E-mail", "State"]);
    expect(rows).toHaveLength(2);

    const demote = (admin: number) =>
      env.DB.prepare("UPDATE group_members SET is_admin = ? WHERE group_id = 'g-globex-engineering' AND user_id = 'u-globex-gary'")
        .bind(admin)
        .run();
    await demote(0);
    try {
      expect((await download(reportId, gary)).status).toBe(404);
    } finally {
      await demote(1);
    }
    expect((await download(reportId, gary)).status).toBe(200);
  });

  it("keeps an old pair report link (?file=) working for its owner only", async () => {
    const review = await seedReview({ pairs: [[acme("eve"), acme("ed")]] });
    const file = await putFile(env as Env, db, {
      companyId: "c-acme",
      ownerId: acme("alice"),
      name: "Old pair report.txt",
      contentType: "text/plain",
      body: "old bytes",
    });
    const link = `${review.path}/download?file=${file.id}`;
    const mine = await appFetch(link, { cookie: await sessionFor("alice@acme.test") });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toBe("old bytes");
    expect((await appFetch(link, { cookie: await sessionFor("adam@acme.test") })).status).toBe(404);
  });
});

describe("survey report PDF", () => {
  const RUN = "sr-acme-engagement-1";

  it("is queued from the report page, rendered by Browser Rendering, and downloads for people who may see the run", async () => {
    const alice = await sessionFor("alice@acme.test");
    const page = await (await appFetch(`/surveys/reports?surveyId=${RUN}`, { cookie: alice })).text();
    expect(await attrs(page, 'form[data-report-pdf] input[name="surveyId"]', "value")).toEqual([RUN]);
    const sent = captureJobs();
    const response = await postForm(`/surveys/reports?surveyId=${RUN}`, { intent: "pdf", surveyId: RUN }, alice);
    expect(response.headers.get("Location")).toBe(`/surveys/reports?surveyId=${RUN}`);
    expect(toastOf(response)).toMatchObject({ type: "success", message: QUEUED });
    const reportId = String(sent[0].reportId);
    expect(await reportRow(reportId)).toMatchObject({ kind: "survey-pdf", title: "Employee Engagement - Survey report" });
    vi.restoreAllMocks();

    const result = await consume(JOBS_QUEUE, `msg-${crypto.randomUUID()}`, sent[0]);
    expect(result.explicitAcks).toHaveLength(1);
    const got = await download(reportId, alice);
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("application/pdf");
    expect(got.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Employee Engagement - \d{4}-\d{2}-\d{2} \d{2}-\d{2}\.pdf"/
    );
    const bytes = new Uint8Array(await got.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5_000);

    // Mona is one of the run's result viewers; Sam is not; Globex is another company.
    expect((await download(reportId, await sessionFor("mona@acme.test"))).status).toBe(200);
    expect((await download(reportId, await sessionFor("sam@acme.test"))).status).toBe(404);
    expect((await download(reportId, await sessionFor("gina@globex.test"))).status).toBe(404);
  }, 60_000);

  it("is not queued for a run whose results are not shown, nor for another company's run", async () => {
    const alice = await sessionFor("alice@acme.test");
    const sent = captureJobs();
    // Globex's run: 404. Acme's Labs retro has no responses: nothing to download.
    expect((await postForm("/surveys/reports", { intent: "pdf", surveyId: "sr-globex-pulse-1" }, alice)).status).toBe(404);
    expect((await postForm("/surveys/reports", { intent: "pdf", surveyId: "sr-acme-labs-retro-1" }, alice)).status).toBe(404);
    expect(sent).toEqual([]);
  });
});
