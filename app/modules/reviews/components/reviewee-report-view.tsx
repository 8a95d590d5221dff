import { sharedCopy } from "~/lib/copy";
import { EmptyState } from "~/ui/empty-state";
import { Table } from "~/ui/table";
import {
  ANALYTICS_NOT_AVAILABLE,
  COMMENTS,
  COMPETENCY_ANALYTICS,
  hasAnalytics,
  QUANTITATIVE_ANALYTICS,
  reviewGroups,
  shownAnswer,
  shownScore,
  withheldReviews,
  type ReportColumn,
  type RevieweeReportData,
} from "../reports/reviewee-report";
import { CompetencyChart } from "./reviewee-report-chart";

/**
 * One reviewee's report on a page (the report page and the read-only shared view): who and which
 * reviews, then the competency analytics (chart and table), the quantitative questions and the
 * comments. Columns are review × reviewer; anonymous reviewers are already "Reviewer N" and
 * "Anonymous" in the data (the server never sends their names), and a review with too few of them
 * completed comes without answers, with a note saying why.
 */
export function RevieweeReportView({ report }: { report: RevieweeReportData }) {
  const { reviewee } = report;
  return (
    <div className="space-y-6" data-reviewee-report={reviewee.id}>
      <section aria-labelledby="reviewee-report-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="reviewee-report-title" className="text-lg font-semibold text-slate-900">
          {reviewee.name}
        </h2>
        {reviewee.title || reviewee.department ? (
          <p className="text-sm text-slate-600">{[reviewee.title, reviewee.department].filter(Boolean).join(" · ")}</p>
        ) : null}
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Reviews">
          {report.reviews.map((r) => (
            <li
              key={r.id}
              data-review-id={r.id}
              className="flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800"
            >
              {r.title}
              {r.anonymous ? <span className="rounded-full bg-indigo-100 px-2 text-indigo-700">Anonymous</span> : null}
            </li>
          ))}
        </ul>
        {withheldReviews(report).map((r) => (
          <p
            key={r.id}
            data-withheld-review={r.id}
            className="mt-3 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
          >
            <span className="font-semibold">{r.title}:</span> {sharedCopy.anonymousAnswersWithheld(report.anonymityMinimum)}
          </p>
        ))}
      </section>
      {!hasAnalytics(report) && withheldReviews(report).length === 0 ? (
        <EmptyState title={ANALYTICS_NOT_AVAILABLE} />
      ) : !hasAnalytics(report) ? null : (
        <>
          <ReportSection id="competency-analytics" title={COMPETENCY_ANALYTICS}>
            {report.competencies.length === 0 ? (
              <Nothing text="No competency ratings in these reviews." />
            ) : (
              <>
                <CompetencyChart report={report} />
                <ColumnsTable
                  label={COMPETENCY_ANALYTICS}
                  first="Competency"
                  last="Average"
                  columns={report.columns}
                  rows={report.competencies.map((row) => ({
                    key: row.key,
                    head: row.name,
                    kind: row.kind,
                    cells: row.scores.map(shownScore),
                    last: shownScore(row.average),
                  }))}
                />
              </>
            )}
          </ReportSection>
          <ReportSection id="quantitative-analytics" title={QUANTITATIVE_ANALYTICS}>
            {report.quantitative.length === 0 ? (
              <Nothing text="No rated questions in these reviews." />
            ) : (
              <ColumnsTable
                label={QUANTITATIVE_ANALYTICS}
                first="Question"
                last="Average score"
                columns={report.columns}
                rows={report.quantitative.map((row) => ({
                  key: row.key,
                  head: row.question,
                  kind: "question",
                  cells: row.cells.map((c) => shownAnswer(c)),
                  last: shownScore(row.average),
                }))}
              />
            )}
          </ReportSection>
          <ReportSection id="report-comments" title={COMMENTS}>
            {report.comments.length === 0 ? <Nothing text="No comments in these reviews." /> : <CommentsTable report={report} />}
          </ReportSection>
        </>
      )}
    </div>
  );
}

function ReportSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" id={id}>
      <h2 id={`${id}-title`} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

const Nothing = ({ text }: { text: string }) => <p className="text-sm text-slate-600">{text}</p>;

/** A table of rows by review × reviewer, then the row's summary (the report's competency and question tables, a profile's Performance tab). */
export function ColumnsTable({
  label,
  first,
  last,
  columns,
  rows,
  marker,
}: {
  label: string;
  first: string;
  last: string;
  columns: ReportColumn[];
  rows: Array<{ key: string; head: string; kind: string; cells: string[]; last: string }>;
  /** A data attribute naming the table for tests and styles, e.g. "data-score-rows". */
  marker?: `data-${string}`;
}) {
  const th = "border-b border-slate-200 px-3 py-2 text-left font-semibold";
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <Table
        label={label}
        className="min-w-full text-sm"
        header="plain"
        bodyClassName="divide-y divide-slate-100"
        {...(marker ? { [marker]: "" } : {})}
        head={
          <>
            <tr>
              <th scope="col" rowSpan={2} className={th}>
                {first}
              </th>
              {reviewGroups(columns).map((g, i) => (
                <th key={i} scope="colgroup" colSpan={g.span} className={`${th} border-l text-center`}>
                  {g.review}
                </th>
              ))}
              <th scope="col" rowSpan={2} className={`${th} border-l`}>
                {last}
              </th>
            </tr>
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" className={`${th} border-l text-xs font-medium`} data-reviewer={c.reviewer}>
                  {c.reviewer}
                </th>
              ))}
            </tr>
          </>
        }
      >
        {rows.map((row) => (
          <tr key={row.key} data-row-kind={row.kind}>
            <th
              scope="row"
              className={`px-3 py-2 text-left ${
                row.kind === "behaviour" ? "pl-7 font-normal text-slate-700" : "font-medium text-slate-900"
              }`}
            >
              {row.head}
            </th>
            {row.cells.map((cell, i) => (
              <td key={i} className="border-l border-slate-100 px-3 py-2 text-slate-700">
                {cell}
              </td>
            ))}
            <td className="border-l border-slate-100 px-3 py-2 font-semibold text-slate-900">{row.last}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function CommentsTable({ report }: { report: RevieweeReportData }) {
  const several = report.reviews.length > 1;
  const th = "px-3 py-2 text-left font-semibold";
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <Table
        label={COMMENTS}
        className="min-w-full text-sm"
        header="plain"
        columnClassName={th}
        columns={[several ? "Review" : null, "Question", "Reviewer", "Comment"]}
        bodyClassName="divide-y divide-slate-100"
      >
          {report.comments.map((c, i) => (
            <tr key={i} data-comment-reviewer={c.reviewer}>
              {several ? <td className="px-3 py-2 text-slate-700">{c.review}</td> : null}
              <td className="px-3 py-2 text-slate-700">{c.question}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">{c.reviewer}</td>
              <td className="whitespace-pre-line px-3 py-2 text-slate-900">{c.comment}</td>
            </tr>
          ))}
      </Table>
    </div>
  );
}
