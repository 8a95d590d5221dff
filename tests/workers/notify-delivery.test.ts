import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import {
  claimPendingOutbox,
  OUTBOX_DELIVERING_LEASE_MS,
  OUTCOME_UNKNOWN_ERROR,
  releaseStaleOutboxClaims,
} from "~/modules/notifications/deliver.server";
import { notify } from "~/modules/notifications/notify.server";
import { tellSendersOfFailures } from "~/modules/notifications/tell-senders.server";
import { consumeQueue } from "./helpers";
import { JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from "../../workers/queues";

// Delivery of outbox rows: the claim, at most once per row whatever the queue redelivers, retries
// of throttled and failing providers, and the sender told about the messages that never arrived.

const db = createDb(env.DB);
const SLACK = "http://127.0.0.1:9/api";
const chatEnv = { ...env, NOTIFY_ADAPTER: "chat", SLACK_API_BASE_URL: SLACK, SLACK_BOT_TOKEN: "xoxb-test" } as unknown as Env;
const realFetch = globalThis.fetch;

/** Slack on a dead address answered by a spy (counting every post); everything else reaches the real fetch. */
function fakeSlack(answer: (n: number) => { status: number; body: unknown; headers?: Record<string, string> }) {
  const calls: Array<{ channel: string; text: string }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(SLACK)) return realFetch(input, init);
    // A provider that takes a moment, so two consumers overlap.
    await new Promise((resolve) => setTimeout(resolve, 50));
    calls.push(JSON.parse(String(init?.body)));
    const { status, body, headers } = answer(calls.length);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
  });
  return calls;
}

const consume = consumeQueue;

const deliver = (outboxId: string, companyId = "c-acme") => ({ type: "notification.deliver", outboxId, companyId });

async function row(id: string) {
  return env.DB.prepare("SELECT status, attempts, error, sent_at, claimed_at, sender_told_at FROM notification_outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; error: string | null; sent_at: number | null; claimed_at: number | null; sender_told_at: number | null }>();
}

/** A row as the cron leaves it for the consumer (claimed, status sending). */
async function claimed(input: { recipient: string; kind?: "survey" | "performance-review" | "report"; email?: boolean; sender?: string; body?: string }) {
  const { outboxIds } = await notify(db, {
    companyId: "c-acme",
    recipientUserIds: [input.recipient],
    kind: input.kind ?? "survey",
    subject: "Pulse survey",
    body: input.body ?? "Tell us how it goes.",
    link: "/surveys",
    sendAs: input.email ? ["email"] : undefined,
    senderUserId: input.sender ?? null,
  });
  await env.DB.prepare("UPDATE notification_outbox SET status = 'sending', claimed_at = ? WHERE id = ?").bind(Date.now(), outboxIds[0]).run();
  return outboxIds[0];
}

const FAKE = env.FAKE_EMAIL_URL;
const emailsFor = async (outboxId: string) =>
  ((await (await realFetch(`${FAKE}/control/messages`)).json()) as Array<{ idempotencyKey: string; to: string[]; subject: string; html: string; text: string }>).filter(
    (m) => m.idempotencyKey === outboxId
  );
const emailCallsFor = async (outboxId: string) =>
  ((await (await realFetch(`${FAKE}/control/calls`)).json()) as Array<{ idempotencyKey: string; status: number }>).filter((c) => c.idempotencyKey === outboxId);
const failEmail = (to: string, count: number, status = 503, retryAfter?: number) =>
  realFetch(`${FAKE}/control/fail`, { method: "POST", body: JSON.stringify({ count, status, retryAfter, to }) });
const emailOf = async (id: string) => (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())!.email;
const nameOf = async (id: string) => (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(id).first<{ name: string }>())!.name;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM notification_outbox"), env.DB.prepare("DELETE FROM processed_messages")]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("claim", () => {
  it("claims only pending rows that are due and not reminders (reminders leave in the daily digest)", async () => {
    const now = new Date("2026-03-02T10:00:00Z");
    const write = async (kind: "survey" | "reminder" | "survey-reminder" | "feedback-loop-reminder" | "reminder-digest", deliverAfter: number | null) => {
      const { outboxIds } = await notify(db, { companyId: "c-acme", recipientUserIds: [userId("acme", "eve")], kind, subject: kind, body: "B" });
      await env.DB.prepare("UPDATE notification_outbox SET deliver_after = ? WHERE id = ?").bind(deliverAfter, outboxIds[0]).run();
      return outboxIds[0];
    };
    const due = await write("survey", null);
    const past = await write("survey", now.getTime() - 1);
    const digest = await write("reminder-digest", now.getTime());
    const future = await write("survey", now.getTime() + 60_000);
    const reminders = [await write("reminder", null), await write("survey-reminder", null), await write("feedback-loop-reminder", now.getTime() - 1)];

    const refs = await claimPendingOutbox(db, 100, now);
    expect(refs.map((r) => r.outboxId).sort()).toEqual([due, past, digest].sort());
    expect((await row(future))!.status).toBe("pending");
    for (const id of reminders) expect((await row(id))!.status).toBe("pending");
    // The future row is claimed once its time has come.
    expect((await claimPendingOutbox(db, 100, new Date(now.getTime() + 60_000))).map((r) => r.outboxId)).toEqual([future]);
  });
});

