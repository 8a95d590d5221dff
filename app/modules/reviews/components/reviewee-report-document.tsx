import {
  ANALYTICS_NOT_AVAILABLE,
  COMMENTS,
  hasAnalytics,
  QUANTITATIVE_ANALYTICS,
  reviewGroups,
  shownAnswer,
  shownScore,
  withheldReviews,
  type ReportColumn,
  type RevieweeReportData,
} from "../reports/reviewee-report";
import { sharedCopy } from "~/lib/copy";
import { Table } from "~/ui/table";
import { CompetencyChartSvg } from "./reviewee-report-svg";

/**
 * The per-reviewee report as a whole HTML document for the PDF ("PDFs are real, readable
 * documents with the charts and tables of the page"): rendered on the server with
 * renderToStaticMarkup, inline CSS, the chart as inline SVG, no script and nothing to fetch.
 */

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; color: #0f172a; font-size: 11px; line-height: 1.4; }
header { border-bottom: 2px solid #6366f1; padding-bottom: 10px; margin-bottom: 16px; }
.kicker { text-transform: uppercase; letter-spacing: 0.08em; font-size: 10px; color: #6366f1; font-weight: 700; margin: 0; }
h1 { font-size: 22px; margin: 4px 0 2px; }
h2 { font-size: 14px; margin: 20px 0 8px; }
.sub, .meta { color: #475569; margin: 0; }
.reviews { margin: 8px 0 0; padding: 0; list-style: none; }
.reviews li { display: inline-block; margin: 0 6px 4px 0; padding: 2px 8px; border-radius: 10px; background: #f1f5f9; font-size: 10px; }
.badge { color: #4338ca; font-weight: 600; }
section { page-break-inside: auto; }
figure { margin: 0 0 10px; page-break-inside: avoid; }
table { width: 100%; border-collapse: collapse; font-size: 9.5px; }
th, td { border: 1px solid #e2e8f0; padding: 4px 6px; text-align: left; vertical-align: top; }
thead th { background: #f8fafc; font-weight: 600; }
tr { page-break-inside: avoid; }
th.behaviour { padding-left: 16px; font-weight: 400; color: #334155; }
td.avg { font-weight: 700; }
td.who { white-space: nowrap; }
.empty { padding: 24px; text-align: center; border: 1px dashed #cbd5e1; border-radius: 6px; font-weight: 600; }
.none { color: #475569; }
.withheld { margin: 0 0 10px; padding: 8px 10px; border: 1px solid #c7d2fe; border-radius: 6px; background: #eef2ff; }
`;

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function RevieweeReportDocument({ report, generatedAt }: { report: RevieweeReportData; generatedAt: number }) {
  const { reviewee } = report;
  const title = `${reviewee.name} - ${report.reviews.map((r) => r.title).join(", ")}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <p className="kicker">Reviewee Report</p>
          <h1>{reviewee.name}</h1>
          {reviewee.title || reviewee.department ? (
            <p className="sub">{[reviewee.title, reviewee.department].filter(Boolean).join(" · ")}</p>
          ) : null}
          <ul className="reviews">
            {report.reviews.map((r) => (
              <li key={r.id}>
                {r.title}
                {r.anonymous ? <span className="badge"> · Anonymous</span> : null}
              </li>
            ))}
          </ul>
          <p className="meta">Generated on {day.format(new Date(generatedAt))}</p>
        </header>
        {withheldReviews(report).map((r) => (
          <p key={r.id} className="withheld" data-withheld-review={r.id}>
            <strong>{r.title}:</strong> {sharedCopy.anonymousAnswersWithheld(report.anonymityMinimum)}
          </p>
        ))}
        {!hasAnalytics(report) && withheldReviews(report).length === 0 ? (
          <p className="empty">{ANALYTICS_NOT_AVAILABLE}</p>
        ) : !hasAnalytics(report) ? null : (
          <>
            <section>
              {/* The chart carries the "Competency analytics" title itself. */}
              <h2>Competencies and behaviours</h2>
              {report.competencies.length === 0 ? (
                <p className="none">No competency ratings in these reviews.</p>
              ) : (
                <>
                  <figure>
                    <CompetencyChartSvg report={report} />
                  </figure>
                  <ColumnsTable
                    first="Competency"
                    last="Average"
                    columns={report.columns}
                    rows={report.competencies.map((r) => ({
                      key: r.key,
                      head: r.name,
                      behaviour: r.kind === "behaviour",
                      cells: r.scores.map(shownScore),
                      last: shownScore(r.average),
                    }))}
                  />
                </>
              )}
            </section>
            <section>
              <h2>{QUANTITATIVE_ANALYTICS}</h2>
              {report.quantitative.length === 0 ? (
                <p className="none">No rated questions in these reviews.</p>
              ) : (
                <ColumnsTable
                  first="Question"
                  last="Average score"
                  columns={report.columns}
                  rows={report.quantitative.map((r) => ({
                    key: r.key,
                    head: r.question,
                    behaviour: false,
                    cells: r.cells.map((c) => shownAnswer(c)),
                    last: shownScore(r.average),
                  }))}
                />
              )}
            </section>
            <section>
              <h2>{COMMENTS}</h2>
              {report.comments.length === 0 ? (
                <p className="none">No comments in these reviews.</p>
              ) : (
                <Table
                  head={
                    <tr>
                      {report.reviews.length > 1 ? <th>Review</th> : null}
                      <th>Question</th>
                      <th>Reviewer</th>
                      <th>Comment</th>
                    </tr>
                  }
                >
                  {report.comments.map((c, i) => (
                    <tr key={i}>
                      {report.reviews.length > 1 ? <td>{c.review}</td> : null}
                      <td>{c.question}</td>
                      <td className="who">{c.reviewer}</td>
                      <td>{c.comment}</td>
                    </tr>
                  ))}
                </Table>
              )}
            </section>
          </>
        )}
      </body>
    </html>
  );
}

function ColumnsTable({
  first,
  last,
  columns,
  rows,
}: {
  first: string;
  last: string;
  columns: ReportColumn[];
  rows: Array<{ key: string; head: string; behaviour: boolean; cells: string[]; last: string }>;
}) {
  return (
    <Table
      head={
        <>
          <tr>
            <th rowSpan={2}>{first}</th>
            {reviewGroups(columns).map((g, i) => (
              <th key={i} colSpan={g.span}>
                {g.review}
              </th>
            ))}
            <th rowSpan={2}>{last}</th>
          </tr>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c.reviewer}</th>
            ))}
          </tr>
        </>
      }
    >
      {rows.map((r) => (
        <tr key={r.key}>
          <th className={r.behaviour ? "behaviour" : undefined}>{r.head}</th>
          {r.cells.map((cell, i) => (
            <td key={i}>{cell}</td>
          ))}
          <td className="avg">{r.last}</td>
        </tr>
      ))}
    </Table>
  );
}
