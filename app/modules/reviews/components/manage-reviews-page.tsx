import { Form, type useLoaderData } from "@remix-run/react";
import { REVIEW_STATE_LABELS, REVIEW_STATES, reviewRowActions, type ReviewState } from "~/modules/reviews/campaign-machine";
import type { CampaignRow } from "~/modules/reviews/campaigns.server";
import { reviewDownloadPath } from "~/modules/reviews/components/review-detail.schema";
import { ACTIONS, PATH, type manageReviewsView } from "~/modules/reviews/manage-reviews";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";

/** 000 §2 empty states, quoted exactly. */
const NOTHING_SELECTED = "Please select a status to view the reviews!";
const NO_REVIEWS = "No reviews found. Launch a new one!";
/** 000 §2 "Nomination Status" (Slack-type): where the review's nomination phase stands. */
function nominationStatus(n: CampaignRow["nominations"]) {
  if (n.started) return `In Progress (${n.total - n.open}/${n.total} done)`;
  if (n.total > 0) return "Cancelled";
  if (n.audience > 0) return `Not Started (${n.audience === 1 ? "1 person" : `${n.audience} people`})`;
  return "No nominations";
}

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const when = (ms: number | null) => (ms === null ? "—" : day.format(new Date(ms)));

type ManageReviewsData = ReturnType<typeof useLoaderData<typeof manageReviewsView>>;

export function ManageReviewsPage({ data, confirm }: { data: ManageReviewsData; confirm: ConfirmData | null }) {
  const { states, reviews, showNominationStatus, userFilter } = data;
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
        <DataTable
          label="Reviews"
          columns={[
            "Title",
            showNomination && "Nomination Status",
            "Start",
            "Launched By",
            "State",
            "End",
            showUpdated && "Updated At",
            showProgress && "Progress",
          ]}
          actions
        >
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
        </DataTable>
      )}
    </>
  );
}

/** The super admin's filters: launched by, user type and specific users, with Clear User Filter (000 §2). */
function UserFilters({
  filter,
  states,
}: {
  filter: NonNullable<ManageReviewsData["userFilter"]>;
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

export type ConfirmData = { id: string; title: string; action: keyof typeof ACTIONS; requestId: string };

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
