import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import {
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
  reviewRowActions,
  type ReviewRowAction,
  type ReviewState,
} from "~/modules/reviews/campaign-machine";
import { changeCampaign, findCampaign, listCampaigns } from "~/modules/reviews/campaigns.server";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { PageHeader } from "~/ui/page-header";

const PATH = "/reviews/manage-reviews";
/** 000 §2 empty states, quoted exactly. */
const NOTHING_SELECTED = "Please select a status to view the reviews!";
const NO_REVIEWS = "No reviews found. Launch a new one!";
/** 000 §9: the list opens on Live and Draft. */
const DEFAULT_STATES: ReviewState[] = ["live", "draft"];

/** The row actions this page carries out, with their confirmation and success wording. */
const ACTIONS: Record<
  Exclude<ReviewRowAction, "download">,
  { label: string; event: "deleteSchedule" | "cancel" | "delete" | "reopen"; ask: string; done: string }
> = {
  deleteSchedule: {
    label: "Delete Schedule",
    event: "deleteSchedule",
    ask: "The review goes back to draft; nobody is notified.",
    done: "Review schedule deleted successfully",
  },
  cancelReview: {
    label: "Cancel Review",
    event: "cancel",
    ask: "The scheduled review and its audience are removed for good.",
    done: "Review cancelled successfully",
  },
  deleteReview: {
    label: "Delete Review",
    event: "delete",
    ask: "The review, its audience and its answers are removed for good.",
    done: "Review deleted successfully",
  },
  reopenReview: {
    label: "Reopen Review",
    event: "reopen",
    ask: "The review is live again and its reviewers can answer.",
    done: "Review reopened successfully",
  },
};

function statesOf(url: URL): ReviewState[] {
  if (!url.searchParams.has("filter")) return DEFAULT_STATES;
  const asked = url.searchParams.getAll("status");
  return REVIEW_STATES.filter((s) => asked.includes(s));
}

/** The reviews list (000 §2): status filter, the columns the chosen states call for, per-state row actions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const states = statesOf(new URL(request.url));
  const reviews = await listCampaigns(context, viewer, states);
  return data({ states, reviews, platform: viewer.company.platform, now: Date.now() });
}

const ActionSchema = z.object({
  action: z.enum(["deleteSchedule", "cancelReview", "deleteReview", "reopenReview"]),
  id: z.string().min(1).max(100),
  confirmed: z.enum(["true", "false"]).default("false"),
  /** Generated with the confirmation form: a resubmitted form is applied once. */
  requestId: z.string().max(100).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ confirm: null, error: "Something went wrong." }, { status: 400 });
  const { action: key, id, confirmed, requestId } = parsed.data;
  const back = `${PATH}${new URL(request.url).search}`;
  if (confirmed !== "true") {
    const row = await findCampaign(context, viewer, id);
    if (!row) throw new Response("Not Found", { status: 404 });
    return data({ confirm: { id, title: row.title, action: key, requestId: crypto.randomUUID() }, error: null });
  }
  const result = await changeCampaign(context, viewer, id, { type: ACTIONS[key].event }, requestId || crypto.randomUUID());
  if (!result.ok && result.reason === "not-found") throw new Response("Not Found", { status: 404 });
  if (!result.ok) return redirectWithToast(back, { type: "error", message: result.conflict }, { request });
  return redirectWithToast(back, { type: "success", message: ACTIONS[key].done }, { request });
}

export const meta = pageMeta;

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const when = (ms: number | null) => (ms === null ? "—" : day.format(new Date(ms)));

