import { utcDateTime } from "~/ui/format";
import { RUN_STATE_LABELS, type RunState } from "../survey-machine";

/** Manage surveys (001 §2): the list's path; a run's details are `${MANAGE_SURVEYS_PATH}/{runId}`. */
export const MANAGE_SURVEYS_PATH = "/surveys/manage-surveys";
export const runDetailPath = (runId: string) => `${MANAGE_SURVEYS_PATH}/${encodeURIComponent(runId)}`;

/** The state filter of the list: open or closed (001 §2), or both. */
export const RUN_FILTERS = ["open", "closed", "all"] as const;
export type RunFilter = (typeof RUN_FILTERS)[number];

/** A run's date and time as the manage pages show it (UTC, so server and browser agree). */
export const runTime = (ms: number | null) => (ms === null ? "—" : utcDateTime(ms));

export function RunStateBadge({ state }: { state: RunState }) {
  return (
    <span className={`status-badge ${state === "open" ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20" : ""}`} data-status={state}>
      {RUN_STATE_LABELS[state]}
    </span>
  );
}
