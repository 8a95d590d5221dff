import { isReminderKind } from "~/modules/notifications/kinds";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { DEMO, userId } from "~/db/seed/demo";
import { readConfig } from "~/lib/config.server";
import { deliverOutboxMessage, RetryableDeliveryError } from "~/modules/notifications/deliver.server";
import { describeDeliveryFailures, BOT_DISABLED_BY_ADMIN_MESSAGE, BOT_DISABLED_BY_ADMIN_ADVICE } from "~/modules/notifications/failures";
import { teamsAdapter, type TeamsMessage } from "~/modules/notifications/teams-adapter.server";
import type { FakeBotCall, FakeConnectorFault } from "../support/fake-botframework";

const FAKE = env.FAKE_BOTFRAMEWORK_URL;
const SERVICE_URL = `${FAKE}/teams/`;
const TENANT = DEMO.globex.externalId;
const db = createDb(env.DB);
const config = { ...readConfig(env), notifyAdapter: "chat" as const };

async function calls(pathIncludes: string): Promise<FakeBotCall[]> {
  const all = (await (await fetch(`${FAKE}/test/calls`)).json()) as FakeBotCall[];
  return all.filter((c) => c.path.includes(pathIncludes));
}
async function fault(...faults: FakeConnectorFault[]) {
  await fetch(`${FAKE}/test/faults`, { method: "POST", body: JSON.stringify(faults) });
}

async function person(local: string) {
  const row = await env.DB.prepare("SELECT id, name, email, msteams_user_id FROM users WHERE id = ?")
    .bind(userId("globex", local))
    .first<{ id: string; name: string; email: string; msteams_user_id: string }>();
  return row!;
}

let counter = 0;
/** The tenant installed, and (unless `withConversation` is false) the person's stored 1:1 conversation. */
async function installFor(local: string, withConversation = true) {
  counter += 1;
  const p = await person(local);
  const conversationId = `a:delivery-${counter}-${local}`;
  const statements = [
    env.DB.prepare("INSERT OR IGNORE INTO msteams_installations (id, company_id, tenant_id, service_url) VALUES ('inst-globex', ?, ?, ?)").bind(
      DEMO.globex.id,
      TENANT,
      SERVICE_URL,
    ),
  ];
  if (withConversation) {
    statements.push(
      env.DB.prepare(
        "INSERT INTO msteams_conversations (company_id, user_id, msteams_user_id, aad_object_id, conversation_id, service_url, tenant_id, bot_id) VALUES (?, ?, ?, NULL, ?, ?, ?, ?)",
      ).bind(DEMO.globex.id, p.id, p.msteams_user_id, conversationId, SERVICE_URL, TENANT, `28:${config.msteamsBot.appId}`),
    );
  }
  await env.DB.batch(statements);
  return { person: p, conversationId, activitiesPath: `/teams/v3/conversations/${encodeURIComponent(conversationId)}/activities` };
}

const message = (p: { name: string; email: string; msteams_user_id: string }, over: Partial<TeamsMessage> = {}): TeamsMessage => ({
  outboxId: `o-${crypto.randomUUID()}`,
  channel: "msteams",
  kind: "feedback-loop-reminder",
  subject: "Feedback for *Gary* is due",
  body: "Two days left.",
  link: `${config.appUrl}/feedback/give`,
  recipient: { name: p.name, email: p.email, slackUserId: null, msteamsUserId: p.msteams_user_id },
  tenantId: TENANT,
  items: null,
  // As delivery sets it: reminders and their digest offer "Snooze for a day".
  snoozable: isReminderKind(over.kind ?? "feedback-loop-reminder") || over.kind === "reminder-digest",
  ...over,
});

const adapter = () => teamsAdapter(config.chat.msteams, (input, init) => fetch(input, init), { bot: config.msteamsBot, db, appUrl: config.appUrl });

