import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import { HEADER, HeaderCell, Table } from "~/ui/table";
import type { ChoiceCount, NpsResult, QuestionReport, TextList } from "../report";
import { ChoiceChart, NpsChart } from "./report-chart";

/**
 * One question of a survey report, rendered on the server: a table of counts and percentages
 * (the numbers for everyone, screen readers included, with or without JavaScript) beside a chart.
 * The server renders the chart as CSS bars; in the browser, after hydration, ApexCharts (loaded
 * lazily, see report-chart.tsx) replaces them. Both are decoration (aria-hidden): the table holds
 * the numbers.
 */

const shown = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
const CARD = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

export function ReportQuestion({ question, index }: { question: QuestionReport; index: number }) {
  const headingId = `q-${question.id}`;
  return (
    <section aria-labelledby={headingId} className={CARD} data-question={question.id}>
      {question.group ? <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{question.group}</p> : null}
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {index + 1}. {question.label}
      </h2>
      {question.kind === "text" ? <TextAnswers list={question.answers} what="answer" /> : <ChoiceResult question={question} />}
    </section>
  );
}

function ChoiceResult({ question }: { question: Extract<QuestionReport, { kind: "choice" }> }) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-600" data-respondents={question.respondents}>
        {question.respondents} {question.respondents === 1 ? "respondent" : "respondents"}
        {question.multipleAnswers ? " (multiple answers: percentages of respondents)" : ""}
      </p>
      {question.nps ? <NpsSummary nps={question.nps} label={question.label} /> : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Table
          className="w-full text-sm"
          headRowClassName={HEADER.rule}
          columnClassName="py-1.5 pr-3 font-medium"
          columns={[
            "Answer",
            { label: "Count", align: "right" },
            <HeaderCell key="percent" className="py-1.5 text-right font-medium">
              Percent
            </HeaderCell>,
          ]}
        >
          {question.choices.map((c) => (
            <tr
              key={`${c.value}-${c.text}`}
              className="border-b border-slate-100"
              data-choice={c.text}
              data-count={c.count}
              data-percent={c.percent}
            >
              <td className="py-1.5 pr-3 text-slate-900">{c.text}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{c.count}</td>
              <td className="py-1.5 text-right tabular-nums">{shown(c.percent)}</td>
            </tr>
          ))}
          {question.notApplicable !== null ? (
            <tr className="text-slate-600" data-choice={NOT_APPLICABLE} data-count={question.notApplicable}>
              <td className="py-1.5 pr-3">{NOT_APPLICABLE}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{question.notApplicable}</td>
              <td className="py-1.5 text-right">–</td>
            </tr>
          ) : null}
        </Table>
        <ChoiceChart label={question.label} choices={question.choices} fallback={<ChoiceBars choices={question.choices} />} />
      </div>
      {question.comments ? <TextAnswers list={question.comments} what="comment" /> : null}
    </>
  );
}

/** The server-rendered chart: one CSS bar per choice, as long as its count. */
function ChoiceBars({ choices }: { choices: ChoiceCount[] }) {
  const max = Math.max(1, ...choices.map((c) => c.count));
  return (
    <div aria-hidden="true" className="flex flex-col justify-center gap-1.5">
      {choices.map((c) => (
        <div key={`${c.value}-${c.text}`} className="flex items-center gap-2 text-xs text-slate-600">
          <span className="w-28 shrink-0 truncate text-right" title={c.text}>
            {c.text}
          </span>
          <span className="h-4 flex-1 rounded-sm bg-slate-100">
            <span className="block h-4 rounded-sm bg-indigo-500" style={{ width: `${(c.count / max) * 100}%` }} />
          </span>
          <span className="w-12 shrink-0 tabular-nums">{shown(c.percent)}</span>
        </div>
      ))}
    </div>
  );
}

const NPS_PARTS = (nps: NpsResult) => [
  { label: "Promoters (9–10)", n: nps.promoters, percent: nps.promotersPercent, bar: "bg-emerald-500" },
  { label: "Passives (7–8)", n: nps.passives, percent: nps.passivesPercent, bar: "bg-amber-400" },
  { label: "Detractors (0–6)", n: nps.detractors, percent: nps.detractorsPercent, bar: "bg-rose-500" },
];

function NpsSummary({ nps, label }: { nps: NpsResult; label: string }) {
  const parts = NPS_PARTS(nps);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-8 gap-y-3 rounded-md bg-slate-50 p-4" data-nps={nps.score}>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-700">
          Net Promoter Score <span className="ml-1 text-2xl font-semibold text-slate-900 tabular-nums">{nps.score}</span>
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700">
          {parts.map((p) => (
            <li key={p.label} data-nps-part={p.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${p.bar}`} />
              {p.label}: {p.n} ({shown(p.percent)})
            </li>
          ))}
        </ul>
      </div>
      {nps.total > 0 ? (
        <div className="w-full sm:w-48">
          <NpsChart label={label} nps={nps} fallback={<NpsRing nps={nps} />} />
        </div>
      ) : null}
    </div>
  );
}

/** The server-rendered NPS chart: a CSS ring of promoters, passives and detractors, the size of the ApexCharts donut. */
function NpsRing({ nps }: { nps: NpsResult }) {
  const a = nps.promotersPercent;
  const b = a + nps.passivesPercent;
  // Tailwind emerald-500, amber-400, rose-500 (as the chart).
  const ring = `conic-gradient(#10b981 0 ${a}%, #fbbf24 ${a}% ${b}%, #f43f5e ${b}% 100%)`;
  return (
    <div aria-hidden="true" className="flex h-[150px] items-center justify-center">
      <div className="flex size-[124px] items-center justify-center rounded-full" style={{ background: ring }}>
        <div className="flex size-[84px] flex-col items-center justify-center rounded-full bg-slate-50">
          <span className="text-xl font-semibold text-slate-700 tabular-nums">{nps.score}</span>
          <span className="text-[11px] text-slate-600">NPS</span>
        </div>
      </div>
    </div>
  );
}

function TextAnswers({ list, what }: { list: TextList; what: "answer" | "comment" }) {
  const title = what === "answer" ? "Answers" : "Comments";
  if (list.total === 0) {
    return <p className="mt-3 text-sm text-slate-500">{what === "answer" ? "No answers." : "No comments."}</p>;
  }
  return (
    <div className="mt-4" data-texts={what} data-total={list.total}>
      <h3 className="text-sm font-medium text-slate-700">
        {title} ({list.total})
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm text-slate-800">
        {list.items.map((t, i) => (
          <li key={i} className="px-3 py-2 whitespace-pre-wrap">
            {t}
          </li>
        ))}
      </ul>
      {list.total > list.items.length ? (
        <p className="mt-2 text-xs text-slate-500">
          Showing {list.items.length} of {list.total} {what === "answer" ? "answers" : "comments"}; the download lists them all.
        </p>
      ) : null}
    </div>
  );
}
