import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { notify } from "~/modules/notifications/notify.server";
import worker from "../../workers/app";
import { purgeExpired } from "../../workers/due-work";

const db = createDb(env.DB);

/** A JOBS producer that records what would be queued, so nothing reaches the real consumer. */
function recordingQueue(options: { failSends?: number } = {}) {
  const sent: unknown[] = [];
  let failures = options.failSends ?? 0;
  const queue = {
    async send(body: unknown) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<{ body: unknown }>) {
      if (failures > 0) {
        failures--;
        throw new Error("queue unavailable");
      }
      for (const m of messages) sent.push(m.body);
    },
  };
  return { sent, env: { ...env, JOBS: queue } as unknown as Env };
}

async function fire(testEnv: Env, scheduledTime: Date) {
  const controller = createScheduledController({ scheduledTime, cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function outboxStatuses() {
  const { results } = await env.DB.prepare("SELECT id, status FROM notification_outbox ORDER BY id").all<{ id: string; status: string }>();
  return results;
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM notification_outbox"), env.DB.prepare("DELETE FROM cron_runs")]);
});

describe("cron: deliver-outbox", () => {
  it("claims every pending outbox row and queues one notification.deliver message per row", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve"), userId("acme", "ed"), userId("acme", "sam")],
      kind: "survey",
      subject: "Reminder",
      body: "Please submit your review.",
    });
    const { sent, env: testEnv } = recordingQueue();
    await fire(testEnv, new Date("2026-03-02T10:15:00Z"));

    expect(sent).toHaveLength(3);
    expect(sent).toEqual(
      expect.arrayContaining(outboxIds.map((outboxId) => ({ type: "notification.deliver", outboxId, companyId: "c-acme" })))
    );
    expect((await outboxStatuses()).every((r) => r.status === "sending")).toBe(true);
  });

  it("does nothing twice when the same minute fires twice", async () => {
    await notify(db, {
      companyId: "c-globex",
      recipientUserIds: [userId("globex", "tina"), userId("globex", "tom")],
      kind: "survey",
      subject: "Survey",
      body: "Open",
    });
    const { sent, env: testEnv } = recordingQueue();
    const minute = new Date("2026-03-02T10:16:00Z");
    await fire(testEnv, minute);
    // A row that arrives between the two fires must wait for the next minute, not ride the double fire.
    await notify(db, {
      companyId: "c-globex",
      recipientUserIds: [userId("globex", "ivy")],
      kind: "survey",
      subject: "Survey",
      body: "Open",
    });
    await fire(testEnv, minute);

    expect(sent).toHaveLength(2);
    const claims = await env.DB.prepare("SELECT key FROM cron_runs WHERE job = 'deliver-outbox'").all<{ key: string }>();
    expect(claims.results).toHaveLength(1);

    await fire(testEnv, new Date("2026-03-02T10:17:00Z"));
    expect(sent).toHaveLength(3);
  });

  it("queues each row once even when two different minutes overlap", async () => {
    await notify(db, { companyId: "c-acme", recipientUserIds: [userId("acme", "eve")], kind: "survey", subject: "S", body: "B" });
    const { sent, env: testEnv } = recordingQueue();
    await Promise.all([fire(testEnv, new Date("2026-03-02T11:00:00Z")), fire(testEnv, new Date("2026-03-02T11:01:00Z"))]);
    expect(sent).toHaveLength(1);
  });

  it("hands rows back to pending when the queue refuses them, and queues them next minute", async () => {
    await notify(db, { companyId: "c-acme", recipientUserIds: [userId("acme", "eve")], kind: "survey", subject: "S", body: "B" });
    const { sent, env: testEnv } = recordingQueue({ failSends: 1 });
    await fire(testEnv, new Date("2026-03-02T12:00:00Z"));
    expect(sent).toHaveLength(0);
    expect((await outboxStatuses())[0].status).toBe("pending");
    const run = await env.DB.prepare("SELECT result FROM cron_runs WHERE job = 'deliver-outbox'").first<{ result: string }>();
    expect(JSON.parse(run!.result)).toEqual({ error: "queue unavailable" });

    await fire(testEnv, new Date("2026-03-02T12:01:00Z"));
    expect(sent).toHaveLength(1);
  });

  it("leaves rows that are already sending, sent or failed alone", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve"), userId("acme", "ed"), userId("acme", "sam")],
      kind: "survey",
      subject: "S",
      body: "B",
    });
    await env.DB.batch([
      env.DB.prepare("UPDATE notification_outbox SET status = 'sending' WHERE id = ?").bind(outboxIds[0]),
      env.DB.prepare("UPDATE notification_outbox SET status = 'sent' WHERE id = ?").bind(outboxIds[1]),
      env.DB.prepare("UPDATE notification_outbox SET status = 'failed' WHERE id = ?").bind(outboxIds[2]),
    ]);
    const { sent, env: testEnv } = recordingQueue();
    await fire(testEnv, new Date("2026-03-02T13:00:00Z"));
    expect(sent).toHaveLength(0);
  });
});

