import { and, eq, isNotNull, lte, or } from "drizzle-orm";
import { oneOnOnes } from "../app/db/schema";
import { logError } from "../app/lib/log.server";
import { OPEN_BEFORE_MS, SESSION_MS } from "../app/modules/one-on-ones/meeting-machine";
import type { MeetingAnswer } from "../app/modules/one-on-ones/meeting-writes.server";
import { oneOnOneWriterOf } from "../app/modules/one-on-ones/writer.server";
import type { DueWorkJob } from "./due-work-job";

/** Meetings moved per minute; the rest wait for the next minute. */
const BATCH = 100;

/**
 * The clock's moves of 1-on-1s (001 §4; app/modules/one-on-ones/meeting-machine.ts): prep opens a
 * day before the scheduled time, the session starts at it, and closes an hour later. Each due
 * meeting goes through its single writer with a request id made of the meeting, the state it
 * leaves and its scheduled time, and the write is guarded on that state: a double fire or a retry moves it once.
 */
export const oneOnOneSchedules: DueWorkJob = {
  name: "one-on-one-schedules",
  async run({ env, db, now }) {
    const t = now.getTime();
    const due = await db
      .select({ id: oneOnOnes.id, companyId: oneOnOnes.companyId, state: oneOnOnes.state, scheduledAt: oneOnOnes.scheduledAt })
      .from(oneOnOnes)
      .where(
        or(
          and(eq(oneOnOnes.state, "prep"), isNotNull(oneOnOnes.scheduledAt), lte(oneOnOnes.scheduledAt, new Date(t + OPEN_BEFORE_MS))),
          and(eq(oneOnOnes.state, "open"), isNotNull(oneOnOnes.scheduledAt), lte(oneOnOnes.scheduledAt, now)),
          and(eq(oneOnOnes.state, "session"), isNotNull(oneOnOnes.startAt), lte(oneOnOnes.startAt, new Date(t - SESSION_MS)))
        )
      )
      .limit(BATCH);
    let moved = 0;
    for (const m of due) {
      try {
        const answer = (await oneOnOneWriterOf(env, m.id).meeting(
          { requestId: `cron:one-on-one:${m.id}:${m.state}:${m.scheduledAt?.getTime()}`, companyId: m.companyId, actorId: null },
          { type: "advance", oneOnOneId: m.id, now: t }
        )) as MeetingAnswer;
        if (answer.ok && answer.state !== m.state) moved++;
      } catch (error) {
        logError(`cron:one-on-one:${m.id}`, error);
      }
    }
    return { due: due.length, moved };
  },
};
