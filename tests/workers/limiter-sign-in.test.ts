import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SignInLimiter } from "../../durable-objects/sign-in-limiter";

function limiter(key: string) {
  const namespace = env.SIGN_IN_LIMITER as unknown as DurableObjectNamespace<SignInLimiter>;
  return namespace.get(namespace.idFromName(key));
}

describe("SignInLimiter", () => {
  it("allows attempts under the limit and counts down what remains", async () => {
    const stub = limiter("under-limit");
    const now = Date.now();
    expect(await stub.hit(3, 60, now)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await stub.hit(3, 60, now + 1)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await stub.hit(3, 60, now + 2)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it("refuses an attempt over the limit and says when to try again", async () => {
    const stub = limiter("over-limit");
    const now = Date.now();
    await stub.hit(2, 60, now);
    await stub.hit(2, 60, now + 10_000);
    expect(await stub.hit(2, 60, now + 20_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 40 });
  });

  it("lets attempts in again as old ones slide out of the window", async () => {
    const stub = limiter("sliding");
    const now = Date.now();
    await stub.hit(2, 60, now);
    await stub.hit(2, 60, now + 30_000);
    expect((await stub.hit(2, 60, now + 59_999)).allowed).toBe(false);
    // The first attempt has left the window; the second has not.
    expect(await stub.hit(2, 60, now + 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await stub.hit(2, 60, now + 60_001)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
  });

  it("does not record refused attempts, so hammering does not extend the wait", async () => {
    const stub = limiter("hammer");
    const now = Date.now();
    await stub.hit(1, 60, now);
    for (let i = 1; i <= 5; i++) await stub.hit(1, 60, now + i * 1000);
    expect(await stub.hit(1, 60, now + 60_000)).toMatchObject({ allowed: true });
  });

  it("never lets more than the limit through when attempts arrive at once", async () => {
    const stub = limiter("concurrent");
    const results = await Promise.all(Array.from({ length: 25 }, () => stub.hit(5, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 1)).toBe(true);
  });

  it("keeps separate counts per key", async () => {
    await limiter("key-a").hit(1, 60);
    expect((await limiter("key-a").hit(1, 60)).allowed).toBe(false);
    expect((await limiter("key-b").hit(1, 60)).allowed).toBe(true);
  });

  it("schedules a clean-up alarm, and running the alarm twice removes only expired attempts", async () => {
    const stub = limiter("alarm");
    await stub.hit(5, 60);
    const scheduled = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(scheduled).not.toBeNull();

    const now = Date.now();
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec("INSERT INTO hits (at, expires_at) VALUES (?, ?)", now - 120_000, now - 60_000);
    });
    const count = () =>
      runInDurableObject(stub, (_i, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM hits").one().n);
    expect(await count()).toBe(2);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await count()).toBe(1);
    // The live attempt keeps an alarm for its own expiry; running it early changes nothing.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await count()).toBe(1);
    expect(await stub.hit(2, 60)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("leaves no alarm once every attempt has expired", async () => {
    const stub = limiter("alarm-empty");
    const now = Date.now();
    await runInDurableObject(stub, async (_instance, state) => {
      state.storage.sql.exec("INSERT INTO hits (at, expires_at) VALUES (?, ?)", now - 120_000, now - 60_000);
      await state.storage.setAlarm(now + 60_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });
});
