import type { OutboxItem } from "~/db/schema";
import { parseRetryAfter } from "~/lib/retry-after";
import { formatDeliveryError, type DeliveryErrorCode } from "./failures";
import type { NotificationChannel } from "./kinds";

export { parseRetryAfter };

export type { OutboxItem };

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
  /** A digest's reminders, each link absolute; null for any other message. */
  items: OutboxItem[] | null;
  /** A reminder or a digest of them: the message offers "Snooze for a day". */
  snoozable: boolean;
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
      retryAfterSeconds?: number;
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

export const fail = (code: DeliveryErrorCode, detail: string, retryable = false): DeliveryOutcome => ({ ok: false, code, detail, retryable });

/** The stored form of a failed outcome (see failures.ts). */
export function outcomeError(outcome: DeliveryOutcome): string | null {
  return outcome.ok ? null : formatDeliveryError(outcome.code, outcome.detail);
}

/** An http(s) address as a string, or null: a message's link is never a javascript: or data: URL. */
export function httpLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function send(
  fetcher: Fetcher,
  request: PlannedRequest
): Promise<{ status: number; json: unknown; retryAfterSeconds?: number } | { networkError: string }> {
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
  const retryAfterSeconds = parseRetryAfter(response.headers.get("Retry-After"));
  return retryAfterSeconds === undefined ? { status: response.status, json } : { status: response.status, json, retryAfterSeconds };
}

