/**
 * The objectives area's enumerations (001 §3, §4; 000 §3), zod-free so the schema, the pages,
 * the write plans and the seed share them.
 */

/** An objectives campaign is a draft until launched (001 §4). */
export const OBJECTIVES_CAMPAIGN_STATES = ["draft", "launched"] as const;
export type ObjectivesCampaignState = (typeof OBJECTIVES_CAMPAIGN_STATES)[number];

/** Scheduler audience types for objectives (001 §6): the whole company, or chosen people. */
export const OBJECTIVES_AUDIENCE_TYPES = ["company", "users"] as const;
export type ObjectivesAudienceType = (typeof OBJECTIVES_AUDIENCE_TYPES)[number];

/**
 * Where a participant's objectives stand in a launched campaign: not yet submitted, submitted
 * to their manager (the weights add up to 100), approved by the manager or an admin.
 */
export const PARTICIPANT_STATES = ["pending", "submitted", "approved"] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/** An objective is an OKR (key results) or a performance contract (KPIs) (000 §3 docType). */
export const OBJECTIVE_KINDS = ["okr", "performance-contract"] as const;
export type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number];

/** Whether a key result is met by going up to its target or down to it. */
export const KEY_RESULT_DIRECTIONS = ["increase", "decrease"] as const;
export type KeyResultDirection = (typeof KEY_RESULT_DIRECTIONS)[number];
