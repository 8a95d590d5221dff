import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import type { ChoiceCount, NpsResult, QuestionReport, ReportResult, TextList } from "~/modules/surveys/report";
import type { RunState } from "~/modules/surveys/survey-machine";
import { utcDateTime, utcDay } from "~/ui/format";
import { Table } from "~/ui/table";

/**
 * A survey run's report as a whole HTML document for the PDF (rendered on the server
 * with renderToStaticMarkup and printed by Browser Rendering): the page's numbers question by
 * question, with inline SVG charts (a bar per choice, the NPS split) that carry visible titles,
 * inline CSS, no script and nothing to fetch. Text in SVG stays text in the PDF, so the charts
 * are searchable and readable by pdftotext like the tables.
 */

export const CHOICE_CHART_TITLE = "Answer distribution";
export const NPS_CHART_TITLE = "Net Promoter Score breakdown";

export interface SurveyReportDocumentProps {
  run: {
    title: string;
    state: RunState;
    launchedAt: number;
    closedAt: number | null;
    anonymous: boolean;
    audienceCount: number;
  };
  result: Extract<ReportResult, { status: "ready" }>;
  generatedAt: number;
}

// The app's palette (Tailwind): indigo for bars, emerald / amber / rose for the NPS parts.
const INDIGO = "#6366f1";
const EMERALD = "#10b981";
const AMBER = "#fbbf24";
const ROSE = "#f43f5e";
const SLATE_100 = "#f1f5f9";
const SLATE_500 = "#64748b";
const SLATE_700 = "#334155";
const SLATE_900 = "#0f172a";

