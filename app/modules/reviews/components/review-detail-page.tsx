import { getCollectionProps, getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { PAIR_STATE_LABELS, PAIR_STATES, REVIEW_STATE_LABELS } from "~/modules/reviews/campaign-machine";
import { nominationBreakdown, NOMINATION_STATE_LABELS } from "~/modules/reviews/components/pair-answers";
import { PairResult } from "~/modules/reviews/components/pair-result";
import { PairsTable } from "~/modules/reviews/components/pairs-table";
import {
  AddPairSchema,
  FIELD_REQUIRED,
  detailHref,
  NO_DATA,
  NO_RESULT_DETAILS,
  NO_REVIEW_DETAILS,
  NOTE_MAX,
  PairActionSchema,
  DOWNLOADING_REPORT,
  RemindSchema,
  reviewDetailPath,
  SAVE_DRAFT_REVIEW,
  type DetailQuery,
  type Panel,
  type StatusReportType,
} from "~/modules/reviews/components/review-detail.schema";
import { ReviewOverview } from "~/modules/reviews/components/review-overview";
import { StackedBar } from "~/modules/reviews/components/stacked-bar";
import type { ActionData, Confirm, PanelData, reviewDetailView } from "~/modules/reviews/review-detail-view";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { FieldError } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { useHydrated } from "~/ui/use-hydrated";
import { DataTable } from "~/ui/table";

type LoaderData = ReturnType<typeof useLoaderData<typeof reviewDetailView>>;

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500";
const labelClass = "block text-sm font-medium text-slate-700";

/**
 * /reviews/manage-reviews/:activeReviewId (000 §2 "Review detail"): the Overview tab (progress,
 * dates, anonymity, questionnaire, sharing, the pairs with their row actions) and the Analytics
 * tab (a stacked bar per choice question, nomination status, status report download). Panels
 * (a pair's result, a decline comment, change reviewer, Send Reminders, Add Pairs) are URL
 * states (`?panel=`), so every one works without JavaScript; with it they open as dialogs.
 */
export function ReviewDetailPage({ data: loaderData, actionData }: { data: LoaderData; actionData: ActionData | undefined }) {
  const navigation = useNavigation();
  const { review, query } = loaderData;
  const base = reviewDetailPath(review.id);
  const href = (change: Partial<DetailQuery>) => detailHref(base, query, change);
  const back = href({ panel: null, pairId: null });
  const confirm = actionData?.confirm ?? null;
  const live = review.state === "live";
  const words = copy(loaderData.platform);
  const tabs = [
    { key: "overview", label: "Overview", to: href({ tab: "overview", page: 1, panel: null, pairId: null, nomination: false }) },
    { key: "analytics", label: "Analytics", to: href({ tab: "analytics", page: 1, panel: null, pairId: null, q: "", state: "" }) },
  ] as const;
  return (
    <>
      <PageHeader
        title={review.title}
        description={
          <span className="status-badge" data-status={review.state}>
            {REVIEW_STATE_LABELS[review.state]}
          </span>
        }
        actions={
          live ? (
            <>
              <Link to={href({ panel: "remind", pairId: null })} className={buttonClass("secondary")} preventScrollReset>
                Send Reminders
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="finalize" />
                <Button type="submit">Finalize Review</Button>
              </Form>
            </>
          ) : null
        }
      />
      {confirm ? <Confirmation confirm={confirm} title={review.title} cancelTo={back} /> : null}
      {loaderData.panel && !confirm ? (
        <PanelView data={loaderData} panel={loaderData.panel} closeTo={back} actionData={actionData} workspaceLabel={words.workspace} />
      ) : null}
      <UnshownErrors actionData={actionData} panel={loaderData.panel?.kind ?? null} />
      <div role="tablist" aria-label="Review detail" className="mb-4 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = query.tab === tab.key;
          return (
            <Link
              key={tab.key}
              to={tab.to}
              role="tab"
              id={`tab-${tab.key}`}
              aria-selected={selected}
              aria-controls="review-tabpanel"
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                selected ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id="review-tabpanel" aria-labelledby={`tab-${query.tab}`}>
        {query.tab === "overview" ? (
          <OverviewTab data={loaderData} href={href} navigation={navigation} workspaceLabel={words.workspace} />
        ) : (
          <AnalyticsTab data={loaderData} href={href} navigation={navigation} />
        )}
      </div>
    </>
  );
}

function OverviewTab({
  data: loaderData,
  href,
  navigation,
  workspaceLabel,
}: {
  data: LoaderData;
  href: (change: Partial<DetailQuery>) => string;
  navigation: ReturnType<typeof useNavigation>;
  workspaceLabel: string;
}) {
  const { review, query, pairs } = loaderData;
  const submittingPair =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "pair"
      ? { pairId: String(navigation.formData.get("pairId")), action: String(navigation.formData.get("pairAction")) }
      : null;
  return (
    <>
      <ReviewOverview facts={review.facts} now={loaderData.now} workspaceLabel={workspaceLabel} />
      <section aria-labelledby="pairs-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="pairs-heading" className="text-base font-semibold text-slate-900">
            Reviewees and reviewers
          </h2>
          {review.state === "live" ? (
            <Link to={href({ panel: "addPairs", pairId: null })} className={buttonClass("secondary")} preventScrollReset>
              Add Pairs
            </Link>
          ) : null}
        </div>
        {review.facts.pairs === 0 || !pairs ? (
          <EmptyState icon="reviews" title={NO_REVIEW_DETAILS} />
        ) : (
          <>
            <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" role="search" aria-label="Pairs">
              <div>
                <label htmlFor="pairs-q" className={labelClass}>
                  Search
                </label>
                <input
                  id="pairs-q"
                  name="q"
                  type="search"
                  defaultValue={query.q}
                  maxLength={100}
                  placeholder="Name or e-mail"
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor="pairs-state" className={labelClass}>
                  State
                </label>
                <select id="pairs-state" name="state" defaultValue={query.state} className={inputClass}>
                  <option value="">All states</option>
                  {PAIR_STATES.map((state) => (
                    <option key={state} value={state}>
                      {PAIR_STATE_LABELS[state]}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="secondary">
                Search
              </Button>
              {query.q || query.state ? (
                <Link to={href({ q: "", state: "", page: 1 })} className={buttonClass("ghost")}>
                  Clear
                </Link>
              ) : null}
            </Form>
            {pairs.rows.length === 0 ? (
              <EmptyState icon="reviews" title={NO_DATA} />
            ) : (
              <>
                <PairsTable
                  rows={pairs.rows}
                  context={loaderData.pairContext}
                  requestToken={loaderData.requestToken}
                  panelHref={(panel: Panel, pairId: string) => href({ panel, pairId })}
                  submitting={submittingPair}
                />
                <Pager page={pairs.page} pages={pairs.pages} total={pairs.total} noun="pairs" hrefFor={(page) => href({ page })} />
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}

function AnalyticsTab({
  data: loaderData,
  href,
  navigation,
}: {
  data: LoaderData;
  href: (change: Partial<DetailQuery>) => string;
  navigation: ReturnType<typeof useNavigation>;
}) {
  const { review, query } = loaderData;
  const hasNominations = review.facts.nominationTotal > 0;
  const nomination = query.nomination;
  const reportType: StatusReportType = nomination ? "nomination" : "review";
  const downloading = navigation.state === "submitting" && navigation.formData?.get("intent") === "statusReport";
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {hasNominations ? (
          <Link
            to={href({ nomination: !nomination, page: 1 })}
            role="switch"
            aria-checked={nomination}
            className="flex items-center gap-2 text-sm font-medium text-slate-700"
          >
            <span
              aria-hidden="true"
              className={`relative inline-flex h-5 w-9 items-center rounded-full transition-colors ${
                nomination ? "bg-indigo-600" : "bg-slate-300"
              }`}
            >
              <span
                className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
                  nomination ? "translate-x-4" : "translate-x-0.5"
                }`}
              />
            </span>
            Nomination
          </Link>
        ) : (
          <span />
        )}
        {/* Queued: the file is made by the queue and emailed with a link. */}
        <Form method="post" data-report-download={reportType}>
          <input type="hidden" name="intent" value="statusReport" />
          <input type="hidden" name="reportType" value={reportType} />
          <Button type="submit" variant="secondary" disabled={downloading}>
            {downloading ? DOWNLOADING_REPORT : "Download"}
          </Button>
        </Form>
      </div>
      {nomination ? <NominationAnalytics data={loaderData} href={href} /> : <ReviewAnalytics data={loaderData} />}
    </>
  );
}

function ReviewAnalytics({ data: loaderData }: { data: LoaderData }) {
  const analytics = loaderData.analytics;
  if (!analytics || !analytics.hasResults) return <EmptyState icon="reviews" title={NO_RESULT_DETAILS} />;
  return (
    <div className="grid gap-4" data-analytics="review">
      {analytics.breakdowns.map((breakdown) => (
        <StackedBar key={breakdown.blockId} breakdown={breakdown} />
      ))}
    </div>
  );
}

function NominationAnalytics({ data: loaderData, href }: { data: LoaderData; href: (change: Partial<DetailQuery>) => string }) {
  const page = loaderData.nominationPage;
  if (!page || page.total === 0) return <EmptyState icon="reviews" title={NO_DATA} />;
  return (
    <div className="grid gap-4" data-analytics="nomination">
      <StackedBar breakdown={nominationBreakdown(loaderData.review.nominations)} />
      <DataTable label="Nomination status per reviewee" columns={["Reviewee", "Nomination Status"]} dataRows>
        {page.rows.map((row) => (
          <tr key={row.revieweeId} data-reviewee-id={row.revieweeId}>
            <td className="font-medium text-slate-900">{row.name}</td>
            <td>{NOMINATION_STATE_LABELS[row.state] ?? row.state}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page.page} pages={page.pages} total={page.total} noun="reviewees" hrefFor={(p) => href({ page: p })} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Confirmations and panels
// ---------------------------------------------------------------------------------------------

function Confirmation({ confirm, title, cancelTo }: { confirm: Confirm; title: string; cancelTo: string }) {
  switch (confirm.kind) {
    case "remove":
    case "reopen": {
      const remove = confirm.kind === "remove";
      return (
        <ConfirmPanel
          id="confirm"
          title={`${remove ? "Remove pair" : "Reopen pair"}: ${confirm.names}?`}
          fields={{ intent: "pair", pairAction: confirm.kind, pairId: confirm.pairId, confirmed: "true", requestId: confirm.requestId }}
          cancelTo={cancelTo}
          cancelLabel="Keep it"
          confirmLabel={remove ? "Remove" : "Reopen"}
          tone={remove ? "danger" : "warning"}
        >
          <p>
            {remove
              ? "The pair and any answers given so far are removed from the review."
              : "The reviewer can answer again and is expected to submit the review."}
          </p>
        </ConfirmPanel>
      );
    }
    case "finalize":
      return (
        <ConfirmPanel
          id="confirm"
          title={`Finalize Review: ${title}?`}
          fields={{ intent: "finalize", confirmed: "true", requestId: confirm.requestId }}
          cancelTo={cancelTo}
          cancelLabel="Keep it live"
          confirmLabel="Finalize Review"
          tone="warning"
        >
          <p>The review closes: reviewers can no longer answer. It can be reopened from the reviews list.</p>
        </ConfirmPanel>
      );
    case "addPairs":
      return (
        <ConfirmPanel
          id="confirm"
          title={`Add ${confirm.revieweeName}, reviewed by ${confirm.reviewerName}?`}
          fields={{
            intent: "addPairs",
            revieweeId: confirm.revieweeId,
            reviewerId: confirm.reviewerId,
            confirmed: "true",
            requestId: confirm.requestId,
          }}
          cancelTo={cancelTo}
          confirmLabel="Add Pair"
          tone="warning"
        >
          <p>This review is live: the reviewer will be notified.</p>
        </ConfirmPanel>
      );
  }
}

/** The panel whose form each intent's errors belong to. */
const FORM_PANELS: Record<string, Panel> = { pair: "changeReviewer", remind: "remind", addPairs: "addPairs" };

/** A refused form whose panel is not open (posted from elsewhere): its errors, so they are not lost. */
function UnshownErrors({ actionData, panel }: { actionData: ActionData | undefined; panel: Panel | null }) {
  const errors = Object.values(actionData?.result?.error ?? {}).flatMap((e) => e ?? []);
  if (errors.length === 0 || (actionData && FORM_PANELS[actionData.intent] === panel)) return null;
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-form-errors>
      {errors.join(" ")}
    </p>
  );
}

/** A panel in the page without JavaScript; a dialog with it. */
function PanelFrame({ id, title, closeTo, children }: { id: string; title: string; closeTo: string; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Modal open onClose={() => navigate(closeTo, { preventScrollReset: true })} title={title} size="lg">
        {children}
      </Modal>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-panel={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CloseLink({ to, label = "Close" }: { to: string; label?: string }) {
  return (
    <Link to={to} className={buttonClass("secondary")} preventScrollReset>
      {label}
    </Link>
  );
}

function PanelView({
  data: loaderData,
  panel,
  closeTo,
  actionData,
  workspaceLabel,
}: {
  data: LoaderData;
  panel: PanelData;
  closeTo: string;
  actionData: ActionData | undefined;
  workspaceLabel: string;
}) {
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result ?? undefined : undefined);
  switch (panel.kind) {
    case "result":
      return (
        <PanelFrame id="result" title={panel.title} closeTo={closeTo}>
          <PairResult rows={panel.rows} />
          <div className="mt-6 flex justify-end">
            <CloseLink to={closeTo} />
          </div>
        </PanelFrame>
      );
    case "comment":
      return (
        <PanelFrame id="comment" title={panel.title} closeTo={closeTo}>
          <p className="mt-4 text-sm whitespace-pre-line text-slate-700" data-decline-comment>
            {panel.comment}
          </p>
          <div className="mt-6 flex justify-end">
            <CloseLink to={closeTo} />
          </div>
        </PanelFrame>
      );
    case "changeReviewer":
      return (
        <PanelFrame id="change-reviewer" title={`Change reviewer of ${panel.revieweeName}`} closeTo={closeTo}>
          <ChangeReviewerForm
            panel={panel}
            result={resultFor("pair")}
            requestId={`${loaderData.requestToken}:${panel.pairId}:changeReviewer`}
            closeTo={closeTo}
          />
        </PanelFrame>
      );
    case "remind":
      return (
        <PanelFrame id="remind" title="Send Reminders" closeTo={closeTo}>
          <RemindForm
            result={resultFor("remind")}
            requestId={`${loaderData.requestToken}:remind`}
            closeTo={closeTo}
            appMessageLabel={`${copy(loaderData.platform).platformName} message`}
          />
        </PanelFrame>
      );
    case "addPairs":
      return (
        <PanelFrame id="add-pairs" title="Add Pairs" closeTo={closeTo}>
          <AddPairForm members={panel.members} result={resultFor("addPairs")} closeTo={closeTo} workspaceLabel={workspaceLabel} />
        </PanelFrame>
      );
  }
}

function ChangeReviewerForm({
  panel,
  result,
  requestId,
  closeTo,
}: {
  panel: Extract<PanelData, { kind: "changeReviewer" }>;
  result?: SubmissionResult<string[]>;
  requestId: string;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `change-reviewer-${panel.pairId}`,
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PairActionSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = fields.reviewerId.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="pair" />
      <input type="hidden" name="pairAction" value="changeReviewer" />
      <input type="hidden" name="pairId" value={panel.pairId} />
      <input type="hidden" name="requestId" value={requestId} />
      <p className="text-sm text-slate-600">Current reviewer: {panel.reviewerName}</p>
      <div>
        <label htmlFor={fields.reviewerId.id} className={labelClass}>
          New reviewer
        </label>
        <select {...getSelectProps(fields.reviewerId)} className={inputClass}>
          <option value="">{errors ? FIELD_REQUIRED : "Select a reviewer"}</option>
          {panel.candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.email})
            </option>
          ))}
        </select>
        <FieldError id={fields.reviewerId.errorId} errors={errors} />
      </div>
      {panel.started ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name={fields.retainDraft.name} id={fields.retainDraft.id} />
          {SAVE_DRAFT_REVIEW}
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Change Reviewer</Button>
      </div>
    </Form>
  );
}

function RemindForm({
  result,
  requestId,
  closeTo,
  appMessageLabel,
}: {
  result?: SubmissionResult<string[]>;
  requestId: string;
  closeTo: string;
  appMessageLabel: string;
}) {
  const [form, fields] = useForm({
    id: "send-reminders",
    lastResult: result,
    defaultValue: { sendAs: ["appMessage"] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RemindSchema }),
    shouldValidate: "onBlur",
    // A corrected field's error goes while typing, not on the blur of a click on the button below it.
    shouldRevalidate: "onInput",
  });
  const labels: Record<string, string> = { appMessage: appMessageLabel, email: "E-mail" };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="remind" />
      <input type="hidden" name="requestId" value={requestId} />
      <p className="text-sm text-slate-600">Everyone with a review left to complete is reminded.</p>
      <div>
        <label htmlFor={fields.note.id} className={labelClass}>
          Note (optional)
        </label>
        <textarea {...getTextareaProps(fields.note)} rows={4} maxLength={NOTE_MAX} className={inputClass} />
        <FieldError id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <fieldset aria-describedby={fields.sendAs.errors ? fields.sendAs.errorId : undefined}>
        <legend className={labelClass}>Send as</legend>
        <div className="mt-1 flex gap-4">
          {getCollectionProps(fields.sendAs, { type: "checkbox", options: ["appMessage", "email"] }).map((props) => (
            <label key={props.key} className="flex items-center gap-2 text-sm text-slate-700">
              <input {...props} key={undefined} />
              {labels[props.value]}
            </label>
          ))}
        </div>
        <FieldError id={fields.sendAs.errorId} errors={fields.sendAs.errors} />
      </fieldset>
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Send Reminders</Button>
      </div>
    </Form>
  );
}

function AddPairForm({
  members,
  result,
  closeTo,
  workspaceLabel,
}: {
  members: Array<{ id: string; name: string; email: string }>;
  result?: SubmissionResult<string[]>;
  closeTo: string;
  workspaceLabel: string;
}) {
  const [form, fields] = useForm({
    id: "add-pairs",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddPairSchema }),
    shouldValidate: "onSubmit",
  });
  const options = members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.name} ({m.email})
    </option>
  ));
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="addPairs" />
      <p className="text-sm text-slate-600">
        People of this review&apos;s {workspaceLabel.toLowerCase()}. The reviewer is notified once the pair is added.
      </p>
      <div>
        <label htmlFor={fields.revieweeId.id} className={labelClass}>
          Reviewee
        </label>
        <select {...getSelectProps(fields.revieweeId)} className={inputClass}>
          <option value="">Select a reviewee</option>
          {options}
        </select>
        <FieldError id={fields.revieweeId.errorId} errors={fields.revieweeId.errors} />
      </div>
      <div>
        <label htmlFor={fields.reviewerId.id} className={labelClass}>
          Reviewer
        </label>
        <select {...getSelectProps(fields.reviewerId)} className={inputClass}>
          <option value="">Select a reviewer</option>
          {options}
        </select>
        <FieldError id={fields.reviewerId.errorId} errors={fields.reviewerId.errors} />
      </div>
      <div className="flex justify-end gap-2">
        <CloseLink to={closeTo} label="Cancel" />
        <Button type="submit">Add Pair</Button>
      </div>
    </Form>
  );
}