describe("cron: stale outbox claims", () => {
  it("re-queues a row whose claim outlived the lease (the Worker died before queueing it) and leaves a fresh claim alone", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve"), userId("acme", "ed")],
      kind: "survey",
      subject: "S",
      body: "B",
    });
    const now = new Date("2026-03-02T14:00:00Z");
    await env.DB.batch([
      env.DB.prepare("UPDATE notification_outbox SET status = 'sending', claimed_at = ? WHERE id = ?").bind(
        now.getTime() - 61 * 60_000,
        outboxIds[0]
      ),
      env.DB.prepare("UPDATE notification_outbox SET status = 'sending', claimed_at = ? WHERE id = ?").bind(
        now.getTime() - 5 * 60_000,
        outboxIds[1]
      ),
    ]);
    const { sent, env: testEnv } = recordingQueue();
    await fire(testEnv, now);
    expect(sent).toEqual([{ type: "notification.deliver", outboxId: outboxIds[0], companyId: "c-acme" }]);
  });
});

describe("cron → queue → delivery", () => {
  it("delivers a notified message through the real jobs queue", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve")],
      kind: "survey",
      subject: "S",
      body: "B",
    });
    await fire(env, new Date("2026-03-02T16:30:00Z"));
    let status = "";
    for (let i = 0; i < 50 && status !== "sent"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await env.DB.prepare("SELECT status FROM notification_outbox WHERE id = ?").bind(outboxIds[0]).first<{ status: string }>())!
        .status;
    }
    expect(status).toBe("sent");
  });
});

