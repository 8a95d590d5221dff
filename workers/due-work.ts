import type { Db } from "../app/db/client.server";

export interface DueWorkContext {
  env: Env;
  db: Db;
  now: Date;
}

export interface DueWorkJob {
  name: string;
  run(ctx: DueWorkContext): Promise<Record<string, unknown>>;
}

/** Registry of due-work jobs run by the every-minute cron; areas add theirs here. */
export const DUE_WORK: DueWorkJob[] = [];
