import type { Db } from "~/db/client.server";
import { answered, type WritePlan } from "~/db/write-plan";
import type { MeetingRequest } from "./writer-types";

/** A change to a meeting's AI feedback: create, edit, regenerate, competencies, submit. */
export type AiFeedbackCommand = { type: "noop" };
export type AiFeedbackAnswer = { ok: true } | { ok: false; error: string };

export async function planAiFeedbackCommand(
  db: Db,
  request: MeetingRequest,
  command: AiFeedbackCommand
): Promise<WritePlan<AiFeedbackAnswer>> {
  void db;
  void request;
  void command;
  return answered({ ok: false, error: "not implemented" });
}
