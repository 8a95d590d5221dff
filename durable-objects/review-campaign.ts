import { createDb } from "../app/db/client.server";
import { planAudienceChange } from "../app/modules/reviews/audience-writes.server";
import type {
  AudienceChange,
  CampaignRequest,
  ChangeResult,
  NominationChange,
  NominationResult,
  PairChange,
  ReminderOptions,
} from "../app/modules/reviews/campaign-commands";
import type { PairOutcome, ReviewEvent, ReviewOutcome, ReviewState } from "../app/modules/reviews/campaign-machine";
import { planCampaignChange, planSaveDraft } from "../app/modules/reviews/campaign-writes.server";
import type { DraftFields } from "../app/modules/reviews/launch.schema";
import { planNominationChange } from "../app/modules/reviews/nomination-writes.server";
import { PAIR_GROUP_MAX, planPairChanges } from "../app/modules/reviews/pair-writes.server";
import { SingleWriter } from "./single-writer";

/**
 * One per review campaign (`idFromName(campaignId)`): the only writer of the campaign's state,
 * its pairs and its nominations (DESIGN.md). The rules are the reviews module's write plans
 * (app/modules/reviews/*-writes.server.ts); this object gives them their turn, one at a time,
 * commits each plan's writes in one D1 batch and answers a retried request once (SingleWriter).
 * Pair changes, the frequent small ones (auto-saves, reminders), are committed in groups.
 */
export class ReviewCampaign extends SingleWriter<Env> {
  readonly #pairs = this.groupLane(PAIR_GROUP_MAX, planPairChanges);

  protected db() {
    return createDb(this.env.DB);
  }

  /** The Launch Review form's auto-save: creates the draft on its first save, then updates it while it is a draft. */
  saveDraft(request: CampaignRequest, fields: DraftFields): Promise<ChangeResult<"draft"> & { created?: boolean }> {
    return this.write(request, (db) => planSaveDraft(db, request, fields));
  }

  /** A change of the campaign's own state (launch, schedule, finalize, reopen, remind, …). */
  changeCampaign(request: CampaignRequest, event: ReviewEvent, reminder: ReminderOptions = {}): Promise<ChangeResult<ReviewOutcome>> {
    return this.write(request, (db) => planCampaignChange(db, request, event, reminder));
  }

  /**
   * A change of one pair (remove, remind, change reviewer, reopen, share, the reviewer's
   * save/submit/decline), committed with the others that arrive while the object is busy.
   */
  changePair(request: CampaignRequest, pairId: string, change: PairChange): Promise<ChangeResult<PairOutcome>> {
    return this.#pairs(request, { pairId, change });
  }

  /** The audience and the nomination phase (000 §2 "Launch review audience", §4 "Nomination flow"). */
  changeAudience(request: CampaignRequest, change: AudienceChange): Promise<ChangeResult<ReviewState>> {
    return this.write(request, (db) => planAudienceChange(db, request, change));
  }

  /** The people's side of the nomination phase: nominate, a manager's approvals and additions, a reviewer's answers. */
  changeNomination(request: CampaignRequest, change: NominationChange): Promise<NominationResult> {
    return this.write(request, (db) => planNominationChange(db, request, change));
  }
}
