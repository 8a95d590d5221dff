/**
 * Feedback loops: the enumerations and constants of 002 §9 and the shapes the tables store.
 * Zod-free and import-free at run time, so table definitions, client code and the seed (run by
 * Node without a bundler) share them.
 */

/** 002 §2.4 template types: a feedback loop, or a loop that sets up 1-on-1 meetings. */
export const TEMPLATE_TYPES = ["feedback", "one-on-one"] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { feedback: "Feedback", "one-on-one": "One-on-one" };
export function isTemplateType(value: string | undefined): value is TemplateType {
  return (TEMPLATE_TYPES as readonly string[]).includes(value ?? "");
}

/** 002 §9 feedback formats, stored as the item's template_type (002 §3). */
export const FEEDBACK_FORMATS = ["SBI", "SaD", "FreeText"] as const;
export type FeedbackFormat = (typeof FEEDBACK_FORMATS)[number];

/** 002 §9 feedback loop types: the loop's Feedback Type (Slack-type chooses it; Teams-type loops are direct feedback). */
export const LOOP_TYPES = ["direct-feedback", "direct-manager-feedback", "direct-plus-manager-feedback", "company-feedback"] as const;
export type LoopType = (typeof LOOP_TYPES)[number];

/** 002 §9 feedback-for. */
export const FEEDBACK_FOR = ["self-select", "manager-upward", "manager-downward", "360", "manually-define"] as const;
export type FeedbackFor = (typeof FEEDBACK_FOR)[number];

/** 002 §9 delivery: the loop's notification preference ("Send Notifications As"). */
export const DELIVERY = ["dm-and-channels", "dm-only", "channels-only"] as const;
export type Delivery = (typeof DELIVERY)[number];

/** 002 §9 audience kinds a loop offers, per platform (002 §3 audience entries), and an uploaded file of pairs. */
export const LOOP_AUDIENCE_TYPES = ["users", "channels", "groups", "workspace", "upload"] as const;
export type LoopAudienceType = (typeof LOOP_AUDIENCE_TYPES)[number];

/** 002 §9 behaviour types: a tag on a competency or behaviour is a strength or a development area. */
export const BEHAVIOUR_TYPES = ["strength", "developmentArea"] as const;
export type BehaviourType = (typeof BEHAVIOUR_TYPES)[number];

/** 002 §9 frequency: a number 1–60 and a unit. */
export const FREQUENCY_UNITS = ["minutes", "hours", "days", "weeks"] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
export const FREQUENCY_MIN = 1;
export const FREQUENCY_MAX = 60;

/** 002 §9: a loop's default deadline is two weeks ahead; a schedule at least 48 hours ahead. */
export const DEFAULT_DEADLINE_MS = 14 * 24 * 60 * 60 * 1000;
export const SCHEDULE_MIN_AHEAD_MS = 48 * 60 * 60 * 1000;
/** 002 §9: the notification message saves 350 ms after the last keystroke. */
export const NOTIFICATION_MESSAGE_DEBOUNCE_MS = 350;

/** A library loop's life: configured, then launched (each launch makes a feedback loop of its own). */
export const LOOP_STATES = ["scheduled", "live", "ended"] as const;
export type LoopState = (typeof LOOP_STATES)[number];
export const RUN_STATES = ["open", "closed"] as const;
export type LoopRunState = (typeof RUN_STATES)[number];
export const PAIR_STATES = ["pending", "given", "removed"] as const;
export type PairState = (typeof PAIR_STATES)[number];

/** Where a feedback item came from: a loop run, feedback given unasked, an answered request, praise. */
export const FEEDBACK_SOURCES = ["loop", "direct", "request", "praise"] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/** 002 §9 feedback kinds (feedback_type of an item). */
export const FEEDBACK_KINDS = [
  "feedback-to-employee",
  "feedback-to-managers",
  "direct-plus-managers",
  "company",
  "manager-feedback",
  "note",
  "public-praise",
] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** feedbackType.title each kind of item is stored with (002 §3). */
export const FEEDBACK_KIND_TITLES: Record<FeedbackKind, string> = {
  "feedback-to-employee": "Feedback to Employee",
  "feedback-to-managers": "Feedback to Managers",
  "direct-plus-managers": "Direct + Manager Feedback",
  company: "Company Feedback",
  "manager-feedback": "Manager Feedback",
  note: "Note",
  "public-praise": "Public Praise",
};

/** The kind (feedback_type) of a loop's items, by the loop's Feedback Type (002 §9). */
export const LOOP_ITEM_KIND: Record<LoopType, FeedbackKind> = {
  "direct-feedback": "feedback-to-employee",
  "direct-manager-feedback": "feedback-to-managers",
  "direct-plus-manager-feedback": "direct-plus-managers",
  "company-feedback": "company",
};

export const FEEDBACK_REQUEST_STATES = ["open", "given", "declined"] as const;
export type FeedbackRequestState = (typeof FEEDBACK_REQUEST_STATES)[number];

/** A sender–receiver pair (002 §3 senderReceiverInfos), by user id. */
export interface LoopPair {
  senderId: string;
  receiverId: string;
}

/** 002 §3 dimension infos: a competency and the behaviours (focus areas) tagged on it. */
export interface FocusArea {
  id: string;
  /** A strength. */
  str: boolean;
  /** A development area (a suggestion for growth). */
  sug: boolean;
  suggestions: Array<{ type: "video" | "text"; desc?: string; url?: string; title?: string; text?: string }>;
}
export interface DimensionInfo {
  id: string;
  focusAreas: FocusArea[];
}

/** One answered block of a template-based item, keyed by block id (the kernel's flat answer). */
export type FeedbackAnswers = Record<string, { value?: number | number[] | string | null; comment?: string | null }>;

/** 001 §4 1-on-1 states; the meetings a one-on-one loop sets up begin in prep. */
export const ONE_ON_ONE_STATES = ["prep", "open", "session", "closed"] as const;
export type OneOnOneState = (typeof ONE_ON_ONE_STATES)[number];
