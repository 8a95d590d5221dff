import type { OneOnOneState } from "../feedback/loop-types";

/**
 * A 1-on-1's states (001 §4: prep → open → session → closed) and what moves each, as pure
 * functions the single writer's plans and the minute cron share:
 * - prep → open when both sides have submitted their prep survey, or OPEN_BEFORE_MS before the
 *   scheduled time, whichever comes first;
 * - open (or prep) → session at the scheduled time, which becomes `startAt`;
 * - session → closed SESSION_MS after `startAt` (`closedAt` is that moment), or earlier when the
 *   reviewer closes it.
 * A meeting without a scheduled time moves only by its parties (both preps, the reviewer's close
 * once in session cannot happen, so it waits in prep or open until it is scheduled).
 */

export const OPEN_BEFORE_MS = 24 * 3_600_000;
export const SESSION_MS = 3_600_000;

export interface MeetingTimes {
  state: OneOnOneState;
  scheduledAt: number | null;
  startAt: number | null;
  closedAt: number | null;
}

/** Where the clock alone takes a meeting at `now` (several steps at once when the cron was late); null when nothing is due. */
export function dueTransition(m: MeetingTimes, now: number): MeetingTimes | null {
  if (m.state === "closed") return null;
  let next: MeetingTimes = { ...m };
  if (next.state === "prep" && next.scheduledAt !== null && now >= next.scheduledAt - OPEN_BEFORE_MS) next.state = "open";
  if (next.state === "open" && next.scheduledAt !== null && now >= next.scheduledAt) {
    next = { ...next, state: "session", startAt: next.startAt ?? next.scheduledAt };
  }
  if (next.state === "session" && next.startAt !== null && now >= next.startAt + SESSION_MS) {
    next = { ...next, state: "closed", closedAt: next.startAt + SESSION_MS };
  }
  return next.state === m.state ? null : next;
}

/** The state after a side submits its prep survey: open once both have. */
export function afterPrepSubmitted(state: OneOnOneState, bothSubmitted: boolean): OneOnOneState {
  return state === "prep" && bothSubmitted ? "open" : state;
}

/** Whether a side may still submit its prep survey: before the session starts, once. */
export function mayStillSubmitPrep(state: OneOnOneState, alreadySubmitted: boolean): boolean {
  return !alreadySubmitted && (state === "prep" || state === "open");
}

/** The reviewer's "Close 1-on-1": only a meeting in session; it ends now. */
export function closeByReviewer(m: MeetingTimes, now: number): MeetingTimes | null {
  if (m.state !== "session") return null;
  return { ...m, state: "closed", closedAt: now };
}

/** 001 §4: a closed meeting shows when it started, any other its scheduled time; null is 'Not Scheduled'. */
export function meetingDate(m: { state: OneOnOneState; scheduledAt: number | null; startAt: number | null }): number | null {
  return m.state === "closed" ? (m.startAt ?? m.scheduledAt) : m.scheduledAt;
}
