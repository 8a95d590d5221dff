import { createDb } from "../app/db/client.server";
import { GIVE_GROUP_MAX, planGiveFeedback, type GiveJob, type GiveRequest, type GiveResult } from "../app/modules/feedback/give-writes.server";
import {
  noticeChunks,
  planAudiencePair,
  planCloseRun,
  planDeleteLoop,
  planLaunch,
  planRemind,
  planStartRun,
  type LaunchAnswer,
  type LoopRequest,
  type ManageAnswer,
  type RunAnswer,
} from "../app/modules/feedback/loop-writes.server";
import type { LoopPair } from "../app/modules/feedback/loop-types";
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

  // --- Launch, runs, reminders and the audience-pair action (app/modules/feedback/loop-writes.server.ts) ---

  /** Launch of a library loop (object `library:<id>`): the launched loop and, starting now, its first run. */
  async launch(request: LoopRequest, input: { libraryLoopId: string; loopId: string; runId: string; now: number }): Promise<LaunchAnswer> {
    const answer = await this.write(request, (db) => planLaunch(db, request, input));
    if (answer.ok) await this.#queueNotices(request.companyId, answer.queueRunId);
    return answer;
  }

  /** The cron's start of the run due at `dueAt` (object `loop:<id>`). */
  async startRun(request: LoopRequest, input: { loopId: string; dueAt: number; runId: string; now: number }): Promise<RunAnswer> {
    const answer = await this.write(request, (db) => planStartRun(db, request, input));
    if (answer.ok) await this.#queueNotices(request.companyId, answer.queueRunId);
    return answer;
  }

  /** The cron's close of a run at its deadline (object `loop:<id>`). */
  closeRun(request: LoopRequest, input: { runId: string; now: number }): Promise<RunAnswer> {
    return this.write(request, (db) => planCloseRun(db, request, input));
  }

  /** Send Reminder to one pending pair's sender, or to every pending sender of the run. */
  async remind(request: LoopRequest, input: { loopId: string; runId: string; pair: LoopPair | null; now: number }): Promise<ManageAnswer> {
    const answer = await this.write(request, (db) => planRemind(db, request, input));
    if (answer.ok && answer.queueReminder) {
      const { runId, day, at } = answer.queueReminder;
      await this.#send(request.companyId, runId, await noticeChunks(this.db(), runId, at), day);
    }
    return answer;
  }

  /** Add a pair to the open run, or remove a pending one. */
  changePair(
    request: LoopRequest,
    input: { loopId: string; runId: string; action: "add" | "remove"; pair: LoopPair; now: number }
  ): Promise<ManageAnswer> {
    return this.write(request, (db) => planAudiencePair(db, request, input));
  }

  /** Delete the launched loop, its runs and pairs (with confirmation on manage feedback loops). */
  deleteLoop(request: LoopRequest, input: { loopId: string }): Promise<ManageAnswer> {
    return this.write(request, (db) => planDeleteLoop(db, request, input));
  }

  /**
   * A run with many senders is told through the queue, after its rows are committed. A retry of
   * the same request (its kept answer) queues again: the jobs write through the run's dedupe key,
   * so a message sent twice tells nobody twice, and a crash between commit and send loses nothing.
   */
  async #queueNotices(companyId: string, runId: string | null) {
    if (!runId) return;
    await this.#send(companyId, runId, await noticeChunks(this.db(), runId));
  }

  async #send(companyId: string, runId: string, chunks: string[][], reminderDay?: string) {
    for (let i = 0; i < chunks.length; i += 100) {
      await this.env.JOBS.sendBatch(
        chunks.slice(i, i + 100).map((senderIds) => ({
          body: { type: "feedback.notify-run" as const, companyId, runId, senderIds, ...(reminderDay ? { reminderDay } : {}) },
        }))
      );
    }
  }

  // Giving feedback: a sender's feedback to a receiver of a run, committed with the sends that
  // arrive while the object is busy (hundreds of senders at a deadline).
  readonly #gives = this.groupLane(GIVE_GROUP_MAX, planGiveFeedback);

  /** A sender's feedback in a run of this loop (`loop:<loopId>`); refused once given, after the deadline or when closed. */
  giveFeedback(request: GiveRequest, job: GiveJob): Promise<GiveResult> {
    return this.#gives(request, job);
  }
}
