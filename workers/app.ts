import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/server/index.js";
import { createLoadContext } from "../app/lib/context.server";
import { logError } from "../app/lib/log.server";
import {
  applyBaseHeaders,
  applySecurityHeaders,
  bodyTooLargeResponse,
  bodyLimitFor,
  createCspNonce,
  isCrossSiteMutation,
  limitRequestBody,
} from "../app/lib/security.server";
import { readConfig, type Config } from "../app/lib/config.server";
import { destroySession } from "../app/modules/auth/session.server";
import { isAiSocketPath, openAiSocket } from "../app/modules/ai/chat-socket.server";
import { runDueWork } from "./cron";
import { handleJobBatch, type JobMessage } from "./queues";

export { ReviewCampaign } from "../durable-objects/review-campaign";
export { FeedbackLoop } from "../durable-objects/feedback-loop";
export { ObjectivesCampaign } from "../durable-objects/objectives-campaign";
export { OneOnOneMeeting } from "../durable-objects/one-on-one";
export { AiChat } from "../durable-objects/ai-chat";
export { SignInLimiter } from "../durable-objects/sign-in-limiter";
export { DeliveryPacer } from "../durable-objects/delivery-pacer";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Env objects whose refused configuration has been logged: once per isolate, not once per request. */
const loggedMisconfiguration = new WeakSet<object>();

/**
 * The configuration, or the error readConfig refused it with, logged once. A Worker with a
 * refused configuration (no session secret, developer sign-in on a public address) serves nothing.
 */
function checkedConfig(env: Env, where: string): { config: Config } | { error: unknown } {
  try {
    return { config: readConfig(env) };
  } catch (error) {
    if (!loggedMisconfiguration.has(env)) {
      loggedMisconfiguration.add(env);
      logError("configuration", error, { where });
    }
    return { error };
  }
}

/** The whole answer while the configuration is refused: the reason is in the log, not for clients. */
function misconfigured(requestId: string): Response {
  const response = new Response("Server misconfigured", {
    status: 500,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "X-Request-Id": requestId,
    },
  });
  applyBaseHeaders(response.headers);
  return response;
}

/** Scheduled and queued work stops with the refusal (the run fails and the queue retries later). */
function requireConfig(env: Env, where: string) {
  const checked = checkedConfig(env, where);
  if ("error" in checked) throw checked.error;
}

export default {
  async fetch(request, env, ctx) {
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    const checked = checkedConfig(env, "fetch");
    if ("error" in checked) return misconfigured(requestId);
    const { config } = checked;
    const cspNonce = createCspNonce();
    let response: Response;
    let overLimit = () => false;
    // A WebSocket upgrade answers 101 with the socket itself: it must reach the browser unwrapped.
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket" && isAiSocketPath(new URL(request.url).pathname)) {
      return openAiSocket(request, createLoadContext(env, ctx, requestId, { cspNonce, bodyOverLimit: () => false }));
    }
    try {
      const limited = isCrossSiteMutation(request) ? null : limitRequestBody(request);
      if (!limited) {
        response = new Response("Cross-site request refused", { status: 403 });
      } else if ("refused" in limited) {
        response = limited.refused;
      } else {
        overLimit = limited.overLimit;
        const context = createLoadContext(env, ctx, requestId, { cspNonce, bodyOverLimit: overLimit });
        response = await handleRemixRequest(limited.request, context);
        if (overLimit()) {
          response = bodyTooLargeResponse(bodyLimitFor(new URL(request.url)).bytes);
        } else if (response.status === 401) {
          // An Unauthorized answer signs the person out (002 §8).
          response = new Response(response.body, response);
          response.headers.append("Set-Cookie", await destroySession(request, context));
        }
      }
    } catch (error) {
      if (overLimit()) {
        response = bodyTooLargeResponse(bodyLimitFor(new URL(request.url)).bytes);
      } else {
        logError(requestId, error, { url: request.url, method: request.method });
        response = new Response(`Something went wrong. (request ${requestId})`, { status: 500 });
      }
    }
    response = new Response(response.body, response);
    applySecurityHeaders(response.headers, config, cspNonce);
    response.headers.set("X-Request-Id", requestId);
    return response;
  },

  async scheduled(controller, env, ctx) {
    requireConfig(env, "scheduled");
    ctx.waitUntil(runDueWork(env, new Date(controller.scheduledTime)));
  },

  async queue(batch, env) {
    requireConfig(env, "queue");
    await handleJobBatch(batch, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
