import type { ChatDeliveryConfig, Config } from "~/lib/config.server";
import { formatDeliveryError, type DeliveryErrorCode } from "./failures";
import type { NotificationChannel } from "./kinds";

/** One outbox row, resolved to a person, ready to send. */
export interface OutboundMessage {
  outboxId: string;
  channel: NotificationChannel;
  kind: string;
  subject: string;
  body: string;
  /** Absolute URL or null. */
  link: string | null;
  recipient: { name: string; email: string | null; slackUserId: string | null; msteamsUserId: string | null };
  /** The company's Microsoft tenant id (Teams-type) or Slack team id. */
  tenantId: string;
}

export type DeliveryOutcome =
  | { ok: true }
  | {
      ok: false;
      code: DeliveryErrorCode;
      /** Provider detail for the stored error ("slack user_not_found", "http 503"). */
      detail: string;
      /** Throttling and provider outages are worth another try; a refusal is not. */
      retryable: boolean;
    };

export interface DeliveryAdapter {
  readonly name: string;
  deliver(message: OutboundMessage): Promise<DeliveryOutcome>;
}

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** A request described as plain data, so building it is testable without a network. */
export interface PlannedRequest {
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body: string;
}

const fail = (code: DeliveryErrorCode, detail: string, retryable = false): DeliveryOutcome => ({ ok: false, code, detail, retryable });

/** The stored form of a failed outcome (see failures.ts). */
export function outcomeError(outcome: DeliveryOutcome): string | null {
  return outcome.ok ? null : formatDeliveryError(outcome.code, outcome.detail);
}

/**
 * Embedded default: the message lives in the outbox (and the /dev/inbox page), so delivering it
 * is only marking it sent. A demo sees every message without any chat tool.
 */
export const outboxAdapter: DeliveryAdapter = {
  name: "outbox",
  async deliver() {
    return { ok: true };
  },
};

// ---------------------------------------------------------------------------------------------
// Slack Web API: chat.postMessage with the person's user id as channel posts into the app's DM.

const SLACK_BLOCKED = new Set(["messages_tab_disabled", "cannot_dm_bot"]);
const SLACK_NOT_FOUND = new Set(["user_not_found", "channel_not_found", "user_disabled", "is_archived", "user_not_visible"]);
const SLACK_NOT_AUTHORIZED = new Set([
  "not_authed",
  "invalid_auth",
  "token_revoked",
  "token_expired",
  "account_inactive",
  "missing_scope",
  "no_permission",
  "ekm_access_denied",
  "access_denied",
]);
const SLACK_TRANSIENT = new Set(["ratelimited", "rate_limited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"]);

const escapeSlack = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function slackPostMessageRequest(config: ChatDeliveryConfig["slack"], message: OutboundMessage): PlannedRequest {
  const lines = [`*${escapeSlack(message.subject)}*`, escapeSlack(message.body)];
  if (message.link) lines.push(`<${message.link}|Open>`);
  return {
    url: `${config.apiBaseUrl.replace(/\/+$/, "")}/chat.postMessage`,
    method: "POST",
    headers: { Authorization: `Bearer ${config.botToken}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({ channel: message.recipient.slackUserId, text: lines.join("\n"), unfurl_links: false, unfurl_media: false }),
  };
}

/** Slack answers 200 with { ok: false, error } for most refusals, and 429 when throttled. */
export function interpretSlackResponse(status: number, body: unknown): DeliveryOutcome {
  if (status === 429) return fail("ProviderUnavailable", "slack http 429", true);
  if (status >= 500) return fail("ProviderUnavailable", `slack http ${status}`, true);
  const parsed = (body ?? {}) as { ok?: unknown; error?: unknown };
  if (status >= 200 && status < 300 && parsed.ok === true) return { ok: true };
  const error = typeof parsed.error === "string" ? parsed.error : `http_${status}`;
  const detail = `slack ${error}`;
  if (SLACK_BLOCKED.has(error)) return fail("BlockedByUser", detail);
  if (SLACK_NOT_FOUND.has(error)) return fail("RecipientNotFound", detail);
  if (SLACK_NOT_AUTHORIZED.has(error) || status === 401 || status === 403) return fail("AppNotAuthorized", detail);
  if (SLACK_TRANSIENT.has(error)) return fail("ProviderUnavailable", detail, true);
  return fail("Rejected", detail);
}

export function slackAdapter(config: ChatDeliveryConfig["slack"], fetcher: Fetcher): DeliveryAdapter {
  return {
    name: "slack",
    async deliver(message) {
      if (!message.recipient.slackUserId) return fail("NoChatAccount", "no Slack user id");
      if (!config.botToken) return fail("AppNotAuthorized", "SLACK_BOT_TOKEN is not set");
      const request = slackPostMessageRequest(config, message);
      const response = await send(fetcher, request);
      if ("networkError" in response) return fail("ProviderUnavailable", `slack ${response.networkError}`, true);
      return interpretSlackResponse(response.status, response.json);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Microsoft Teams through the Bot Framework connector: create (or find) the 1:1 conversation with
// the person, then post an activity into it.

const TEAMS_BLOCKED = new Set(["ConversationBlockedByUser"]);

export function teamsCreateConversationRequest(config: ChatDeliveryConfig["msteams"], message: OutboundMessage): PlannedRequest {
  return {
    url: `${config.botBaseUrl.replace(/\/+$/, "")}/v3/conversations`,
    method: "POST",
    headers: { Authorization: `Bearer ${config.botToken}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({
      bot: { id: `28:${config.botAppId}` },
      members: [{ id: message.recipient.msteamsUserId }],
      channelData: { tenant: { id: message.tenantId } },
      tenantId: message.tenantId,
      isGroup: false,
    }),
  };
}

/**
 * Text for a Teams markdown message, shown as typed. Subjects and bodies carry names, titles and
 * notes people wrote; Teams renders both markdown and a subset of HTML (links, <at> mentions,
 * images), so HTML's characters become entities and markdown's a backslash escape. Block markers
 * only mean something at a line's start (lists, headings, rules), so only there are they escaped.
 * A web address typed into a name would become a link: a zero-width space after its scheme (or
 * "www") keeps it text, reading the same.
 */
export function escapeTeamsText(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/[\\`*_~[\](){}#|!]/g, "\\$&")
    .replace(/^([ \t]*)([-+=])/gm, "$1\\$2")
    .replace(/^([ \t]*\d+)([.)])/gm, "$1\\$2")
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, "$1:\u200b//")
    .replace(/\bwww\./gi, "www\u200b.");
}

/** Our own link for the message's [Open](…): http(s) only, with what would end a markdown link target encoded. */
function teamsLinkTarget(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return link.replace(/[\s()<>]/g, (c) => encodeURIComponent(c).replace("(", "%28").replace(")", "%29"));
}

export function teamsActivityRequest(
  config: ChatDeliveryConfig["msteams"],
  conversationId: string,
  message: OutboundMessage
): PlannedRequest {
  const parts = [`**${escapeTeamsText(message.subject)}**`, escapeTeamsText(message.body)];
  const target = message.link ? teamsLinkTarget(message.link) : null;
  if (target) parts.push(`[Open](${target})`);
  return {
    url: `${config.botBaseUrl.replace(/\/+$/, "")}/v3/conversations/${encodeURIComponent(conversationId)}/activities`,
    method: "POST",
    headers: { Authorization: `Bearer ${config.botToken}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({ type: "message", textFormat: "markdown", text: parts.join("\n\n") }),
  };
}

/** Bot Framework errors come as { error: { code, message } } with an HTTP status. */
export function interpretTeamsResponse(status: number, body: unknown): DeliveryOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const code = ((body ?? {}) as { error?: { code?: unknown } }).error?.code;
  const errorCode = typeof code === "string" ? code : `http_${status}`;
  const detail = `msteams ${status} ${errorCode}`;
  if (errorCode === "BotDisabledByAdmin") return fail("BotDisabledByAdmin", detail);
  if (TEAMS_BLOCKED.has(errorCode)) return fail("BlockedByUser", detail);
  if (status === 429 || status >= 500) return fail("ProviderUnavailable", detail, true);
  if (status === 401) return fail("AppNotAuthorized", detail);
  if (status === 404) return fail("RecipientNotFound", detail);
  if (status === 403) return fail("AppNotAuthorized", detail);
  return fail("Rejected", detail);
}

