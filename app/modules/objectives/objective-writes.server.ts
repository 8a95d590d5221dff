import type { Db } from "~/db/client.server";
import { answered, type GroupPlan, type WritePlan } from "~/db/write-plan";
import type { ObjectivesRequest, QueuedAfterCommit } from "./writer-types";

// A person's objectives' write plans: save, delete, submit, approve, actuals. (Being built.)

export type ObjectiveCommand = { kind: "placeholder" };

export type ObjectiveAnswer = QueuedAfterCommit & ({ ok: true; message: string } | { ok: false; message: string });

export type ActualJob = { keyResultId: string; value: number };

export type ActualCommand = { request: ObjectivesRequest; job: ActualJob };

export type ActualAnswer = { ok: true } | { ok: false; message: string };

export const ACTUALS_GROUP_MAX = 64;

export async function planObjectiveCommand(_db: Db, _request: ObjectivesRequest, _command: ObjectiveCommand): Promise<WritePlan<ObjectiveAnswer>> {
  return answered({ ok: false, message: "Not built yet." });
}

export async function planActuals(_db: Db, items: ActualCommand[]): Promise<GroupPlan<ActualAnswer>> {
  return { writes: [], answers: items.map(() => ({ ok: false, message: "Not built yet." })) };
}
