import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { notify } from "~/modules/notifications/notify.server";
import worker from "../../workers/app";
import { JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE, retryDelaySeconds } from "../../workers/queues";

const db = createDb(env.DB);

// The chat adapter pointed at an address on this machine; fetch itself is replaced by a fake
// Slack, so nothing leaves the test.
const chatEnv = {
  ...env,
  NOTIFY_ADAPTER: "chat",
  SLACK_API_BASE_URL: "http://127.0.0.1:9/api",
  SLACK_BOT_TOKEN: "xoxb-test",
} as unknown as Env;

function fakeSlack(answer: () => { status: number; body: unknown }) {
  const calls: Array<{ url: string; body: { channel: string; text: string } }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith("http://127.0.0.1:9/")) throw new Error(`unexpected outside call to ${url}`);
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    const { status, body } = answer();
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

async function consume(queue: string, messages: Array<{ id: string; body: unknown; attempts?: number }>, testEnv: Env = env) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body }))
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<never>, testEnv);
  return getQueueResult(batch, ctx);
}

/** An outbox row already claimed by the cron, as the queue consumer finds it. */
async function claimedRow(recipient: string, kind: "reminder" | "survey" = "reminder") {
  const { outboxIds } = await notify(db, {
    companyId: "c-acme",
    recipientUserIds: [recipient],
    kind,
    subject: "Review reminder",
    body: "Please submit your review.",
    link: "/reviews/todos",
  });
  await env.DB.prepare("UPDATE notification_outbox SET status = 'sending' WHERE id = ?").bind(outboxIds[0]).run();
  return outboxIds[0];
}

const row = (id: string) =>
  env.DB.prepare("SELECT status, attempts, error, sent_at FROM notification_outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; error: string | null; sent_at: number | null }>();

const deliver = (outboxId: string, extra: Record<string, unknown> = {}) => ({
  type: "notification.deliver",
  outboxId,
  companyId: "c-acme",
  ...extra,
});

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM notification_outbox"), env.DB.prepare("DELETE FROM processed_messages")]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("queue consumer: notification.deliver", () => {
  it("with the embedded outbox adapter marks the row sent and acknowledges", async () => {
    const id = await claimedRow(userId("acme", "eve"));
    const result = await consume(JOBS_QUEUE, [{ id: "msg-1", body: deliver(id) }]);
    expect(result.explicitAcks).toEqual(["msg-1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect((await row(id))!.sent_at).toBeGreaterThan(0);
  });

  it("posts to Slack once when the same message is delivered twice", async () => {
    const calls = fakeSlack(() => ({ status: 200, body: { ok: true, ts: "1.1" } }));
    const id = await claimedRow(userId("acme", "eve"));
    const first = await consume(JOBS_QUEUE, [{ id: "msg-dup", body: deliver(id) }], chatEnv);
    const second = await consume(JOBS_QUEUE, [{ id: "msg-dup", body: deliver(id), attempts: 2 }], chatEnv);

    expect(first.explicitAcks).toEqual(["msg-dup"]);
    expect(second.explicitAcks).toEqual(["msg-dup"]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://127.0.0.1:9/api/chat.postMessage");
    const eve = await env.DB.prepare("SELECT slack_user_id FROM users WHERE id = ?")
      .bind(userId("acme", "eve"))
      .first<{ slack_user_id: string }>();
    expect(calls[0].body.channel).toBe(eve!.slack_user_id);
    expect(calls[0].body.text).toContain("<http://127.0.0.1:8787/reviews/todos|Open>");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    const mark = await env.DB.prepare("SELECT type FROM processed_messages WHERE id = 'msg-dup'").first();
    expect(mark).toEqual({ type: "notification.deliver" });
  });

  it("acknowledges a message already marked processed without doing its work again", async () => {
    const calls = fakeSlack(() => ({ status: 200, body: { ok: true } }));
    const id = await claimedRow(userId("acme", "eve"));
    await env.DB.prepare("INSERT INTO processed_messages (id, type) VALUES ('msg-done', 'notification.deliver')").run();
    const result = await consume(JOBS_QUEUE, [{ id: "msg-done", body: deliver(id) }], chatEnv);
    expect(result.explicitAcks).toEqual(["msg-done"]);
    expect(calls).toHaveLength(0);
  });

  it("does not send a row again when a second message for it arrives after it was sent", async () => {
    const calls = fakeSlack(() => ({ status: 200, body: { ok: true } }));
    const id = await claimedRow(userId("acme", "eve"));
    await consume(JOBS_QUEUE, [{ id: "msg-a", body: deliver(id) }], chatEnv);
    const again = await consume(JOBS_QUEUE, [{ id: "msg-b", body: deliver(id) }], chatEnv);
    expect(again.explicitAcks).toEqual(["msg-b"]);
    expect(calls).toHaveLength(1);
  });

  it("retries with back-off when Slack is unavailable, recording the attempt on the row", async () => {
    fakeSlack(() => ({ status: 503, body: { ok: false } }));
    const id = await claimedRow(userId("acme", "eve"));
    const result = await consume(JOBS_QUEUE, [{ id: "msg-retry", body: deliver(id) }], chatEnv);

    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["msg-retry"]);
    expect(await row(id)).toMatchObject({ status: "sending", attempts: 1, error: "ProviderUnavailable: slack http 503" });
  });

  it("backs off 30 s, then doubles, up to 10 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 600, 600]);
  });

  it("sends on the retry after a failed attempt", async () => {
    let status = 503;
    const calls = fakeSlack(() => ({ status, body: { ok: status === 200 } }));
    const id = await claimedRow(userId("acme", "eve"));
    await consume(JOBS_QUEUE, [{ id: "msg-r", body: deliver(id) }], chatEnv);
    status = 200;
    const retried = await consume(JOBS_QUEUE, [{ id: "msg-r", body: deliver(id), attempts: 2 }], chatEnv);
    expect(retried.explicitAcks).toEqual(["msg-r"]);
    expect(calls).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, error: null });
  });

  it("fails the row without retrying when Slack does not know the person", async () => {
    fakeSlack(() => ({ status: 200, body: { ok: false, error: "user_not_found" } }));
    const id = await claimedRow(userId("acme", "eve"));
    const result = await consume(JOBS_QUEUE, [{ id: "msg-nf", body: deliver(id) }], chatEnv);
    expect(result.explicitAcks).toEqual(["msg-nf"]);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "failed", error: "RecipientNotFound: slack user_not_found" });
  });

  it("retries only the failing message of a batch", async () => {
    let n = 0;
    fakeSlack(() => (++n === 1 ? { status: 500, body: null } : { status: 200, body: { ok: true } }));
    const a = await claimedRow(userId("acme", "eve"));
    const b = await claimedRow(userId("acme", "ed"));
    const result = await consume(
      JOBS_QUEUE,
      [
        { id: "msg-x", body: deliver(a) },
        { id: "msg-y", body: deliver(b) },
      ],
      chatEnv
    );
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["msg-x"]);
    expect(result.explicitAcks).toEqual(["msg-y"]);
  });

  it("does not deliver another company's row", async () => {
    const id = await claimedRow(userId("acme", "eve"));
    const result = await consume(JOBS_QUEUE, [
      { id: "msg-other", body: { type: "notification.deliver", outboxId: id, companyId: "c-globex" } },
    ]);
    expect(result.explicitAcks).toEqual(["msg-other"]);
    expect((await row(id))!.status).toBe("sending");
  });

  it("logs and acknowledges a message of an unknown type instead of retrying it for ever", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const result = await consume(JOBS_QUEUE, [
      { id: "msg-unknown", body: { type: "report.generate-v0", reportId: "r1" } },
      { id: "msg-malformed", body: { type: "notification.deliver" } },
    ]);
    expect(result.explicitAcks).toEqual(["msg-unknown", "msg-malformed"]);
    expect(result.retryMessages).toEqual([]);
    expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toContain("unknown job type report.generate-v0");
  });
});

