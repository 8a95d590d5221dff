import { Link } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { sharedReportPath } from "~/modules/reviews/reports/reviewee-report";
import { EmptyState } from "~/ui/empty-state";
import { utcDay } from "~/ui/format";
import type { ProfilePageData } from "../profile-page-data";
import type { ReviewsTabData } from "../reviews-tab.server";

const resultPath = (pairId: string) => `/reviews/my-reviews?tab=received&review=${encodeURIComponent(pairId)}`;

/** The Reviews tab: review results and reports shared with the person, each opening on My Reviews. */
export function ReviewsTabView({ data, reviews }: { data: ProfilePageData; reviews: ReviewsTabData }) {
  const words = copy(data.platform);
  if (reviews.results.length === 0 && reviews.reports.length === 0) {
    return <EmptyState icon="analytics" title={words.noSharedReviews} description={words.noSharedReviewsHint} />;
  }
  return (
    <div className="space-y-6">
      <List id="profile-review-results" title={words.sharedResults} more={reviews.moreResults ? words.moreOnMyReviews : null}>
        {reviews.results.length === 0 ? (
          <li className="px-4 py-3 text-sm text-slate-600">{words.noSharedResults}</li>
        ) : (
          reviews.results.map((r) => (
            <li key={r.id} data-review-result={r.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{r.title}</p>
                <p className="text-xs text-slate-600">
                  {words.reviewedBy(r.reviewerName ?? words.anonymousReviewer)}
                  {r.completedAt !== null ? ` · ${utcDay(r.completedAt)}` : ""}
                </p>
              </div>
              <Link to={resultPath(r.id)} className="font-medium text-indigo-700 hover:underline" aria-label={words.viewResultOf(r.title)}>
                {words.viewResult}
              </Link>
            </li>
          ))
        )}
      </List>
      <List id="profile-shared-reports" title={words.sharedReports} more={reviews.moreReports ? words.moreOnMyReviews : null}>
        {reviews.reports.length === 0 ? (
          <li className="px-4 py-3 text-sm text-slate-600">{words.noSharedReports}</li>
        ) : (
          reviews.reports.map((r) => (
            <li key={r.id} data-shared-report={r.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{r.title}</p>
                <p className="text-xs text-slate-600">
                  {r.revieweeName}
                  {r.sharedBy ? ` · ${words.sharedBy(r.sharedBy)}` : ""} · {utcDay(r.sharedAt)}
                </p>
              </div>
              <Link
                to={sharedReportPath(r.id)}
                className="font-medium text-indigo-700 hover:underline"
                aria-label={words.viewReportOf(r.title, r.revieweeName)}
              >
                {words.viewReport}
              </Link>
            </li>
          ))
        )}
      </List>
    </div>
  );
}

function List({ id, title, more, children }: { id: string; title: string; more: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 id={`${id}-title`} className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="divide-y divide-slate-100">{children}</ul>
      {more ? (
        <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500">
          <Link to="/reviews/my-reviews" className="text-indigo-700 hover:underline">
            {more}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
