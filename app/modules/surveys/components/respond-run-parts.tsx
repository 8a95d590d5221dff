import { RUN_STATE_LABELS, type RunState } from "../survey-machine";

/** Manage surveys (001 §2): the list's path; a run's details are `${MANAGE_SURVEYS_PATH}/{runId}`. */
export const MANAGE_SURVEYS_PATH = "/surveys/manage-surveys";
export const runDetailPath = (runId: string) => `${MANAGE_SURVEYS_PATH}/${encodeURIComponent(runId)}`;

/** The state filter of the list: open or closed (001 §2), or both. */
export const RUN_FILTERS = ["open", "closed", "all"] as const;
export type RunFilter = (typeof RUN_FILTERS)[number];

const dayTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** A run's date and time as the manage pages show it (UTC, so server and browser agree). */
export const runTime = (ms: number | null) => (ms === null ? "—" : `${dayTime.format(new Date(ms))} UTC`);

export function RunStateBadge({ state }: { state: RunState }) {
  return (
    <span className={`status-badge ${state === "open" ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20" : ""}`} data-status={state}>
      {RUN_STATE_LABELS[state]}
    </span>
  );
}
