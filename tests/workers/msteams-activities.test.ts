import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO, userId } from "~/db/seed/demo";
import worker from "../../workers/app";
import { FAKE_BOT, type FakeActivityTokenRequest, type FakeBotCall } from "../support/fake-botframework";
import { ORIGIN } from "./helpers";

const FAKE = env.FAKE_BOTFRAMEWORK_URL;
const SERVICE_URL = `${FAKE}/teams/`;
const TENANT = DEMO.globex.externalId;
const BOT_ID = `28:${FAKE_BOT.appId}`;

async function mint(request: Partial<FakeActivityTokenRequest> = {}) {
  const response = await fetch(`${FAKE}/test/activity-tokens`, { method: "POST", body: JSON.stringify({ serviceUrl: SERVICE_URL, ...request }) });
  return ((await response.json()) as { token: string }).token;
}

async function connectorCalls(pathIncludes: string): Promise<FakeBotCall[]> {
  const calls = (await (await fetch(`${FAKE}/test/calls`)).json()) as FakeBotCall[];
  return calls.filter((c) => c.path.includes(pathIncludes));
}

/** POST an activity the way the Bot Framework does: no Origin, no cookies, a bearer token. */
async function postActivity(activity: Record<string, unknown>, authorization: string | null) {
  const headers = new Headers({ "Content-Type": "application/json", Host: new URL(ORIGIN).host });
  if (authorization) headers.set("Authorization", authorization);
  const request = new Request(`${ORIGIN}/msteams/messages`, { method: "POST", headers, body: JSON.stringify(activity) });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function teamsIdOf(email: string) {
  const row = await env.DB.prepare("SELECT msteams_user_id FROM users WHERE email = ?").bind(email).first<{ msteams_user_id: string }>();
  return row!.msteams_user_id;
}

let conversationCounter = 0;
async function installActivity(over: Record<string, unknown> = {}, email = "tina@globex.test") {
  conversationCounter += 1;
  return {
    type: "installationUpdate",
    action: "add",
    id: `f:install-${conversationCounter}`,
    channelId: "msteams",
    serviceUrl: SERVICE_URL,
    from: { id: await teamsIdOf(email), aadObjectId: "00000000-aaaa-bbbb-cccc-000000000004", name: "Tina" },
    recipient: { id: BOT_ID, name: "Pulseboard" },
    conversation: { id: `a:personal-chat-${conversationCounter}`, conversationType: "personal", tenantId: TENANT },
    channelData: { tenant: { id: TENANT } },
    ...over,
  };
}

const stored = async () => ({
  conversations: (await env.DB.prepare("SELECT * FROM msteams_conversations ORDER BY user_id").all<Record<string, unknown>>()).results,
  installations: (await env.DB.prepare("SELECT * FROM msteams_installations").all<Record<string, unknown>>()).results,
});

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM msteams_conversations"),
    env.DB.prepare("DELETE FROM msteams_installations"),
    env.DB.prepare("DELETE FROM reminder_snoozes"),
    env.DB.prepare("DELETE FROM notification_outbox"),
  ]);
});

describe("POST /msteams/messages refuses what the Bot Framework did not send", () => {
  it.each([
    ["no token", async () => null],
    ["a bad signature", async () => `Bearer ${await mint({ signWith: "unknown" })}`],
    ["an expired token", async () => `Bearer ${await mint({ expiresInSeconds: -900 })}`],
    ["another bot's audience", async () => `Bearer ${await mint({ audience: "00000000-0000-0000-0000-00000000dead" })}`],
    ["another issuer", async () => `Bearer ${await mint({ issuer: "https://login.microsoftonline.com/evil/v2.0" })}`],
    ["a serviceurl claim for another address", async () => `Bearer ${await mint({ serviceUrl: "https://smba.trafficmanager.net/amer/" })}`],
  ])("%s: 401 and nothing written", async (_, authorization) => {
    const activity = await installActivity();
    const response = await postActivity(activity, await authorization());
    expect(response.status).toBe(401);
    expect(await stored()).toEqual({ conversations: [], installations: [] });
    expect(await connectorCalls(String(activity.conversation.id))).toEqual([]);
  });

  it("refuses a snooze with a forged token: no snooze written", async () => {
    const activity = await installActivity({ type: "invoke", name: "adaptiveCard/action", value: { action: { type: "Action.Execute", data: { action: "snooze_reminders" } } } });
    const response = await postActivity(activity, `Bearer ${await mint({ audience: "other" })}`);
    expect(response.status).toBe(401);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM reminder_snoozes").first<{ n: number }>())!.n).toBe(0);
  });

  it("answers 405 to a GET", async () => {
    expect((await SELF.fetch(`${ORIGIN}/msteams/messages`)).status).toBe(405);
  });
});

