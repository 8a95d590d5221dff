import { createDb } from "../app/db/client.server";
import { planAiFeedbackCommand, type AiFeedbackAnswer, type AiFeedbackCommand } from "../app/modules/one-on-ones/ai-feedback-writes.server";
import { planMeetingCommand, type MeetingAnswer, type MeetingCommand } from "../app/modules/one-on-ones/meeting-writes.server";
import type { MeetingRequest } from "../app/modules/one-on-ones/writer-types";
import { SingleWriter } from "./single-writer";

/**
 * One per 1-on-1 (DESIGN.md), named `one-on-one:<oneOnOneId>`: the only writer of the meeting's
 * state, both sides' prep answers and notes, and its AI feedback, so a submitted prep survey is
 * never overwritten by a late edit and an AI feedback's version check cannot race. The rules are
 * the one-on-ones module's write plans; this object gives them their turn.
 */
export class OneOnOneMeeting extends SingleWriter<Env> {
  protected db() {
    return createDb(this.env.DB);
  }

  /** State, prep answers, notes (app/modules/one-on-ones/meeting-writes.server.ts). */
  meeting(request: MeetingRequest, command: MeetingCommand): Promise<MeetingAnswer> {
    return this.write(request, (db) => planMeetingCommand(db, request, command));
  }

  /** The AI feedback (app/modules/one-on-ones/ai-feedback-writes.server.ts). */
  aiFeedback(request: MeetingRequest, command: AiFeedbackCommand): Promise<AiFeedbackAnswer> {
    return this.write(request, (db) => planAiFeedbackCommand(db, request, command));
  }
}
