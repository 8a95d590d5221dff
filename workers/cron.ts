import { eq } from "drizzle-orm";
import { createDb, type Db } from "../app/db/client.server";
import { cronRuns } from "../app/db/schema";
import { logError } from "../app/lib/log.server";
import { DUE_WORK } from "./due-work";
import type { DueWorkJob } from "./due-work-job";

/** The claim key of a job for the period containing `now`: "deliver-outbox:29512345". */
export function cronRunKey(job: Pick<DueWorkJob, "name" | "everyMinutes">, now: Date) {
  const minute = Math.floor(now.getTime() / 60_000);
  return `${job.name}:${Math.floor(minute / (job.everyMinutes ?? 1))}`;
}

/**
 * The every-minute cron. Each due-work job is claimed for its period with a conditional insert;
 * a second fire of the same minute (retries, overlapping invocations) finds the claim taken and
 * does nothing. Jobs themselves claim their rows with conditional UPDATEs. A job that throws
 * keeps its claim (with the error recorded) and runs again next period.
 */
export async function runDueWork(env: Env, now: Date, jobs: readonly DueWorkJob[] = DUE_WORK) {
  const db = createDb(env.DB);
  const results: Record<string, unknown> = {};
  for (const job of jobs) {
    const key = cronRunKey(job, now);
    if (!(await claim(db, job.name, key))) {
      results[job.name] = "skipped";
      continue;
    }
    let result: Record<string, unknown>;
    try {
      result = await job.run({ env, db, now });
    } catch (error) {
      logError(`cron:${key}`, error);
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    results[job.name] = result;
    await db.update(cronRuns).set({ finishedAt: new Date(), result }).where(eq(cronRuns.key, key));
  }
  return results;
}

async function claim(db: Db, job: string, key: string) {
  const rows = await db.insert(cronRuns).values({ key, job }).onConflictDoNothing().returning({ key: cronRuns.key });
  return rows.length === 1;
}
