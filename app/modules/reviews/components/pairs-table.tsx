import { useClientNavigation } from "~/ui/client-navigation";
import { PAIR_STATE_LABELS, pairActions, type PairAction, type PairContext, type PairState } from "../campaign-machine";
import { DOWNLOADING_REPORT, type Panel, type PostedPairAction } from "./review-detail.schema";
import { DataTable } from "~/ui/table";

export interface PairListRow {
  id: string;
  state: PairState;
  revieweeName: string;
  revieweeEmail: string;
  reviewerName: string;
  reviewerEmail: string;
}

/** How each action of 000 §4's pair table reads, and whether it opens a panel or posts. */
const ACTIONS: Record<PairAction, { label: string; panel?: Panel; post?: PostedPairAction; danger?: boolean }> = {
  viewResult: { label: "View Result", panel: "result" },
  view: { label: "View", panel: "result" },
  viewComment: { label: "View Comment", panel: "comment" },
  changeReviewer: { label: "Change Reviewer", panel: "changeReviewer" },
  remove: { label: "Remove", post: "remove", danger: true },
  sendReminder: { label: "Send Reminder", post: "sendReminder" },
  reopen: { label: "Reopen", post: "reopen" },
  download: { label: "Download", post: "download" },
  share: { label: "Share", post: "share" },
};

/**
 * The reviewee/reviewer pairs of one page with their state and the row actions the state machine
 * offers (`pairActions`, the same table the Durable Object checks). Rows are plain links and
 * forms, routed through Remix by one delegated handler, so they work without JavaScript.
 */
export function PairsTable({
  rows,
  context,
  requestToken,
  panelHref,
  submitting,
}: {
  rows: PairListRow[];
  context: PairContext;
  requestToken: string;
  panelHref: (panel: Panel, pairId: string) => string;
  /** The pair action being submitted, if any (JavaScript only). */
  submitting: { pairId: string; action: string } | null;
}) {
  const clientNavigation = useClientNavigation();
  return (
    <DataTable label="Reviewee and reviewer pairs" dataRows actions columns={["Reviewee", "Reviewer", "State"]} {...clientNavigation}>
        {rows.map((row) => {
          const who = `${row.revieweeName}, reviewed by ${row.reviewerName}`;
          return (
            <tr key={row.id} data-pair-id={row.id} data-state={row.state}>
              <td>
                <span className="font-medium text-slate-900">{row.revieweeName}</span>
                <span className="block text-xs text-slate-500">{row.revieweeEmail}</span>
              </td>
              <td>
                <span className="font-medium text-slate-900">{row.reviewerName}</span>
                <span className="block text-xs text-slate-500">{row.reviewerEmail}</span>
              </td>
              <td>{PAIR_STATE_LABELS[row.state] ?? row.state}</td>
              <td>
                {/* One form a row: each posting action is a submit button naming itself; the row's request id
                    (made with the page) plus the action names the request, so a resubmitted form applies once. */}
                <form method="post" className="row-actions justify-end">
                  <input type="hidden" name="intent" value="pair" />
                  <input type="hidden" name="pairId" value={row.id} />
                  <input type="hidden" name="requestId" value={`${requestToken}:${row.id}`} />
                  {pairActions(row.state, context).map((key) => {
                    const action = ACTIONS[key];
                    if (action.panel)
                      return (
                        <a key={key} href={panelHref(action.panel, row.id)} aria-label={`${action.label}: ${who}`}>
                          {action.label}
                        </a>
                      );
                    const busy = submitting?.pairId === row.id && submitting.action === action.post;
                    return (
                      <button
                        key={key}
                        type="submit"
                        name="pairAction"
                        value={action.post}
                        aria-label={`${action.label}: ${who}`}
                        data-danger={action.danger || undefined}
                        disabled={busy}
                      >
                        {busy && action.post === "download" ? DOWNLOADING_REPORT : action.label}
                      </button>
                    );
                  })}
                </form>
              </td>
            </tr>
          );
        })}
    </DataTable>
  );
}
