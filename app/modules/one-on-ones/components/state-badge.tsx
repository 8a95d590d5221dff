import { oneOnOnesCopy as t } from "~/lib/copy";
import type { OneOnOneState } from "~/modules/feedback/loop-types";

/** 001 §4: prep amber, open green, session orange, closed red; the text says the state too. */
const COLOURS: Record<OneOnOneState, string> = {
  prep: "bg-amber-100 text-amber-900 ring-amber-300",
  open: "bg-green-100 text-green-900 ring-green-300",
  session: "bg-orange-100 text-orange-900 ring-orange-300",
  closed: "bg-red-100 text-red-900 ring-red-300",
};

export const STATE_COLOUR_NAMES: Record<OneOnOneState, string> = { prep: "amber", open: "green", session: "orange", closed: "red" };

export function StateBadge({ state }: { state: OneOnOneState }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${COLOURS[state]}`} data-state={state} data-colour={STATE_COLOUR_NAMES[state]}>
      {t.states[state]}
    </span>
  );
}
