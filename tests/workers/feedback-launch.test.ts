import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import { LAUNCH_MESSAGES } from "~/modules/feedback/launch-check";
import { launchLibraryLoop } from "~/modules/feedback/launch.server";
import worker from "../../workers/app";
import { feedbackLoopSchedules } from "../../workers/feedback-due-work";
import { appFetch, postForm, sessionFor } from "./helpers";

// Launching a feedback loop and its runs: the launch check in the specified order, one launch
// per request, scheduled and recurring runs started once by the cron, runs closed at their
// deadline, queued notifications written once, reminders, and another company's loop a 404.

const db = createDb(env.DB);
const context = { cloudflare: { env }, db } as unknown as AppLoadContext;
const LIB = "fl-test";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function viewerOf(userId: string, companyId: string): Viewer {
  return {
    user: { id: userId, name: "Admin", email: "", title: null, imageUrl: null, isSuperAdmin: true, isTeamAdmin: true },
    company: { id: companyId, name: "", platform: "slack" },
    permissions: ["ViewFeedbackLoops"],
  } as unknown as Viewer;
}
const alice = viewerOf("u-acme-alice", "c-acme");

const FREE_TEXT = { templateFormat: "FreeText", blocks: [] as unknown[] };

interface LibFields {
  templateType?: string;
  templateFormat?: string | null;
  blocks?: unknown[];
  workflowType?: string | null;
  audienceType?: string | null;
  audienceIds?: string[];
  feedbackFor?: string | null;
  pairs?: Array<{ senderId: string; receiverId: string }>;
  delivery?: string | null;
  startAt?: number | null;
  deadlineAt?: number | null;
  frequency?: string;
  anonymous?: boolean;
  companyId?: string;
  id?: string;
}

const COMPLETE: LibFields = {
  ...FREE_TEXT,
  workflowType: "direct-feedback",
  audienceType: "channels",
  audienceIds: ["ch-acme-engineering"],
  feedbackFor: "manager-downward",
  delivery: "dm-only",
};

async function insertLibrary(f: LibFields) {
  const id = f.id ?? LIB;
  await env.DB.prepare(
    `INSERT OR REPLACE INTO feedback_library_loops (id, company_id, template_type, template_id, template_name, template_format, title,
       workflow_type, audience_type, audience_ids, workspace_id, feedback_for, pairs, anonymous, deadline_at, notification_message,
       delivery, start_at, frequency, blocks, created_by, updated_at)
     VALUES (?, ?, ?, 'free-text', 'Free text', ?, 'Engineering check-in', ?, ?, ?, NULL, ?, ?, ?, ?, 'Tell your reports how it went.', ?, ?, ?, ?, 'u-acme-alice', 0)`
  )
    .bind(
      id,
      f.companyId ?? "c-acme",
      f.templateType ?? "feedback",
      f.templateFormat === undefined ? null : f.templateFormat,
      f.workflowType ?? null,
      f.audienceType ?? null,
      JSON.stringify(f.audienceIds ?? []),
      f.feedbackFor ?? null,
      JSON.stringify(f.pairs ?? []),
      f.anonymous ? 1 : 0,
      f.deadlineAt === undefined ? Date.now() + 14 * DAY : f.deadlineAt,
      f.delivery ?? null,
      f.startAt ?? null,
      f.frequency ?? "does-not-repeat",
      JSON.stringify(f.blocks ?? [])
    )
    .run();
}

const all = async <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query).bind(...binds).all<T>()).results;
const loopsOf = (lib = LIB) => all<Record<string, unknown>>("SELECT * FROM feedback_loops WHERE library_loop_id = ?", lib);
const runsOf = (loopId: string) => all<Record<string, unknown>>("SELECT * FROM feedback_loop_runs WHERE loop_id = ? ORDER BY sequence", loopId);
const pairsOf = (runId: string) =>
  all<{ sender_id: string; receiver_id: string; state: string }>(
    "SELECT sender_id, receiver_id, state FROM feedback_loop_pairs WHERE run_id = ? ORDER BY sender_id, receiver_id",
    runId
  );
const noticesOf = (runId: string, kind = "feedback-loop") =>
  all<{ recipient_user_id: string; link: string; body: string; dedupe_key: string }>(
    "SELECT recipient_user_id, link, body, dedupe_key FROM notification_outbox WHERE kind = ? AND dedupe_key >= ? AND dedupe_key < ? ORDER BY recipient_user_id",
    kind,
    `${kind}:${runId}:`,
    `${kind}:${runId};`
  );