export default function ManageReviews() {
  const { states, reviews, platform } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { confirm: ConfirmData | null } | undefined;
  const confirm = actionData?.confirm ?? null;
  const showNomination = platform === "slack" && (states.includes("draft") || states.includes("live"));
  const showUpdated = states.includes("draft");
  const showProgress = states.includes("live") || states.includes("closed");
  return (
    <>
      <PageHeader title="Manage Reviews" actions={<ButtonLink to={`${PATH}/launch-review`}>Launch New</ButtonLink>} />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
      >
        <input type="hidden" name="filter" value="1" />
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="sr-only">Status</legend>
          <span className="font-medium text-slate-700" aria-hidden="true">
            Status
          </span>
          {REVIEW_STATES.map((state) => (
            <label key={state} className="flex items-center gap-1.5 text-slate-700">
              <input type="checkbox" name="status" value={state} defaultChecked={states.includes(state)} />
              {REVIEW_STATE_LABELS[state]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {confirm ? <Confirmation confirm={confirm} /> : null}
      {states.length === 0 ? (
        <EmptyState icon="reviews" title={NOTHING_SELECTED} />
      ) : reviews.length === 0 ? (
        <EmptyState icon="reviews" title={NO_REVIEWS} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Reviews">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Title
                </th>
                {showNomination ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Nomination Status
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2 font-semibold">
                  Start
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Launched By
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  State
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  End
                </th>
                {showUpdated ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Updated At
                  </th>
                ) : null}
                {showProgress ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Progress
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reviews.map((r) => {
                const href = r.state === "draft" ? `${PATH}/draft/${encodeURIComponent(r.id)}` : `${PATH}/${encodeURIComponent(r.id)}`;
                const percent = r.pairs === 0 ? 0 : Math.round((r.completed / r.pairs) * 100);
                return (
                  <tr key={r.id} data-review-id={r.id}>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      <a href={href} className="hover:text-indigo-700 hover:underline">
                        {r.title}
                      </a>
                    </td>
                    {showNomination ? <td className="px-3 py-2 text-slate-600">No nominations</td> : null}
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{when(r.startAt)}</td>
                    <td className="px-3 py-2 text-slate-600">{r.launchedBy ?? "—"}</td>
                    <td className="px-3 py-2">
                      <span className="status-badge" data-status={r.state}>
                        {REVIEW_STATE_LABELS[r.state]}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{when(r.endAt)}</td>
                    {showUpdated ? (
                      <td className="whitespace-nowrap px-3 py-2 text-slate-600">{r.state === "draft" ? when(r.updatedAt) : "—"}</td>
                    ) : null}
                    {showProgress ? (
                      <td className="px-3 py-2 text-slate-600">
                        {r.state === "live" || r.state === "closed" ? (
                          <span title={`${r.completed} of ${r.pairs} reviews completed`}>
                            {r.completed}/{r.pairs} ({percent}%)
                          </span>
                        ) : (
                          "—"
                        )}
                      </td>
                    ) : null}
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-2">
                        {reviewRowActions(r.state)
                          .filter((a): a is keyof typeof ACTIONS => a !== "download")
                          .map((a) => (
                            <form key={a} method="post">
                              <input type="hidden" name="action" value={a} />
                              <input type="hidden" name="id" value={r.id} />
                              <button
                                type="submit"
                                className={buttonClass(a === "reopenReview" || a === "deleteSchedule" ? "secondary" : "danger")}
                                aria-label={`${ACTIONS[a].label}: ${r.title}`}
                              >
                                {ACTIONS[a].label}
                              </button>
                            </form>
                          ))}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

type ConfirmData = { id: string; title: string; action: keyof typeof ACTIONS; requestId: string };

function Confirmation({ confirm }: { confirm: ConfirmData }) {
  const action = ACTIONS[confirm.action];
  return (
    <ConfirmPanel
      id="confirm"
      title={`${action.label}: ${confirm.title}?`}
      fields={{ action: confirm.action, id: confirm.id, confirmed: "true", requestId: confirm.requestId }}
      cancelTo={PATH}
      cancelLabel="Keep it"
      confirmLabel={action.label}
      tone={confirm.action === "reopenReview" || confirm.action === "deleteSchedule" ? "warning" : "danger"}
    >
      <p>{action.ask}</p>
    </ConfirmPanel>
  );
}
