import { describe, expect, it } from "vitest";
import { afterPrepSubmitted, closeByReviewer, dueTransition, mayStillSubmitPrep, meetingDate, OPEN_BEFORE_MS, SESSION_MS } from "./meeting-machine";

const at = Date.UTC(2026, 10, 20, 9, 0);
const prep = { state: "prep" as const, scheduledAt: at, startAt: null, closedAt: null };

describe("1-on-1 state machine", () => {
  it("keeps a prep meeting in prep until a day before its time", () => {
    expect(dueTransition(prep, at - OPEN_BEFORE_MS - 1)).toBeNull();
    expect(dueTransition(prep, at - OPEN_BEFORE_MS)).toEqual({ ...prep, state: "open" });
  });

  it("starts the session at the scheduled time and records it as startAt", () => {
    expect(dueTransition({ ...prep, state: "open" }, at)).toEqual({ ...prep, state: "session", startAt: at });
  });

  it("closes a session a set time after it started, closedAt being that moment", () => {
    const session = { ...prep, state: "session" as const, startAt: at };
    expect(dueTransition(session, at + SESSION_MS - 1)).toBeNull();
    expect(dueTransition(session, at + SESSION_MS)).toEqual({ ...session, state: "closed", closedAt: at + SESSION_MS });
  });

  it("takes every step at once when the clock is far past (a late cron)", () => {
    expect(dueTransition(prep, at + 10 * SESSION_MS)).toEqual({ state: "closed", scheduledAt: at, startAt: at, closedAt: at + SESSION_MS });
  });

  it("never moves a closed or an unscheduled meeting by the clock", () => {
    expect(dueTransition({ ...prep, state: "closed", startAt: at, closedAt: at }, at * 2)).toBeNull();
    expect(dueTransition({ ...prep, scheduledAt: null }, at * 2)).toBeNull();
  });

  it("opens once both sides have submitted their prep", () => {
    expect(afterPrepSubmitted("prep", false)).toBe("prep");
    expect(afterPrepSubmitted("prep", true)).toBe("open");
    expect(afterPrepSubmitted("session", true)).toBe("session");
  });

  it("takes a prep survey once, before the session", () => {
    expect(mayStillSubmitPrep("prep", false)).toBe(true);
    expect(mayStillSubmitPrep("open", false)).toBe(true);
    expect(mayStillSubmitPrep("open", true)).toBe(false);
    expect(mayStillSubmitPrep("session", false)).toBe(false);
  });

  it("lets the reviewer close only a meeting in session", () => {
    expect(closeByReviewer(prep, at)).toBeNull();
    expect(closeByReviewer({ ...prep, state: "session", startAt: at }, at + 5)).toEqual({ ...prep, state: "closed", startAt: at, closedAt: at + 5 });
  });

  it("dates a closed meeting by its start and any other by its schedule", () => {
    expect(meetingDate({ state: "closed", scheduledAt: at, startAt: at + 7 })).toBe(at + 7);
    expect(meetingDate({ state: "open", scheduledAt: at, startAt: null })).toBe(at);
    expect(meetingDate({ state: "prep", scheduledAt: null, startAt: null })).toBeNull();
  });
});
