import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { oneOnOneParties, oneOnOnes } from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { oneOnOnesCopy as t } from "~/lib/copy";
import type { OneOnOneState } from "~/modules/feedback/loop-types";
import { afterPrepSubmitted, closeByReviewer, dueTransition, mayStillSubmitPrep, type MeetingTimes } from "./meeting-machine";
import type { PartyRole, PrepAnswers } from "./one-on-one-types";
import type { MeetingRequest } from "./writer-types";

/**
 * A change to a meeting: a side's prep answers (once, before the session), a side's notes
 * (shared and private, any time), the reviewer's close, and the clock's moves (the cron). The
 * side is the acting person's own: nobody writes the other side, and the system writes no side.
 */
export type MeetingCommand =
  | { type: "submitPrep"; oneOnOneId: string; answers: PrepAnswers; now: number }
  | { type: "saveNotes"; oneOnOneId: string; sharedNotes: string; privateNotes: string; now: number }
  | { type: "close"; oneOnOneId: string; now: number }
  | { type: "advance"; oneOnOneId: string; now: number };

export type MeetingAnswer = { ok: true; state: OneOnOneState } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const refused = (status: 400 | 403 | 404 | 409, error: string) => answered<MeetingAnswer>({ ok: false, status, error });

function timesUpdate(db: Db, id: string, from: OneOnOneState, next: MeetingTimes) {
  return db
    .update(oneOnOnes)
    .set({
      state: next.state,
      startAt: next.startAt === null ? null : new Date(next.startAt),
      closedAt: next.closedAt === null ? null : new Date(next.closedAt),
    })
    .where(and(eq(oneOnOnes.id, id), eq(oneOnOnes.state, from)));
}

export async function planMeetingCommand(db: Db, request: MeetingRequest, command: MeetingCommand): Promise<WritePlan<MeetingAnswer>> {
  const [meetings, parties] = await db.batch([
    db
      .select()
      .from(oneOnOnes)
      .where(and(eq(oneOnOnes.id, command.oneOnOneId), eq(oneOnOnes.companyId, request.companyId)))
      .limit(1),
    db
      .select({ userId: oneOnOneParties.userId, role: oneOnOneParties.role, submittedAt: oneOnOneParties.submittedAt })
      .from(oneOnOneParties)
      .where(and(eq(oneOnOneParties.oneOnOneId, command.oneOnOneId), eq(oneOnOneParties.companyId, request.companyId))),
  ]);
  const meeting = meetings[0];
  if (!meeting) return refused(404, "Not Found");
  const times: MeetingTimes = {
    state: meeting.state,
    scheduledAt: meeting.scheduledAt?.getTime() ?? null,
    startAt: meeting.startAt?.getTime() ?? null,
    closedAt: meeting.closedAt?.getTime() ?? null,
  };

  if (command.type === "advance") {
    const next = dueTransition(times, command.now);
    if (!next) return answered<MeetingAnswer>({ ok: true, state: meeting.state });
    return { writes: [timesUpdate(db, meeting.id, meeting.state, next)], answer: { ok: true, state: next.state } };
  }

  const side: PartyRole | null =
    request.actorId === meeting.reviewerId ? "reviewer" : request.actorId === meeting.revieweeId ? "reviewee" : null;
  if (!side || !request.actorId) return refused(403, t.notYours);

  if (command.type === "close") {
    if (side !== "reviewer") return refused(403, t.notYours);
    const next = closeByReviewer(times, command.now);
    if (!next) return refused(409, t.notInSession);
    return { writes: [timesUpdate(db, meeting.id, meeting.state, next)], answer: { ok: true, state: "closed" } };
  }

  const base = { oneOnOneId: meeting.id, companyId: meeting.companyId, userId: request.actorId, role: side };
  const target = [oneOnOneParties.oneOnOneId, oneOnOneParties.userId];

  if (command.type === "saveNotes") {
    const notes = { sharedNotes: command.sharedNotes.trim(), privateNotes: command.privateNotes.trim(), notesUpdatedAt: new Date(command.now) };
    if (!notes.sharedNotes && !notes.privateNotes) return refused(400, t.notesNeedOne);
    return {
      writes: [db.insert(oneOnOneParties).values({ ...base, ...notes }).onConflictDoUpdate({ target, set: notes })],
      answer: { ok: true, state: meeting.state },
    };
  }

  const mine = parties.find((p) => p.userId === request.actorId);
  if (!mayStillSubmitPrep(meeting.state, Boolean(mine?.submittedAt))) {
    return refused(409, mine?.submittedAt ? t.alreadySubmitted : t.prepClosed);
  }
  const prep = { answers: command.answers, submittedAt: new Date(command.now) };
  const writes: Writes = [db.insert(oneOnOneParties).values({ ...base, ...prep }).onConflictDoUpdate({ target, set: prep })];
  const otherId = side === "reviewer" ? meeting.revieweeId : meeting.reviewerId;
  const state = afterPrepSubmitted(meeting.state, Boolean(parties.find((p) => p.userId === otherId)?.submittedAt));
  if (state !== meeting.state) writes.push(timesUpdate(db, meeting.id, meeting.state, { ...times, state }));
  return { writes, answer: { ok: true, state } };
}
