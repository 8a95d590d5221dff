import type { Db } from "~/db/client.server";
import { answered, type WritePlan } from "~/db/write-plan";
import type { MeetingRequest } from "./writer-types";

/** A change to a meeting: its state, a side's prep answers, a side's notes. */
export type MeetingCommand = { type: "noop" };
export type MeetingAnswer = { ok: true } | { ok: false; error: string };

export async function planMeetingCommand(db: Db, request: MeetingRequest, command: MeetingCommand): Promise<WritePlan<MeetingAnswer>> {
  void db;
  void request;
  void command;
  return answered({ ok: false, error: "not implemented" });
}
