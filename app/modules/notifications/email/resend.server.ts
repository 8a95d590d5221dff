import type { Config } from "~/lib/config.server";
import { fail, send, type DeliveryOutcome, type Fetcher, type PlannedRequest } from "../adapter-kit.server";
import type { EmailMessage, EmailProvider } from "./types";

// Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email): POST /emails with a
// bearer API key. Its Idempotency-Key makes a second request with the same key answer the first
// e-mail instead of sending another (keys are kept for 24 hours).

export function resendRequest(config: Config["email"], message: EmailMessage): PlannedRequest {
  return {
    url: `${config.apiBaseUrl.replace(/\/+$/, "")}/emails`,
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.apiKey}`,
      "Content-Type": "application/json",
      "Idempotency-Key": message.idempotencyKey,
    },
    body: JSON.stringify({ from: message.from, to: [message.to], subject: message.subject, html: message.html, text: message.text }),
  };
}

/**
 * Resend answers 200 with {id} when the e-mail is accepted and {statusCode, name, message} when
 * not: 429 (rate or daily quota) and 5xx are worth another try, after Retry-After when given;
 * a 409 for a request still in progress under the same key too; any other 4xx is a refusal.
 */
export function interpretResendResponse(status: number, body: unknown, retryAfterSeconds?: number): DeliveryOutcome {
  const parsed = (body ?? {}) as { id?: unknown; name?: unknown; message?: unknown };
  if (status >= 200 && status < 300) {
    return typeof parsed.id === "string" && parsed.id ? { ok: true } : fail("Rejected", "resend answered without an id");
  }
  const name = typeof parsed.name === "string" ? parsed.name : `http_${status}`;
  const detail = `resend ${status} ${name}`;
  const retry = (outcome: DeliveryOutcome) =>
    !outcome.ok && retryAfterSeconds !== undefined ? { ...outcome, retryAfterSeconds } : outcome;
  if (status === 429 || status >= 500) return retry(fail("ProviderUnavailable", detail, true));
  if (status === 409 && name === "concurrent_idempotent_requests") return retry(fail("ProviderUnavailable", detail, true));
  if (status === 401 || status === 403) return fail("AppNotAuthorized", detail);
  return fail("Rejected", detail);
}

export function resendProvider(config: Config["email"], fetcher: Fetcher): EmailProvider {
  return {
    name: "resend",
    async send(message) {
      if (!config.apiKey) return fail("AppNotAuthorized", "EMAIL_API_KEY is not set");
      const response = await send(fetcher, resendRequest(config, message));
      if ("networkError" in response) return fail("ProviderUnavailable", `resend ${response.networkError}`, true);
      return interpretResendResponse(response.status, response.json, response.retryAfterSeconds);
    },
  };
}
