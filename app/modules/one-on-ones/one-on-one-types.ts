/**
 * 1-on-1 enumerations (001 §3, §4), zod-free so the tables, the pages, the analyser and the seed
 * share them. The meeting states themselves are `ONE_ON_ONE_STATES` in the feedback module, where
 * the loops that set meetings up live.
 */

/** Which side of a meeting a person is on. */
export const PARTY_ROLES = ["reviewer", "reviewee"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** feedbackTone.toneCategory: how an AI feedback text reads, kindest first. */
export const TONE_CATEGORIES = ["supportive", "constructive", "neutral", "critical", "harsh"] as const;
export type ToneCategory = (typeof TONE_CATEGORIES)[number];

/** feedbackFocusCategory: whether the text is about what someone did or about who they are. */
export const FOCUS_CATEGORIES = ["behavior", "balanced", "person"] as const;
export type FocusCategory = (typeof FOCUS_CATEGORIES)[number];

/** Who put a competency on an AI feedback: the analyser's suggestion or the reviewer. */
export const COMPETENCY_TAG_SOURCES = ["ai", "human"] as const;
export type CompetencyTagSource = (typeof COMPETENCY_TAG_SOURCES)[number];

/** How an assistant reply ended (the status `ai_response_complete` carries). */
export const CHAT_REPLY_STATUSES = ["complete", "aborted", "failed"] as const;
export type ChatReplyStatus = (typeof CHAT_REPLY_STATUSES)[number];

/** Engagement overview windows in months (001 §9), the first the default. */
export const ENGAGEMENT_WINDOWS = [3, 6, 9, 12] as const;
export type EngagementWindow = (typeof ENGAGEMENT_WINDOWS)[number];

/** A tag found in one part of a situation–behaviour–impact reading, with the words it came from. */
export interface SbiTag {
  tag: string;
  expanded: string;
  /** The excerpt of the feedback text the tag was read from. */
  excerpt: string;
}

/** A competency on an AI feedback (strength or development area). */
export interface AiCompetency {
  id: string;
  tag: CompetencyTagSource;
  /** The sentence it was suggested from; empty for one the reviewer added. */
  excerpt: string;
}

/** One answered prep-survey block, keyed by block id. */
export type PrepAnswers = Record<string, { value: string | number | number[] | null }>;