async function cron(at: number) {
  return feedbackLoopSchedules.run({ env: env as Env, db, now: new Date(at) });
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM feedback_loop_pairs"),
    env.DB.prepare("DELETE FROM feedback_loop_runs"),
    env.DB.prepare("DELETE FROM feedback_loops"),
    env.DB.prepare("DELETE FROM one_on_ones"),
    env.DB.prepare("DELETE FROM feedback_library_loops"),
    env.DB.prepare("DELETE FROM notification_outbox"),
  ]);
});

describe("launch: refused with the first unmet requirement (002 §5), writing nothing", () => {
  const steps: Array<[string, LibFields, string]> = [
    ["no question", { ...COMPLETE, templateFormat: null, blocks: [{ id: "t", type: "title", titleValue: { text: "Hi" } }] }, LAUNCH_MESSAGES.questions],
    ["no feedback type", { ...COMPLETE, workflowType: null, audienceType: null, feedbackFor: null, delivery: null }, LAUNCH_MESSAGES.feedbackType],
    ["no audience", { ...COMPLETE, audienceType: null, feedbackFor: null, delivery: null }, LAUNCH_MESSAGES.audience],
    ["no feedback-for", { ...COMPLETE, feedbackFor: null, delivery: null }, LAUNCH_MESSAGES.feedbackFor],
    ["manually defined without pairs", { ...COMPLETE, feedbackFor: "manually-define", pairs: [], delivery: null }, LAUNCH_MESSAGES.pairs],
    [
      "three-sixty with one member",
      { ...COMPLETE, audienceType: "users", audienceIds: ["u-acme-eve"], feedbackFor: "360", delivery: null },
      LAUNCH_MESSAGES.audiencePairs,
    ],
    ["no notification preference", { ...COMPLETE, delivery: null }, LAUNCH_MESSAGES.notifications],
  ];
  for (const [name, fields, message] of steps) {
    it(`${name}: '${message}'`, async () => {
      await insertLibrary(fields);
      const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
      expect(result).toEqual({ ok: false, message });
      expect(await loopsOf()).toEqual([]);
      expect(await all("SELECT * FROM feedback_loop_runs")).toEqual([]);
      expect(await all("SELECT * FROM notification_outbox")).toEqual([]);
    });
  }

  it("refuses another company's library loop as not found", async () => {
    await insertLibrary({ ...COMPLETE, companyId: "c-globex" });
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    expect(result).toEqual({ ok: false, message: "This feedback loop does not exist." });
    expect(await loopsOf()).toEqual([]);
  });
});

