import { DurableObject } from "cloudflare:workers";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../app/db/client.server";
import type { GroupPlan, WritePlan, Writes } from "../app/db/write-plan";
import { answerKey, freshOf, GroupLane, WorkQueue, type Queued, type Requester } from "./write-queue";

export type { Requester } from "./write-queue";

/** How long an answer is kept for a retry: a retry comes within minutes, a day is plenty. */
const ANSWERS_KEPT_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The base of a Durable Object that is the only writer of some D1 rows (one object per campaign,
 * loop, 1-on-1, …; DESIGN.md). D1 has no row locks, so "check, then write" is only safe when one
 * place does it, one change at a time. The base gives a writer three things, so each writer
 * states only its rules (as write plans, app/db/write-plan.ts):
 *
 * - a queue: changes are applied one at a time in arrival order (reads and writes are awaited and
 *   would otherwise interleave);
 * - idempotency: an answer is kept under the request id and the person and company asking, so a
 *   retried request gets the first answer and writes nothing more, while the same id from
 *   someone else is a change of its own;
 * - group commit: small frequent changes (a reviewer's auto-save, a reminder) queue up while the
 *   object is busy and are checked in order, then written in one D1 batch, which is what keeps
 *   hundreds of them a second within the latency the pages need.
 *
 * A writer extends it, names its database in `db()` and routes each RPC method to a plan of its
 * module: `return this.write(request, (db) => planX(db, request, change))`; a frequent kind of
 * change gets a lane once, `readonly #lane = this.groupLane(64, planXs)`, and is sent with
 * `this.#lane(request, change)`. Kept answers are read back with `answerOf`.
 */
export abstract class SingleWriter<E = unknown> extends DurableObject<E> {
  readonly #queue = new WorkQueue();
  #prunedAt = 0;

  constructor(ctx: DurableObjectState, env: E) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS answered (request_id TEXT PRIMARY KEY, result TEXT NOT NULL, at INTEGER NOT NULL)"
      );
      this.ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS answered_at ON answered (at)");
    });
  }

  /** The D1 database this object writes (each writer names its binding). */
  protected abstract db(): Db;

  /**
   * Runs `plan` after every change before it, once per request: the plan reads and decides, its
   * writes commit in one D1 batch, and the answer is kept for the same person's retry.
   */
  protected write<R>(request: Requester, plan: (db: Db) => Promise<WritePlan<R>>): Promise<R> {
    return this.#queue.run(async () => {
      const kept = this.#kept(request) as R | undefined;
      if (kept !== undefined) return kept;
      const db = this.db();
      const planned = await plan(db);
      const results = await this.#commit(db, planned.writes);
      const answer = planned.counted ? planned.counted(results) : planned.answer;
      this.#keep(answerKey(request), answer);
      return answer;
    });
  }

  /**
   * A lane of changes committed in groups of at most `max`: `plan` gets the group's changes not
   * answered before (a retry, or a repeat inside the group, gets the first answer) and returns one
   * answer for each and the writes of them all, which commit in one D1 batch.
   */
  protected groupLane<Q extends Requester, J, R>(max: number, plan: (db: Db, items: Queued<J, Q>[]) => Promise<GroupPlan<R>>) {
    const lane = new GroupLane<J, R, Q>(this.#queue, max, async (items) => {
      const { fresh, firstOf, known } = freshOf(items, (request) => this.#kept(request));
      const answers = new Map<number, R>(known as Map<number, R>);
      if (fresh.length > 0) {
        const db = this.db();
        const planned = await plan(db, fresh.map((i) => items[i]));
        await this.#commit(db, planned.writes);
        fresh.forEach((i, n) => {
          answers.set(i, planned.answers[n]);
          this.#keep(answerKey(items[i].request), planned.answers[n]);
        });
      }
      return items.map((item) => answers.get(firstOf.get(answerKey(item.request))!)!);
    });
    return (request: Q, job: J) => lane.push(request, job);
  }

  /** The kept answer to the same person's earlier request (for the page a change redirected to), or null. */
  answerOf(request: Requester): unknown {
    return this.#kept(request) ?? null;
  }

  async #commit(db: Db, writes: Writes): Promise<unknown[]> {
    if (writes.length === 0) return [];
    return db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }

  #kept(request: Requester): unknown {
    const row = this.ctx.storage.sql
      .exec<{ result: string }>("SELECT result FROM answered WHERE request_id = ?", answerKey(request))
      .toArray()[0];
    return row ? JSON.parse(row.result) : undefined;
  }

  #keep(key: string, answer: unknown) {
    const now = Date.now();
    if (now - this.#prunedAt > PRUNE_EVERY_MS) {
      this.ctx.storage.sql.exec("DELETE FROM answered WHERE at < ?", now - ANSWERS_KEPT_MS);
      this.#prunedAt = now;
    }
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO answered (request_id, result, at) VALUES (?, ?, ?)", key, JSON.stringify(answer), now);
  }
}
