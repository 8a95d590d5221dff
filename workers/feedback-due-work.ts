import { and, eq, isNotNull, lte } from "drizzle-orm";
import { feedbackLoopRuns, feedbackLoops } from "../app/db/schema";
import { logError } from "../app/lib/log.server";
import type { DueWorkJob } from "./due-work-job";

/** Loops (or runs) handled per minute; the rest wait for the next minute. */
const BATCH = 50;

/**
 * Feedback loop runs (002 §4): each launched loop whose `next_run_at` is due starts a run (a
 * scheduled loop its first, a recurring one its next), and each open run whose deadline has passed
 * closes. Both go through the loop's Durable Object (`loop:<id>`) with a request id made of the
 * loop (run) and the due time, and the start plan requires the loop's next_run_at to still be the
 * time read here: a double fire, a retry or two overlapping minutes start and close each run once.
 */
export const feedbackLoopSchedules: DueWorkJob = {
  name: "feedback-loop-schedules",
  async run({ env, db, now }) {
    const [due, ending] = await db.batch([
      db
        .select({ id: feedbackLoops.id, companyId: feedbackLoops.companyId, nextRunAt: feedbackLoops.nextRunAt })
        .from(feedbackLoops)
        .where(and(isNotNull(feedbackLoops.nextRunAt), lte(feedbackLoops.nextRunAt, now)))
        .orderBy(feedbackLoops.nextRunAt)
        .limit(BATCH),
      db
        .select({ id: feedbackLoopRuns.id, loopId: feedbackLoopRuns.loopId, companyId: feedbackLoopRuns.companyId, deadlineAt: feedbackLoopRuns.deadlineAt })
        .from(feedbackLoopRuns)
        .where(and(eq(feedbackLoopRuns.state, "open"), lte(feedbackLoopRuns.deadlineAt, now)))
        .limit(BATCH),
    ]);
    const stub = (loopId: string) => env.FEEDBACK_LOOP.get(env.FEEDBACK_LOOP.idFromName(`loop:${loopId}`));
    let started = 0;
    let skipped = 0;
    let closed = 0;
    // Close first: a run ending as the next begins leaves the loop live, not ended.
    for (const run of ending) {
      const deadline = run.deadlineAt.getTime();
      try {
        const result = await stub(run.loopId).closeRun(
          { requestId: `cron:close:${run.id}:${deadline}`, companyId: run.companyId, actorId: null },
          { runId: run.id, now: now.getTime() }
        );
        if (result.ok) closed++;
      } catch (error) {
        logError(`cron:feedback-loop-schedules:close:${run.id}`, error);
      }
    }
    for (const loop of due) {
      const dueAt = loop.nextRunAt!.getTime();
      try {
        const result = await stub(loop.id).startRun(
          { requestId: `cron:start:${loop.id}:${dueAt}`, companyId: loop.companyId, actorId: null },
          { loopId: loop.id, dueAt, runId: crypto.randomUUID(), now: now.getTime() }
        );
        if (result.ok && result.runId) started++;
        else if (result.ok) skipped++;
      } catch (error) {
        logError(`cron:feedback-loop-schedules:start:${loop.id}`, error);
      }
    }
    return { started, skipped, closed };
  },
};