describe("launch now", () => {
  it("writes the loop, its first run, every pair and one notification per sender, once for a retried request", async () => {
    await insertLibrary(COMPLETE);
    const requestId = crypto.randomUUID();
    const [first, again] = await Promise.all([launchLibraryLoop(context, alice, LIB, requestId), launchLibraryLoop(context, alice, LIB, requestId)]);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    const loops = await loopsOf();
    expect(loops).toHaveLength(1);
    const loop = loops[0];
    expect(loop).toMatchObject({ state: "live", run_count: 1, title: "Engineering check-in", audience_name: "#engineering", delivery: "dm-only" });
    const runs = await runsOf(String(loop.id));
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect(Number(run.deadline_at) - Number(run.started_at)).toBe(Number(loop.run_span_ms));
    const pairs = await pairsOf(String(run.id));
    // Manager-downward: each engineer's manager gives to them (Adam's manager Alice is outside the channel).
    expect(pairs).toContainEqual({ sender_id: "u-acme-adam", receiver_id: "u-acme-priya", state: "pending" });
    expect(pairs).toContainEqual({ sender_id: "u-acme-olivia", receiver_id: "u-acme-kenji", state: "pending" });
    expect(pairs).toContainEqual({ sender_id: "u-acme-alice", receiver_id: "u-acme-adam", state: "pending" });
    expect(run.pair_count).toBe(pairs.length);
    const notices = await noticesOf(String(run.id));
    const senders = [...new Set(pairs.map((p) => p.sender_id))].sort();
    expect(notices.map((n) => n.recipient_user_id)).toEqual(senders);
    const olivia = notices.find((n) => n.recipient_user_id === "u-acme-olivia")!;
    expect(olivia.body).toContain("Tell your reports how it went.");
    expect(olivia.body).toMatch(/Feedback is for: .*Kenji/);
    expect(olivia.link).toBe(`/feedback?run=${run.id}`);
    const aliceNotice = notices.find((n) => n.recipient_user_id === "u-acme-alice")!;
    expect(aliceNotice.link).toBe(`/feedback/give/${run.id}/u-acme-adam`);
    // A second launch (a new request) makes a loop of its own.
    const second = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    expect(second.ok && first.ok && second.loopId !== first.loopId).toBe(true);
    expect(await loopsOf()).toHaveLength(2);
  });

  it("lists members without a manager in errorInfo", async () => {
    await insertLibrary({ ...COMPLETE, audienceType: "users", audienceIds: ["u-acme-alice", "u-acme-eve", "u-acme-sam"], feedbackFor: "manager-upward" });
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.errorInfo).toHaveLength(2);
    expect(result.errorInfo.every((e) => e.endsWith(" has no manager"))).toBe(true);
  });

  it("a one-on-one loop sets up one meeting per pair in prep with the agenda, and links to it", async () => {
    const agenda = [{ id: "a1", type: "long-text", label: "What went well?" }];
    await insertLibrary({ ...COMPLETE, templateType: "one-on-one", templateFormat: null, blocks: agenda, audienceType: "users", audienceIds: ["u-acme-eve", "u-acme-ed"] });
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    expect(result.ok).toBe(true);
    const [loop] = await loopsOf();
    const [run] = await runsOf(String(loop.id));
    const meetings = await all<Record<string, unknown>>("SELECT * FROM one_on_ones WHERE run_id = ? ORDER BY reviewee_id", run.id);
    expect(meetings.map((m) => [m.reviewer_id, m.reviewee_id, m.state, m.scheduled_at === run.started_at])).toEqual([
      ["u-acme-mona", "u-acme-ed", "prep", true],
      ["u-acme-mona", "u-acme-eve", "prep", true],
    ]);
    expect(JSON.parse(String(meetings[0].blocks))).toEqual(agenda);
    const [notice] = await noticesOf(String(run.id));
    expect(notice.recipient_user_id).toBe("u-acme-mona");
    expect(notice.link).toBe("/one-on-ones");
  });
});

describe("the cron: scheduled and recurring runs, deadlines", () => {
  it("a scheduled loop starts its first run once at its start, even when the cron fires twice", async () => {
    const start = Date.now() + 3 * DAY;
    await insertLibrary({ ...COMPLETE, startAt: start, deadlineAt: start + 2 * DAY });
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    expect(result.ok).toBe(true);
    const [loop] = await loopsOf();
    expect(loop).toMatchObject({ state: "scheduled", next_run_at: start, run_count: 0, run_span_ms: 2 * DAY });
    expect(await runsOf(String(loop.id))).toEqual([]);

    await cron(start - 60_000);
    expect(await runsOf(String(loop.id))).toEqual([]);
    await Promise.all([cron(start + 1000), cron(start + 1000), cron(start + 30_000)]);
    const runs = await runsOf(String(loop.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ sequence: 1, state: "open" });
    const notices = await noticesOf(String(runs[0].id));
    expect(notices.length).toBe(new Set(notices.map((n) => n.recipient_user_id)).size);
    expect(notices.length).toBeGreaterThan(0);
    expect((await loopsOf())[0]).toMatchObject({ state: "live", next_run_at: null, run_count: 1 });
  });

  it("a recurring loop starts a run every period, and closes each at its deadline; pending pairs stay pending", async () => {
    const configured = Date.now() - 1000;
    await insertLibrary({ ...COMPLETE, startAt: configured, deadlineAt: configured + 2 * HOUR, frequency: "every-3-hours" });
    await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    const [loop] = await loopsOf();
    // Launched now: the runs repeat from the launch, each open as long as configured.
    const start = Number(loop.start_at);
    expect(start).toBeGreaterThanOrEqual(configured);
    expect(loop).toMatchObject({ state: "live", next_run_at: start + 3 * HOUR, run_span_ms: 2 * HOUR });
    const [first] = await runsOf(String(loop.id));

    expect(await cron(start + 2 * HOUR + 1000)).toMatchObject({ closed: 1, started: 0 });
    expect((await runsOf(String(loop.id)))[0]).toMatchObject({ state: "closed" });
    expect((await pairsOf(String(first.id))).every((p) => p.state === "pending")).toBe(true);
    expect((await loopsOf())[0]).toMatchObject({ state: "live" });

    await cron(start + 3 * HOUR + 1000);
    await cron(start + 3 * HOUR + 2000);
    const runs = await runsOf(String(loop.id));
    expect(runs.map((r) => [r.sequence, r.state])).toEqual([
      [1, "closed"],
      [2, "open"],
    ]);
    expect((await loopsOf())[0]).toMatchObject({ next_run_at: start + 6 * HOUR, run_count: 2 });
  });

  it("a loop with no next run and no open run ends when its last run closes", async () => {
    await insertLibrary({ ...COMPLETE, deadlineAt: Date.now() + HOUR });
    await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    await Promise.all([cron(Date.now() + HOUR + 60_000), cron(Date.now() + HOUR + 60_000)]);
    const [loop] = await loopsOf();
    expect(loop.state).toBe("ended");
    expect((await runsOf(String(loop.id))).map((r) => r.state)).toEqual(["closed"]);
  });
});

