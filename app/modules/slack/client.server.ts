import { SlackAPIClient } from "slack-edge";
import type { Config } from "~/lib/config.server";

/**
 * slack-edge's Web API client at the configured base URL (the fake in tests). Errors come back as
 * values, not exceptions, and its own 429 retry (a sleep inside the request) is off: an
 * interactivity answer must not wait, and notification delivery paces itself (DeliveryOutcome).
 */
export function slackApi(config: Config, token?: string) {
  return new SlackAPIClient(token, {
    baseUrl: config.slackApp.apiBaseUrl,
    throwSlackAPIError: false,
    retryHandlers: [],
    logLevel: "WARN",
  });
}

/** A call's error as one short string for the log (a connection failure throws in the client). */
export async function slackCall<T extends { ok: boolean; error?: string }>(call: () => Promise<T>): Promise<T | { ok: false; error: string }> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
