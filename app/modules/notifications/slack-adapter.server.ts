import type { Db } from "~/db/client.server";
import { sharedCopy } from "~/lib/copy";
import type { ChatDeliveryConfig, IntegrationKeyRing } from "~/lib/config.server";
import { botTokenForCompanyTeam } from "~/modules/slack/installations.server";
import { escapeSlack, safeSlackUrl } from "~/modules/slack/mrkdwn";

export { escapeSlack, safeSlackUrl };
import { fail, parseRetryAfter, send, type DeliveryAdapter, type DeliveryOutcome, type Fetcher, type OutboundMessage, type PlannedRequest } from "./adapter-kit.server";
import { offersGiveFeedback } from "./kinds";

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

/** The action ids the interactivity endpoint answers (app/modules/slack/interactivity.server.ts). */
export const SLACK_ACTIONS = { open: "open_link", giveFeedback: "give_feedback", snooze: "snooze_reminders" } as const;

/** Slack allows 50 blocks a message: header, body, actions and a "more" line leave room for this many items. */
const MAX_DIGEST_ITEMS = 40;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Kept as a name for the message Block Kit is built from. */
export type SlackOutbound = OutboundMessage;

type Block = Record<string, unknown>;

const button = (text: string, actionId: string, extra: Record<string, unknown> = {}) => ({
  type: "button",
  text: { type: "plain_text", text, emoji: false },
  action_id: actionId,
  ...extra,
});

/** Block Kit for one notification: what it is, its text, its items (a digest) and its buttons. */
export function slackBlocks(message: SlackOutbound): Block[] {
  const words = sharedCopy.slackApp;
  const blocks: Block[] = [
    { type: "header", text: { type: "plain_text", text: clip(message.subject, 150), emoji: false } },
  ];
  if (message.body) blocks.push({ type: "section", text: { type: "mrkdwn", text: clip(escapeSlack(message.body), 3000) } });
  const items = message.items ?? [];
  for (const item of items.slice(0, MAX_DIGEST_ITEMS)) {
    const url = safeSlackUrl(item.link);
    const title = escapeSlack(item.subject);
    const heading = url ? `*<${url}|${title}>*` : `*${title}*`;
    blocks.push({ type: "section", text: { type: "mrkdwn", text: clip(item.body ? `${heading}\n${escapeSlack(item.body)}` : heading, 3000) } });
  }
  if (items.length > MAX_DIGEST_ITEMS) {
    blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: words.digestMore(items.length - MAX_DIGEST_ITEMS) }] });
  }
  const actions: Record<string, unknown>[] = [];
  const link = safeSlackUrl(message.link);
  if (link) actions.push(button(words.open, SLACK_ACTIONS.open, { url: link, style: "primary" }));
  if (offersGiveFeedback(message.kind)) actions.push(button(words.giveFeedback, SLACK_ACTIONS.giveFeedback, { value: message.outboxId }));
  if (message.snoozable) actions.push(button(words.snooze, SLACK_ACTIONS.snooze, { value: message.outboxId }));
  if (actions.length) blocks.push({ type: "actions", block_id: "notification_actions", elements: actions });
  return blocks;
}

/** The plain text Slack shows in notifications and where blocks cannot be shown. */
export function slackFallbackText(message: SlackOutbound): string {
  const lines = [`*${escapeSlack(message.subject)}*`, escapeSlack(message.body)];
  for (const item of message.items ?? []) lines.push(`• ${escapeSlack(item.subject)}`);
  const link = safeSlackUrl(message.link);
  if (link) lines.push(`<${link}|Open>`);
  return lines.join("\n");
}

export function slackPostMessageRequest(config: ChatDeliveryConfig["slack"], message: SlackOutbound, token = config.botToken): PlannedRequest {
  return {
    url: `${config.apiBaseUrl.replace(/\/+$/, "")}/chat.postMessage`,
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({
      channel: message.recipient.slackUserId,
      text: slackFallbackText(message),
      blocks: slackBlocks(message),
      unfurl_links: false,
      unfurl_media: false,
    }),
  };
}

/** Slack answers 200 with { ok: false, error } for most refusals, and 429 with Retry-After when throttled. */
export function interpretSlackResponse(status: number, body: unknown, retryAfter?: string | number | null): DeliveryOutcome {
  if (status === 429) {
    const seconds = typeof retryAfter === "number" ? retryAfter : (parseRetryAfter(retryAfter) ?? Number.NaN);
    const throttled = { ok: false as const, code: "ProviderUnavailable" as const, detail: "slack http 429", retryable: true };
    return Number.isFinite(seconds) && seconds >= 0 ? { ...throttled, retryAfterSeconds: seconds } : throttled;
  }
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

/** The bot token for a message: the installation of the recipient's workspace, or null to use the configured one. */
export type SlackTokenSource = (message: OutboundMessage) => Promise<string | null>;

/** Tokens from slack_installations: the company (its Slack team id is the message's tenantId) that installed the app. */
export function slackInstallationTokens(db: Db, ring: IntegrationKeyRing): SlackTokenSource {
  const cache = new Map<string, Promise<string | null>>();
  return (message) => {
    let token = cache.get(message.tenantId);
    if (!token) {
      token = botTokenForCompanyTeam(db, ring, message.tenantId);
      cache.set(message.tenantId, token);
    }
    return token;
  };
}

export function slackAdapter(config: ChatDeliveryConfig["slack"], fetcher: Fetcher, tokens?: SlackTokenSource): DeliveryAdapter {
  return {
    name: "slack",
    async deliver(message) {
      if (!message.recipient.slackUserId) return fail("NoChatAccount", "no Slack user id");
      const token = (tokens ? await tokens(message) : null) || config.botToken;
      if (!token) return fail("AppNotAuthorized", "the Slack app is not installed in the workspace and SLACK_BOT_TOKEN is not set");
      const request = slackPostMessageRequest(config, message, token);
      const response = await send(fetcher, request);
      if ("networkError" in response) return fail("ProviderUnavailable", `slack ${response.networkError}`, true);
      return interpretSlackResponse(response.status, response.json, response.retryAfterSeconds);
    },
  };
}
