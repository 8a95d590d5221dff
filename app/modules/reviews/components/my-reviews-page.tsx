import { Link, type useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { sharedCopy } from "~/lib/copy";
import { PairResult } from "~/modules/reviews/components/pair-result";
import { sharedReportPath } from "~/modules/reviews/reports/reviewee-report";
import type { SharedReportItem } from "~/modules/reviews/reports/reviewee-report.server";
import { MY_REVIEW_TAB_LABELS, MY_REVIEW_TABS } from "~/modules/reviews/my-reviews";
import type { MyReviewItem, MyReviewTab, myReviewResult } from "~/modules/reviews/my-reviews.server";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable, DENSITY } from "~/ui/table";

const PATH = "/reviews/my-reviews";
/** 000 §2 empty state, quoted exactly. */
const NO_REVIEWS = "No reviews available!";
const ANONYMOUS = "Anonymous reviewer";

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const tabPath = (tab: MyReviewTab) => `${PATH}?tab=${tab}`;
const reviewPath = (tab: MyReviewTab, id: string) => `${tabPath(tab)}&review=${encodeURIComponent(id)}`;

/** What the My Reviews page's loader answers: the tab's reviews, the open result and the reports shared with the viewer. */
export type MyReviewsData = {
  tab: MyReviewTab;
  items: MyReviewItem[];
  more: number;
  result: Awaited<ReturnType<typeof myReviewResult>>;
  reports: SharedReportItem[];
  moreReports: number;
};

/** The viewer's completed reviews in the chosen tab and, when one is asked for, its result. */
export function MyReviewsPage({ data }: { data: ReturnType<typeof useLoaderData<() => MyReviewsData>> }) {
  const { tab, items, more, result, reports, moreReports } = data;
  return (
    <>
      <PageHeader title="My Reviews" description="Completed reviews you wrote, received, or that were shared with you." />
      <div role="tablist" aria-label="My reviews" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
        {MY_REVIEW_TABS.map((key) => {
          const selected = key === tab;
          return (
            <Link
              key={key}
              to={tabPath(key)}
              role="tab"
              id={`tab-${key}`}
              aria-selected={selected}
              aria-controls="my-reviews-tabpanel"
              tabIndex={selected ? 0 : -1}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                selected ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {MY_REVIEW_TAB_LABELS[key]}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id="my-reviews-tabpanel" aria-labelledby={`tab-${tab}`}>
        {items.length === 0 && !result ? (
          reports.length === 0 ? (
            <EmptyState icon="reviews" title={NO_REVIEWS} />
          ) : null
        ) : (
          <>
            <ReviewList tab={tab} items={items} open={result?.id ?? null} />
            {more ? <p className="mt-2 text-sm text-slate-600">Showing the latest {more} reviews.</p> : null}
          </>
        )}
        {reports.length > 0 ? <SharedReportList reports={reports} /> : null}
        {moreReports ? <p className="mt-2 text-sm text-slate-600">Showing the latest {moreReports} shared reports.</p> : null}
        {result ? (
          <section
            id="review-result"
            aria-labelledby="review-result-title"
            className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-review-result={result.id}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id="review-result-title" className="text-lg font-semibold text-slate-900">
                  {result.title}
                </h2>
                <p className="text-sm text-slate-600">
                  {result.revieweeName} · reviewed by {result.reviewerName ?? ANONYMOUS}
                  {result.completedAt === null ? null : ` · ${day.format(new Date(result.completedAt))}`}
                </p>
              </div>
              <Link to={tabPath(tab)} className="text-sm font-medium text-indigo-700 hover:underline">
                Close result
              </Link>
            </div>
            <PairResult rows={result.rows} />
          </section>
        ) : null}
      </div>
    </>
  );
}

function ReviewList({ tab, items, open }: { tab: MyReviewTab; items: MyReviewItem[]; open: string | null }) {
  return (
    <ListTable caption={MY_REVIEW_TAB_LABELS[tab]} columns={["Review", "Reviewee", "Reviewer", "Completed"]} link="Result">
      {items.map((item) => {
        const expanded = item.id === open;
        return (
          <tr key={item.id} data-review-id={item.id} className={expanded ? "bg-indigo-50" : undefined}>
            <td className="px-4 py-2 font-medium text-slate-900">{item.title}</td>
            <td className="px-4 py-2 text-slate-700">{item.revieweeName}</td>
            <td className="px-4 py-2 text-slate-700">{item.reviewerName ?? ANONYMOUS}</td>
            <td className="px-4 py-2 text-slate-700">
              {item.completedAt === null ? sharedCopy.anonymousCompletedHidden : day.format(new Date(item.completedAt))}
            </td>
            <td className="px-4 py-2 text-right">
              <Link
                to={expanded ? tabPath(tab) : `${reviewPath(tab, item.id)}#review-result`}
                aria-expanded={expanded}
                aria-controls={expanded ? "review-result" : undefined}
                className="font-medium text-indigo-700 hover:underline"
              >
                {expanded ? "Hide result" : "View result"}
                <span className="sr-only">
                  {" "}
                  of {item.title} for {item.revieweeName}
                </span>
              </Link>
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}

/** Review reports shared with the viewer (the Share-report dialog): each opens read-only on its own page. */
function SharedReportList({ reports }: { reports: SharedReportItem[] }) {
  return (
    <section aria-labelledby="shared-reports-title" className="mt-6">
      <h2 id="shared-reports-title" className="mb-2 text-base font-semibold text-slate-900">
        Shared reports
      </h2>
      <ListTable caption="Review reports shared with you" columns={["Review", "Reviewee", "Shared by", "Shared"]} link="Report">
        {reports.map((r) => (
          <tr key={r.id} data-shared-report-id={r.id}>
            <td className="px-4 py-2 font-medium text-slate-900">{r.title}</td>
            <td className="px-4 py-2 text-slate-700">{r.revieweeName}</td>
            <td className="px-4 py-2 text-slate-700">{r.sharedBy ?? ""}</td>
            <td className="px-4 py-2 text-slate-700">{day.format(new Date(r.sharedAt))}</td>
            <td className="px-4 py-2 text-right">
              <Link to={sharedReportPath(r.id)} className="font-medium text-indigo-700 hover:underline">
                View report
                <span className="sr-only">
                  {" "}
                  of {r.revieweeName} in {r.title}
                </span>
              </Link>
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

/** A My Reviews table: visible column headers, then a last column of links named for screen readers only. */
function ListTable({ caption, columns, link, children }: { caption: string; columns: string[]; link: string; children: ReactNode }) {
  return (
    <DataTable
      label={caption}
      naming="caption"
      header="capsStrong"
      density="wide"
      columnClassName={DENSITY.wide}
      actions={link}
      actionsClassName={DENSITY.wide}
      columns={columns}
    >
      {children}
    </DataTable>
  );
}
