import type { Db } from "~/db/client.server";
import type { ChatDeliveryConfig, Config } from "~/lib/config.server";
import { msteamsCopy } from "~/lib/copy";
import { clearInstallationDisabled, deliveryTarget, markInstallationDisabled } from "~/modules/msteams/conversations.server";
import { fail, httpLink, send, type DeliveryAdapter, type DeliveryOutcome, type Fetcher, type OutboundMessage, type PlannedRequest } from "./adapter-kit.server";
import { offersGiveFeedback } from "./kinds";

// Microsoft Teams through the Bot Framework connector: the bot's token from the Microsoft identity
// platform, the person's stored 1:1 conversation (or a new one), an Adaptive Card per message.

const TEAMS_BLOCKED = new Set(["ConversationBlockedByUser"]);
/** Teams' own throttling and gateway answers: the per-tenant backoff's cases, worth another try. */
const TEAMS_RETRYABLE_STATUS = new Set([412, 429, 502, 504]);

/** Where a request goes and with which bearer token. */
export interface TeamsConnection {
  serviceUrl: string;
  token: string;
  botAppId: string;
}

/** Kept as a name for the message a card is built from. */
export type TeamsMessage = OutboundMessage;

type Failed = Extract<DeliveryOutcome, { ok: false }>;
type TokenResult = { ok: true; token: string } | Failed;
const failed = (code: Failed["code"], detail: string, retryable = false) => fail(code, detail, retryable) as Failed;

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, "");
const jsonHeaders = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json; charset=utf-8" });

export function teamsCreateConversationRequest(connection: TeamsConnection, message: OutboundMessage): PlannedRequest {
  return {
    url: `${base(connection.serviceUrl)}/v3/conversations`,
    method: "POST",
    headers: jsonHeaders(connection.token),
    body: JSON.stringify({
      bot: { id: `28:${connection.botAppId}` },
      members: [{ id: message.recipient.msteamsUserId }],
      channelData: { tenant: { id: message.tenantId } },
      tenantId: message.tenantId,
      isGroup: false,
    }),
  };
}

/**
 * Text for an Adaptive Card TextBlock, shown as typed. Subjects and bodies carry names, titles and
 * notes people wrote; a TextBlock renders a markdown subset (emphasis, lists, links) and date
 * functions ({{DATE(…)}}), never HTML, so markdown's characters get a backslash escape, block
 * markers at a line's start too, and a web address typed into a name gets a zero-width space
 * after its scheme (or "www") so it stays text, reading the same.
 */
