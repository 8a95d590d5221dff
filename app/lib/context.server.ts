import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "~/db/client.server";
import { readConfig, type Config } from "./config.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Db;
    config: Config;
    requestId: string;
  }
}

export function createLoadContext(env: Env, ctx: ExecutionContext, requestId: string): AppLoadContext {
  return { cloudflare: { env, ctx }, db: createDb(env.DB), config: readConfig(env), requestId };
}
