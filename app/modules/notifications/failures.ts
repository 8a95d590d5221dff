import { NOTIFICATION_KIND_LABELS, isNotificationKind } from "./kinds";

/**
 * Why a message did not reach someone, as stored in notification_outbox.error: a code from this
 * list, optionally followed by ": " and the provider's own detail (kept for support, never shown).
 * The code is what the product explains to people (002 §8); the detail is what an engineer needs.
 */
export const DELIVERY_ERROR_CODES = [
  /** The person blocked the app's messages (Teams ConversationBlockedByUser, Slack messages tab off). */
  "BlockedByUser",
  /** A Teams admin disabled the app for the tenant (Bot Framework 403 BotDisabledByAdmin). */
  "BotDisabledByAdmin",
  /** The chat tool does not know the person (deleted, deactivated, wrong id). */
  "RecipientNotFound",
  /** The person has no account on the company's chat tool, so there is nobody to message. */
  "NoChatAccount",
  /** Our credentials were refused (revoked token, missing scope). */
  "AppNotAuthorized",
  /** The provider failed or throttled us; worth retrying. */
  "ProviderUnavailable",
  /** The provider refused the request for another reason. */
  "Rejected",
  /** Every retry failed; the queue gave up (dead-letter queue). */
  "RetriesExhausted",
] as const;

export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** The stored form: "Code" or "Code: provider detail". */
export function formatDeliveryError(code: DeliveryErrorCode, detail?: string): string {
  return detail ? `${code}: ${detail}` : code;
}

/** The code part of a stored error, or null for an unknown or empty value. */
export function deliveryErrorCode(stored: string | null | undefined): DeliveryErrorCode | null {
  if (!stored) return null;
  const code = stored.split(":", 1)[0].trim();
  return (DELIVERY_ERROR_CODES as readonly string[]).includes(code) ? (code as DeliveryErrorCode) : null;
}

// Texts quoted by 002 §8, used exactly.
export const BLOCKED_NOTIFICATIONS_REASON = "These users blocked notifications from apps.";
export const BOT_DISABLED_BY_ADMIN_MESSAGE = "Your Microsoft Teams admin disabled notifications from the app.";

// 002 §8 describes the advice without quoting it; this is our wording of it.
export const BLOCKED_NOTIFICATIONS_ADVICE =
  "Ask these colleagues to turn the app's notifications back on: in the chat, find the bot and choose Unblock bot conversation.";
export const BOT_DISABLED_BY_ADMIN_ADVICE = "Contact your Microsoft Teams admin or IT department to allow the app's notifications.";

const nameList = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/** '{names} did not receive your {type}.' (002 §8). */
export function notDeliveredMessage(names: readonly string[], kind: string): string {
  const type = isNotificationKind(kind) ? NOTIFICATION_KIND_LABELS[kind] : kind;
  return `${nameList.format(names)} did not receive your ${type}.`;
}

export interface DeliveryFailureNotice {
  message: string;
  reason?: string;
  advice?: string;
}

/**
 * What to tell the sender about the people a message did not reach: one notice for a disabled
 * Teams app (it concerns everyone at once), one naming the people who blocked the app, and one
 * naming everybody else who did not get it.
 */
export function describeDeliveryFailures(
  failures: ReadonlyArray<{ name: string; error: string | null }>,
  kind: string
): DeliveryFailureNotice[] {
  const notices: DeliveryFailureNotice[] = [];
  const codes = failures.map((f) => ({ name: f.name, code: deliveryErrorCode(f.error) }));
  if (codes.some((f) => f.code === "BotDisabledByAdmin")) {
    notices.push({ message: BOT_DISABLED_BY_ADMIN_MESSAGE, advice: BOT_DISABLED_BY_ADMIN_ADVICE });
  }
  const blocked = codes.filter((f) => f.code === "BlockedByUser").map((f) => f.name);
  if (blocked.length > 0) {
    notices.push({
      message: notDeliveredMessage(blocked, kind),
      reason: BLOCKED_NOTIFICATIONS_REASON,
      advice: BLOCKED_NOTIFICATIONS_ADVICE,
    });
  }
  const others = codes.filter((f) => f.code !== "BotDisabledByAdmin" && f.code !== "BlockedByUser").map((f) => f.name);
  if (others.length > 0) notices.push({ message: notDeliveredMessage(others, kind) });
  return notices;
}
