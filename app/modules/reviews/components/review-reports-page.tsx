import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { draftPath, REVIEWS_PATH } from "~/modules/reviews/launch.schema";
import type { ReviewState } from "~/modules/reviews/campaign-machine";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { useHydrated } from "~/ui/use-hydrated";
import type { PickedPerson } from "~/modules/people/search";
import {
  filterEntries,
  filterSearch,
  NO_FILTERS,
  NO_REPORTS,
  REPORTS_PAGE_SIZE,
  REPORTS_PATH,
  type ReportFilters,
} from "../reports/report-table.schema";
import { revieweeReportPath } from "../reports/reviewee-report";
import { SHARE_DIALOG_PARAM, SHARE_DIALOG_VALUE, SHARE_INTENT, type ReportRef, type SharePerson } from "../reports/share.schema";
import { ReportTable, type ReviewMenuAction, type TableReview } from "./report-table";
import { ReportTableFilters, type FilterOptionLists } from "./report-table-filters";
import { ShareReportDialog } from "./share-report-dialog";

const FORM_ID = "report-selection";

/** What the route's loader gives the page. */
export interface LoaderData {
  filters: ReportFilters;
  options: FilterOptionLists;
  matches: { reviewers: { query: string; people: PickedPerson[] | null }; reviewees: { query: string; people: PickedPerson[] | null } };
  table: { reviews: unknown[]; total: number; page: number; pages: number };
  canManage: boolean;
  selectAll: boolean;
  here: string;
  back: string;
  share: null | { reports: ReportRef[]; description: string; q: string; people: SharePerson[]; chosen: SharePerson[] };
  selectionError: string | null;
  actions: null | { id: string; title: string; state: ReviewState | string; firstRevieweeId: string | null };
  requestId: string;
}

export type ReviewReportsActionData =
  | { intent: "download"; error: string }
  | { intent: typeof SHARE_INTENT; result: SubmissionResult<string[]> }
  | { intent: "delete"; confirm: { id: string; title: string; requestId: string } };


/**
 * The /reviews/reports page (000 §2 "Review reports (admin)"): the filters, the delete
 * confirmation, the review row menu as a panel, the share dialog, the bulk actions, the report
 * table and its pager; `d` is the route's loader data, `actionData` its action's answer.
 */
export function ReviewReportsPage({ d, actionData }: { d: LoaderData; actionData: ReviewReportsActionData | undefined }) {
  const hydrated = useHydrated();
  const reviews = d.table.reviews as TableReview[];
  const pageKeys = reviews.flatMap((r) => r.reviewees.map((e) => e.key));
  const initial = () => new Set<string>(d.selectAll ? pageKeys : (d.share?.reports ?? []).map((r) => `${r.campaignId}:${r.revieweeId}`));
  const [selected, setSelected] = useState<ReadonlySet<string>>(initial);
  // A new page of reports (filters, paging) starts with its own selection.
  const pageSignature = pageKeys.join(",");
  useEffect(() => setSelected(initial()), [pageSignature]); // eslint-disable-line react-hooks/exhaustive-deps

  const extra = (params: Record<string, string | string[] | null>) =>
    `${REPORTS_PATH}${filterSearch(d.filters, { page: d.table.page > 1 ? String(d.table.page) : null, ...params })}`;
  const hasOptions = d.options.reviews.length > 0;
  const confirm = actionData?.intent === "delete" ? actionData.confirm : null;
  const bulkError = actionData?.intent === "download" ? actionData.error : d.selectionError;

  return (
    <>
      <PageHeader title="Reports" description="Review reports by review, reviewee and reviewer. A report is one reviewee in one review." />
      {!hasOptions ? (
        <EmptyState icon="reviews" title={NO_FILTERS} />
      ) : (
        <>
          <ReportTableFilters action={REPORTS_PATH} options={d.options} filters={d.filters} matches={d.matches} />
          {confirm ? (
            <ConfirmPanel
              id="delete-review"
              title={`Delete Review: ${confirm.title}?`}
              fields={{ intent: "delete", id: confirm.id, confirmed: "true", requestId: confirm.requestId }}
              cancelTo={d.back}
              cancelLabel="Keep it"
              confirmLabel="Delete Review"
            >
              <p>The review, its audience and its answers are removed for good, and its reports with them.</p>
            </ConfirmPanel>
          ) : null}
          {d.actions ? <ActionsPanel d={d} /> : null}
          {d.share ? (
            <ShareReportDialog
              reports={d.share.reports}
              description={d.share.description}
              people={d.share.people}
              chosen={d.share.chosen}
              q={d.share.q}
              closeTo={d.back}
              action={d.here}
              searchAction={REPORTS_PATH}
              keep={[
                ...filterEntries(d.filters),
                // The reports go as the dialog's own `report` fields.
                ...(d.table.page > 1 ? ([["page", String(d.table.page)]] as Array<[string, string]>) : []),
              ]}
              lastResult={actionData?.intent === SHARE_INTENT ? actionData.result : null}
            />
          ) : null}
          {d.table.total === 0 ? (
            <EmptyState icon="reviews" title={NO_REPORTS} />
          ) : (
            <>
              <Form method="post" action={d.back} id={FORM_ID} className="mb-3 flex flex-wrap items-center gap-3" preventScrollReset>
                {filterEntries(d.filters).map(([name, value], i) => (
                  <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                ))}
                {d.table.page > 1 ? <input type="hidden" name="page" value={d.table.page} /> : null}
                <SelectAll d={d} hydrated={hydrated} selected={selected} pageKeys={pageKeys} onChange={setSelected} extra={extra} />
                <span className="text-sm text-slate-600" aria-live="polite" data-selected-count={hydrated ? selected.size : undefined}>
                  {hydrated ? `${selected.size} selected` : null}
                </span>
                <span className="ml-auto flex gap-2">
                  <button
                    type="submit"
                    name={SHARE_DIALOG_PARAM}
                    value={SHARE_DIALOG_VALUE}
                    formMethod="get"
                    formAction={REPORTS_PATH}
                    className={buttonClass("secondary")}
                  >
                    Bulk Share
                  </button>
                  <button type="submit" name="intent" value="download" className={buttonClass("primary")}>
                    Bulk Download
                  </button>
                </span>
              </Form>
              {bulkError ? (
                <p role="alert" className="mb-3 text-sm text-red-700" data-bulk-error>
                  {bulkError}
                </p>
              ) : null}
              <ReportTable
                reviews={reviews}
                formId={FORM_ID}
                selected={selected}
                onChecked={(key, on) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (on) next.add(key);
                    else next.delete(key);
                    return next;
                  })
                }
                action={d.back}
                requestId={d.requestId}
                shareHref={(key) => extra({ [SHARE_DIALOG_PARAM]: SHARE_DIALOG_VALUE, report: key })}
                previewHref={(revieweeId, reviewId) => revieweeReportPath(revieweeId, [reviewId])}
                menuOf={(review) => menuOf(review.id, review.state, review.reviewees[0]?.revieweeId ?? null, d.canManage)}
                actionsHref={(reviewId) => extra({ [SHARE_DIALOG_PARAM]: "actions", review: reviewId })}
              />
              <Pager
                page={d.table.page}
                pages={d.table.pages}
                total={d.table.total}
                noun={d.table.total === 1 ? "report" : "reports"}
                hrefFor={(page) => `${REPORTS_PATH}${filterSearch(d.filters, { page: page > 1 ? String(page) : null })}`}
              />
              <p className="mt-1 text-xs text-slate-500">
                {REPORTS_PAGE_SIZE} reports a page; Select All and the bulk actions act on this page.
              </p>
            </>
          )}
        </>
      )}
    </>
  );
}

