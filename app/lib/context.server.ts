import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "~/db/client.server";
import { readConfig, type Config } from "./config.server";
import { createCspNonce } from "./security.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Db;
    config: Config;
    requestId: string;
    /** This response's script nonce: the same in the Content-Security-Policy header and on every script element. */
    cspNonce: string;
    /** Reading the request body went past its limit (the Worker answers 413, whatever the route did). */
    bodyOverLimit: () => boolean;
  }
}

export interface RequestExtras {
  cspNonce: string;
  bodyOverLimit?: () => boolean;
}

/** `extras` come from the Worker's fetch handler; code that renders no page (tests, jobs) may leave them out. */
export function createLoadContext(
  env: Env,
  ctx: ExecutionContext,
  requestId: string,
  extras: RequestExtras = { cspNonce: createCspNonce() },
): AppLoadContext {
  return {
    cloudflare: { env, ctx },
    db: createDb(env.DB),
    config: readConfig(env),
    requestId,
    cspNonce: extras.cspNonce,
    bodyOverLimit: extras.bodyOverLimit ?? (() => false),
  };
}
