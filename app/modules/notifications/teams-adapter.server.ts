import type { ChatDeliveryConfig } from "~/lib/config.server";
import { fail, send, type DeliveryAdapter, type DeliveryOutcome, type Fetcher, type OutboundMessage, type PlannedRequest } from "./adapter-kit.server";

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

