import { describe, expect, it } from "vitest";
import {
  DENY_REASON_REQUIRED,
  isDelayed,
  NOMINATION_RESPONSE_FROM,
  nominationResponse,
  NOMINEES_REQUIRED,
  PAIR_STATE_LABELS,
  PAIR_STATES,
  pairActions,
  pairTransition,
  REVIEW_STATES,
  reviewRowActions,
  reviewTransition,
  type PairState,
  type ReviewEvent,
  type ReviewState,
} from "./campaign-machine";

const NOW = Date.UTC(2026, 10, 22, 10, 0);

describe("review states (000 §4)", () => {
  it("launches a draft live, or schedules it when the start is ahead", () => {
    expect(reviewTransition("draft", { type: "launch", startAt: null, now: NOW })).toEqual({ ok: true, next: "live" });
    expect(reviewTransition("draft", { type: "launch", startAt: NOW - 1, now: NOW })).toEqual({ ok: true, next: "live" });
    expect(reviewTransition("draft", { type: "launch", startAt: NOW + 60_000, now: NOW })).toEqual({ ok: true, next: "scheduled" });
  });

  it("follows Draft → Scheduled → Live → Closed → Live, with Delete Schedule, Cancel and Delete", () => {
    expect(reviewTransition("scheduled", { type: "deleteSchedule" })).toEqual({ ok: true, next: "draft" });
    expect(reviewTransition("scheduled", { type: "cancel" })).toEqual({ ok: true, next: "deleted" });
    expect(reviewTransition("scheduled", { type: "start", startAt: NOW, now: NOW })).toEqual({ ok: true, next: "live" });
    expect(reviewTransition("live", { type: "finalize" })).toEqual({ ok: true, next: "closed" });
    expect(reviewTransition("closed", { type: "reopen" })).toEqual({ ok: true, next: "live" });
    expect(reviewTransition("closed", { type: "delete" })).toEqual({ ok: true, next: "deleted" });
    expect(reviewTransition("draft", { type: "delete" })).toEqual({ ok: true, next: "deleted" });
    expect(reviewTransition("live", { type: "remind" })).toEqual({ ok: true, next: "live" });
  });

  it("refuses every other event with a conflict, for every state", () => {
    const allowed: Record<ReviewState, ReviewEvent["type"][]> = {
      draft: ["launch", "delete"],
      scheduled: ["deleteSchedule", "cancel", "start"],
      live: ["finalize", "autoClose", "remind"],
      closed: ["reopen", "delete"],
    };
    const events: ReviewEvent[] = [
      { type: "launch", startAt: null, now: NOW },
      { type: "deleteSchedule" },
      { type: "cancel" },
      { type: "start", startAt: NOW, now: NOW },
      { type: "finalize" },
      { type: "autoClose", endAt: NOW, automaticClose: true, now: NOW },
      { type: "reopen" },
      { type: "delete" },
      { type: "remind" },
    ];
    for (const state of REVIEW_STATES) {
      for (const event of events) {
        const result = reviewTransition(state, event);
        expect(result.ok, `${state} + ${event.type}`).toBe(allowed[state].includes(event.type));
        if (!result.ok) expect(result.conflict).toMatch(/cannot be|not due|manually|end date/);
      }
    }
  });

  it("starts a scheduled review only when due, and closes automatically only when asked to and past the end", () => {
    expect(reviewTransition("scheduled", { type: "start", startAt: NOW + 1, now: NOW }).ok).toBe(false);
    expect(reviewTransition("live", { type: "autoClose", endAt: NOW - 1, automaticClose: true, now: NOW })).toEqual({
      ok: true,
      next: "closed",
    });
    expect(reviewTransition("live", { type: "autoClose", endAt: NOW - 1, automaticClose: false, now: NOW }).ok).toBe(false);
    expect(reviewTransition("live", { type: "autoClose", endAt: NOW + 1, automaticClose: true, now: NOW }).ok).toBe(false);
    expect(reviewTransition("live", { type: "autoClose", endAt: null, automaticClose: true, now: NOW }).ok).toBe(false);
  });

  it("offers the row actions of each state, and every action it offers is a transition that state allows", () => {
    expect(reviewRowActions("draft")).toEqual(["deleteReview"]);
    expect(reviewRowActions("scheduled")).toEqual(["deleteSchedule", "cancelReview"]);
    expect(reviewRowActions("live")).toEqual(["download"]);
    expect(reviewRowActions("closed")).toEqual(["reopenReview", "download", "deleteReview"]);
    const eventOf = {
      cancelReview: { type: "cancel" },
      deleteReview: { type: "delete" },
      deleteSchedule: { type: "deleteSchedule" },
      reopenReview: { type: "reopen" },
    } as const;
    for (const state of REVIEW_STATES) {
      for (const action of reviewRowActions(state)) {
        if (action === "download") continue;
        expect(reviewTransition(state, eventOf[action]).ok, `${state} ${action}`).toBe(true);
      }
    }
  });

  it("marks a live review Delayed once its end has passed", () => {
    expect(isDelayed("live", NOW - 1, NOW)).toBe(true);
    expect(isDelayed("live", NOW + 1, NOW)).toBe(false);
    expect(isDelayed("live", null, NOW)).toBe(false);
    expect(isDelayed("closed", NOW - 1, NOW)).toBe(false);
  });
});