describe("at most once", () => {
  it("posts once when two copies of the message are consumed at the same time", async () => {
    const calls = fakeSlack(() => ({ status: 200, body: { ok: true } }));
    const id = await claimed({ recipient: userId("acme", "ed") });
    const [a, b] = await Promise.all([
      consume(JOBS_QUEUE, [{ id: "copy-a", body: deliver(id) }], chatEnv),
      consume(JOBS_QUEUE, [{ id: "copy-b", body: deliver(id) }], chatEnv),
    ]);
    expect([...a.explicitAcks, ...b.explicitAcks].sort()).toEqual(["copy-a", "copy-b"]);
    expect(calls).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("does nothing with a row another consumer is delivering, or one already sent", async () => {
    const calls = fakeSlack(() => ({ status: 200, body: { ok: true } }));
    const delivering = await claimed({ recipient: userId("acme", "sam") });
    await env.DB.prepare("UPDATE notification_outbox SET status = 'delivering' WHERE id = ?").bind(delivering).run();
    const result = await consume(JOBS_QUEUE, [{ id: "redelivered", body: deliver(delivering), attempts: 2 }], chatEnv);
    expect(result.explicitAcks).toEqual(["redelivered"]);
    expect(calls).toHaveLength(0);
    expect((await row(delivering))!.status).toBe("delivering");
  });

  it("after the lease, sends a stale e-mail row again under the same Idempotency-Key (one e-mail) and fails a stale chat row as outcome unknown", async () => {
    const now = Date.now();
    const eve = userId("acme", "eve");
    const mail = await claimed({ recipient: eve, email: true, kind: "report" });
    // The provider accepted the e-mail, then the Worker died before recording it.
    const first = await consume(JOBS_QUEUE, [{ id: "lost-ack", body: deliver(mail) }]);
    expect(first.explicitAcks).toEqual(["lost-ack"]);
    expect(await emailsFor(mail)).toHaveLength(1);
    const chat = await claimed({ recipient: userId("acme", "ed") });
    const fresh = await claimed({ recipient: userId("acme", "sam") });
    const stale = now - OUTBOX_DELIVERING_LEASE_MS - 1000;
    await env.DB.batch([
      env.DB.prepare("UPDATE notification_outbox SET status = 'delivering', sent_at = NULL, claimed_at = ? WHERE id IN (?, ?)").bind(stale, mail, chat),
      env.DB.prepare("UPDATE notification_outbox SET status = 'delivering', claimed_at = ? WHERE id = ?").bind(now - 60_000, fresh),
    ]);

    expect(await releaseStaleOutboxClaims(db, new Date(now))).toBe(2);
    expect((await row(mail))!.status).toBe("pending");
    expect(await row(chat)).toMatchObject({ status: "failed", error: OUTCOME_UNKNOWN_ERROR });
    expect((await row(fresh))!.status).toBe("delivering");

    await env.DB.prepare("UPDATE notification_outbox SET status = 'sending' WHERE id = ?").bind(mail).run();
    const again = await consume(JOBS_QUEUE, [{ id: "after-lease", body: deliver(mail) }]);
    expect(again.explicitAcks).toEqual(["after-lease"]);
    expect((await row(mail))!.status).toBe("sent");
    expect(await emailCallsFor(mail)).toHaveLength(2);
    expect(await emailsFor(mail)).toHaveLength(1);
  });
});

describe("retries", () => {
  it("an e-mail provider failure is retried and the message is not lost: sent once the provider recovers", async () => {
    const ed = userId("acme", "ed");
    const id = await claimed({ recipient: ed, email: true, kind: "report" });
    await failEmail(await emailOf(ed), 2, 503);
    const one = await consume(JOBS_QUEUE, [{ id: "mail-r", body: deliver(id) }]);
    expect(one.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["mail-r"]);
    expect(await row(id)).toMatchObject({ status: "sending", attempts: 1, error: "ProviderUnavailable: resend 503 internal_server_error" });
    await consume(JOBS_QUEUE, [{ id: "mail-r", body: deliver(id), attempts: 2 }]);
    const three = await consume(JOBS_QUEUE, [{ id: "mail-r", body: deliver(id), attempts: 3 }]);
    expect(three.explicitAcks).toEqual(["mail-r"]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3, error: null });
    expect(await emailsFor(id)).toHaveLength(1);
  });

  it("a throttled answer with Retry-After is queued again after it without spending the retry budget", async () => {
    const calls = fakeSlack((n) => (n === 1 ? { status: 429, body: { ok: false, error: "ratelimited" }, headers: { "Retry-After": "7" } } : { status: 200, body: { ok: true } }));
    const sent: Array<{ body: unknown; delaySeconds?: number }> = [];
    const jobs = { async send(body: unknown, options?: { delaySeconds?: number }) { sent.push({ body, delaySeconds: options?.delaySeconds }); }, async sendBatch() {} };
    const throttledEnv = { ...chatEnv, JOBS: jobs } as unknown as Env;
    // Another workspace than the other tests' (the pacer's hold is per workspace).
    const { outboxIds } = await notify(db, { companyId: "c-globex", recipientUserIds: [userId("globex", "tina")], kind: "survey", subject: "S", body: "B" });
    await env.DB.batch([
      env.DB.prepare("UPDATE notification_outbox SET status = 'sending' WHERE id = ?").bind(outboxIds[0]),
      env.DB.prepare("UPDATE companies SET platform = 'slack' WHERE id = 'c-globex'"),
      env.DB.prepare("UPDATE notification_outbox SET channel = 'slack' WHERE id = ?").bind(outboxIds[0]),
      env.DB.prepare("UPDATE users SET slack_user_id = 'UGLOBEXTINA' WHERE id = ?").bind(userId("globex", "tina")),
    ]);
    try {
      const result = await consume(JOBS_QUEUE, [{ id: "throttled", body: deliver(outboxIds[0], "c-globex") }], throttledEnv);
      expect(result.explicitAcks).toEqual(["throttled"]);
      expect(result.retryMessages).toEqual([]);
      expect(sent).toEqual([{ body: deliver(outboxIds[0], "c-globex"), delaySeconds: 7 }]);
      expect(await row(outboxIds[0])).toMatchObject({ status: "sending", attempts: 1, error: "ProviderUnavailable: slack http 429" });
      // The workspace is held: the copy arriving early is deferred again, nothing is posted.
      await consume(JOBS_QUEUE, [{ id: "early", body: deliver(outboxIds[0], "c-globex") }], throttledEnv);
      expect(calls).toHaveLength(1);
      expect(sent[1].delaySeconds).toBeGreaterThanOrEqual(6);
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE companies SET platform = 'msteams' WHERE id = 'c-globex'"),
        env.DB.prepare("UPDATE users SET slack_user_id = NULL WHERE id = ?").bind(userId("globex", "tina")),
      ]);
    }
  });

  it("the pacer spaces two messages to one Slack channel about a second apart", async () => {
    const pacer = env.DELIVERY_PACER.get(env.DELIVERY_PACER.idFromName("slack:TPACED"));
    const now = Date.now();
    const first = await pacer.reserve("slack", "UPACED", now);
    const second = await pacer.reserve("slack", "UPACED", now + 300);
    const other = await pacer.reserve("slack", "UOTHER", now + 300);
    expect([first, second, other].map((r) => [r.booked, r.waitMs])).toEqual([[true, 0], [false, 750], [true, 0]]);
    expect((await pacer.reserve("slack", "UPACED", now + 1050)).booked).toBe(true);
    await pacer.report("slack", { throttled: true, retryAfterSeconds: 30 }, now);
    expect(await pacer.reserve("slack", "UNEW", now)).toEqual({ booked: false, waitMs: 30_000, recovering: false });
  });
});

