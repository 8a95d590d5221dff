import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { sharedCopy } from "~/lib/copy";
import { PageTabs } from "~/modules/insights/components/page-tabs";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { utcDay } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";
import type { SurveyAnalyticsPage as PageData } from "../survey-analytics.server";
import {
  SURVEY_ANALYTICS_BASE,
  type OverviewRow,
  type QuestionTimelineData,
  type RunPoint,
  type SentimentsData,
  type SurveyAnalyticsTab,
  type TimelineData,
} from "../survey-analytics";
import { RunBarsChart, SentimentChart } from "./survey-analytics-charts";

const C = sharedCopy.surveyAnalytics;

/**
 * /analytics/survey-analytics/{timeline,overview,sentiments,question-timeline}: the tab bar (only
 * the tabs the viewer may open), the filters as a GET form (it works without JavaScript; with
 * JavaScript a change submits it at once), and the tab's figures as tables, each with its chart.
 */
export function SurveyAnalyticsPage({ page, tabs, search }: { page: PageData; tabs: SurveyAnalyticsTab[]; search: string }) {
  const { view } = page;
  const carried = new URLSearchParams(search);
  carried.delete("questionId");
  const query = carried.toString() ? `?${carried}` : "";
  return (
    <>
      <PageHeader title={C.title} />
      <PageTabs
        label={C.tabsLabel}
        tabs={tabs.map((id) => ({ label: C.tabs[id], to: `${SURVEY_ANALYTICS_BASE}/${id}${id === "overview" ? "" : query}`, current: id === view.tab }))}
      />
      {view.tab !== "overview" && page.surveys.length > 0 ? <Filters page={page} /> : null}
      {view.tab === "overview" ? (
        <Overview rows={view.data} />
      ) : page.surveys.length === 0 || !page.survey ? (
        <EmptyState title={view.tab === "question-timeline" ? C.noTrackedSurveys : C.noSurveys} icon="analytics" />
      ) : view.tab === "timeline" ? (
        <Timeline data={view.data!} />
      ) : view.tab === "sentiments" ? (
        <Sentiments data={view.data!} />
      ) : (
        <QuestionTimeline data={view.data!} />
      )}
    </>
  );
}

