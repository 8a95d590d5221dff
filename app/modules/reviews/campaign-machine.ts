/**
 * The review campaign's state machine (000 §4), pure: the ReviewCampaign Durable Object checks
 * every transition against it before writing, and the pages use the same tables to decide which
 * actions to offer. Zod-free and dependency-free so both sides import it cheaply.
 */

import type { ObjectiveSnapshot } from "./questionnaire-blocks";

// ---------------------------------------------------------------------------------------------
// Review (campaign) states: Draft → Scheduled → Live → Closed.
// ---------------------------------------------------------------------------------------------

export const REVIEW_STATES = ["draft", "scheduled", "live", "closed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = { draft: "Draft", scheduled: "Scheduled", live: "Live", closed: "Closed" };

export type ReviewEvent =
  /** 'Launch Review' (no start date, or one already due) or 'Schedule Review' (a start date ahead). */
  | { type: "launch"; startAt: number | null; now: number }
  /** Delete Schedule: a scheduled review goes back to draft. */
  | { type: "deleteSchedule" }
  /** Cancel Review: a scheduled review is wiped. */
  | { type: "cancel" }
  /** The every-minute cron: a scheduled review whose start is due goes live. */
  | { type: "start"; startAt: number; now: number }
  /** Finalize Review: a live review closes. */
  | { type: "finalize" }
  /** The every-minute cron: a live review with automatic close whose end has passed closes. */
  | { type: "autoClose"; endAt: number | null; automaticClose: boolean; now: number }
  /** Reopen Review: a closed review is live again. */
  | { type: "reopen" }
  /** Delete Review: a draft or a closed review is removed. */
  | { type: "delete" }
  /** Send Reminders: only while live; the state does not change. */
  | { type: "remind" };

/** "deleted" is not a state a row keeps: the campaign and its pairs are gone. */
export type ReviewOutcome = ReviewState | "deleted";

export type Transition<T> = { ok: true; next: T } | { ok: false; conflict: string };

const refuse = (state: string, action: string): { ok: false; conflict: string } => ({
  ok: false,
  conflict: `A ${state} review cannot be ${action}.`,
});

export function reviewTransition(state: ReviewState, event: ReviewEvent): Transition<ReviewOutcome> {
  switch (event.type) {
    case "launch":
      if (state !== "draft") return refuse(state, "launched");
      return { ok: true, next: event.startAt !== null && event.startAt > event.now ? "scheduled" : "live" };
    case "deleteSchedule":
      return state === "scheduled" ? { ok: true, next: "draft" } : refuse(state, "unscheduled");
    case "cancel":
      return state === "scheduled" ? { ok: true, next: "deleted" } : refuse(state, "cancelled");
    case "start":
      if (state !== "scheduled") return refuse(state, "started");
      return event.startAt <= event.now ? { ok: true, next: "live" } : { ok: false, conflict: "The review is not due to start yet." };
    case "finalize":
      return state === "live" ? { ok: true, next: "closed" } : refuse(state, "finalized");
    case "autoClose":
      if (state !== "live") return refuse(state, "closed");
      if (!event.automaticClose || event.endAt === null) return { ok: false, conflict: "The review closes manually." };
      return event.endAt <= event.now ? { ok: true, next: "closed" } : { ok: false, conflict: "The review has not reached its end date." };
    case "reopen":
      return state === "closed" ? { ok: true, next: "live" } : refuse(state, "reopened");
    case "delete":
      return state === "draft" || state === "closed" ? { ok: true, next: "deleted" } : refuse(state, "deleted");
    case "remind":
      return state === "live" ? { ok: true, next: "live" } : refuse(state, "reminded");
  }
}

/** 000 §5, quoted: launching with a nomination audience whose nominations were not started. */
export const NOMINATIONS_NOT_STARTED =
  "You have added nomination audience but haven't started the nominations. Either start nominations or clear nomination audience before launching the review.";
/** 000 §5: launching without any pair (and no nominations under way). */
export const AUDIENCE_REQUIRED = "Please select the audience.";

/** The reviews list's row action keys (000 §4: download, cancelReview, deleteReview, deleteSchedule, reopenReview). */
export type ReviewRowAction = "download" | "cancelReview" | "deleteReview" | "deleteSchedule" | "reopenReview";

/** What the reviews list's row menu offers in each state (000 §4 "The row action menu differs per state"). */
export function reviewRowActions(state: ReviewState): ReviewRowAction[] {
  switch (state) {
    case "draft":
      return ["deleteReview"];
    case "scheduled":
      return ["deleteSchedule", "cancelReview"];
    case "live":
      return ["download"];
    case "closed":
      return ["reopenReview", "download", "deleteReview"];
  }
}

/** A review's end is Delayed when it is before now and the review is still open (000 §9). */
export function isDelayed(state: ReviewState, endAt: number | null, now: number) {
  return state === "live" && endAt !== null && endAt < now;
}

/**
 * Share Result (000 §3 resultSharingConfig, §4 "Result sharing"): manual lets the chosen people
 * share a completed result themselves; automated shares it with the chosen relationships and the
 * reviewees after each submitted review or when the review closes.
 */
export type ShareConfig =
  | { type: "manual"; canShare: ShareManualBy[] }
  | { type: "automated"; shareWith: string[]; after: "submit" | "close" };
/** Who may share a result by hand: the pair's reviewer (000 §3 isManualToReviewer) or the reviewee's manager. */
export type ShareManualBy = "reviewer" | "manager";

/** 000 §9 nomination item states. */
export const NOMINATION_STATES = ["open", "submitted", "declined", "expired", "canceled"] as const;
export type NominationState = (typeof NOMINATION_STATES)[number];

/** A reviewer's answer to one block. */
export interface PairAnswer {
  value?: string | number | string[] | null;
  comment?: string | null;
  notApplicable?: boolean;
  /** A rating of one of the reviewee's objectives: the objective as it was when rated. */
  objective?: ObjectiveSnapshot;
  /** Its KPIs' actuals as given (income-statement KPIs), by KPI order; null for the others. */
  actuals?: Array<string | null>;
}
export type PairAnswers = Record<string, PairAnswer>;

// ---------------------------------------------------------------------------------------------
// Reviewer/reviewee pairs (000 §4 "Pair states" and the pair actions table).
// ---------------------------------------------------------------------------------------------

export const PAIR_STATES = [
  "pending",
  "started",
  "nominated",
  "review-progress",
  "awaiting-nomination",
  "nomination-manager-approved",
  "completed",
  "reviewer-declined",
  "nomination-reviewer-declined",
  "nomination-manager-declined",
] as const;
export type PairState = (typeof PAIR_STATES)[number];

/** 000 §9 review status labels; pending reads Not Started. */
export const PAIR_STATE_LABELS: Record<PairState, string> = {
  pending: "Not Started",
  started: "Started",
  nominated: "Nominated",
  "review-progress": "Review In Progress",
  "awaiting-nomination": "Awaiting Nomination",
  "nomination-manager-approved": "Manager Approved",
  completed: "Review Completed",
  "reviewer-declined": "Reviewer Rejected",
  "nomination-reviewer-declined": "Nomination Nominee Declined",
  "nomination-manager-declined": "Manager Rejected",
};

export type PairAction =
  | "viewResult"
  | "view"
  | "reopen"
  | "download"
  | "share"
  | "remove"
  | "sendReminder"
  | "changeReviewer"
  | "viewComment";

export interface PairContext {
  reviewState: ReviewState;
  /** The actor holds SharePairResult (000 §6: Slack-type); the caller derives it from their permissions. */
  sharePairResult: boolean;
}

const OPEN_PAIR_STATES: PairState[] = ["nominated", "review-progress", "awaiting-nomination", "nomination-manager-approved", "pending"];

/**
 * The actions of 000 §4's pair table. When the review is closed only completed pairs offer
 * anything (and not reopen); share of a pair result only for holders of SharePairResult.
 */
export function pairActions(state: PairState, { reviewState, sharePairResult }: PairContext): PairAction[] {
  const closed = reviewState === "closed";
  if (state === "completed") {
    const actions: PairAction[] = ["viewResult"];
    if (!closed) actions.push("reopen");
    actions.push("download");
    if (sharePairResult) actions.push("share");
    return actions;
  }
  if (closed) return [];
  if (OPEN_PAIR_STATES.includes(state)) return ["remove", "sendReminder", "changeReviewer"];
  if (state === "started") return ["view", "remove", "sendReminder", "changeReviewer"];
  if (state === "reviewer-declined") return ["reopen", "viewComment"];
  return ["viewComment"];
}

export type PairEvent =
  | { type: "remove" }
  | { type: "sendReminder" }
  /** A new reviewer; `retainDraft` keeps the old reviewer's draft answers (offered when they had started). */
  | { type: "changeReviewer"; retainDraft: boolean }
  | { type: "reopen" }
  /** Share a completed result with the reviewee (SharePairResult). */
  | { type: "share" }
  /** The reviewer shares their completed review with the reviewee (manual sharing that allows it). */
  | { type: "shareWithReviewee" }
  /** The reviewer saves answers without submitting. */
  | { type: "save" }
  | { type: "submit" }
  | { type: "decline" };

/** "removed": the pair is gone from the campaign. */
export type PairOutcome = PairState | "removed";

/** Pair changes, checked against the actions the table offers and the review's state. */
export function pairTransition(state: PairState, event: PairEvent, context: PairContext): Transition<PairOutcome> {
  const offered = (action: PairAction) => pairActions(state, context).includes(action);
  const no = (what: string): { ok: false; conflict: string } => ({
    ok: false,
    conflict: `This pair (${PAIR_STATE_LABELS[state]}) cannot be ${what}${
      context.reviewState === "closed" ? " while the review is closed" : ""
    }.`,
  });
  // Before launch the audience is edited as a whole (the launch form), not pair by pair.
  if (context.reviewState === "draft" || context.reviewState === "scheduled") {
    return { ok: false, conflict: `The pairs of a ${context.reviewState} review change through its launch form.` };
  }
  switch (event.type) {
    case "remove":
      return offered("remove") ? { ok: true, next: "removed" } : no("removed");
    case "sendReminder":
      return offered("sendReminder") ? { ok: true, next: state } : no("reminded");
    case "changeReviewer":
      if (!offered("changeReviewer")) return no("given another reviewer");
      return { ok: true, next: state === "started" && event.retainDraft ? "started" : "pending" };
    case "reopen":
      if (!offered("reopen")) return no("reopened");
      return { ok: true, next: state === "completed" ? "started" : "pending" };
    case "share":
      return offered("share") ? { ok: true, next: state } : no("shared");
    case "shareWithReviewee":
      return state === "completed" ? { ok: true, next: state } : no("shared");
    case "save":
      if (context.reviewState !== "live" || !(state === "pending" || state === "started" || state === "review-progress"))
        return no("answered");
      return { ok: true, next: "started" };
    case "submit":
      if (context.reviewState !== "live" || !(state === "pending" || state === "started" || state === "review-progress"))
        return no("submitted");
      return { ok: true, next: "completed" };
    case "decline":
      if (context.reviewState !== "live" || !(state === "pending" || state === "started" || state === "review-progress"))
        return no("declined");
      return { ok: true, next: "reviewer-declined" };
  }
}

// ---------------------------------------------------------------------------------------------
// Nominations (000 §4 "Nomination flow", §5): the nominee proposes reviewers (pairs "nominated"),
// the nominee's manager approves or denies each, then each approved reviewer accepts or declines.
// ---------------------------------------------------------------------------------------------

/** 000 §2 empty state of the nomination to-dos, quoted. */
export const NO_NOMINATIONS = "No nominations available!";
/** 000 §5, quoted: a nomination needs at least one reviewer. */
export const NOMINEES_REQUIRED = "Please select at least one reviewer.";
/** 000 §5, quoted: a denied nomination needs a reason. */
export const DENY_REASON_REQUIRED = "A reason is required to deny a nomination.";

export type NominationResponder = "manager" | "reviewer";
export type NominationAnswer = "accept" | "reject";

/** The pair state each responder answers from. */
export const NOMINATION_RESPONSE_FROM: Record<NominationResponder, PairState> = {
  manager: "nominated",
  reviewer: "nomination-manager-approved",
};

/**
 * One response to a nominated pair: the manager moves a "nominated" pair to approved or declined
 * (a denial needs a reason); the reviewer moves an approved pair to "pending" (a review to
 * complete) or declined (the reason is optional).
 */
export function nominationResponse(
  by: NominationResponder,
  state: PairState,
  value: NominationAnswer,
  reason?: string | null
): Transition<PairState> {
  if (state !== NOMINATION_RESPONSE_FROM[by]) {
    return { ok: false, conflict: `This nomination (${PAIR_STATE_LABELS[state]}) has already been answered.` };
  }
  if (by === "manager") {
    if (value === "accept") return { ok: true, next: "nomination-manager-approved" };
    if (!reason?.trim()) return { ok: false, conflict: DENY_REASON_REQUIRED };
    return { ok: true, next: "nomination-manager-declined" };
  }
  return { ok: true, next: value === "accept" ? "pending" : "nomination-reviewer-declined" };
}
