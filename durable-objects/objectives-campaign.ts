import { createDb } from "../app/db/client.server";
import { planCampaignCommand, type CampaignAnswer, type CampaignCommand } from "../app/modules/objectives/campaign-writes.server";
import {
  ACTUALS_GROUP_MAX,
  planActuals,
  planObjectiveCommand,
  type ActualAnswer,
  type ActualJob,
  type ObjectiveAnswer,
  type ObjectiveCommand,
} from "../app/modules/objectives/objective-writes.server";
import type { ObjectivesRequest } from "../app/modules/objectives/writer-types";
import { SingleWriter } from "./single-writer";

/**
 * One per objectives campaign (DESIGN.md), named `campaign:<objectivesCampaignId>`: the only
 * writer of the campaign, its participants, and the objectives, key results and check-ins set in
 * it, so a person's weights are checked against what is really stored and an approval never
 * races an edit. The rules are the objectives module's write plans; this object gives them their
 * turn, commits each in one D1 batch, answers a retried request once, and after the commit sends
 * the queue jobs a plan asked for (notifications to many people).
 */
export class ObjectivesCampaign extends SingleWriter<Env> {
  protected db() {
    return createDb(this.env.DB);
  }

  /** Create, update, launch, remind (app/modules/objectives/campaign-writes.server.ts). */
  async campaign(request: ObjectivesRequest, command: CampaignCommand): Promise<CampaignAnswer> {
    const answer = await this.write(request, (db) => planCampaignCommand(db, request, command));
    await this.#send(answer.queue);
    return answer;
  }

  /** A person's objectives: save, delete, submit, approve (app/modules/objectives/objective-writes.server.ts). */
  async objectives(request: ObjectivesRequest, command: ObjectiveCommand): Promise<ObjectiveAnswer> {
    const answer = await this.write(request, (db) => planObjectiveCommand(db, request, command));
    await this.#send(answer.queue);
    return answer;
  }

  // Actuals save themselves as people type (500 ms after the last key), so they share one lane.
  readonly #actuals = this.groupLane(ACTUALS_GROUP_MAX, planActuals);

  /** A key result's actual (and the day's check-in). */
  saveActual(request: ObjectivesRequest, job: ActualJob): Promise<ActualAnswer> {
    return this.#actuals(request, job);
  }

  /**
   * Queue jobs go out after the commit; a retried request (its kept answer) sends them again, and
   * their handlers write through dedupe keys, so nobody is told twice.
   */
  async #send(queue: readonly unknown[] | undefined) {
    if (!queue || queue.length === 0) return;
    for (let i = 0; i < queue.length; i += 100) {
      await this.env.JOBS.sendBatch(queue.slice(i, i + 100).map((body) => ({ body })));
    }
  }
}
