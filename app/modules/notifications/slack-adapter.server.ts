import type { ChatDeliveryConfig } from "~/lib/config.server";
import { fail, send, type DeliveryAdapter, type DeliveryOutcome, type Fetcher, type OutboundMessage, type PlannedRequest } from "./adapter-kit.server";

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