const shown = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Helvetica Neue", Arial, "DejaVu Sans", "Liberation Sans", sans-serif; color: ${SLATE_900}; font-size: 11pt; line-height: 1.4; }
header { border-bottom: 2px solid ${INDIGO}; padding-bottom: 10px; margin-bottom: 16px; }
h1 { font-size: 20pt; margin: 0 0 4px; }
.kicker { color: ${SLATE_500}; font-size: 9pt; text-transform: uppercase; letter-spacing: .06em; margin: 0; }
dl.facts { display: flex; flex-wrap: wrap; gap: 4px 28px; margin: 8px 0 0; font-size: 10pt; }
dl.facts div { display: flex; gap: 6px; }
dl.facts dt { color: ${SLATE_500}; }
dl.facts dd { margin: 0; font-weight: 600; }
section.question { border: 1px solid #e2e8f0; border-radius: 6px; padding: 12px 14px; margin: 0 0 12px; }
section.question h2 { font-size: 12.5pt; margin: 0 0 2px; break-after: avoid; page-break-after: avoid; }
svg, .nps, tr, li, h3 { break-inside: avoid; page-break-inside: avoid; }
h3 { break-after: avoid; page-break-after: avoid; }
.group { color: ${SLATE_500}; font-size: 8.5pt; text-transform: uppercase; letter-spacing: .06em; margin: 0; }
.muted { color: ${SLATE_500}; font-size: 9.5pt; margin: 0 0 8px; }
table { border-collapse: collapse; width: 100%; font-size: 10pt; margin-top: 8px; }
th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
th { color: ${SLATE_700}; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
h3 { font-size: 10.5pt; margin: 10px 0 4px; color: ${SLATE_700}; }
ul.texts { margin: 0; padding: 0; list-style: none; font-size: 10pt; }
ul.texts li { border-bottom: 1px solid #f1f5f9; padding: 3px 0; white-space: pre-wrap; }
.nps { display: flex; gap: 18px; align-items: center; background: #f8fafc; border-radius: 6px; padding: 8px 10px; margin: 6px 0; }
.nps .score { font-size: 22pt; font-weight: 700; }
svg { display: block; margin-top: 6px; }
footer { color: ${SLATE_500}; font-size: 8.5pt; margin-top: 12px; }
`;

export function SurveyReportDocument({ run, result, generatedAt }: SurveyReportDocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`${run.title} — Survey report`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <p className="kicker">Survey report</p>
          <h1>{run.title}</h1>
          <dl className="facts">
            <div>
              <dt>State</dt>
              <dd>{run.state === "closed" ? "Closed" : "Open"}</dd>
            </div>
            <div>
              <dt>Participants</dt>
              <dd>
                {result.participants} of {run.audienceCount}
              </dd>
            </div>
            <div>
              <dt>Launched At</dt>
              <dd>{utcDay(run.launchedAt)}</dd>
            </div>
            {run.closedAt ? (
              <div>
                <dt>Closed At</dt>
                <dd>{utcDay(run.closedAt)}</dd>
              </div>
            ) : null}
            {run.anonymous ? (
              <div>
                <dt>Responses</dt>
                <dd>Anonymous</dd>
              </div>
            ) : null}
            {result.covered != null ? (
              <div>
                <dt>Responses shown</dt>
                <dd>The first {result.covered} (real-time results of an anonymous survey move in steps)</dd>
              </div>
            ) : null}
          </dl>
        </header>
        {result.questions.length === 0 ? <p className="muted">No questions to report.</p> : null}
        {result.questions.map((q, i) => (
          <Question key={q.id} question={q} index={i} />
        ))}
        <footer>Generated {utcDateTime(generatedAt)}</footer>
      </body>
    </html>
  );
}

function Question({ question, index }: { question: QuestionReport; index: number }) {
  return (
    <section className="question">
      {question.group ? <p className="group">{question.group}</p> : null}
      <h2>
        {index + 1}. {question.label}
      </h2>
      {question.kind === "text" ? <Texts list={question.answers} what="answer" /> : <Choice question={question} />}
    </section>
  );
}

function Choice({ question }: { question: Extract<QuestionReport, { kind: "choice" }> }) {
  return (
    <>
      <p className="muted">
        {question.respondents} {question.respondents === 1 ? "respondent" : "respondents"}
        {question.multipleAnswers ? " (multiple answers: percentages of respondents)" : ""}
      </p>
      {question.nps ? <Nps nps={question.nps} /> : null}
      <ChoiceBars choices={question.choices} />
      <Table
        head={
          <tr>
            <th>Answer</th>
            <th className="num">Count</th>
            <th className="num">Percent</th>
          </tr>
        }
      >
        {question.choices.map((c) => (
          <tr key={`${c.value}-${c.text}`}>
            <td>{c.text}</td>
            <td className="num">{c.count}</td>
            <td className="num">{shown(c.percent)}</td>
          </tr>
        ))}
        {question.notApplicable !== null ? (
          <tr>
            <td>{NOT_APPLICABLE}</td>
            <td className="num">{question.notApplicable}</td>
            <td className="num">–</td>
          </tr>
        ) : null}
      </Table>
      {question.comments ? <Texts list={question.comments} what="comment" /> : null}
    </>
  );
}

const CHART_WIDTH = 640;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 90;
const BAR_HEIGHT = 16;
const BAR_GAP = 6;
const TITLE_HEIGHT = 24;

/** One horizontal bar per choice, as long as its count against the largest, titled. */
export function ChoiceBars({ choices, title = CHOICE_CHART_TITLE }: { choices: ChoiceCount[]; title?: string }) {
  const max = Math.max(1, ...choices.map((c) => c.count));
  const track = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = TITLE_HEIGHT + choices.length * (BAR_HEIGHT + BAR_GAP) + 4;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={CHART_WIDTH}
      height={height}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      role="img"
      aria-label={title}
      data-chart="choices"
    >
      <text x={0} y={15} fontSize={12} fontWeight={600} fill={SLATE_700}>
        {title}
      </text>
      {choices.map((c, i) => {
        const y = TITLE_HEIGHT + i * (BAR_HEIGHT + BAR_GAP);
        const width = c.count === 0 ? 0 : Math.max(2, (c.count / max) * track);
        return (
          <g key={`${c.value}-${c.text}`}>
            <text x={LABEL_WIDTH - 8} y={y + 12} fontSize={10} textAnchor="end" fill={SLATE_700}>
              {clip(c.text, 32)}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={track} height={BAR_HEIGHT} rx={2} fill={SLATE_100} />
            <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx={2} fill={INDIGO} />
            <text x={LABEL_WIDTH + track + 8} y={y + 12} fontSize={10} fill={SLATE_700}>
              {`${c.count} (${shown(c.percent)})`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The NPS: the score beside one stacked bar of promoters, passives and detractors, with a legend. */
function Nps({ nps }: { nps: NpsResult }) {
  const parts = [
    { label: "Promoters (9–10)", n: nps.promoters, percent: nps.promotersPercent, color: EMERALD },
    { label: "Passives (7–8)", n: nps.passives, percent: nps.passivesPercent, color: AMBER },
    { label: "Detractors (0–6)", n: nps.detractors, percent: nps.detractorsPercent, color: ROSE },
  ];
  const width = 470;
  const total = Math.max(1, nps.total);
  let x = 0;
  return (
    <div className="nps">
      <div>
        <div className="muted">Net Promoter Score</div>
        <div className="score">{nps.score}</div>
      </div>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={width}
        height={84}
        viewBox={`0 0 ${width} 84`}
        role="img"
        aria-label={NPS_CHART_TITLE}
        data-chart="nps"
      >
        <text x={0} y={14} fontSize={12} fontWeight={600} fill={SLATE_700}>
          {NPS_CHART_TITLE}
        </text>
        <rect x={0} y={22} width={width} height={18} rx={3} fill={SLATE_100} />
        {parts.map((p) => {
          const w = (p.n / total) * width;
          const rect = <rect key={p.label} x={x} y={22} width={w} height={18} fill={p.color} />;
          x += w;
          return rect;
        })}
        {parts.map((p, i) => (
          <g key={`legend-${p.label}`}>
            <rect x={i * 156} y={52} width={10} height={10} rx={2} fill={p.color} />
            <text x={i * 156 + 14} y={61} fontSize={10} fill={SLATE_700}>
              {`${p.label}: ${p.n} (${shown(p.percent)})`}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}

function Texts({ list, what }: { list: TextList; what: "answer" | "comment" }) {
  if (list.total === 0) return <p className="muted">{what === "answer" ? "No answers." : "No comments."}</p>;
  return (
    <>
      <h3>
        {what === "answer" ? "Answers" : "Comments"} ({list.total})
      </h3>
      <ul className="texts">
        {list.items.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
      {list.total > list.items.length ? (
        <p className="muted">
          Showing {list.items.length} of {list.total} {what === "answer" ? "answers" : "comments"}; the XLSX download lists them all.
        </p>
      ) : null}
    </>
  );
}
