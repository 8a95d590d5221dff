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

/** Consumers asking for one channel's turn, each at its own time, waiting as told; when each sent. */
function sendTimes(state: PacerState, platform: "slack" | "msteams", channel: string, asks: number[]) {
  const sent: number[] = [];
  for (let at of asks) {
    for (;;) {
      const r = reserveSlot(state, platform, channel, at);
      state = r.state;
      if (r.reservation.booked) break;
      at += r.reservation.waitMs;
    }
    sent.push(at);
  }
  return { state, sent };
}

describe("pacing: Slack, about one message a second per channel", () => {
  it("spaces messages to one channel about a second apart, and leaves other channels free", () => {
    const { state, sent } = sendTimes(emptyPacerState(), "slack", "U1", [T0, T0, T0 + 10, T0 + 5000]);
    // A second and a twentieth: requests a second apart do not arrive exactly a second apart.
    expect(sent).toEqual([T0, T0 + 1050, T0 + 2100, T0 + 5000]);
    expect(reserveSlot(state, "slack", "U2", T0 + 5000).reservation).toEqual({ booked: true, waitMs: 0, recovering: false });
  });

  it("says how long until the channel is free, and changes nothing then", () => {
    const { state } = sendTimes(emptyPacerState(), "slack", "U1", [T0]);
    const busy = reserveSlot(state, "slack", "U1", T0 + 400);
    expect(busy.reservation).toEqual({ booked: false, waitMs: 650, recovering: false });
    expect(busy.state).toBe(state);
  });

  it("holds the whole workspace for a 429's Retry-After", () => {
    const held = applyReport(emptyPacerState(), "slack", { status: 429, throttled: true, retryAfterSeconds: 30 }, T0, Math.random);
    expect(held.holdUntil).toBe(T0 + 30_000);
    expect(reserveSlot(held, "slack", "U9", T0 + 1000).reservation.waitMs).toBe(29_000);
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
    expect(reserveSlot(s, "msteams", "29:a", T0).reservation).toEqual({ booked: false, waitMs: 90_000, recovering: true });
    expect(applyReport(s, "msteams", { status: 201, throttled: false }, T0 + 90_000, Math.random).backoffLevel).toBe(0);
  });

  it("refusals are not throttles", () => {
    const state = emptyPacerState();
    expect(applyReport(state, "msteams", { status: 403, throttled: false }, T0, Math.random)).toBe(state);
  });

  it("spaces one conversation's messages about half a second apart", () => {
    expect(sendTimes(emptyPacerState(), "msteams", "29:a", [T0, T0, T0]).sent).toEqual([T0, T0 + 525, T0 + 1050]);
  });
});

describe("pacing: state", () => {
  it("forgets channel times that have passed", () => {
    const { state } = sendTimes(emptyPacerState(), "slack", "U1", [T0, T0]);
    expect(Object.keys(pruneState(state, T0 + 1500).nextAt)).toEqual(["U1"]);
    expect(pruneState(state, T0 + 2100).nextAt).toEqual({});
  });

  it("names one pacer per workspace or tenant", () => {
    expect(pacerName("slack", "T0ACME01")).toBe("slack:T0ACME01");
    expect(pacerName("msteams", "tenant-1")).not.toBe(pacerName("slack", "tenant-1"));
  });
});