describe("cron: purge-expired", () => {
  it("deletes expired sessions and authorizations and week-old bookkeeping, keeping the rest", async () => {
    const now = new Date("2026-03-02T14:00:00Z");
    const t = now.getTime();
    const day = 86_400_000;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM sessions"),
      env.DB.prepare("DELETE FROM processed_messages"),
      env.DB.prepare(
        "INSERT INTO sessions (id, user_id, company_id, view, expires_at) VALUES ('s-old', 'u-acme-eve', 'c-acme', 'USER', ?)"
      ).bind(t - 1),
      env.DB.prepare(
        "INSERT INTO sessions (id, user_id, company_id, view, expires_at) VALUES ('s-live', 'u-acme-eve', 'c-acme', 'USER', ?)"
      ).bind(t + day),
      env.DB.prepare("INSERT INTO authorizations (id, platform, subject, expires_at) VALUES ('a-old', 'slack', 'x', ?)").bind(t - 1),
      env.DB.prepare("INSERT INTO authorizations (id, platform, subject, expires_at) VALUES ('a-live', 'slack', 'y', ?)").bind(t + 60_000),
      env.DB.prepare("INSERT INTO cron_runs (key, job, created_at) VALUES ('old:1', 'old', ?)").bind(t - 8 * day),
      env.DB.prepare("INSERT INTO cron_runs (key, job, created_at) VALUES ('recent:1', 'recent', ?)").bind(t - 6 * day),
      env.DB.prepare("INSERT INTO processed_messages (id, type, created_at) VALUES ('m-old', 'x', ?)").bind(t - 8 * day),
      env.DB.prepare("INSERT INTO processed_messages (id, type, created_at) VALUES ('m-recent', 'x', ?)").bind(t - day),
    ]);

    const result = await purgeExpired.run({ env, db, now });

    expect(result).toEqual({ sessions: 1, authorizations: 1, cronRuns: 1, processedMessages: 1 });
    const ids = async (sql: string) => (await env.DB.prepare(sql).all<{ id: string }>()).results.map((r) => r.id);
    expect(await ids("SELECT id FROM sessions WHERE id IN ('s-old', 's-live')")).toEqual(["s-live"]);
    expect(await ids("SELECT id FROM authorizations")).toEqual(["a-live"]);
    expect(await ids("SELECT key AS id FROM cron_runs WHERE job IN ('old', 'recent')")).toEqual(["recent:1"]);
    expect(await ids("SELECT id FROM processed_messages")).toEqual(["m-recent"]);
  });

  it("runs at most once an hour however often the cron fires", async () => {
    const { env: testEnv } = recordingQueue();
    await fire(testEnv, new Date("2026-03-02T15:00:00Z"));
    await fire(testEnv, new Date("2026-03-02T15:01:00Z"));
    await fire(testEnv, new Date("2026-03-02T15:59:00Z"));
    await fire(testEnv, new Date("2026-03-02T16:00:00Z"));
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM cron_runs WHERE job = 'purge-expired'").first<{ n: number }>();
    const deliveries = await env.DB.prepare("SELECT count(*) AS n FROM cron_runs WHERE job = 'deliver-outbox'").first<{ n: number }>();
    expect(runs!.n).toBe(2);
    expect(deliveries!.n).toBe(4);
  });
});

describe("cron: review-schedules (000 §4)", () => {
  async function campaign(id: string, state: string, fields: { startAt?: number; endAt?: number; automaticClose?: boolean }) {
    await env.DB.prepare(
      "INSERT INTO review_campaigns (id, company_id, title, state, start_at, end_at, automatic_close, updated_at) VALUES (?, 'c-acme', ?, ?, ?, ?, ?, 0)"
    )
      .bind(id, `Review ${id}`, state, fields.startAt ?? null, fields.endAt ?? null, fields.automaticClose ? 1 : 0)
      .run();
  }
  const stateOf = async (id: string) => env.DB.prepare("SELECT state FROM review_campaigns WHERE id = ?").bind(id).first<string>("state");

  it("starts due scheduled reviews and closes live ones past their end with automatic close, each once", async () => {
    const now = new Date(Date.UTC(2026, 10, 22, 12, 0));
    const t = now.getTime();
    await campaign("rs-due", "scheduled", { startAt: t - 60_000 });
    await campaign("rs-later", "scheduled", { startAt: t + 3_600_000 });
    await campaign("rl-ended", "live", { endAt: t - 1, automaticClose: true });
    await campaign("rl-manual", "live", { endAt: t - 1, automaticClose: false });
    const { env: testEnv } = recordingQueue();
    await fire(testEnv, now);
    expect(await stateOf("rs-due")).toBe("live");
    expect(await stateOf("rs-later")).toBe("scheduled");
    expect(await stateOf("rl-ended")).toBe("closed");
    expect(await stateOf("rl-manual")).toBe("live");
    // A second fire a minute later changes nothing more (one audit row each).
    await fire(testEnv, new Date(t + 60_000));
    const audits = await env.DB.prepare(
      "SELECT action, entity_id FROM audit_events WHERE entity_id IN ('rs-due', 'rl-ended') ORDER BY entity_id"
    ).all<{
      action: string;
      entity_id: string;
    }>();
    expect(audits.results).toEqual([
      { action: "review.autoClose", entity_id: "rl-ended" },
      { action: "review.start", entity_id: "rs-due" },
    ]);
  });
});
