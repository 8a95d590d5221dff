import type { AppLoadContext } from "@remix-run/cloudflare";
import { logInfo } from "~/lib/log.server";

export interface SignInLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Sign-in attempts are counted per client IP. On Cloudflare the edge sets CF-Connecting-IP and
 * a client cannot forge it; locally (wrangler dev, tests) it is usually absent, so every local
 * attempt shares the "local" key.
 */
export function signInClientKey(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Every sign-in attempt (provider start and callback, the framed tab, the workspace choice, the
 * demo sign-in) goes through one SignInLimiter Durable Object per client key, the single writer
 * of that key's sliding window, so parallel attempts cannot all slip under the limit. The limit
 * is SIGN_IN_RATE_LIMIT ("attempts/seconds", default 30/60).
 */
export async function hitSignInLimit(request: Request, context: AppLoadContext): Promise<SignInLimitVerdict> {
  const key = signInClientKey(request);
  const { limit, windowSeconds } = context.config.signInRateLimit;
  const namespace = context.cloudflare.env.SIGN_IN_LIMITER;
  const stub = namespace.get(namespace.idFromName(key));
  const result = await stub.hit(limit, windowSeconds);
  if (!result.allowed) {
    logInfo("sign-in rate limit reached", { requestId: context.requestId, key, retryAfterSeconds: result.retryAfterSeconds });
  }
  return { allowed: result.allowed, retryAfterSeconds: result.retryAfterSeconds };
}

export const TOO_MANY_ATTEMPTS_TITLE = "Too many sign-in attempts";
export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  return `Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`;
}

/**
 * The 429 answer for routes without a page of their own (resource routes): a small readable
 * HTML page with Retry-After. Routes with a page render the same text from action data instead.
 */
export function tooManyAttemptsResponse(retryAfterSeconds: number): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${TOO_MANY_ATTEMPTS_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem;text-align:center}a{color:#4f46e5}</style></head>
<body><main><h1>${TOO_MANY_ATTEMPTS_TITLE}</h1><p>${tooManyAttemptsMessage(retryAfterSeconds)}</p><p><a href="/sign-in">Go back to Sign In</a></p></main></body></html>`;
  return new Response(html, {
    status: 429,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