async function outboxRow(recipient: string, kind: string) {
  const id = `o-${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, link, status) VALUES (?, ?, ?, 'msteams', ?, 'Your survey is open', 'Tell us how it goes.', '/surveys', 'sending')",
  )
    .bind(id, DEMO.globex.id, recipient, kind)
    .run();
  return { outboxId: id, companyId: DEMO.globex.id };
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM msteams_conversations"),
    env.DB.prepare("DELETE FROM msteams_installations"),
    env.DB.prepare("DELETE FROM notification_outbox"),
  ]);
});

describe("proactive Teams messages", () => {
  it("posts an Adaptive Card into the stored conversation with a token from the identity platform", async () => {
    const { person: tina, activitiesPath } = await installFor("tina");
    expect(await adapter().deliver(message(tina))).toEqual({ ok: true });
    const [call] = await calls(activitiesPath);
    expect(call.path).toBe(activitiesPath);
    // The fake connector accepts only tokens its identity platform issued for the bot's client credentials.
    expect(call.authorization).toMatch(/^Bearer fake-bot-token-/);
    const tokenCalls = await calls(`/${config.msteamsBot.tenantId}/oauth2/v2.0/token`);
    expect(tokenCalls.length).toBeGreaterThan(0);
    expect(tokenCalls[0].body).toMatchObject({ grant_type: "client_credentials", client_id: config.msteamsBot.appId, scope: "https://api.botframework.com/.default" });
    const body = call.body as { type: string; attachments: Array<{ contentType: string; content: { version: string; body: Array<{ text: string }>; actions: Array<{ title: string; url?: string }> } }> };
    expect(body.type).toBe("message");
    const card = body.attachments[0].content;
    expect(body.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.version).toBe("1.5");
    expect(card.body[0].text).toBe("Feedback for \\*Gary\\* is due");
    expect(card.actions.map((a) => a.title)).toEqual(["Open", "Give Feedback", "Snooze for a day"]);
    expect(card.actions[1].url).toBe(`${config.appUrl}/feedback/give`);
  });

  it("creates the conversation on the tenant's installation when the person has none stored", async () => {
    const { person: gary } = await installFor("gary", false);
    expect(await adapter().deliver(message(gary, { kind: "survey" }))).toEqual({ ok: true });
    const created = (await calls("/teams/v3/conversations")).filter((c) => c.path === "/teams/v3/conversations" && JSON.stringify(c.body).includes(gary.msteams_user_id));
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ bot: { id: `28:${config.msteamsBot.appId}` }, members: [{ id: gary.msteams_user_id }], tenantId: TENANT });
    expect(await calls(encodeURIComponent(`a:fake-conversation-`))).not.toHaveLength(0);
  });

  it("sends nothing to a tenant where the app is not installed", async () => {
    const mike = await person("mike");
    expect(await adapter().deliver(message(mike))).toMatchObject({ ok: false, code: "AppNotAuthorized", retryable: false });
    expect((await calls("/teams/v3/conversations")).filter((c) => JSON.stringify(c.body ?? "").includes(mike.msteams_user_id))).toEqual([]);
  });

  it("BotDisabledByAdmin: the row fails with its code, the installation is marked, and the sender gets the §8 text", async () => {
    const { person: tina, activitiesPath } = await installFor("tina");
    await fault({ pathIncludes: activitiesPath, status: 403, body: { error: { code: "BotDisabledByAdmin", message: "The bot is disabled by admin" } } });
    const ref = await outboxRow(tina.id, "survey");
    const result = await deliverOutboxMessage(db, config, ref);
    expect(result.status).toBe("failed");
    await db.batch(result.writes as [never]);
    const row = await env.DB.prepare("SELECT status, error FROM notification_outbox WHERE id = ?").bind(ref.outboxId).first<{ status: string; error: string }>();
    expect(row).toEqual({ status: "failed", error: "BotDisabledByAdmin: msteams 403 BotDisabledByAdmin" });
    const installation = await env.DB.prepare("SELECT disabled_at FROM msteams_installations WHERE tenant_id = ?").bind(TENANT).first<{ disabled_at: number | null }>();
    expect(installation!.disabled_at).toEqual(expect.any(Number));
    expect(describeDeliveryFailures([{ name: tina.name, error: row!.error }], "survey")).toEqual([
      { message: BOT_DISABLED_BY_ADMIN_MESSAGE, advice: BOT_DISABLED_BY_ADMIN_ADVICE },
    ]);
    expect(BOT_DISABLED_BY_ADMIN_MESSAGE).toBe("Your Microsoft Teams admin disabled notifications from the app.");

    // The next message that gets through clears the mark.
    expect(await adapter().deliver(message(tina))).toEqual({ ok: true });
    const cleared = await env.DB.prepare("SELECT disabled_at FROM msteams_installations WHERE tenant_id = ?").bind(TENANT).first<{ disabled_at: number | null }>();
    expect(cleared!.disabled_at).toBeNull();
  });

  it("a 429 with Retry-After is retryable with Teams' wait, and the outbox row stays to be retried", async () => {
    const { person: tina, activitiesPath } = await installFor("tina");
    await fault({ pathIncludes: activitiesPath, status: 429, retryAfter: "7", body: { error: { code: "TooManyRequests" } } });
    expect(await adapter().deliver(message(tina))).toEqual({
      ok: false,
      code: "ProviderUnavailable",
      detail: "msteams 429 TooManyRequests",
      retryable: true,
      retryAfterSeconds: 7,
    });
    for (const status of [412, 502, 504]) {
      await fault({ pathIncludes: activitiesPath, status });
      expect(await adapter().deliver(message(tina))).toMatchObject({ ok: false, retryable: true });
    }
    await fault({ pathIncludes: activitiesPath, status: 502 });
    const ref = await outboxRow(tina.id, "survey");
    await expect(deliverOutboxMessage(db, config, ref)).rejects.toBeInstanceOf(RetryableDeliveryError);
    const row = await env.DB.prepare("SELECT status, attempts FROM notification_outbox WHERE id = ?").bind(ref.outboxId).first();
    expect(row).toEqual({ status: "sending", attempts: 1 });
  });

  it("delivers an outbox row through the configured chat adapter", async () => {
    const { person: tina, activitiesPath } = await installFor("tina");
    const ref = await outboxRow(tina.id, "survey-reminder");
    const result = await deliverOutboxMessage(db, config, ref);
    expect(result.status).toBe("sent");
    const [call] = await calls(activitiesPath);
    const card = (call.body as { attachments: Array<{ content: { actions: Array<{ title: string; url?: string }> } }> }).attachments[0].content;
    expect(card.actions.map((a) => a.title)).toEqual(["Open", "Snooze for a day"]);
    expect(card.actions[0].url).toBe(`${config.appUrl}/surveys`);
  });
});
