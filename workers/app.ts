import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/server/index.js";
import { createLoadContext } from "../app/lib/context.server";
import { logError } from "../app/lib/log.server";
import { applySecurityHeaders, isCrossSiteMutation } from "../app/lib/security.server";
import { readConfig } from "../app/lib/config.server";
import { destroySession } from "../app/modules/auth/session.server";
import { runDueWork } from "./cron";
import { handleJobBatch, type JobMessage } from "./queues";

export { ReviewCampaign } from "../durable-objects/review-campaign";
export { SignInLimiter } from "../durable-objects/sign-in-limiter";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    const config = readConfig(env);
    let response: Response;
    try {
      if (isCrossSiteMutation(request)) {
        response = new Response("Cross-site request refused", { status: 403 });
      } else {
        const context = createLoadContext(env, ctx, requestId);
        response = await handleRemixRequest(request, context);
        if (response.status === 401) {
          // An Unauthorized answer signs the person out (002 §8).
          response = new Response(response.body, response);
          response.headers.append("Set-Cookie", await destroySession(request, context));
        }
      }
    } catch (error) {
      logError(requestId, error, { url: request.url, method: request.method });
      response = new Response(`Something went wrong. (request ${requestId})`, { status: 500 });
    }
    response = new Response(response.body, response);
    applySecurityHeaders(response.headers, config);
    response.headers.set("X-Request-Id", requestId);
    return response;
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runDueWork(env, new Date(controller.scheduledTime)));
  },

  async queue(batch, env) {
    await handleJobBatch(batch, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
