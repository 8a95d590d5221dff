/**
 * The pure parts of a single writer (durable-objects/single-writer.ts), apart so they run and are
 * tested without workerd: the queue that orders changes, the idempotency key, and the grouping of
 * queued changes for a group commit.
 */

/** Who asks: a request id is the asking form's or caller's, unique only for that person in that company. */
export interface Requester {
  requestId: string;
  companyId: string;
  /** The person who acts; null for the system (cron, queue). */
  actorId: string | null;
}

/**
 * The key a kept answer is stored under. A request id comes from the browser (a form's hidden
 * field), so another person, or another company, sending the same id must get their own change
 * applied, never the first person's answer. Work without a person has its own key space.
 */
export const answerKey = (request: Requester) => JSON.stringify([request.companyId, request.actorId ?? null, request.requestId]);

/**
 * Runs async work one piece at a time in arrival order. An awaited D1 read or write yields the
 * isolate, so without it two changes of one object would interleave between their check and write.
 * A failure answers its own caller and does not stop the pieces behind it.
 */
export class WorkQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

export type Queued<J, Q extends Requester = Requester> = { request: Q; job: J };

/**
 * Of a group of queued changes, the ones to apply: not answered before (`kept`) and not a repeat
 * of an earlier request in the same group (the same key). `fresh` are indexes into `items`;
 * `firstOf` maps a key to the index that answers it.
 */
export function freshOf<J, Q extends Requester>(items: Queued<J, Q>[], kept: (request: Q) => unknown) {
  const firstOf = new Map<string, number>();
  const fresh: number[] = [];
  const known = new Map<number, unknown>();
  items.forEach((item, i) => {
    const key = answerKey(item.request);
    if (firstOf.has(key)) return;
    firstOf.set(key, i);
    const answer = kept(item.request);
    if (answer !== undefined && answer !== null) known.set(i, answer);
    else fresh.push(i);
  });
  return { fresh, firstOf, known };
}

type Waiting<J, R, Q extends Requester> = Queued<J, Q> & { resolve: (answer: R) => void; reject: (error: unknown) => void };

/**
 * A group commit: changes that arrive while the writer is busy wait together and are applied as
 * groups of at most `max`, through `apply`, which must answer each change of a group in order.
 * The first change of an idle lane asks the queue for a turn; when the turn comes it takes every
 * change waiting by then (in groups of `max` if there are more), so everything stays in arrival
 * order with the work queued around it. A failed group answers its changes with the error.
 */
export class GroupLane<J, R, Q extends Requester = Requester> {
  #waiting: Waiting<J, R, Q>[] = [];

  constructor(
    private readonly queue: WorkQueue,
    private readonly max: number,
    private readonly apply: (items: Queued<J, Q>[]) => Promise<R[]>
  ) {}

  push(request: Q, job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ request, job, resolve, reject });
      if (this.#waiting.length === 1) this.queue.run(() => this.#flush());
    });
  }

  async #flush() {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let start = 0; start < waiting.length; start += this.max) {
      const group = waiting.slice(start, start + this.max);
      try {
        const answers = await this.apply(group.map(({ request, job }) => ({ request, job })));
        group.forEach((item, i) => item.resolve(answers[i]));
      } catch (error) {
        for (const item of group) item.reject(error);
      }
    }
  }
}