describe("dead letter, then the sender is told", () => {
  it("a permanent failure ends failed and its sender gets one §8 message per kind, once", async () => {
    fakeSlack((n) => (n === 1 ? { status: 200, body: { ok: false, error: "messages_tab_disabled" } } : { status: 200, body: { ok: false, error: "user_not_found" } }));
    const alice = userId("acme", "alice");
    const [eve, ed, sam] = [userId("acme", "eve"), userId("acme", "ed"), userId("acme", "sam")];
    const blocked = await claimed({ recipient: eve, sender: alice });
    const notFound = await claimed({ recipient: ed, sender: alice });
    await consume(JOBS_QUEUE, [{ id: "p-1", body: deliver(blocked) }, { id: "p-2", body: deliver(notFound) }], chatEnv);
    expect((await row(blocked))!.status).toBe("failed");
    expect((await row(notFound))!.status).toBe("failed");
    // Retries exhausted: the dead-letter queue fails the row.
    const exhausted = await claimed({ recipient: sam, sender: alice });
    await consume(JOBS_DEAD_LETTER_QUEUE, [{ id: "dlq-s", body: deliver(exhausted) }]);
    expect(await row(exhausted)).toMatchObject({ status: "failed", error: "RetriesExhausted" });
    // Another kind from the same sender is its own message.
    const review = await claimed({ recipient: eve, sender: alice, kind: "performance-review" });
    await env.DB.prepare("UPDATE notification_outbox SET status = 'failed', error = 'RecipientNotFound' WHERE id = ?").bind(review).run();

    const now = new Date();
    expect(await tellSendersOfFailures(db, now)).toEqual({ rows: 4, messages: 2 });
    expect(await tellSendersOfFailures(db, now)).toEqual({ rows: 0, messages: 0 });
    const told = await env.DB.prepare("SELECT kind, subject, body, channel FROM notification_outbox WHERE recipient_user_id = ? ORDER BY body")
      .bind(alice)
      .all<{ kind: string; subject: string; body: string; channel: string }>();
    const [eveName, edName, samName] = [await nameOf(eve), await nameOf(ed), await nameOf(sam)];
    const others = [edName, samName].sort((a, b) => a.localeCompare(b, "en"));
    expect(told.results).toEqual(
      expect.arrayContaining([
        {
          kind: "system",
          subject: "A message could not be delivered",
          body:
            `${eveName} did not receive your survey. These users blocked notifications from apps. ` +
            "Ask these colleagues to turn the app's notifications back on: in the chat, find the bot and choose Unblock bot conversation.\n\n" +
            `${new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(others)} did not receive your survey.`,
          channel: "slack",
        },
        { kind: "system", subject: "A message could not be delivered", body: `${eveName} did not receive your performance review.`, channel: "slack" },
      ])
    );
    expect(told.results).toHaveLength(2);
    for (const id of [blocked, notFound, exhausted, review]) expect((await row(id))!.sender_told_at).toBe(now.getTime());
  });

  it("a permanent e-mail refusal ends failed without a retry", async () => {
    const sam = userId("acme", "sam");
    const id = await claimed({ recipient: sam, email: true, kind: "report" });
    await failEmail(await emailOf(sam), 1, 422);
    const result = await consume(JOBS_QUEUE, [{ id: "mail-422", body: deliver(id) }]);
    expect(result.explicitAcks).toEqual(["mail-422"]);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "failed", error: "Rejected: resend 422 internal_server_error" });
    expect(await emailsFor(id)).toEqual([]);
  });
});
