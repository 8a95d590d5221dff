import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { hasPermission } from "~/lib/permissions/names";
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
import { changeCampaign, findCampaign, requireReviewsPage, type CampaignRow } from "~/modules/reviews/campaigns.server";
import { reviewDownloadPath } from "~/modules/reviews/components/review-detail.schema";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { PageHeader } from "~/ui/page-header";
import { scrollRegion } from "~/ui/table";

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

/** 000 §5, quoted: the specific-users filter takes e-mails. */
const INVALID_EMAILS = "Invalid list of emails.";
const EMAIL = z.email();

/** The super admin's user filters (000 §2) from the address; `error` when the e-mail list is not usable (then it is not applied). */
function userFiltersOf(url: URL) {
  const launchedBy = url.searchParams.get("launchedBy")?.slice(0, 100) || null;
  const userType = url.searchParams.get("userType") === "reviewer" ? ("reviewer" as const) : ("reviewee" as const);
  const users = (url.searchParams.get("users") ?? "").slice(0, 5000);
  const emails = [
    ...new Set(
      users
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean)
    ),
  ];
  const malformed = emails.length > 50 || emails.some((e) => !EMAIL.safeParse(e).success);
  return { launchedBy, userType, users, emails: malformed ? [] : emails, error: malformed ? INVALID_EMAILS : null };
}

/** The reviews list (000 §2): status filter, the columns the chosen states call for, per-state row actions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const states = statesOf(url);
  const user = userFiltersOf(url);
  // The list rides in the session lookup's D1 batch; the filters apply for ViewLaunchedByOthersFilter only.
  const { viewer, reviews, launchers, unknown } = await requireReviewsPage(request, context, { states, ...user });
  const error = user.error ?? (unknown.length > 0 ? `${INVALID_EMAILS} Not in the company: ${unknown.join(", ")}` : null);
  return data({
    states,
    reviews,
    showNominationStatus: hasPermission(viewer.permissions, "ViewNominationStatus"),
    now: Date.now(),
    userFilter: hasPermission(viewer.permissions, "ViewLaunchedByOthersFilter")
      ? { launchedBy: user.launchedBy, userType: user.userType, users: user.users, error, launchers }
      : null,
  });
}

/** 000 §2 "Nomination Status" (Slack-type): where the review's nomination phase stands. */
function nominationStatus(n: CampaignRow["nominations"]) {
  if (n.started) return `In Progress (${n.total - n.open}/${n.total} done)`;
  if (n.total > 0) return "Cancelled";
  if (n.audience > 0) return `Not Started (${n.audience === 1 ? "1 person" : `${n.audience} people`})`;
  return "No nominations";
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
  const { states, reviews, showNominationStatus, userFilter } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { confirm: ConfirmData | null } | undefined;
  const confirm = actionData?.confirm ?? null;
  const showNomination = showNominationStatus && (states.includes("draft") || states.includes("live"));
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
        {userFilter ? <UserFilters filter={userFilter} states={states} /> : null}
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {userFilter?.error ? (
        <p role="alert" className="-mt-2 mb-4 text-sm text-red-700">
          {userFilter.error}
        </p>
      ) : null}
      {confirm ? <Confirmation confirm={confirm} /> : null}
      {states.length === 0 ? (
        <EmptyState icon="reviews" title={NOTHING_SELECTED} />
      ) : reviews.length === 0 ? (
        <EmptyState icon="reviews" title={NO_REVIEWS} />
      ) : (
        <div {...scrollRegion("Reviews")} className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
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
                    {showNomination ? <td className="px-3 py-2 text-slate-600">{nominationStatus(r.nominations)}</td> : null}
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
                        {reviewRowActions(r.state).includes("download") ? (
                          <a
                            href={reviewDownloadPath(r.id, { reportType: "review" })}
                            className={buttonClass("secondary")}
                            aria-label={`Download: ${r.title}`}
                          >
                            Download
                          </a>
                        ) : null}
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

/** The super admin's filters: launched by, user type and specific users, with Clear User Filter (000 §2). */
function UserFilters({
  filter,
  states,
}: {
  filter: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["userFilter"]>;
  states: ReviewState[];
}) {
  const clear = `${PATH}?filter=1${states.map((s) => `&status=${s}`).join("")}`;
  return (
    <>
      <label className="flex items-center gap-1.5 text-slate-700">
        Launched by
        <select name="launchedBy" defaultValue={filter.launchedBy ?? ""} className="rounded-md border border-slate-300 px-2 py-1">
          <option value="">Anyone</option>
          {filter.launchers.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-slate-700">
        User type
        <select name="userType" defaultValue={filter.userType} className="rounded-md border border-slate-300 px-2 py-1">
          <option value="reviewee">Reviewee</option>
          <option value="reviewer">Reviewer</option>
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-slate-700">
        Users
        <input
          name="users"
          type="text"
          defaultValue={filter.users}
          placeholder="E-mails, comma separated"
          className="w-64 rounded-md border border-slate-300 px-2 py-1"
          aria-invalid={filter.error ? true : undefined}
        />
      </label>
      <a href={clear} className={buttonClass("ghost")}>
        Clear User Filter
      </a>
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
