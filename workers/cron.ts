import { sql } from "drizzle-orm";
import { createDb, type Db } from "../app/db/client.server";
import { cronRuns } from "../app/db/schema";
import { logError } from "../app/lib/log.server";
import { DUE_WORK } from "./due-work";

/**
 * The every-minute cron. Each due-work job is claimed for the minute with a conditional insert;
 * a second fire of the same minute (retries, overlapping invocations) finds the claim taken and
 * does nothing. Jobs themselves claim their rows with conditional UPDATEs.
 */
export async function runDueWork(env: Env, now: Date) {
  const db = createDb(env.DB);
  const minute = Math.floor(now.getTime() / 60_000);
  const results: Record<string, unknown> = {};
  for (const job of DUE_WORK) {
    if (!(await claim(db, job.name, minute))) {
      results[job.name] = "skipped";
      continue;
    }
    try {
      const result = await job.run({ env, db, now });
      results[job.name] = result;
      await db.update(cronRuns).set({ finishedAt: new Date(), result }).where(sql`${cronRuns.key} = ${`${job.name}:${minute}`}`);
    } catch (error) {
      logError(`cron:${job.name}:${minute}`, error);
      results[job.name] = "failed";
    }
  }
  return results;
}

async function claim(db: Db, job: string, minute: number) {
  const rows = await db
    .insert(cronRuns)
    .values({ key: `${job}:${minute}`, job })
    .onConflictDoNothing()
    .returning({ key: cronRuns.key });
  return rows.length === 1;
}
