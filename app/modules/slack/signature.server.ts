import { verifySlackRequest } from "slack-edge";

/** Slack signs each request with the time it sent it; older or newer than this is refused. */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 300;

export type SignatureCheck = { ok: true; replayId: string; validUntil: Date } | { ok: false; reason: string };

/**
 * Slack's v0 request signature: HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the app's
 * signing secret. slack-edge's verifySlackRequest computes the HMAC (and refuses old timestamps
 * against the clock); the window both ways and the header shapes are checked here first, so a
 * timestamp from the future or a malformed header never reaches the HMAC. The signature itself
 * names the request for the replay check: it is unique per body and timestamp.
 */
export async function verifySlackSignature(
  signingSecret: string,
  headers: Headers,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<SignatureCheck> {
  if (!signingSecret) return { ok: false, reason: "signing secret not set" };
  const timestamp = headers.get("x-slack-request-timestamp") ?? "";
  const signature = headers.get("x-slack-signature") ?? "";
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "missing or malformed timestamp" };
  if (!/^v0=[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: "missing or malformed signature" };
  const sentAt = Number(timestamp);
  if (Math.abs(nowSeconds - sentAt) > SLACK_SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: "timestamp outside the window" };
  if (!(await verifySlackRequest(signingSecret, headers, rawBody))) return { ok: false, reason: "bad signature" };
  return { ok: true, replayId: `slack:${signature}`, validUntil: new Date((sentAt + SLACK_SIGNATURE_WINDOW_SECONDS) * 1000) };
}