describe("queued notifications", () => {
  async function consume(messages: Array<{ id: string; body: unknown }>) {
    const batch = createMessageBatch(
      "pulseboard-jobs",
      messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: 1, body: m.body }))
    );
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<never>, env as Env);
    return getQueueResult(batch, ctx);
  }

  it("a run with more than 100 senders is told through the queue, each sender once even when its jobs come twice", async () => {
    const extra = Array.from({ length: 120 }, (_, i) => `u-acme-bulk${String(i).padStart(3, "0")}`);
    await env.DB.batch(
      extra.map((id, i) =>
        env.DB.prepare(
          "INSERT INTO users (id, company_id, name, email, source, created_at) VALUES (?, 'c-acme', ?, ?, 'chat', 0)"
        ).bind(id, `Bulk Person ${i}`, `${id}@acme.test`)
      )
    );
    try {
      await insertLibrary({ ...COMPLETE, feedbackFor: "manually-define", audienceType: "upload", pairs: extra.map((id) => ({ senderId: id, receiverId: "u-acme-eve" })) });
      const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
      expect(result.ok).toBe(true);
      const [loop] = await loopsOf();
      const [run] = await runsOf(String(loop.id));
      expect(run.pair_count).toBe(120);
      // Not in the launch's batch: the queue's jobs write them (the consumer runs a moment later).
      for (let i = 0; i < 100 && (await noticesOf(String(run.id))).length < 120; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await noticesOf(String(run.id))).toHaveLength(120);
      const body = { type: "feedback.notify-run", companyId: "c-acme", runId: run.id, senderIds: extra };
      await consume([{ id: "again-1", body }, { id: "again-2", body }]);
      const notices = await noticesOf(String(run.id));
      expect(notices.map((n) => n.recipient_user_id)).toEqual(extra);
      expect(notices[0].link).toBe(`/feedback/give/${run.id}/u-acme-eve`);

      // Send Reminder to them all: queued too, once per sender.
      const cookie = await sessionFor("alice@acme.test");
      const path = `/workflows/manage-feedback-loops/${loop.id}?run=${run.id}`;
      expect((await postForm(path, { intent: "remind", requestId: crypto.randomUUID() }, cookie)).status).toBe(302);
      for (let i = 0; i < 100 && (await noticesOf(String(run.id), "feedback-loop-reminder")).length < 120; i++) await new Promise((r) => setTimeout(r, 100));
      await postForm(path, { intent: "remind", requestId: crypto.randomUUID() }, cookie);
      expect((await noticesOf(String(run.id), "feedback-loop-reminder")).map((n) => n.recipient_user_id)).toEqual(extra);
    } finally {
      await env.DB.prepare("DELETE FROM users WHERE id LIKE 'u-acme-bulk%'").run();
    }
  });

  it("a redelivered or re-sent job tells each sender once", async () => {
    await insertLibrary(COMPLETE);
    await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    const [loop] = await loopsOf();
    const [run] = await runsOf(String(loop.id));
    await env.DB.prepare("DELETE FROM notification_outbox").run();
    const senders = [...new Set((await pairsOf(String(run.id))).map((p) => p.sender_id))].sort();
    const body = { type: "feedback.notify-run", companyId: "c-acme", runId: run.id, senderIds: senders };
    await consume([{ id: "m-1", body }]);
    await consume([{ id: "m-1", body }]);
    await consume([{ id: "m-2", body }]);
    const notices = await noticesOf(String(run.id));
    expect(notices.map((n) => n.recipient_user_id)).toEqual(senders);
    // Another company's id names no run of that company: nothing is written.
    await env.DB.prepare("DELETE FROM notification_outbox").run();
    await consume([{ id: "m-3", body: { ...body, companyId: "c-globex" } }]);
    expect(await noticesOf(String(run.id))).toEqual([]);
  });
});