export function escapeCardText(text: string): string {
  return text
    .replace(/[\\`*_~[\](){}#|!<>]/g, "\\$&")
    .replace(/^([ \t]*)([-+=])/gm, "$1\\$2")
    .replace(/^([ \t]*\d+)([.)])/gm, "$1\\$2")
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, "$1:\u200b//")
    .replace(/\bwww\./gi, "www\u200b.");
}

export const SNOOZE_ACTION = "snooze_reminders";

type CardElement = Record<string, unknown>;

const textBlock = (text: string, extra: CardElement = {}): CardElement => ({ type: "TextBlock", text: escapeCardText(text), wrap: true, ...extra });
const openAction = (title: string, url: string): CardElement => ({ type: "Action.OpenUrl", title, url });

/**
 * The Adaptive Card (1.5) for one message: its subject and body, a digest's reminders each with
 * its own Open, and the actions of its kind: Open, Give Feedback (feedback kinds and the digest:
 * the app's /feedback/give), Snooze for a day (reminders and the digest).
 */
export function teamsCard(message: TeamsMessage, appUrl: string | null): CardElement {
  const body: CardElement[] = [textBlock(message.subject, { weight: "Bolder", size: "Medium" }), textBlock(message.body)];
  for (const item of message.items ?? []) {
    const itemLink = httpLink(item.link);
    body.push({
      type: "Container",
      separator: true,
      spacing: "Medium",
      items: [
        textBlock(item.subject, { weight: "Bolder" }),
        textBlock(item.body, { isSubtle: true, spacing: "Small" }),
        ...(itemLink ? [{ type: "ActionSet", actions: [openAction(msteamsCopy.open, itemLink)] }] : []),
      ],
    });
  }
  const actions: CardElement[] = [];
  const link = httpLink(message.link);
  if (link) actions.push(openAction(msteamsCopy.open, link));
  if (offersGiveFeedback(message.kind) && appUrl) {
    const give = httpLink(new URL("/feedback/give", appUrl).toString());
    if (give) actions.push(openAction(msteamsCopy.giveFeedback, give));
  }
  if (message.snoozable) actions.push({ type: "Action.Submit", title: msteamsCopy.snooze, data: { action: SNOOZE_ACTION } });
  return {
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.5",
    body,
    ...(actions.length > 0 ? { actions } : {}),
  };
}

/** A card as a message activity's attachment; `summary` is the plain text Teams shows in its notification. */
export function cardActivity(card: CardElement, summary: string) {
  return { type: "message", summary, attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }] };
}

export function teamsActivityRequest(
  connection: TeamsConnection,
  conversationId: string,
  message: TeamsMessage,
  appUrl: string | null,
): PlannedRequest {
  return {
    url: `${base(connection.serviceUrl)}/v3/conversations/${encodeURIComponent(conversationId)}/activities`,
    method: "POST",
    headers: jsonHeaders(connection.token),
    body: JSON.stringify(cardActivity(teamsCard(message, appUrl), message.subject)),
  };
}

/** Bot Framework errors come as { error: { code, message } } with an HTTP status. */
export function interpretTeamsResponse(status: number, body: unknown, retryAfterSeconds?: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const code = ((body ?? {}) as { error?: { code?: unknown } }).error?.code;
  const errorCode = typeof code === "string" ? code : `http_${status}`;
  const detail = `msteams ${status} ${errorCode}`;
  if (errorCode === "BotDisabledByAdmin") return fail("BotDisabledByAdmin", detail);
  if (TEAMS_BLOCKED.has(errorCode)) return fail("BlockedByUser", detail);
  if (TEAMS_RETRYABLE_STATUS.has(status) || status >= 500) {
    const outcome = failed("ProviderUnavailable", detail, true);
    return retryAfterSeconds === undefined ? outcome : { ...outcome, retryAfterSeconds };
  }
  if (status === 401) return fail("AppNotAuthorized", detail);
  if (status === 404) return fail("RecipientNotFound", detail);
  if (status === 403) return fail("AppNotAuthorized", detail);
  return fail("Rejected", detail);
}

/** The conversation id from a create-conversation answer, or the failure. */
export function interpretTeamsCreateConversation(status: number, body: unknown, retryAfterSeconds?: number): { ok: true; conversationId: string } | DeliveryOutcome {
  const outcome = interpretTeamsResponse(status, body, retryAfterSeconds);
  if (!outcome.ok) return outcome;
  const id = ((body ?? {}) as { id?: unknown }).id;
  if (typeof id !== "string" || !id) return fail("Rejected", "msteams create conversation answered without an id");
  return { ok: true, conversationId: id };
}

// ---------------------------------------------------------------------------------------------
// The bot's token: client credentials for the bot's own tenant, kept in the isolate until shortly
// before it expires (Microsoft's tokens last about an hour; asking per message would be throttled).

export type TeamsBotConfig = Config["msteamsBot"];
const BOT_SCOPE = "https://api.botframework.com/.default";
/** A token is renewed this long before it expires, so none expires on its way to Teams. */
const TOKEN_RENEW_MARGIN_MS = 5 * 60 * 1000;
const tokenCache = new Map<string, { token: string; expiresAt: number }>();
const tokenRequests = new Map<string, Promise<TokenResult>>();

const tokenKey = (bot: TeamsBotConfig) => `${bot.tokenUrl}\n${bot.tenantId}\n${bot.appId}`;

export function botTokenRequest(bot: TeamsBotConfig): PlannedRequest {
  return {
    url: bot.tokenUrl.replace("{tenant}", encodeURIComponent(bot.tenantId)),
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: bot.appId, client_secret: bot.appPassword, scope: BOT_SCOPE }).toString(),
  };
}

/** Forgets the cached token (the connector refused it). */
export function dropBotToken(bot: TeamsBotConfig) {
  tokenCache.delete(tokenKey(bot));
}

export async function botFrameworkToken(bot: TeamsBotConfig, fetcher: Fetcher, now = Date.now()): Promise<TokenResult> {
  const key = tokenKey(bot);
  const cached = tokenCache.get(key);
  if (cached && cached.expiresAt - TOKEN_RENEW_MARGIN_MS > now) return { ok: true, token: cached.token };
  let pending = tokenRequests.get(key);
  if (!pending) {
    pending = (async (): Promise<TokenResult> => {
      const answer = await send(fetcher, botTokenRequest(bot));
      if ("networkError" in answer) return failed("ProviderUnavailable", `msteams token ${answer.networkError}`, true);
      const json = (answer.json ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
      if (answer.status === 200 && typeof json.access_token === "string" && json.access_token) {
        const lifetime = typeof json.expires_in === "number" ? json.expires_in : Number(json.expires_in) || 3600;
        tokenCache.set(key, { token: json.access_token, expiresAt: now + lifetime * 1000 });
        return { ok: true as const, token: json.access_token };
      }
      const detail = `msteams token ${answer.status} ${typeof json.error === "string" ? json.error : "no token"}`;
      return answer.status === 429 || answer.status >= 500 ? failed("ProviderUnavailable", detail, true) : failed("AppNotAuthorized", detail);
    })().finally(() => tokenRequests.delete(key));
    tokenRequests.set(key, pending);
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------

/** What the adapter needs beyond the old static settings: the bot's registration, the database, the app's address. */
export interface TeamsBotDeps {
  bot: TeamsBotConfig;
  db: Db;
  appUrl: string;
  now?: () => Date;
}

/**
 * With `deps` (the Worker): the identity platform's token, the stored conversation reference (or a
 * new conversation on the tenant's installation's serviceUrl), BotDisabledByAdmin recorded on the
 * installation. Without (tests, local development): the static MSTEAMS_BOT_TOKEN on
 * MSTEAMS_BOT_BASE_URL, creating the conversation each time.
 */
export function teamsAdapter(config: ChatDeliveryConfig["msteams"], fetcher: Fetcher, deps?: TeamsBotDeps): DeliveryAdapter {
  const now = () => deps?.now?.() ?? new Date();
  // Without the app's configured address, its origin is the message's own link's.
  const appUrlOf = (message: OutboundMessage) => deps?.appUrl ?? (httpLink(message.link) ? new URL(message.link!).origin : null);

  async function connect(
    message: OutboundMessage,
  ): Promise<{ outcome: DeliveryOutcome } | { connection: TeamsConnection; conversationId: string | null; disabled: boolean }> {
    const bot = deps?.bot;
    const registered = Boolean(bot?.appId && bot.appPassword);
    let token: string;
    if (registered) {
      const got = await botFrameworkToken(bot!, fetcher, now().getTime());
      if (!got.ok) return { outcome: got };
      token = got.token;
    } else if (config.botToken && config.botAppId) {
      token = config.botToken;
    } else {
      return { outcome: fail("AppNotAuthorized", "no Teams bot credentials (MSTEAMS_BOT_APP_ID and MSTEAMS_BOT_APP_PASSWORD)") };
    }
    const target = deps ? await deliveryTarget(deps.db, message.tenantId, message.recipient.msteamsUserId!) : null;
    const serviceUrl = target?.conversation?.serviceUrl ?? target?.installation?.serviceUrl ?? (registered ? null : config.botBaseUrl);
    if (!serviceUrl) return { outcome: fail("AppNotAuthorized", "msteams app not installed in the tenant") };
    const connection: TeamsConnection = { serviceUrl, token, botAppId: registered ? bot!.appId : config.botAppId };
    return { connection, conversationId: target?.conversation?.conversationId ?? null, disabled: Boolean(target?.installation?.disabledAt) };
  }

  async function settle(message: OutboundMessage, outcome: DeliveryOutcome, disabled: boolean): Promise<DeliveryOutcome> {
    if (!deps) return outcome;
    if (!outcome.ok && outcome.code === "BotDisabledByAdmin") {
      await markInstallationDisabled(deps.db, message.tenantId, now());
    } else if (!outcome.ok && outcome.code === "AppNotAuthorized" && outcome.detail.startsWith("msteams 401")) {
      dropBotToken(deps.bot);
    } else if (outcome.ok && disabled) {
      await clearInstallationDisabled(deps.db, message.tenantId, now());
    }
    return outcome;
  }

  return {
    name: "msteams",
    async deliver(message) {
      if (!message.recipient.msteamsUserId) return fail("NoChatAccount", "no Teams user id");
      const connected = await connect(message);
      if ("outcome" in connected) return connected.outcome;
      let conversationId = connected.conversationId;
      if (!conversationId) {
        const created = await send(fetcher, teamsCreateConversationRequest(connected.connection, message));
        if ("networkError" in created) return fail("ProviderUnavailable", `msteams ${created.networkError}`, true);
        const conversation = interpretTeamsCreateConversation(created.status, created.json, created.retryAfterSeconds);
        if (!("conversationId" in conversation)) return settle(message, conversation, connected.disabled);
        conversationId = conversation.conversationId;
      }
      const posted = await send(fetcher, teamsActivityRequest(connected.connection, conversationId, message, appUrlOf(message)));
      if ("networkError" in posted) return fail("ProviderUnavailable", `msteams ${posted.networkError}`, true);
      const outcome = interpretTeamsResponse(posted.status, posted.json, posted.retryAfterSeconds);
      return settle(message, outcome, connected.disabled);
    },
  };
}