describe("pair actions (000 §4 table)", () => {
  const live = { reviewState: "live", sharePairResult: true } as const;
  const liveWithoutShare = { reviewState: "live", sharePairResult: false } as const;
  const closed = { reviewState: "closed", sharePairResult: true } as const;

  it("matches the table row by row; share only with SharePairResult", () => {
    expect(pairActions("completed", live)).toEqual(["viewResult", "reopen", "download", "share"]);
    expect(pairActions("completed", liveWithoutShare)).toEqual(["viewResult", "reopen", "download"]);
    expect(pairTransition("completed", { type: "share" }, liveWithoutShare).ok).toBe(false);
    for (const state of ["nominated", "review-progress", "awaiting-nomination", "nomination-manager-approved", "pending"] as PairState[]) {
      expect(pairActions(state, live), state).toEqual(["remove", "sendReminder", "changeReviewer"]);
    }
    expect(pairActions("started", live)).toEqual(["view", "remove", "sendReminder", "changeReviewer"]);
    expect(pairActions("reviewer-declined", live)).toEqual(["reopen", "viewComment"]);
    expect(pairActions("nomination-reviewer-declined", live)).toEqual(["viewComment"]);
    expect(pairActions("nomination-manager-declined", live)).toEqual(["viewComment"]);
  });

  it("offers only completed pairs' actions (without reopen) once the review is closed", () => {
    expect(pairActions("completed", closed)).toEqual(["viewResult", "download", "share"]);
    for (const state of PAIR_STATES.filter((s) => s !== "completed")) expect(pairActions(state, closed), state).toEqual([]);
  });

  it("labels every state, pending as Not Started", () => {
    for (const state of PAIR_STATES) expect(PAIR_STATE_LABELS[state]).toBeTruthy();
    expect(PAIR_STATE_LABELS.pending).toBe("Not Started");
  });
});

describe("pair transitions", () => {
  const live = { reviewState: "live", sharePairResult: true } as const;
  const closed = { reviewState: "closed", sharePairResult: true } as const;

  it("removes, reminds and changes reviewer only where the table offers it", () => {
    expect(pairTransition("pending", { type: "remove" }, live)).toEqual({ ok: true, next: "removed" });
    expect(pairTransition("completed", { type: "remove" }, live).ok).toBe(false);
    expect(pairTransition("pending", { type: "sendReminder" }, closed).ok).toBe(false);
    expect(pairTransition("started", { type: "changeReviewer", retainDraft: true }, live)).toEqual({ ok: true, next: "started" });
    expect(pairTransition("started", { type: "changeReviewer", retainDraft: false }, live)).toEqual({ ok: true, next: "pending" });
    expect(pairTransition("pending", { type: "changeReviewer", retainDraft: true }, live)).toEqual({ ok: true, next: "pending" });
    expect(pairTransition("reviewer-declined", { type: "changeReviewer", retainDraft: false }, live).ok).toBe(false);
  });

  it("reopens a completed pair as started and a declined one as not started, never while closed", () => {
    expect(pairTransition("completed", { type: "reopen" }, live)).toEqual({ ok: true, next: "started" });
    expect(pairTransition("reviewer-declined", { type: "reopen" }, live)).toEqual({ ok: true, next: "pending" });
    const refused = pairTransition("completed", { type: "reopen" }, closed);
    expect(refused).toEqual({ ok: false, conflict: "This pair (Review Completed) cannot be reopened while the review is closed." });
  });

  it("lets the reviewer save, submit or decline only an open pair of a live review", () => {
    expect(pairTransition("pending", { type: "save" }, live)).toEqual({ ok: true, next: "started" });
    expect(pairTransition("started", { type: "submit" }, live)).toEqual({ ok: true, next: "completed" });
    expect(pairTransition("pending", { type: "decline" }, live)).toEqual({ ok: true, next: "reviewer-declined" });
    expect(pairTransition("completed", { type: "submit" }, live).ok).toBe(false);
    expect(pairTransition("reviewer-declined", { type: "save" }, live).ok).toBe(false);
    expect(pairTransition("started", { type: "submit" }, closed).ok).toBe(false);
  });
});

describe("nomination responses (000 §4 Nomination flow, §5)", () => {
  it("lets the manager approve a nominated pair, or deny it with a reason only", () => {
    expect(nominationResponse("manager", "nominated", "accept")).toEqual({ ok: true, next: "nomination-manager-approved" });
    expect(nominationResponse("manager", "nominated", "reject", "Works on another team")).toEqual({
      ok: true,
      next: "nomination-manager-declined",
    });
    expect(nominationResponse("manager", "nominated", "reject")).toEqual({ ok: false, conflict: DENY_REASON_REQUIRED });
    expect(nominationResponse("manager", "nominated", "reject", "   ")).toEqual({ ok: false, conflict: DENY_REASON_REQUIRED });
  });

  it("lets the reviewer accept an approved pair into a review to complete, or decline it without a reason", () => {
    expect(nominationResponse("reviewer", "nomination-manager-approved", "accept")).toEqual({ ok: true, next: "pending" });
    expect(nominationResponse("reviewer", "nomination-manager-approved", "reject")).toEqual({
      ok: true,
      next: "nomination-reviewer-declined",
    });
  });

  it("refuses a response from any other state, for both responders", () => {
    for (const state of PAIR_STATES) {
      for (const by of ["manager", "reviewer"] as const) {
        const result = nominationResponse(by, state, "accept", "why");
        expect(result.ok, `${by} from ${state}`).toBe(state === NOMINATION_RESPONSE_FROM[by]);
      }
    }
    expect(NOMINEES_REQUIRED).toBe("Please select at least one reviewer.");
  });
});