describe("POST /msteams/messages with a good token", () => {
  it("stores the person's conversation reference and the tenant's installation when the app is added (no Origin needed)", async () => {
    const activity = await installActivity();
    const response = await postActivity(activity, `Bearer ${await mint()}`);
    expect(response.status).toBe(200);
    const { conversations, installations } = await stored();
    expect(conversations).toEqual([
      expect.objectContaining({
        company_id: DEMO.globex.id,
        user_id: userId("globex", "tina"),
        msteams_user_id: await teamsIdOf("tina@globex.test"),
        aad_object_id: "00000000-aaaa-bbbb-cccc-000000000004",
        conversation_id: activity.conversation.id,
        service_url: SERVICE_URL,
        tenant_id: TENANT,
        bot_id: BOT_ID,
      }),
    ]);
    expect(installations).toEqual([expect.objectContaining({ company_id: DEMO.globex.id, tenant_id: TENANT, service_url: SERVICE_URL, disabled_at: null })]);
  });

  it("stores the reference from a conversationUpdate that adds the bot, and replaces an older one", async () => {
    await postActivity(await installActivity(), `Bearer ${await mint()}`);
    const update = await installActivity({ type: "conversationUpdate", action: undefined, membersAdded: [{ id: BOT_ID }] });
    expect((await postActivity(update, `Bearer ${await mint()}`)).status).toBe(200);
    const { conversations } = await stored();
    expect(conversations.map((c) => c.conversation_id)).toEqual([update.conversation.id]);
  });

  it("stores nothing for a tenant no company uses, or a person the company does not know", async () => {
    const strangerTenant = await installActivity({
      conversation: { id: "a:stranger", conversationType: "personal", tenantId: "11111111-2222-3333-4444-555555555555" },
      channelData: { tenant: { id: "11111111-2222-3333-4444-555555555555" } },
    });
    expect((await postActivity(strangerTenant, `Bearer ${await mint()}`)).status).toBe(200);
    const stranger = await installActivity({ from: { id: "29:nobody-here", aadObjectId: "00000000-0000-0000-0000-0000000000ff" } });
    expect((await postActivity(stranger, `Bearer ${await mint()}`)).status).toBe(200);
    // A Slack-type company's id used as a tenant id is not a Teams tenant either.
    const slackCompany = await installActivity({ conversation: { id: "a:slack", conversationType: "personal", tenantId: DEMO.acme.externalId } });
    expect((await postActivity(slackCompany, `Bearer ${await mint()}`)).status).toBe(200);
    expect(await stored()).toEqual({ conversations: [], installations: [] });
  });

  it("drops the reference and marks the installation when the app is removed", async () => {
    await postActivity(await installActivity(), `Bearer ${await mint()}`);
    const removal = await installActivity({ action: "remove" });
    expect((await postActivity(removal, `Bearer ${await mint()}`)).status).toBe(200);
    const { conversations, installations } = await stored();
    expect(conversations).toEqual([]);
    expect(installations[0].disabled_at).toEqual(expect.any(Number));
  });

  it("snoozes the sender's reminders from an adaptiveCard/action invoke and says until when", async () => {
    const tina = userId("globex", "tina");
    await env.DB.prepare(
      "INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, status) VALUES ('o-rem', ?, ?, 'msteams', 'reminder', 'Reminder', 'Please answer', 'pending')",
    )
      .bind(DEMO.globex.id, tina)
      .run();
    const before = Date.now();
    const activity = await installActivity({
      type: "invoke",
      name: "adaptiveCard/action",
      localTimezone: "Europe/Berlin",
      value: { action: { type: "Action.Execute", data: { action: "snooze_reminders" } } },
    });
    const response = await postActivity(activity, `Bearer ${await mint()}`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { statusCode: number; type: string; value: string };
    expect(answer).toMatchObject({ statusCode: 200, type: "application/vnd.microsoft.activity.message" });
    expect(answer.value).toMatch(/^Reminders snoozed until .+ CET\. They will come in one message after that\.$/);
    const snooze = await env.DB.prepare("SELECT until FROM reminder_snoozes WHERE company_id = ? AND user_id = ?").bind(DEMO.globex.id, tina).first<{ until: number }>();
    expect(snooze!.until).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    const row = await env.DB.prepare("SELECT deliver_after FROM notification_outbox WHERE id = 'o-rem'").first<{ deliver_after: number }>();
    expect(row!.deliver_after).toBe(snooze!.until);
  });

  it("snoozes from a card's Action.Submit and replies in the conversation with the identity platform's token", async () => {
    const activity = await installActivity({ type: "message", value: { action: "snooze_reminders" } });
    expect((await postActivity(activity, `Bearer ${await mint()}`)).status).toBe(200);
    expect(await env.DB.prepare("SELECT user_id FROM reminder_snoozes").all()).toMatchObject({ results: [{ user_id: userId("globex", "tina") }] });
    const [replyCall] = await connectorCalls(encodeURIComponent(String(activity.conversation.id)));
    expect(replyCall.path).toBe(`/teams/v3/conversations/${encodeURIComponent(String(activity.conversation.id))}/activities/${encodeURIComponent(String(activity.id))}`);
    expect(replyCall.authorization).toMatch(/^Bearer fake-bot-token-/);
    expect(replyCall.body).toMatchObject({ type: "message", replyToId: activity.id, text: expect.stringMatching(/^Reminders snoozed until .+ UTC\./) });
  });

  it("does not snooze for someone the tenant's company does not know", async () => {
    const activity = await installActivity({
      type: "invoke",
      name: "adaptiveCard/action",
      from: { id: "29:nobody-here" },
      value: { action: { data: { action: "snooze_reminders" } } },
    });
    const answer = (await (await postActivity(activity, `Bearer ${await mint()}`)).json()) as { value: string };
    expect(answer.value).toMatch(/not linked/);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM reminder_snoozes").first<{ n: number }>())!.n).toBe(0);
  });

  it("answers a typed message with a short help reply", async () => {
    const activity = await installActivity({ type: "message", text: "hello?" });
    expect((await postActivity(activity, `Bearer ${await mint()}`)).status).toBe(200);
    const [replyCall] = await connectorCalls(encodeURIComponent(String(activity.conversation.id)));
    expect(replyCall.body).toMatchObject({ type: "message", text: expect.stringContaining("I send your Pulseboard notifications here") });
  });

  it("answers 400 to a verified body that is not an activity, writing nothing", async () => {
    const response = await postActivity({ serviceUrl: SERVICE_URL, type: "installationUpdate" }, `Bearer ${await mint()}`);
    expect(response.status).toBe(400);
    expect(await stored()).toEqual({ conversations: [], installations: [] });
  });
});
