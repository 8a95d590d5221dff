import { describe, expect, it } from "vitest";
import { isReminderKind } from "~/modules/notifications/kinds";
import {
  chatAdapter,
  interpretSlackResponse,
  interpretTeamsCreateConversation,
  interpretTeamsResponse,
  outcomeError,
  slackPostMessageRequest,
  teamsActivityRequest,
  teamsCreateConversationRequest,
  type Fetcher,
  type OutboundMessage,
} from "~/modules/notifications/adapters.server";

const chat = {
  slack: { apiBaseUrl: "http://127.0.0.1:9/api/", botToken: "xoxb-test" },
  msteams: { botBaseUrl: "http://127.0.0.1:9/teams", botAppId: "app-123", botToken: "bot-token" },
};

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  outboxId: "o-1",
  channel: "slack",
  kind: "reminder",
  subject: "Reminder: <Q1> review",
  body: "Please submit your review & feedback.",
  link: "http://127.0.0.1:8787/reviews/todos",
  recipient: { name: "Eve Patel", email: "eve@acme.test", slackUserId: "UACME00004", msteamsUserId: "29:globex-00004" },
  tenantId: "tenant-1",
  items: null,
  snoozable: isReminderKind(over.kind ?? "reminder"),
  ...over,
});

describe("Slack adapter", () => {
  it("posts to chat.postMessage with the bot token, addressed to the person's Slack id", () => {
    const request = slackPostMessageRequest(chat.slack, message());
    expect(request.url).toBe("http://127.0.0.1:9/api/chat.postMessage");
    expect(request.method).toBe("POST");
    expect(request.headers.Authorization).toBe("Bearer xoxb-test");
    const body = JSON.parse(request.body);
    expect(body.channel).toBe("UACME00004");
    // Slack control characters are escaped so a subject cannot forge a mention or a link.
    expect(body.text).toBe(
      "*Reminder: &lt;Q1&gt; review*\nPlease submit your review &amp; feedback.\n<http://127.0.0.1:8787/reviews/todos|Open>"
    );
    // Block Kit beside the fallback text: the subject as a header, the escaped body, the buttons.
    expect(body.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "Reminder: <Q1> review", emoji: false } });
    expect(body.blocks[1]).toEqual({ type: "section", text: { type: "mrkdwn", text: "Please submit your review &amp; feedback." } });
    expect(body.blocks.at(-1).elements.map((e: { action_id: string }) => e.action_id)).toEqual(["open_link", "snooze_reminders"]);
  });

  it("passes a 429's Retry-After back in the outcome", () => {
    expect(interpretSlackResponse(429, null, "7")).toEqual({
      ok: false,
      code: "ProviderUnavailable",
      detail: "slack http 429",
      retryable: true,
      retryAfterSeconds: 7,
    });
    expect(interpretSlackResponse(429, null, null)).not.toHaveProperty("retryAfterSeconds");
  });

  it("treats ok:true as delivered", () => {
    expect(interpretSlackResponse(200, { ok: true, ts: "1.2" })).toEqual({ ok: true });
  });

  it("records user_not_found as a permanent failure with Slack's code", () => {
    const outcome = interpretSlackResponse(200, { ok: false, error: "user_not_found" });
    expect(outcome).toEqual({ ok: false, code: "RecipientNotFound", detail: "slack user_not_found", retryable: false });
    expect(outcomeError(outcome)).toBe("RecipientNotFound: slack user_not_found");
  });

  it("treats a person who turned the app's messages off as blocked", () => {
    expect(interpretSlackResponse(200, { ok: false, error: "messages_tab_disabled" })).toMatchObject({
      code: "BlockedByUser",
      retryable: false,
    });
  });

  it("retries throttling and Slack outages", () => {
    expect(interpretSlackResponse(429, null)).toMatchObject({ code: "ProviderUnavailable", retryable: true });
    expect(interpretSlackResponse(503, null)).toMatchObject({ code: "ProviderUnavailable", retryable: true });
    expect(interpretSlackResponse(200, { ok: false, error: "ratelimited" })).toMatchObject({ retryable: true });
  });

  it("does not retry revoked credentials", () => {
    expect(interpretSlackResponse(200, { ok: false, error: "invalid_auth" })).toMatchObject({ code: "AppNotAuthorized", retryable: false });
  });
});

