import { describe, expect, it } from "vitest";
import {
  applyReport,
  emptyPacerState,
  pacerName,
  pruneState,
  reserveSlot,
  teamsBackoffMs,
  TEAMS_BACKOFF_CAP_MS,
  type PacerState,
} from "~/modules/notifications/pacing";

const T0 = 1_000_000;

/** Books `n` slots for one channel at the same instant; the waits each consumer is told. */
function book(state: PacerState, platform: "slack" | "msteams", channel: string, n: number, now = T0, maxWaitMs = 60_000) {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = reserveSlot(state, platform, channel, now, maxWaitMs);
    state = r.state;
    waits.push(r.reservation.waitMs);
  }
  return { state, waits };
}

describe("pacing: Slack, about one message a second per channel", () => {
  it("spaces messages to one channel a second apart, and leaves other channels free", () => {
    const { state, waits } = book(emptyPacerState(), "slack", "U1", 3);
    expect(waits).toEqual([0, 1000, 2000]);
    expect(reserveSlot(state, "slack", "U2", T0, 0).reservation).toEqual({ booked: true, waitMs: 0, recovering: false });
  });

  it("does not book a slot further away than the caller will wait, and changes nothing then", () => {
    const { state } = book(emptyPacerState(), "slack", "U1", 3);
    const far = reserveSlot(state, "slack", "U1", T0, 2500);
    expect(far.reservation).toEqual({ booked: false, waitMs: 3000, recovering: false });
    expect(far.state).toBe(state);
  });

  it("holds the whole workspace for a 429's Retry-After", () => {
    const held = applyReport(emptyPacerState(), "slack", { status: 429, throttled: true, retryAfterSeconds: 30 }, T0, Math.random);
    expect(held.holdUntil).toBe(T0 + 30_000);
    expect(reserveSlot(held, "slack", "U9", T0 + 1000, 60_000).reservation.waitMs).toBe(29_000);
    // A shorter Retry-After later never shortens the hold.
    expect(applyReport(held, "slack", { throttled: true, retryAfterSeconds: 1 }, T0 + 1000, Math.random).holdUntil).toBe(T0 + 30_000);
  });

  it("holds a second when throttled without a Retry-After, and ignores a success", () => {
    expect(applyReport(emptyPacerState(), "slack", { throttled: true }, T0, Math.random).holdUntil).toBe(T0 + 1000);
    const state = emptyPacerState();
    expect(applyReport(state, "slack", { throttled: false, status: 200 }, T0, Math.random)).toBe(state);
  });
});

describe("pacing: Teams, per-tenant back-off with jitter", () => {
  it("backs off on 429, 412, 502 and 504, doubling the ceiling each time, with full jitter", () => {
    for (const status of [429, 412, 502, 504]) {
      const s = applyReport(emptyPacerState(), "msteams", { status, throttled: false }, T0, () => 0.999);
      expect(s.backoffLevel, String(status)).toBe(1);
      expect(s.holdUntil).toBe(T0 + 1998);
    }
    const level3: PacerState = { ...emptyPacerState(), backoffLevel: 3 };
    expect(applyReport(level3, "msteams", { status: 429, throttled: true }, T0, () => 0.5).holdUntil).toBe(T0 + 8000);
    expect(applyReport(level3, "msteams", { status: 429, throttled: true }, T0, () => 0).holdUntil).toBe(T0 + 1000);
  });

  it("caps the back-off, honours a longer Retry-After, and ends it on a success", () => {
    expect(teamsBackoffMs(30, () => 0.999999)).toBeLessThanOrEqual(TEAMS_BACKOFF_CAP_MS);
    const s = applyReport(emptyPacerState(), "msteams", { status: 429, throttled: true, retryAfterSeconds: 90 }, T0, () => 0.1);
    expect(s.holdUntil).toBe(T0 + 90_000);
    expect(reserveSlot(s, "msteams", "29:a", T0, 1000).reservation).toEqual({ booked: false, waitMs: 90_000, recovering: true });
    expect(applyReport(s, "msteams", { status: 201, throttled: false }, T0 + 90_000, Math.random).backoffLevel).toBe(0);
  });

  it("refusals are not throttles", () => {
    const state = emptyPacerState();
    expect(applyReport(state, "msteams", { status: 403, throttled: false }, T0, Math.random)).toBe(state);
  });

  it("spaces one conversation's messages half a second apart", () => {
    expect(book(emptyPacerState(), "msteams", "29:a", 3).waits).toEqual([0, 500, 1000]);
  });
});

describe("pacing: state", () => {
  it("forgets channel times that have passed", () => {
    const { state } = book(emptyPacerState(), "slack", "U1", 2);
    expect(Object.keys(pruneState(state, T0 + 1500).nextAt)).toEqual(["U1"]);
    expect(pruneState(state, T0 + 2000).nextAt).toEqual({});
  });

  it("names one pacer per workspace or tenant", () => {
    expect(pacerName("slack", "T0ACME01")).toBe("slack:T0ACME01");
    expect(pacerName("msteams", "tenant-1")).not.toBe(pacerName("slack", "tenant-1"));
  });
});
