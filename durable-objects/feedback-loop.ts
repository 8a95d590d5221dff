import { createDb } from "../app/db/client.server";
import { GIVE_GROUP_MAX, planGiveFeedback, type GiveJob, type GiveResult, type LoopRequest } from "../app/modules/feedback/give-writes.server";
import { SingleWriter } from "./single-writer";

/**
 * One per feedback loop (DESIGN.md), named `library:<feedbackLibraryLoopId>` for a loop being
 * configured and launched, and `loop:<feedbackLoopId>` for a launched loop: the only writer of its
 * settings, its runs, their pairs and the feedback items they gather. The rules are the feedback
 * module's write plans (app/modules/feedback/*-writes.server.ts); this object gives them their
 * turn, one at a time, commits each plan in one D1 batch and answers a retried request once.
 */
export class FeedbackLoop extends SingleWriter<Env> {
  protected db() {
    return createDb(this.env.DB);
  }

  // Giving feedback: a sender's feedback to a receiver of a run, committed with the sends that
  // arrive while the object is busy (hundreds of senders at a deadline).
  readonly #gives = this.groupLane(GIVE_GROUP_MAX, planGiveFeedback);

  /** A sender's feedback in a run of this loop (`loop:<loopId>`); refused once given, after the deadline or when closed. */
  giveFeedback(request: LoopRequest, job: GiveJob): Promise<GiveResult> {
    return this.#gives(request, job);
  }
}
