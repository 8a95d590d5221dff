/**
 * The commands the ReviewCampaign Durable Object takes and the answers it gives: the contract
 * between the pages (campaigns.server.ts sends them through the REVIEW_CAMPAIGN binding) and the
 * write plans (*-writes.server.ts). Types and constants only, client-safe: components may name them.
 */
import type { SendAs } from "~/modules/notifications/kinds";
import type { NominationAnswer, PairAnswers, PairEvent } from "./campaign-machine";

/** Who asks, for which campaign; `requestId` makes a retried request apply once (for the same person). */
export interface CampaignRequest {
  requestId: string;
  companyId: string;
  campaignId: string;
  actorId: string | null;
}

/** A row of an upload that was not added (the invalid-pairs dialog lists them). */
export type RejectedRow = { row: number; reviewee?: string; reviewer?: string; email?: string; reason: string };

export type ChangeResult<T> =
  | { ok: true; state: T; version: number; count?: number; rejected?: RejectedRow[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; conflict: string };

/**
 * A pair event as the DO takes it: a new reviewer goes with changeReviewer; the reviewer's answers
 * with save and submit; the reason with decline. The reviewer's own events are refused (as not
 * found) for anyone but the pair's reviewer.
 */
export type PairChange = PairEvent & {
  reviewerId?: string;
  answers?: PairAnswers;
  declineReason?: string | null;
  /** The caller holds SharePairResult (the object has no viewer; without it a share is refused). */
  sharePairResult?: boolean;
};

/** The pair events only the pair's reviewer may send. */
export const REVIEWER_EVENTS: ReadonlySet<PairEvent["type"]> = new Set<PairEvent["type"]>(["save", "submit", "decline", "shareWithReviewee"]);

/** What a Send Reminders request carries (000 §3 "Reminder": note, sendAs). */
export interface ReminderOptions {
  note?: string | null;
  sendAs?: SendAs[];
}

/** A reviewee and a reviewer, as the audience adds them. */
export type Pair = { revieweeId: string; reviewerId: string };

/** Changes of a campaign's audience and nomination phase. */
export type AudienceChange =
  /** Draft: the pairs join quietly; live: their reviewers are told (the page asked first). */
  | { type: "addPairs"; pairs: Pair[]; rejected?: RejectedRow[] }
  | { type: "removePairs"; pairIds: string[] }
  | { type: "clearPairs" }
  | { type: "addNominees"; userIds: string[]; rejected?: RejectedRow[] }
  | { type: "removeNominees"; userIds: string[] }
  | { type: "clearNominees" }
  /** Start Nomination: every nominee gets an open nomination and a message. */
  | { type: "startNominations" }
  /** Cancel nominations: open ones are cancelled and the audience can be edited again. */
  | { type: "cancelNominations" }
  /** Bulk action on the participants: cancel the chosen reviewees' open nominations. */
  | { type: "cancelNominees"; userIds: string[] };

/** One answer to a nominated pair (000 §3 "Nomination" responses: id, value, reason). */
export type NominationResponseInput = { pairId: string; value: NominationAnswer; reason?: string | null };

/** The people's side of the nomination phase (000 §4 "Nomination flow"). */
export type NominationChange =
  /** The nominee submits the reviewers they propose. */
  | { type: "nominate"; reviewerIds: string[] }
  /** The nominee declines to nominate (000 §9 nomination item state declined). */
  | { type: "declineNomination"; reason?: string | null }
  /** A manager of the reviewee (the review's owner when the reviewee has none) approves or denies (with a reason) nominated pairs. */
  | { type: "managerRespond"; revieweeId: string; responses: NominationResponseInput[] }
  /** A manager of the reviewee adds reviewers, approved at once. */
  | { type: "managerAdd"; revieweeId: string; reviewerIds: string[] }
  /** The pair's reviewer accepts (a review to complete) or declines. */
  | { type: "reviewerRespond"; responses: NominationResponseInput[] };

export type NominationResult =
  | { ok: true; version: number; count: number; existing?: string[]; added?: string[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; conflict: string };

export const notFound = { ok: false, reason: "not-found" } as const;
export const conflict = (message: string) => ({ ok: false, reason: "conflict", conflict: message } as const);