describe("manage feedback loops: reminders, pairs and other companies", () => {
  async function launched() {
    await insertLibrary(COMPLETE);
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    if (!result.ok) throw new Error(result.message);
    const [run] = await runsOf(result.loopId);
    return { loopId: result.loopId, runId: String(run.id) };
  }

  it("Send Reminder reminds every pending sender once a day", async () => {
    const { loopId, runId } = await launched();
    const cookie = await sessionFor("alice@acme.test");
    const path = `/workflows/manage-feedback-loops/${loopId}?run=${runId}`;
    const response = await postForm(path, { intent: "remind", requestId: crypto.randomUUID() }, cookie);
    expect(response.status).toBe(302);
    const senders = new Set((await pairsOf(runId)).map((p) => p.sender_id));
    const reminders = await noticesOf(runId, "feedback-loop-reminder");
    expect(reminders.map((r) => r.recipient_user_id).sort()).toEqual([...senders].sort());
    await postForm(path, { intent: "remind", requestId: crypto.randomUUID() }, cookie);
    await postForm(path, { intent: "remind", sender: "u-acme-adam", receiver: "u-acme-priya", requestId: crypto.randomUUID() }, cookie);
    expect(await noticesOf(runId, "feedback-loop-reminder")).toHaveLength(senders.size);
  });

  it("adds a pair to the open run and removes a pending one", async () => {
    const { loopId, runId } = await launched();
    const cookie = await sessionFor("alice@acme.test");
    const path = `/workflows/manage-feedback-loops/${loopId}?run=${runId}`;
    const before = (await runsOf(loopId))[0].pair_count as number;
    await postForm(path, { intent: "pair", action: "add", sender: "u-acme-eve", receiver: "u-acme-ed", requestId: crypto.randomUUID() }, cookie);
    expect(await pairsOf(runId)).toContainEqual({ sender_id: "u-acme-eve", receiver_id: "u-acme-ed", state: "pending" });
    expect((await noticesOf(runId)).some((n) => n.recipient_user_id === "u-acme-eve")).toBe(true);
    await postForm(path, { intent: "pair", action: "remove", sender: "u-acme-adam", receiver: "u-acme-priya", requestId: crypto.randomUUID() }, cookie);
    expect(await pairsOf(runId)).toContainEqual({ sender_id: "u-acme-adam", receiver_id: "u-acme-priya", state: "removed" });
    expect((await runsOf(loopId))[0].pair_count).toBe(before);
    // Another company's person cannot be added.
    await postForm(path, { intent: "pair", action: "add", sender: "u-globex-gina", receiver: "u-acme-ed", requestId: crypto.randomUUID() }, cookie);
    expect((await pairsOf(runId)).some((p) => p.sender_id === "u-globex-gina")).toBe(false);
  });

  it("the detail names the senders a message did not reach, with the reason and the advice (002 §8)", async () => {
    const { loopId, runId } = await launched();
    await env.DB.prepare(
      "UPDATE notification_outbox SET status = 'failed', error = 'BlockedByUser: messages tab off' WHERE recipient_user_id = 'u-acme-olivia' AND dedupe_key >= ? AND dedupe_key < ?"
    )
      .bind(`feedback-loop:${runId}:`, `feedback-loop:${runId};`)
      .run();
    const page = await (await appFetch(`/workflows/manage-feedback-loops/${loopId}`, { cookie: await sessionFor("alice@acme.test") })).text();
    const olivia = await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-olivia'").first<{ name: string }>();
    expect(page).toContain(`${olivia!.name} did not receive your feedback loop.`);
    expect(page).toContain("These users blocked notifications from apps.");
    expect(page).toContain("Unblock bot conversation");
  });

  it("a one-on-one pair removed and added again keeps its 1-on-1, and the message links to it", async () => {
    await insertLibrary({ ...COMPLETE, templateType: "one-on-one", templateFormat: null, blocks: [{ id: "a1", type: "long-text" }], audienceType: "users", audienceIds: ["u-acme-eve", "u-acme-ed"] });
    const result = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    if (!result.ok) throw new Error(result.message);
    const [run] = await runsOf(result.loopId);
    const cookie = await sessionFor("alice@acme.test");
    const path = `/workflows/manage-feedback-loops/${result.loopId}?run=${run.id}`;
    const pair = { sender: "u-acme-mona", receiver: "u-acme-eve" };
    await postForm(path, { intent: "pair", action: "remove", ...pair, requestId: crypto.randomUUID() }, cookie);
    await postForm(path, { intent: "pair", action: "add", ...pair, requestId: crypto.randomUUID() }, cookie);
    const meetings = await all<{ id: string }>("SELECT id FROM one_on_ones WHERE run_id = ? AND reviewee_id = 'u-acme-eve'", run.id);
    expect(meetings).toHaveLength(1);
    const added = (await noticesOf(String(run.id))).filter((n) => n.dedupe_key.startsWith(`feedback-loop:${run.id}:u-acme-eve:`));
    expect(added.map((n) => n.link)).toEqual([`/one-on-ones/${meetings[0].id}`]);
  });

  it("another company's loop is a 404 to its pages and actions", async () => {
    const { loopId, runId } = await launched();
    const gina = await sessionFor("gina@globex.test");
    const path = `/workflows/manage-feedback-loops/${loopId}`;
    expect((await appFetch(path, { cookie: gina })).status).toBe(404);
    expect((await postForm(`${path}?run=${runId}`, { intent: "remind", requestId: crypto.randomUUID() }, gina)).status).toBe(404);
    expect((await postForm("/workflows/manage-feedback-loops", { intent: "delete", loopId, confirmed: "true" }, gina)).status).toBe(404);
    expect(await noticesOf(runId, "feedback-loop-reminder")).toEqual([]);
    expect(await loopsOf()).toHaveLength(1);
  });

  it("Duplicate makes a new library loop from the settings; Delete asks first, then removes the loop, its runs and pairs", async () => {
    const { loopId, runId } = await launched();
    const cookie = await sessionFor("alice@acme.test");
    const dup = await postForm("/workflows/manage-feedback-loops", { intent: "duplicate", loopId }, cookie);
    expect(dup.status).toBe(302);
    const copies = await all<Record<string, unknown>>("SELECT * FROM feedback_library_loops WHERE title = 'Engineering check-in (copy)'");
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ company_id: "c-acme", feedback_for: "manager-downward", audience_type: "channels", delivery: "dm-only", start_at: null });
    expect(dup.headers.get("Location")).toBe(`/workflows/library/feedback/${copies[0].id}/config`);

    const ask = await postForm("/workflows/manage-feedback-loops", { intent: "delete", loopId }, cookie);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Delete the feedback loop Engineering check-in?");
    expect(await loopsOf()).toHaveLength(1);
    const done = await postForm("/workflows/manage-feedback-loops", { intent: "delete", loopId, confirmed: "true", requestId: crypto.randomUUID() }, cookie);
    expect(done.status).toBe(302);
    expect(await loopsOf()).toEqual([]);
    expect(await runsOf(loopId)).toEqual([]);
    expect(await pairsOf(runId)).toEqual([]);
  });

  it("the list sorts by completion", async () => {
    const { loopId, runId } = await launched();
    const second = await launchLibraryLoop(context, alice, LIB, crypto.randomUUID());
    if (!second.ok) throw new Error(second.message);
    await env.DB.prepare("UPDATE feedback_loops SET given_count = 1 WHERE id = ?").bind(loopId).run();
    await env.DB.prepare("UPDATE feedback_loops SET title = 'Zero given' WHERE id = ?").bind(second.loopId).run();
    const cookie = await sessionFor("alice@acme.test");
    const asc = await (await appFetch("/workflows/manage-feedback-loops?sort=completion&dir=asc", { cookie })).text();
    expect(asc.indexOf("Zero given")).toBeLessThan(asc.indexOf(`data-loop-id="${loopId}"`));
    const desc = await (await appFetch("/workflows/manage-feedback-loops?sort=completion&dir=desc", { cookie })).text();
    expect(desc.indexOf(`data-loop-id="${loopId}"`)).toBeLessThan(desc.indexOf("Zero given"));
    expect(runId).toBeTruthy();
  });

  it("the list shows the company's launched loops with their completion", async () => {
    await launched();
    const page = await (await appFetch("/workflows/manage-feedback-loops", { cookie: await sessionFor("alice@acme.test") })).text();
    expect(page).toContain("Engineering check-in");
    expect(page).toContain("#engineering");
    const globex = await (await appFetch("/workflows/manage-feedback-loops", { cookie: await sessionFor("gina@globex.test") })).text();
    expect(globex).not.toContain("Engineering check-in");
  });
});
