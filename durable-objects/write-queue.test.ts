import { describe, expect, it } from "vitest";
import { answerKey, freshOf, GroupLane, WorkQueue, type Queued, type Requester } from "./write-queue";

const ask = (requestId: string, actorId: string | null = "u-1", companyId = "c-1"): Requester => ({ requestId, companyId, actorId });

/** A promise with its resolve in hand, to hold a commit open while more changes arrive. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("answerKey", () => {
  it("tells the same request id apart by person and by company, and keeps system work apart", () => {
    const keys = [ask("r-1"), ask("r-1", "u-2"), ask("r-1", "u-1", "c-2"), ask("r-1", null), ask("r-2")].map(answerKey);
    expect(new Set(keys).size).toBe(5);
    expect(answerKey(ask("r-1"))).toBe(answerKey({ ...ask("r-1") }));
  });

  it("cannot be forged by an id that contains the separator", () => {
    expect(answerKey(ask('x","u-2', "u-1"))).not.toBe(answerKey(ask("x", 'u-1","u-2')));
  });
});

describe("WorkQueue", () => {
  it("runs work one at a time in arrival order, and a failure does not stop what follows", async () => {
    const queue = new WorkQueue();
    const log: string[] = [];
    const held = gate();
    const first = queue.run(async () => {
      log.push("first:start");
      await held.opened;
      log.push("first:end");
      return 1;
    });
    const failing = queue.run(async () => {
      log.push("second");
      throw new Error("refused");
    });
    const third = queue.run(async () => {
      log.push("third");
      return 3;
    });
    await Promise.resolve();
    held.open();
    await expect(first).resolves.toBe(1);
    await expect(failing).rejects.toThrow("refused");
    await expect(third).resolves.toBe(3);
    expect(log).toEqual(["first:start", "first:end", "second", "third"]);
  });
});

describe("freshOf", () => {
  it("applies each key once: an answered request and a repeat inside the group are not applied again", () => {
    const items: Queued<string>[] = [
      { request: ask("a"), job: "a" },
      { request: ask("b"), job: "b" },
      { request: ask("a"), job: "a again" },
      { request: ask("a", "u-2"), job: "a by someone else" },
      { request: ask("done"), job: "retry" },
    ];
    const { fresh, firstOf, known } = freshOf(items, (request) => (request.requestId === "done" ? { ok: true } : undefined));
    expect(fresh).toEqual([0, 1, 3]);
    expect(firstOf.get(answerKey(ask("a")))).toBe(0);
    expect([...known.keys()]).toEqual([4]);
  });
});

describe("GroupLane", () => {
  it("commits what arrives while the writer is busy as one group, in arrival order, every change answered", async () => {
    const queue = new WorkQueue();
    const groups: string[][] = [];
    const held = gate();
    const lane = new GroupLane<string, string>(queue, 64, async (items) => {
      groups.push(items.map((i) => i.job));
      if (groups.length === 1) await held.opened;
      return items.map((i) => `${i.job}:done`);
    });
    const first = lane.push(ask("r0"), "c0");
    await Promise.resolve();
    const rest = Array.from({ length: 9 }, (_, i) => lane.push(ask(`r${i + 1}`), `c${i + 1}`));
    held.open();
    expect(await Promise.all([first, ...rest])).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}:done`));
    expect(groups).toEqual([["c0"], ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"]]);
  });

  it("splits a long wait into groups of at most `max`, before work queued after them", async () => {
    const queue = new WorkQueue();
    const order: string[] = [];
    const held = gate();
    const blocker = queue.run(() => held.opened.then(() => order.push("blocker")));
    const lane = new GroupLane<number, number>(queue, 4, async (items) => {
      order.push(`group of ${items.length}`);
      return items.map((i) => i.job * 2);
    });
    const pushed = Array.from({ length: 10 }, (_, i) => lane.push(ask(`r${i}`), i));
    const later = queue.run(async () => order.push("later"));
    held.open();
    await blocker;
    expect(await Promise.all(pushed)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    await later;
    expect(order).toEqual(["blocker", "group of 4", "group of 4", "group of 2", "later"]);
  });

  it("a failed commit answers every change of its group with the error, and the next group still runs", async () => {
    const queue = new WorkQueue();
    let calls = 0;
    const lane = new GroupLane<string, string>(queue, 64, async (items) => {
      calls++;
      if (calls === 1) throw new Error("D1 unavailable");
      return items.map((i) => i.job);
    });
    const failed = lane.push(ask("r1"), "x");
    await expect(failed).rejects.toThrow("D1 unavailable");
    await expect(lane.push(ask("r2"), "y")).resolves.toBe("y");
  });
});
