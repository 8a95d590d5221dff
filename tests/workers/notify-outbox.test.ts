import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { companies } from "~/db/schema";
import { userId } from "~/db/seed/demo";
import { auditEvent } from "~/lib/audit.server";
import { notify, prepareNotify } from "~/modules/notifications/notify.server";
import { eq } from "drizzle-orm";

const db = createDb(env.DB);

const rows = async () =>
  (
    await env.DB.prepare(
      "SELECT company_id, recipient_user_id, channel, kind, subject, body, link, dedupe_key, status FROM notification_outbox ORDER BY recipient_user_id, channel"
    ).all<Record<string, string | null>>()
  ).results;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_outbox").run();
  await env.DB.prepare("DELETE FROM audit_events").run();
});

describe("notify()", () => {
  it("writes one pending Slack row per recipient for a Slack-type company", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve"), userId("acme", "ed")],
      kind: "feedback-loop",
      subject: "Give feedback",
      body: "Your feedback loop is open.",
      link: "/workflows/manage-feedback-loops",
    });
    expect(outboxIds).toHaveLength(2);
    expect(await rows()).toEqual([
      {
        company_id: "c-acme",
        recipient_user_id: "u-acme-ed",
        channel: "slack",
        kind: "feedback-loop",
        subject: "Give feedback",
        body: "Your feedback loop is open.",
        link: "/workflows/manage-feedback-loops",
        dedupe_key: null,
        status: "pending",
      },
      {
        company_id: "c-acme",
        recipient_user_id: "u-acme-eve",
        channel: "slack",
        kind: "feedback-loop",
        subject: "Give feedback",
        body: "Your feedback loop is open.",
        link: "/workflows/manage-feedback-loops",
        dedupe_key: null,
        status: "pending",
      },
    ]);
  });

  it("uses Microsoft Teams for a Teams-type company, and adds e-mail when asked", async () => {
    await notify(db, {
      companyId: "c-globex",
      recipientUserIds: [userId("globex", "tina")],
      kind: "survey-reminder",
      subject: "Survey closes soon",
      body: "Two days left.",
      sendAs: ["appMessage", "email"],
    });
    expect((await rows()).map((r) => r.channel)).toEqual(["email", "msteams"]);
  });

  it("writes a large audience in one D1 batch", async () => {
    const everyone = (await env.DB.prepare("SELECT id FROM users WHERE company_id = 'c-acme'").all<{ id: string }>()).results.map(
      (r) => r.id
    );
    const batch = vi.spyOn(db, "batch");
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: everyone,
      kind: "survey",
      subject: "New survey",
      body: "Tell us how it goes.",
    });
    expect(outboxIds).toHaveLength(everyone.length);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(everyone.length).toBeGreaterThan(8);
    batch.mockRestore();
  });

  it("skips recipients already told under the same dedupe key", async () => {
    const input = {
      companyId: "c-acme",
      kind: "reminder" as const,
      subject: "Reminder",
      body: "Due Friday.",
      dedupeKey: "review-42:reminder:1",
    };
    const first = await notify(db, { ...input, recipientUserIds: [userId("acme", "eve"), userId("acme", "ed")] });
    const second = await notify(db, { ...input, recipientUserIds: [userId("acme", "ed"), userId("acme", "sam")] });
    expect(first.outboxIds).toHaveLength(2);
    expect(second.outboxIds).toHaveLength(1);
    expect((await rows()).map((r) => [r.recipient_user_id, r.dedupe_key])).toEqual([
      ["u-acme-ed", "review-42:reminder:1:u-acme-ed:slack"],
      ["u-acme-eve", "review-42:reminder:1:u-acme-eve:slack"],
      ["u-acme-sam", "review-42:reminder:1:u-acme-sam:slack"],
    ]);
  });

  it("keeps dedupe keys apart per company", async () => {
    await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve")],
      kind: "system",
      subject: "S",
      body: "B",
      dedupeKey: "same",
    });
    const other = await notify(db, {
      companyId: "c-globex",
      recipientUserIds: [userId("globex", "tina")],
      kind: "system",
      subject: "S",
      body: "B",
      dedupeKey: "same",
    });
    expect(other.outboxIds).toHaveLength(1);
  });

  it("writes the same person once when named twice", async () => {
    const { outboxIds } = await notify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve"), userId("acme", "eve")],
      kind: "system",
      subject: "S",
      body: "B",
    });
    expect(outboxIds).toHaveLength(1);
  });

  it("refuses an unknown company", async () => {
    await expect(notify(db, { companyId: "c-nope", recipientUserIds: ["x"], kind: "system", subject: "S", body: "B" })).rejects.toThrow(
      /unknown company/
    );
  });

  it("commits outbox rows, a change and its audit event together or not at all", async () => {
    const outbox = await prepareNotify(db, {
      companyId: "c-acme",
      recipientUserIds: [userId("acme", "eve")],
      kind: "system",
      subject: "Colour scale changed",
      body: "Reverse",
    });
    const change = db.update(companies).set({ analyticsColorScale: "reverse" }).where(eq(companies.id, "c-acme"));
    const audit = auditEvent(db, {
      companyId: "c-acme",
      actorId: userId("acme", "alice"),
      action: "company.color-scale-changed",
      entityType: "company",
      entityId: "c-acme",
      data: { from: "default", to: "reverse" },
      requestId: "req-1",
    });
    // A failing statement at the end rolls the whole batch back.
    const broken = db.insert(companies).values({ id: "c-acme", name: "dup", platform: "slack", externalId: "T0ACME01" });
    await expect(db.batch([change, audit, ...outbox, broken] as never)).rejects.toThrow();
    expect(await rows()).toEqual([]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_events").first<{ n: number }>())!.n).toBe(0);

    await db.batch([change, audit, ...outbox] as never);
    const event = await env.DB.prepare(
      "SELECT company_id, actor_id, action, entity_type, entity_id, data, request_id FROM audit_events"
    ).first();
    expect(event).toEqual({
      company_id: "c-acme",
      actor_id: "u-acme-alice",
      action: "company.color-scale-changed",
      entity_type: "company",
      entity_id: "c-acme",
      data: JSON.stringify({ from: "default", to: "reverse" }),
      request_id: "req-1",
    });
    expect(await rows()).toHaveLength(1);
    await env.DB.prepare("UPDATE companies SET analytics_color_scale = 'default' WHERE id = 'c-acme'").run();
  });
});