function Filters({ page }: { page: PageData }) {
  const submit = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  const { filters } = page;
  const tracked = page.surveys.find((s) => s.id === filters.surveyId)?.tracked ?? [];
  const select = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900";
  const label = "flex min-w-56 flex-col gap-1 text-sm font-medium text-slate-700";
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <label className={label}>
        {C.surveyLabel}
        <select name="surveyId" defaultValue={filters.surveyId ?? ""} key={`s-${filters.surveyId}`} onChange={submit} className={select}>
          {page.surveys.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      {page.view.tab === "question-timeline" && tracked.length > 1 ? (
        <label className={label}>
          {C.questionLabel}
          <select name="questionId" defaultValue={filters.questionId ?? ""} key={`q-${filters.surveyId}-${filters.questionId}`} onChange={submit} className={select}>
            {tracked.map((q) => (
              <option key={q.id} value={q.id}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={label}>
        {C.departmentLabel}
        <select name="departmentId" defaultValue={filters.departmentId ?? ""} key={`d-${filters.departmentId}`} onChange={submit} className={select}>
          <option value="">{C.allDepartments}</option>
          {page.departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("secondary")}>
        {C.show}
      </button>
    </Form>
  );
}

const runLabel = (run: Pick<RunPoint, "sequence" | "launchedAt">) => `${C.run(run.sequence)} · ${utcDay(run.launchedAt)}`;
const percent = (n: number | null) => (n === null ? "—" : `${n}%`);

/** What a run without figures says instead of them. */
function GateNote({ run }: { run: RunPoint }) {
  if (run.gate === "shown") return null;
  return <span className="text-xs text-slate-500">{run.gate === "withheld" ? C.withheld : C.notYet}</span>;
}

function RunCells({ run }: { run: RunPoint }) {
  return (
    <>
      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-slate-900">
        {runLabel(run)}
      </th>
      <td className="px-3 py-2 text-slate-600">{C.state[run.state]}</td>
      <td className="px-3 py-2 text-right tabular-nums" data-recipients={run.recipients ?? ""}>
        {run.recipients ?? "—"}
      </td>
      <td className="px-3 py-2 text-right tabular-nums" data-responded={run.responded ?? ""}>
        {run.responded ?? "—"}
      </td>
      <td className="px-3 py-2 text-right tabular-nums" data-participation={run.participation ?? ""}>
        {percent(run.participation)}
      </td>
    </>
  );
}

const RUN_COLUMNS = [C.runColumn, C.stateColumn, { label: C.recipients, align: "right" as const }, { label: C.responses, align: "right" as const }, { label: C.participation, align: "right" as const }];

function Section({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="mb-8" aria-label={title}>
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{title}</h2>
      {note ? <p className="mb-3 text-sm text-slate-600">{note}</p> : null}
      <div className="space-y-4">{children}</div>
    </section>
  );
}

function Timeline({ data }: { data: TimelineData }) {
  const categories = data.runs.map((r) => C.run(r.sequence));
  return (
    <>
      <Section title={C.participationChart} note={data.enpsQuestion ? C.enpsHint : undefined}>
        <RunBarsChart name="participation" label={C.participationChart} categories={categories} values={data.runs.map((r) => r.participation)} min={0} max={100} suffix="%" />
        {data.enpsQuestion ? (
          <RunBarsChart name="enps" label={C.enpsChart} categories={categories} values={data.runs.map((r) => r.enps)} min={-100} max={100} />
        ) : null}
        <DataTable label={C.participationChart} columns={[...RUN_COLUMNS, ...(data.enpsQuestion ? [{ label: C.enps, align: "right" as const }] : [])]}>
          {data.runs.map((run) => (
            <tr key={run.id} data-run={run.id} data-gate={run.gate}>
              <RunCells run={run} />
              {data.enpsQuestion ? (
                <td className="px-3 py-2 text-right tabular-nums" data-enps={run.enps ?? ""}>
                  {run.enps ?? <GateNote run={run} />}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title={C.scoresTitle} note={C.notApplicableLeftOut}>
        <DataTable label={C.scoresTitle} columns={[C.questionColumn, ...data.runs.map((r) => ({ label: C.run(r.sequence), align: "right" as const }))]}>
          {data.questions.map((q) => (
            <tr key={q.id} data-question={q.id}>
              <th scope="row" className="px-3 py-2 text-left font-normal text-slate-800">
                {q.label}
              </th>
              {data.runs.map((run) => (
                <td key={run.id} className="px-3 py-2 text-right tabular-nums" data-run={run.id} data-average={run.averages[q.id] ?? ""}>
                  {run.averages[q.id] ?? "—"}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  );
}

function Overview({ rows }: { rows: OverviewRow[] }) {
  if (rows.length === 0) return <EmptyState title={C.noSurveys} icon="analytics" />;
  return (
    <Section title={C.overviewTitle} note={C.enpsHint}>
      <DataTable
        label={C.overviewTitle}
        columns={[
          C.survey,
          { label: C.runs, align: "right" },
          C.latestRun,
          { label: C.recipients, align: "right" },
          { label: C.responses, align: "right" },
          { label: C.participation, align: "right" },
          { label: C.enps, align: "right" },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.survey.id} data-survey={row.survey.id}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {row.survey.title}
            </th>
            <td className="px-3 py-2 text-right tabular-nums" data-runs={row.runs}>
              {row.runs}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-slate-600" data-latest-run={row.latest.id}>
              {runLabel(row.latest)} · {C.state[row.latest.state]}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-recipients={row.latest.recipients ?? ""}>
              {row.latest.recipients}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-responded={row.latest.responded ?? ""}>
              {row.latest.responded}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-participation={row.latest.participation ?? ""}>
              {percent(row.latest.participation)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-enps={row.enps?.score ?? ""}>
              {row.enps ? (
                <>
                  <span className="font-semibold">{row.enps.score}</span> <span className="text-xs text-slate-500">{C.enpsOfRun(row.enps.sequence)}</span>
                </>
              ) : (
                <span className="text-xs text-slate-500">{row.hasEnpsQuestion ? C.noEnpsYet : C.noEnpsQuestion}</span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

function Sentiments({ data }: { data: SentimentsData }) {
  return (
    <Section title={C.sentimentsTitle} note={C.sentimentsHint}>
      {data.runsHidden > 0 ? <p className="text-sm text-slate-600">{C.runsHidden(data.runsHidden)}</p> : null}
      {data.total === 0 ? (
        <EmptyState title={C.noTextAnswers} icon="analytics" />
      ) : (
        <>
          <SentimentChart shares={data.shares} labels={C.sentiments} />
          <div className="grid gap-4 md:grid-cols-3">
            {data.shares.map((share) => (
              <section key={share.sentiment} aria-label={C.sentiments[share.sentiment]} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-share={share.sentiment} data-count={share.count} data-percent={share.percent}>
                <h3 className="text-sm font-semibold text-slate-900">
                  {C.sentiments[share.sentiment]} <span className="font-normal text-slate-600">{share.percent}% · {share.count}</span>
                </h3>
                <p className="mt-1 text-xs text-slate-500">{C.answersListed(data.answers[share.sentiment].length, share.count)}</p>
                {data.answers[share.sentiment].length === 0 ? (
                  <p className="mt-3 text-sm text-slate-500">{C.noAnswersInShare}</p>
                ) : (
                  <ul className="mt-3 space-y-2 text-sm" data-answers={share.sentiment}>
                    {data.answers[share.sentiment].map((a, i) => (
                      <li key={i} className="rounded-md bg-slate-50 px-3 py-2" data-name={a.name ?? ""}>
                        <p className="text-slate-800">{a.text}</p>
                        <p className="mt-1 text-xs text-slate-500">
                          {a.name ?? C.anonymousAnswer} · {utcDay(a.launchedAt)}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

function QuestionTimeline({ data }: { data: QuestionTimelineData }) {
  const question = data.question;
  if (!question || data.runs.length === 0) return <EmptyState title={C.noRunsWithQuestion} icon="analytics" />;
  const nps = question.family === "nps" && !question.multipleAnswers;
  const choices = data.runs.find((r) => r.choices.length > 0)?.choices ?? [];
  const categories = data.runs.map((r) => C.run(r.sequence));
  return (
    <Section title={question.label} note={nps ? C.enpsHint : undefined}>
      {nps ? (
        <RunBarsChart name="question-enps" label={C.enpsChart} categories={categories} values={data.runs.map((r) => r.nps?.score ?? null)} min={-100} max={100} />
      ) : !question.multipleAnswers ? (
        <RunBarsChart
          name="question-average"
          label={C.average}
          categories={categories}
          values={data.runs.map((r) => r.average)}
          min={0}
          max={Math.max(1, ...choices.map((c) => c.value))}
        />
      ) : null}
      <DataTable
        label={question.label}
        columns={[
          ...RUN_COLUMNS,
          { label: C.respondents, align: "right" },
          ...(question.multipleAnswers ? [] : [{ label: C.average, align: "right" as const }]),
          ...(nps ? [{ label: C.enps, align: "right" as const }] : []),
          ...choices.map((c) => ({ label: c.text, align: "right" as const })),
        ]}
      >
        {data.runs.map((run) => (
          <tr key={run.id} data-run={run.id} data-gate={run.gate}>
            <RunCells run={run} />
            <td className="px-3 py-2 text-right tabular-nums" data-respondents={run.respondents ?? ""}>
              {run.respondents ?? <GateNote run={run} />}
            </td>
            {question.multipleAnswers ? null : (
              <td className="px-3 py-2 text-right tabular-nums" data-average={run.average ?? ""}>
                {run.average ?? "—"}
              </td>
            )}
            {nps ? (
              <td className="px-3 py-2 text-right tabular-nums" data-enps={run.nps?.score ?? ""}>
                {run.nps?.score ?? "—"}
              </td>
            ) : null}
            {choices.map((c) => {
              const own = run.choices.find((x) => x.value === c.value && x.text === c.text);
              return (
                <td key={`${c.value}-${c.text}`} className="px-3 py-2 text-right tabular-nums" data-choice={c.value} data-count={own?.count ?? ""}>
                  {own ? `${own.count} (${own.percent}%)` : "—"}
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}