/** The review row menu (000 §2): Preview for everyone, Duplicate, Delete and Launch for those who manage reviews. */
function menuOf(reviewId: string, state: string, firstRevieweeId: string | null, canManage: boolean): ReviewMenuAction[] {
  const preview: ReviewMenuAction = {
    key: "preview",
    label: "Preview",
    href: firstRevieweeId ? revieweeReportPath(firstRevieweeId, [reviewId]) : "/reviews/reports/reviewee",
  };
  if (!canManage) return [preview];
  return [
    { key: "duplicate", label: "Duplicate", intent: "duplicate" },
    {
      key: "delete",
      label: "Delete",
      intent: "delete",
      danger: true,
      disabledReason: state === "live" ? "Finalize the review before deleting it." : undefined,
    },
    preview,
    // A live or closed review opens in Manage Reviews (a draft would open at its launch page).
    { key: "launch", label: "Launch", href: state === "draft" ? draftPath(reviewId) : `${REVIEWS_PATH}/${encodeURIComponent(reviewId)}` },
  ];
}

function SelectAll({
  d,
  hydrated,
  selected,
  pageKeys,
  onChange,
  extra,
}: {
  d: LoaderData;
  hydrated: boolean;
  selected: ReadonlySet<string>;
  pageKeys: string[];
  onChange: (s: ReadonlySet<string>) => void;
  extra: (params: Record<string, string | string[] | null>) => string;
}) {
  if (!hydrated) {
    // Without JavaScript: the page again with every report checked (or none).
    return d.selectAll ? (
      <a href={extra({})} className={buttonClass("ghost")}>
        Clear selection
      </a>
    ) : (
      <a href={extra({ selectAll: "1" })} className={buttonClass("ghost")}>
        Select All
      </a>
    );
  }
  const all = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = !all && pageKeys.some((k) => selected.has(k));
        }}
        onChange={(e) => onChange(new Set(e.currentTarget.checked ? pageKeys : []))}
        className="size-4 rounded border-slate-300"
      />
      Select All
    </label>
  );
}

/** The review row menu as a panel in the page (`?dialog=actions&review=…`), for browsers without JavaScript. */
function ActionsPanel({ d }: { d: LoaderData }) {
  const a = d.actions!;
  const items = menuOf(a.id, a.state, a.firstRevieweeId, d.canManage);
  return (
    <section
      aria-labelledby="review-actions-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      data-panel="review-actions"
    >
      <h2 id="review-actions-title" className="text-base font-semibold text-slate-900">
        Actions for {a.title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a href={item.href} className={buttonClass("secondary")}>
                {item.label}
              </a>
            ) : item.disabledReason ? (
              <span className="text-sm text-slate-600">
                {item.label}: {item.disabledReason}
              </span>
            ) : (
              <form method="post" action={d.back}>
                <input type="hidden" name="intent" value={item.intent} />
                <input type="hidden" name="id" value={a.id} />
                <input type="hidden" name="requestId" value={d.requestId} />
                <Button type="submit" variant={item.danger ? "danger" : "secondary"}>
                  {item.label}
                </Button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <Link to={d.back} className={`${buttonClass("ghost")} mt-3`}>
        Close
      </Link>
    </section>
  );
}
