/**
 * Survey states and the settings a launch needs (001 §4 "Survey", §5 launch messages, §9).
 * A survey in the library is a definition; each launch (the first, and each recurrence) makes a
 * run that is open until it closes (Close Survey, or its close rule), then closed for good.
 */

export const RUN_STATES = ["open", "closed"] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUN_STATE_LABELS: Record<RunState, string> = { open: "Open", closed: "Closed" };

/** 001 §3 audience types: Slack-type and Teams-type offer different ones. */
export const AUDIENCE_TYPES = {
  slack: ["team", "workspace", "channels", "users"],
  msteams: ["users", "groups"],
} as const;
export type AudienceType = "team" | "workspace" | "channels" | "users" | "groups";

/** Result viewers (001 §3 inspectors): the audience itself, or chosen users. */
export const INSPECTOR_TYPES = ["audience", "users"] as const;
export type InspectorType = (typeof INSPECTOR_TYPES)[number];

/** 001 §4 close rule types. */
export const CLOSE_RULES = ["manual", "automatic", "onSpecificTime", "closeAfterAllSubmits"] as const;
export type CloseRule = (typeof CLOSE_RULES)[number];
export const CLOSE_UNITS = ["hours", "days", "weeks"] as const;
export type CloseUnit = (typeof CLOSE_UNITS)[number];

/** 001 §9 result visibility. */
export const RESULT_VISIBILITY = { live: "Real Time", closed: "Once survey is closed" } as const;

/** 001 §5 launch messages, quoted. */
export const NO_QUESTION = "Please add at least one question to the survey.";
export const NO_AUDIENCE = "Please set the survey audience.";
export const NO_RESULT_VIEWERS = "Please set the survey result viewers.";

/** 001 §2: the audience step's leave guard, quoted. */
export const LEAVE_GUARD = "You have unsaved changes. Are you sure to leave the page?";

/** What blocks a launch, in the order the scheduler reports it; null when it may launch. */
export function launchBlocker(survey: { hasQuestion: boolean; hasAudience: boolean; hasResultViewers: boolean }): string | null {
  if (!survey.hasQuestion) return NO_QUESTION;
  if (!survey.hasAudience) return NO_AUDIENCE;
  if (!survey.hasResultViewers) return NO_RESULT_VIEWERS;
  return null;
}

/** A run's close: Close Survey or its rule closes an open run; a closed run stays closed. */
export function closeRun(state: RunState): { ok: true; next: "closed" } | { ok: false; conflict: string } {
  return state === "open" ? { ok: true, next: "closed" } : { ok: false, conflict: "This survey is already closed." };
}
