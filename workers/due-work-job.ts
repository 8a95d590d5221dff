import type { Db } from "../app/db/client.server";

/** One kind of due work the minute cron runs (workers/due-work.ts lists them). */
export interface DueWorkContext {
  env: Env;
  db: Db;
  now: Date;
}

export interface DueWorkJob {
  name: string;
  /** Runs at most once per this many minutes (default 1): the cron claims one run per period. */
  everyMinutes?: number;
  run(ctx: DueWorkContext): Promise<Record<string, unknown>>;
}
