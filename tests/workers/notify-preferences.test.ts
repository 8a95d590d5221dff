import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { notify, prepareNotify, readNotifyRoute } from "~/modules/notifications/notify.server";
import { snoozeReminders } from "~/modules/notifications/snooze.server";
import { appFetch, postForm, sessionFor } from "./helpers";

const db = createDb(env.DB);

const ALL_CHAT = {
  intent: "notification-channels",
  "performance-review": "chat",
  reminder: "chat",
  survey: "chat",
  "survey-reminder": "chat",
  "feedback-loop": "chat",
  "feedback-loop-reminder": "chat",
};

async function settingsOf(companyId: string) {
  const { results } = await env.DB.prepare("SELECT kind, via, updated_by FROM notification_channel_settings WHERE company_id = ? ORDER BY kind")
    .bind(companyId)
    .all<{ kind: string; via: string; updated_by: string | null }>();
  return results;
}

async function outbox() {
  const { results } = await env.DB.prepare(
    "SELECT recipient_user_id, channel, kind, deliver_after FROM notification_outbox ORDER BY recipient_user_id, channel"
  ).all<{ recipient_user_id: string; channel: string; kind: string; deliver_after: number | null }>();
  return results;
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM notification_outbox"),
    env.DB.prepare("DELETE FROM notification_channel_settings"),
    env.DB.prepare("DELETE FROM reminder_snoozes"),
    env.DB.prepare("DELETE FROM audit_events WHERE action = 'notification.channels.updated'"),
  ]);
});

