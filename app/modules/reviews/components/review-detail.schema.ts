import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { SEND_AS } from "~/modules/notifications/kinds";
import { PAIR_STATES, type PairState } from "../campaign-machine";

/**
 * The review detail page's forms and texts (000 §2 "Review detail", §4 pair actions, §5 change
 * reviewer and reminder), client-safe: the page validates with the same schemas the action uses.
 */

const REQUIRED = sharedCopy.required;

export const REVIEWS_LIST_PATH = "/reviews/manage-reviews";
export const reviewDetailPath = (id: string) => `${REVIEWS_LIST_PATH}/${encodeURIComponent(id)}`;

/** 000 §7 "Download status report: reportType review or nomination". */
export type StatusReportType = "review" | "nomination";
/**
 * Where a review's files are downloaded (a resource route beside the page): the status report
 * (`?reportType=`) and the requester's generated pair reports (`?file=`).
 */
export const reviewDownloadPath = (campaignId: string, params: { reportType: StatusReportType } | { file: string }) =>
  `${reviewDetailPath(campaignId)}/download?${new URLSearchParams(params).toString()}`;

/** Pair actions a row's form carries out at once; the row's request id plus the action names the request. */
export const AT_ONCE_PAIR_ACTIONS = ["sendReminder", "share", "download"] as const;

/** The access rule's refusal (000 §2 "A 403 when loading a review redirects to the reviews list"). */
export const NO_ACCESS = "You do not have access to this review.";

/** 000 §2 empty states, §4 and §5 texts, quoted exactly. */
export const NO_REVIEW_DETAILS = "No review details available!";
export const NO_DATA = "No data available";
export const NO_RESULT_DETAILS = "No Result details available.";
export const TO_BE_CLOSED_MANUALLY = "To be closed manually";
export const DELAYED = "Delayed";
export const REASON_NOT_GIVEN = "Reason not given";
export const DRAFT_MARK = "(Draft)";
export const REVIEWER_REQUIRED = "Reviewer is required";
/** What the reviewer field itself shows when left empty (000 §5 "field shows 'Required'"). */
export const FIELD_REQUIRED = "Required";
export const SAVE_DRAFT_REVIEW = "Save draft review";
export const DOWNLOADING_REPORT = "Downloading Report";
export const REPORT_EMAILED = "Report will be emailed once completed";
export const NOT_SHARED = "Not shared";

/** Success toasts of the pair actions and the review's own actions (000 §8). */
export const DONE = {
  remove: "Pair removed successfully",
  sendReminder: "Reminder sent successfully",
  changeReviewer: "Reviewer changed successfully",
  reopen: "Pair reopened successfully",
  share: "Result shared successfully",
  finalize: "Review finalized successfully",
  addPairs: "Pair added successfully",
} as const;

/** 000 §7 "Send reminders … message (count shown for more than one person)". */
export function remindedMessage(count: number) {
  if (count === 0) return "Everyone has finished their reviews: nobody was reminded.";
  return count === 1 ? DONE.sendReminder : `Reminder sent to ${count} people`;
}

export const PAGE_SIZE = 25;
export const NOTE_MAX = 1000;

/** The pair actions posted to the page's action (the others open a panel). */
export const POSTED_PAIR_ACTIONS = ["remove", "sendReminder", "changeReviewer", "reopen", "share", "download"] as const;
export type PostedPairAction = (typeof POSTED_PAIR_ACTIONS)[number];

const id = z.string({ error: REQUIRED }).min(1, REQUIRED).max(100);
/** Made by the page with the form (or its confirmation): a resubmitted form is applied once. */
const requestId = z.string().max(200).optional();
const confirmed = z.literal("true").optional();

export const PairActionSchema = z
  .object({
    intent: z.literal("pair"),
    pairAction: z.enum(POSTED_PAIR_ACTIONS),
    pairId: id,
    requestId,
    confirmed,
    reviewerId: z.string().max(100).optional(),
    retainDraft: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.pairAction === "changeReviewer" && !value.reviewerId)
      ctx.addIssue({ code: "custom", path: ["reviewerId"], message: REVIEWER_REQUIRED });
  });

export const RemindSchema = z.object({
  intent: z.literal("remind"),
  note: z.string().trim().max(NOTE_MAX, `Use at most ${NOTE_MAX} characters.`).optional(),
  sendAs: z.array(z.enum(SEND_AS)).min(1, REQUIRED),
  requestId,
});

export const FinalizeSchema = z.object({ intent: z.literal("finalize"), requestId, confirmed });

export const AddPairSchema = z.object({
  intent: z.literal("addPairs"),
  revieweeId: id,
  reviewerId: id,
  requestId,
  confirmed,
});

/** The Analytics tab's Download (000 §2 "Download button (reportType review or nomination)"). */
export const StatusReportSchema = z.object({ intent: z.literal("statusReport"), reportType: z.enum(["review", "nomination"]) });

/** Every form of the page: one that names no known intent is refused, never taken for another. */
export const ReviewDetailActionSchema = z.discriminatedUnion("intent", [
  PairActionSchema,
  RemindSchema,
  FinalizeSchema,
  AddPairSchema,
  StatusReportSchema,
]);
export type ReviewDetailAction = z.infer<typeof ReviewDetailActionSchema>;

// ---------------------------------------------------------------------------------------------
// The page's URL: tabs, the pairs list's page, search and state filter, and the open panel.
// ---------------------------------------------------------------------------------------------

export const PANELS = ["remind", "addPairs", "result", "comment", "changeReviewer"] as const;
export type Panel = (typeof PANELS)[number];
/** Panels about one pair (`?pair=`). */
export const PAIR_PANELS: Panel[] = ["result", "comment", "changeReviewer"];

export interface DetailQuery {
  tab: "overview" | "analytics";
  page: number;
  q: string;
  state: PairState | "";
  nomination: boolean;
  panel: Panel | null;
  pairId: string | null;
}

export function detailQueryOf(url: URL): DetailQuery {
  const params = url.searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const state = params.get("state") ?? "";
  const panel = params.get("panel") ?? "";
  const pairId = params.get("pair")?.slice(0, 100) || null;
  const validPanel = (PANELS as readonly string[]).includes(panel) ? (panel as Panel) : null;
  return {
    tab: params.get("tab") === "analytics" ? "analytics" : "overview",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    state: (PAIR_STATES as readonly string[]).includes(state) ? (state as PairState) : "",
    nomination: params.get("nomination") === "1",
    panel: validPanel && (!PAIR_PANELS.includes(validPanel) || pairId) ? validPanel : null,
    pairId: validPanel && PAIR_PANELS.includes(validPanel) ? pairId : null,
  };
}

/** The page's URL with some parameters changed (null removes one); page 1, the overview tab and empty values are left out. */
export function detailHref(base: string, query: DetailQuery, change: Partial<DetailQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.tab === "analytics") params.set("tab", "analytics");
  if (next.nomination) params.set("nomination", "1");
  if (next.q) params.set("q", next.q);
  if (next.state) params.set("state", next.state);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.panel) params.set("panel", next.panel);
  if (next.panel && next.pairId && PAIR_PANELS.includes(next.panel)) params.set("pair", next.pairId);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
