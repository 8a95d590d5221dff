import { createDb } from "../app/db/client.server";
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
}
