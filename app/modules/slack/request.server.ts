import type { AppLoadContext } from "@remix-run/cloudflare";
import { logWarn } from "~/lib/log.server";
import { markTokenUsed } from "~/modules/auth/authorization.server";
import { verifySlackSignature } from "./signature.server";

/**
 * The gate in front of /slack/events and /slack/interactivity: the raw body's v0 signature within
 * its 300-second window, then the signature remembered in used_tokens until the window closes, so
 * the same signed body sent again is refused. Nothing else is read or written before it passes.
 */
export async function verifiedSlackBody(request: Request, context: AppLoadContext): Promise<{ ok: true; rawBody: string } | { ok: false; response: Response }> {
  const refuse = (reason: string) => {
    logWarn(context.requestId, "slack request refused", { reason, path: new URL(request.url).pathname });
    return { ok: false as const, response: new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } }) };
  };
  if (request.method !== "POST") return { ok: false, response: new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } }) };
  // The exact bytes Slack signed (a form body read as text would warn in workerd).
  const rawBody = new TextDecoder().decode(await request.arrayBuffer());
  const check = await verifySlackSignature(context.config.slackApp.signingSecret, request.headers, rawBody);
  if (!check.ok) return refuse(check.reason);
  if (!(await markTokenUsed(context, check.replayId, check.validUntil))) return refuse("replayed");
  return { ok: true, rawBody };
}

/** Work after the answer (Slack wants one within 3 seconds); errors go to the log. */
export function afterResponse(context: AppLoadContext, label: string, work: () => Promise<unknown>) {
  const run = work().catch((error) => logWarn(context.requestId, `slack ${label} failed`, { error: error instanceof Error ? error.message : String(error) }));
  const ctx = context.cloudflare?.ctx;
  if (ctx?.waitUntil) ctx.waitUntil(run);
  return run;
}