/** The conversation id from a create-conversation answer, or the failure. */
export function interpretTeamsCreateConversation(status: number, body: unknown): { ok: true; conversationId: string } | DeliveryOutcome {
  const outcome = interpretTeamsResponse(status, body);
  if (!outcome.ok) return outcome;
  const id = ((body ?? {}) as { id?: unknown }).id;
  if (typeof id !== "string" || !id) return fail("Rejected", "msteams create conversation answered without an id");
  return { ok: true, conversationId: id };
}

export function teamsAdapter(config: ChatDeliveryConfig["msteams"], fetcher: Fetcher): DeliveryAdapter {
  return {
    name: "msteams",
    async deliver(message) {
      if (!message.recipient.msteamsUserId) return fail("NoChatAccount", "no Teams user id");
      if (!config.botToken || !config.botAppId) return fail("AppNotAuthorized", "MSTEAMS_BOT_TOKEN or MSTEAMS_BOT_APP_ID is not set");
      const created = await send(fetcher, teamsCreateConversationRequest(config, message));
      if ("networkError" in created) return fail("ProviderUnavailable", `msteams ${created.networkError}`, true);
      const conversation = interpretTeamsCreateConversation(created.status, created.json);
      if (!("conversationId" in conversation)) return conversation;
      const posted = await send(fetcher, teamsActivityRequest(config, conversation.conversationId, message));
      if ("networkError" in posted) return fail("ProviderUnavailable", `msteams ${posted.networkError}`, true);
      return interpretTeamsResponse(posted.status, posted.json);
    },
  };
}

// ---------------------------------------------------------------------------------------------

async function send(fetcher: Fetcher, request: PlannedRequest): Promise<{ status: number; json: unknown } | { networkError: string }> {
  let response: Response;
  try {
    response = await fetcher(request.url, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    return { networkError: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

/**
 * "chat" sends Slack rows through the Slack Web API and Teams rows through the Bot Framework.
 * No e-mail provider is wired yet, so e-mail rows stay in the outbox as in the embedded default.
 */
export function chatAdapter(config: ChatDeliveryConfig, fetcher: Fetcher): DeliveryAdapter {
  const slack = slackAdapter(config.slack, fetcher);
  const msteams = teamsAdapter(config.msteams, fetcher);
  return {
    name: "chat",
    deliver(message) {
      if (message.channel === "slack") return slack.deliver(message);
      if (message.channel === "msteams") return msteams.deliver(message);
      return outboxAdapter.deliver(message);
    },
  };
}

/** The adapter NOTIFY_ADAPTER names. `fetcher` is injectable for tests; the default is the runtime's fetch. */
export function createDeliveryAdapter(config: Config, fetcher: Fetcher = (input, init) => fetch(input, init)): DeliveryAdapter {
  return config.notifyAdapter === "chat" ? chatAdapter(config.chat, fetcher) : outboxAdapter;
}
