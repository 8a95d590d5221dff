import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { surveyRuns, surveys } from "../app/db/schema";
import { logError } from "../app/lib/log.server";
import { launchBlockerOf, nextRunAfter, startRun } from "../app/modules/surveys/launch.server";
import { closeRun } from "../app/modules/surveys/runs.server";
import type { DueWorkJob } from "./due-work-job";

/** Surveys (or runs) handled per minute; the rest wait for the next minute. */
const BATCH = 50;

/**
 * Survey recurrences and close rules (001 §4, DESIGN "cron"): each survey whose `next_run_at` is
 * due starts a run (its audience resolved now) and moves `next_run_at` to the following
 * occurrence (null when it does not repeat). The claim is the conditional UPDATE in startRun on
 * the survey's version and the `next_run_at` read here, so a double fire (or two overlapping
 * minutes) starts each occurrence once. A survey that can no longer launch (its questions,
 * audience or result viewers were removed) skips the occurrence. Then open runs whose close rule
 * is due (automatic or on a specific time: `closes_at` passed; once everyone submits: every
 * recipient has) are closed by closeRun, itself conditional on the run being open.
 */
export const surveySchedules: DueWorkJob = {
  name: "survey-schedules",
  async run({ db, now }) {
    const [due, closing] = await db.batch([
      db
        .select()
        .from(surveys)
        .where(and(isNotNull(surveys.nextRunAt), lte(surveys.nextRunAt, now)))
        .orderBy(surveys.nextRunAt)
        .limit(BATCH),
      db
        .select({ id: surveyRuns.id, companyId: surveyRuns.companyId })
        .from(surveyRuns)
        .where(
          and(
            eq(surveyRuns.state, "open"),
            sql`((${surveyRuns.closesAt} IS NOT NULL AND ${surveyRuns.closesAt} <= ${now.getTime()})
              OR (${surveyRuns.closeRule} = 'closeAfterAllSubmits' AND ${surveyRuns.audienceCount} > 0
                  AND ${surveyRuns.submittedCount} >= ${surveyRuns.audienceCount}))`
          )
        )
        .limit(BATCH),
    ]);
    let started = 0;
    let skipped = 0;
    let lost = 0;
    for (const survey of due) {
      const dueAt = survey.nextRunAt!.getTime();
      // An occurrence missed while nothing ran (an outage) is not started late as well: the next is after now.
      const nextRunAt = nextRunAfter(survey, Math.max(dueAt, now.getTime()));
      try {
        if (launchBlockerOf(survey)) {
          await db
            .update(surveys)
            .set({ nextRunAt: nextRunAt === null ? null : new Date(nextRunAt), version: sql`${surveys.version} + 1` })
            .where(and(eq(surveys.id, survey.id), eq(surveys.version, survey.version), eq(surveys.nextRunAt, survey.nextRunAt!)));
          skipped++;
          continue;
        }
        const result = await startRun(db, survey, { actorId: null, launchedBy: survey.createdBy, now, runAt: dueAt, nextRunAt, dueAt });
        if (result.ok) started++;
        else lost++;
      } catch (error) {
        logError(`cron:survey-schedules:${survey.id}`, error);
      }
    }
    let closed = 0;
    for (const run of closing) {
      const result = await closeRun(db, { companyId: run.companyId, runId: run.id, actorId: null, now });
      if (result.ok) closed++;
    }
    return { started, skipped, lost, closed };
  },
};