describe("Microsoft Teams adapter", () => {
  const connection = { serviceUrl: "http://127.0.0.1:9/teams/", token: "bot-token", botAppId: "app-123" };

  it("creates the 1:1 conversation in the company's tenant", () => {
    const request = teamsCreateConversationRequest(connection, message({ channel: "msteams" }));
    expect(request.url).toBe("http://127.0.0.1:9/teams/v3/conversations");
    expect(request.headers.Authorization).toBe("Bearer bot-token");
    expect(JSON.parse(request.body)).toEqual({
      bot: { id: "28:app-123" },
      members: [{ id: "29:globex-00004" }],
      channelData: { tenant: { id: "tenant-1" } },
      tenantId: "tenant-1",
      isGroup: false,
    });
  });

  it("posts an Adaptive Card activity to /v3/conversations/{conversationId}/activities", () => {
    const request = teamsActivityRequest(connection, "a:1/2", message({ channel: "msteams" }), "http://127.0.0.1:8787");
    expect(request.url).toBe("http://127.0.0.1:9/teams/v3/conversations/a%3A1%2F2/activities");
    expect(request.headers.Authorization).toBe("Bearer bot-token");
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ type: "message", summary: "Reminder: <Q1> review" });
    expect(body.attachments).toHaveLength(1);
    expect(body.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    const card = body.attachments[0].content;
    expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.5" });
    expect(card.body.slice(0, 2).map((b: { text: string }) => b.text)).toEqual(["Reminder: \\<Q1\\> review", "Please submit your review & feedback."]);
    expect(card.actions[0]).toEqual({ type: "Action.OpenUrl", title: "Open", url: "http://127.0.0.1:8787/reviews/todos" });
  });

  it("sends only an http(s) link as the Open action", () => {
    const actions = (link: string | null) =>
      JSON.parse(teamsActivityRequest(connection, "a:1", message({ channel: "msteams", kind: "survey", link }), null).body).attachments[0].content
        .actions as Array<{ url: string }> | undefined;
    expect(actions("http://127.0.0.1:8787/a (b)")?.[0].url).toBe("http://127.0.0.1:8787/a%20(b)");
    expect(actions("javascript:alert(1)")).toBeUndefined();
  });

  it("recognises an admin-disabled bot (403 BotDisabledByAdmin)", () => {
    const outcome = interpretTeamsResponse(403, { error: { code: "BotDisabledByAdmin", message: "The bot is disabled" } });
    expect(outcome).toEqual({ ok: false, code: "BotDisabledByAdmin", detail: "msteams 403 BotDisabledByAdmin", retryable: false });
  });

  it("recognises a person who blocked the bot", () => {
    expect(interpretTeamsResponse(403, { error: { code: "ConversationBlockedByUser" } })).toMatchObject({ code: "BlockedByUser" });
  });

  it("retries throttling, precondition and gateway answers with Teams' wait, not refusals", () => {
    expect(interpretTeamsResponse(429, null, 7)).toMatchObject({ retryable: true, retryAfterSeconds: 7 });
    expect(interpretTeamsResponse(412, null)).toMatchObject({ code: "ProviderUnavailable", retryable: true });
    expect(interpretTeamsResponse(502, "")).toMatchObject({ retryable: true });
    expect(interpretTeamsResponse(504, null)).toMatchObject({ retryable: true });
    expect(interpretTeamsResponse(404, null)).toMatchObject({ code: "RecipientNotFound", retryable: false });
  });

  it("needs a conversation id from the create answer", () => {
    expect(interpretTeamsCreateConversation(201, { id: "a:xyz" })).toEqual({ ok: true, conversationId: "a:xyz" });
    expect(interpretTeamsCreateConversation(201, {})).toMatchObject({ ok: false, code: "Rejected" });
  });
});

describe("chat adapter", () => {
  function recorder(answers: Array<{ status: number; body: unknown }>) {
    const calls: Array<{ url: string; body: unknown }> = [];
    const fetcher: Fetcher = async (url, init) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      const answer = answers.shift() ?? { status: 500, body: null };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    };
    return { calls, fetcher };
  }

  it("sends a Teams row in two calls: conversation, then activity", async () => {
    const { calls, fetcher } = recorder([
      { status: 201, body: { id: "a:conv" } },
      { status: 201, body: { id: "act-1" } },
    ]);
    const outcome = await chatAdapter(chat, fetcher).deliver(message({ channel: "msteams" }));
    expect(outcome).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual([
      "http://127.0.0.1:9/teams/v3/conversations",
      "http://127.0.0.1:9/teams/v3/conversations/a%3Aconv/activities",
    ]);
  });

  it("fails a person without a chat account without calling anyone", async () => {
    const { calls, fetcher } = recorder([]);
    const outcome = await chatAdapter(chat, fetcher).deliver(message({ recipient: { ...message().recipient, slackUserId: null } }));
    expect(outcome).toMatchObject({ ok: false, code: "NoChatAccount", retryable: false });
    expect(calls).toHaveLength(0);
  });

  it("treats a network failure as retryable", async () => {
    const outcome = await chatAdapter(chat, async () => {
      throw new TypeError("connection refused");
    }).deliver(message());
    expect(outcome).toMatchObject({ ok: false, code: "ProviderUnavailable", retryable: true });
  });

  it("keeps e-mail rows in the outbox (no e-mail provider yet)", async () => {
    const { calls, fetcher } = recorder([]);
    expect(await chatAdapter(chat, fetcher).deliver(message({ channel: "email" }))).toEqual({ ok: true });
    expect(calls).toHaveLength(0);
  });
});