describe("dead-letter queue consumer", () => {
  it("marks the row failed, keeps the last error, and tells the requester once", async () => {
    const id = await claimedRow(userId("acme", "eve"), "survey");
    await env.DB.prepare("UPDATE notification_outbox SET attempts = 4, error = 'ProviderUnavailable: slack http 503' WHERE id = ?")
      .bind(id)
      .run();
    const requestedBy = { companyId: "c-acme", userId: userId("acme", "alice") };
    const dead = { id: "dlq-1", body: deliver(id, { requestedBy }) };

    const result = await consume(JOBS_DEAD_LETTER_QUEUE, [dead]);
    await consume(JOBS_DEAD_LETTER_QUEUE, [dead]);

    expect(result.explicitAcks).toEqual(["dlq-1"]);
    expect(await row(id)).toMatchObject({ status: "failed", error: "ProviderUnavailable: slack http 503" });
    const eve = await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(userId("acme", "eve")).first<{ name: string }>();
    const told = await env.DB.prepare("SELECT kind, subject, body, status, channel FROM notification_outbox WHERE recipient_user_id = ?")
      .bind(requestedBy.userId)
      .all();
    expect(told.results).toEqual([
      {
        kind: "system",
        subject: "A message could not be delivered",
        body: `${eve!.name} did not receive your survey.`,
        status: "pending",
        channel: "slack",
      },
    ]);
  });

  it("records RetriesExhausted when no attempt left an error, and tells nobody without a requester", async () => {
    const id = await claimedRow(userId("acme", "ed"));
    await consume(JOBS_DEAD_LETTER_QUEUE, [{ id: "dlq-2", body: deliver(id) }]);
    expect(await row(id)).toMatchObject({ status: "failed", error: "RetriesExhausted" });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox").first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("does not tell a requester from another company", async () => {
    const id = await claimedRow(userId("acme", "ed"));
    await consume(JOBS_DEAD_LETTER_QUEUE, [
      { id: "dlq-x", body: deliver(id, { requestedBy: { companyId: "c-globex", userId: userId("globex", "gina") } }) },
    ]);
    expect((await row(id))!.status).toBe("failed");
    const told = await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE company_id = 'c-globex'").first<{ n: number }>();
    expect(told!.n).toBe(0);
  });

  it("leaves a row that was sent in the meantime alone", async () => {
    const id = await claimedRow(userId("acme", "ed"));
    await env.DB.prepare("UPDATE notification_outbox SET status = 'sent' WHERE id = ?").bind(id).run();
    await consume(JOBS_DEAD_LETTER_QUEUE, [
      { id: "dlq-3", body: deliver(id, { requestedBy: { companyId: "c-acme", userId: userId("acme", "alice") } }) },
    ]);
    expect((await row(id))!.status).toBe("sent");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox").first<{ n: number }>();
    expect(count!.n).toBe(1);
  });
});
