import type { SubmissionResult } from "@conform-to/react";
import type { useLoaderData } from "@remix-run/react";
import { hasPermission } from "~/lib/permissions/names";
import type { Viewer } from "~/modules/auth/session.server";
import { pairActions, type PairContext } from "./campaign-machine";
import { answerRows, questionBreakdowns } from "./components/pair-answers";
import { DRAFT_MARK, REASON_NOT_GIVEN, type DetailQuery } from "./components/review-detail.schema";
import type { requireReviewDetail } from "./review-detail.server";

/**
 * What the review detail page (000 §2 "Review detail") shows of a review the viewer may manage:
 * its facts, the pairs' page, the open panel (only one the pair's state offers) and the
 * analytics; and the shapes of its action's answers.
 */

type Detail = NonNullable<Awaited<ReturnType<typeof requireReviewDetail>>["detail"]>;

export function reviewDetailView(viewer: Pick<Viewer, "company" | "permissions">, detail: Detail, query: DetailQuery) {
  const { review } = detail;
  const platform = viewer.company.platform;
  const pairContext: PairContext = { reviewState: review.state, sharePairResult: hasPermission(viewer.permissions, "SharePairResult") };
  const live = review.state === "live";
  const pair = detail.pair;
  const offered = pair ? pairActions(pair.state, pairContext) : [];

  let panel: PanelData | null = null;
  if (pair && query.panel === "result" && (offered.includes("view") || offered.includes("viewResult"))) {
    panel = {
      kind: "result",
      pairId: pair.id,
      title: `${pair.revieweeName}, reviewed by ${pair.reviewerName}${pair.state === "completed" ? "" : ` ${DRAFT_MARK}`}`,
      rows: answerRows(detail.blocks, pair.answers),
    };
  } else if (pair && query.panel === "comment" && offered.includes("viewComment")) {
    panel = {
      kind: "comment",
      pairId: pair.id,
      title: `${pair.reviewerName} declined to review ${pair.revieweeName}`,
      comment: pair.declineComment?.trim() || REASON_NOT_GIVEN,
    };
  } else if (pair && query.panel === "changeReviewer" && offered.includes("changeReviewer")) {
    panel = {
      kind: "changeReviewer",
      pairId: pair.id,
      revieweeName: pair.revieweeName,
      reviewerName: pair.reviewerName,
      started: pair.state === "started",
      candidates: (detail.members ?? []).filter((m) => m.id !== pair.revieweeId && m.id !== pair.reviewerId),
    };
  } else if (query.panel === "remind" && live) {
    panel = { kind: "remind" };
  } else if (query.panel === "addPairs" && live) {
    panel = { kind: "addPairs", members: detail.members ?? [] };
  }

  const breakdowns = detail.choiceCounts ? questionBreakdowns(detail.blocks, detail.choiceCounts) : null;
  return {
    review: {
      id: review.id,
      title: review.title,
      state: review.state,
      facts: {
        state: review.state,
        startAt: review.startAt ?? review.launchedAt,
        endAt: review.endAt,
        anonymous: review.anonymous,
        templateTitle: review.templateTitle,
        channelName: review.channelName,
        shareConfig: review.shareConfig,
        shareRelationships: review.shareRelationships,
        pairs: review.pairs,
        completed: review.completed,
        nominationTotal: review.nominationTotal,
        nominationsOpen: Number(review.nominations.open ?? 0),
      },
      nominations: review.nominations,
    },
    query,
    platform,
    pairContext,
    now: Date.now(),
    /** Prefix of the request ids of the row forms that act at once (a resubmitted form applies once). */
    requestToken: crypto.randomUUID(),
    pairs: detail.pairs,
    panel,
    analytics: breakdowns ? { breakdowns, hasResults: review.completed > 0 && breakdowns.some((b) => b.total > 0) } : null,
    nominationPage: detail.nominations,
    crumbLabels: { activeReviewId: review.title },
  };
}

/** The page's loader answer as the page receives it. */
export type ReviewDetailData = ReturnType<typeof useLoaderData<typeof reviewDetailView>>;

export type PanelData =
  | { kind: "result"; pairId: string; title: string; rows: ReturnType<typeof answerRows> }
  | { kind: "comment"; pairId: string; title: string; comment: string }
  | {
      kind: "changeReviewer";
      pairId: string;
      revieweeName: string;
      reviewerName: string;
      started: boolean;
      candidates: Array<{ id: string; name: string; email: string }>;
    }
  | { kind: "remind" }
  | { kind: "addPairs"; members: Array<{ id: string; name: string; email: string }> };

export type Confirm =
  | { kind: "remove" | "reopen"; pairId: string; names: string; requestId: string }
  | { kind: "finalize"; requestId: string }
  | { kind: "addPairs"; revieweeId: string; reviewerId: string; revieweeName: string; reviewerName: string; requestId: string };

export type ActionData = { intent: string; result: SubmissionResult<string[]> | null; confirm: Confirm | null };

/** Pair actions that need nothing but the Durable Object's own checks (remove and reopen once confirmed). */
export function directPairChange(action: string, confirmed: boolean) {
  if (action === "sendReminder" || action === "share") return action;
  if ((action === "remove" || action === "reopen") && confirmed) return action;
  return null;
}
