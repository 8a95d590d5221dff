import type { Db } from "~/db/client.server";
import { answered, type WritePlan } from "~/db/write-plan";
import type { ObjectivesRequest, QueuedAfterCommit } from "./writer-types";

// Objectives campaigns' write plans: create, update, launch, remind. (Being built.)

export type CampaignCommand = { kind: "placeholder" };

export type CampaignAnswer = QueuedAfterCommit & ({ ok: true; message: string } | { ok: false; message: string });

export async function planCampaignCommand(_db: Db, _request: ObjectivesRequest, _command: CampaignCommand): Promise<WritePlan<CampaignAnswer>> {
  return answered({ ok: false, message: "Not built yet." });
}