describe("Settings: notification channels per kind", () => {
  it("shows the Notifications section with one labelled choice per kind to the super admin", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch("/settings", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Notifications</h2>");
    for (const [kind, label] of [
      ["performance-review", "Performance review"],
      ["reminder", "Reminder"],
      ["survey", "Survey"],
      ["survey-reminder", "Survey reminder"],
      ["feedback-loop", "Feedback loop"],
      ["feedback-loop-reminder", "Feedback loop reminder"],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label><select[^>]*name="${kind}"`));
    }
    expect(html).toContain('<option value="both">Slack and e-mail</option>');
  });

  it("saves every kind's choice in one write, audited, for the super admin", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await postForm("/settings", { ...ALL_CHAT, survey: "email", "survey-reminder": "both" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings");
    expect(await settingsOf("c-acme")).toEqual(
      [
        ["feedback-loop", "chat"],
        ["feedback-loop-reminder", "chat"],
        ["performance-review", "chat"],
        ["reminder", "chat"],
        ["survey", "email"],
        ["survey-reminder", "both"],
      ].map(([kind, via]) => ({ kind, via, updated_by: userId("acme", "alice") }))
    );
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = 'notification.channels.updated' AND company_id = 'c-acme'").first<{
      n: number;
    }>();
    expect(audit?.n).toBe(1);
    expect(await settingsOf("c-globex")).toEqual([]);
    const page = await (await appFetch("/settings", { cookie })).text();
    expect(page).toMatch(/name="survey"[^>]*>(?:(?!<\/select>).)*<option value="email" selected="">/s);
  });

  it("refuses another role (the Settings page's permission) and writes nothing", async () => {
    for (const email of ["adam@acme.test", "eve@acme.test"]) {
      const cookie = await sessionFor(email);
      const response = await postForm("/settings", { ...ALL_CHAT, survey: "email" }, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const signedOut = await postForm("/settings", { ...ALL_CHAT, survey: "email" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/sign-in/);
    expect(await settingsOf("c-acme")).toEqual([]);
  });

  it("answers a bad value or a missing kind with 400 and a clear message, writing nothing", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const bad = await postForm("/settings", { ...ALL_CHAT, survey: "pigeon" }, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose chat, e-mail or both.");
    const { reminder: _, ...missing } = ALL_CHAT;
    const partial = await postForm("/settings", missing, cookie);
    expect(partial.status).toBe(400);
    expect(await settingsOf("c-acme")).toEqual([]);
  });
});

describe("prepareNotify: channels from the admin's choice", () => {
  const eve = userId("acme", "eve");

  it("goes by chat for a kind with no choice, by e-mail or by both as chosen", async () => {
    const cookie = await sessionFor("alice@acme.test");
    await postForm("/settings", { ...ALL_CHAT, survey: "email", "feedback-loop": "both" }, cookie);
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "performance-review", subject: "S", body: "B" });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "survey", subject: "S", body: "B" });
    // A caller that already read the platform still gets the company's choice.
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "feedback-loop", subject: "S", body: "B", platform: "slack" });
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.channel]).sort()).toEqual([
      ["feedback-loop", "email"],
      ["feedback-loop", "slack"],
      ["performance-review", "slack"],
      ["survey", "email"],
    ]);
  });

  it("lets an explicit send-as win over the choice", async () => {
    const cookie = await sessionFor("alice@acme.test");
    await postForm("/settings", { ...ALL_CHAT, reminder: "email", survey: "both" }, cookie);
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "reminder", subject: "S", body: "B", sendAs: ["appMessage"] });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "survey", subject: "S", body: "B", sendAs: ["email"] });
    expect((await outbox()).map((r) => [r.kind, r.channel]).sort()).toEqual([
      ["reminder", "slack"],
      ["survey", "email"],
    ]);
  });

  it("uses Microsoft Teams as Globex's chat, and leaves kinds outside the six to chat", async () => {
    await env.DB.prepare("INSERT INTO notification_channel_settings (company_id, kind, via) VALUES ('c-globex', 'survey', 'both'), ('c-globex', 'report', 'email')").run();
    const tina = userId("globex", "tina");
    await notify(db, { companyId: "c-globex", recipientUserIds: [tina], kind: "survey", subject: "S", body: "B" });
    await notify(db, { companyId: "c-globex", recipientUserIds: [tina], kind: "report", subject: "S", body: "B" });
    expect((await outbox()).map((r) => [r.kind, r.channel]).sort()).toEqual([
      ["report", "msteams"],
      ["survey", "email"],
      ["survey", "msteams"],
    ]);
  });

  it("holds reminders for the next digest (or the snooze's end), other kinds go at once", async () => {
    const now = new Date("2026-11-27T10:30:00Z");
    const sam = userId("acme", "sam");
    await snoozeReminders(db, { companyId: "c-acme", userId: sam, now: new Date("2026-11-27T10:00:00Z") });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve, sam], kind: "survey-reminder", subject: "S", body: "B", now, digestHour: 9 });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "survey", subject: "S", body: "B", now });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "reminder", subject: "S", body: "B", now: new Date("2026-11-27T06:00:00Z"), digestHour: 7 });
    const rows = await outbox();
    const at = (kind: string, who: string) => rows.find((r) => r.kind === kind && r.recipient_user_id === who)?.deliver_after;
    expect(at("survey-reminder", eve)).toBe(Date.parse("2026-11-28T09:00:00Z"));
    // Snoozed until 2026-11-28T10:00Z, later than the digest: the snooze's end.
    expect(at("survey-reminder", sam)).toBe(Date.parse("2026-11-28T10:00:00Z"));
    expect(at("survey", eve)).toBeNull();
    expect(at("reminder", eve)).toBe(Date.parse("2026-11-27T07:00:00Z"));
  });

  it("reads the route once for a caller writing many messages of one kind", async () => {
    const cookie = await sessionFor("alice@acme.test");
    await postForm("/settings", { ...ALL_CHAT, "feedback-loop-reminder": "email" }, cookie);
    const now = new Date("2026-11-27T10:00:00Z");
    const sam = userId("acme", "sam");
    await snoozeReminders(db, { companyId: "c-acme", userId: sam, now });
    const route = await readNotifyRoute(db, { companyId: "c-acme", kind: "feedback-loop-reminder", recipientUserIds: [eve, sam], now });
    expect(route).toEqual({ platform: "slack", via: "email", snoozes: { [sam]: Date.parse("2026-11-28T10:00:00Z") } });
    const select = vi.spyOn(db, "select");
    const writes = [];
    for (const who of [eve, sam]) {
      writes.push(...(await prepareNotify(db, { companyId: "c-acme", recipientUserIds: [who], kind: "feedback-loop-reminder", subject: "S", body: who, platform: "slack", route, now })));
    }
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
    await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
    expect((await outbox()).map((r) => [r.recipient_user_id, r.channel, r.deliver_after])).toEqual([
      [eve, "email", Date.parse("2026-11-28T09:00:00Z")],
      [sam, "email", Date.parse("2026-11-28T10:00:00Z")],
    ]);
  });
});
