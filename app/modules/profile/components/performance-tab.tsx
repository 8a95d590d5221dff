import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { copy, sharedCopy } from "~/lib/copy";
import { CompetencyChart } from "~/modules/reviews/components/reviewee-report-chart";
import { ColumnsTable } from "~/modules/reviews/components/reviewee-report-view";
import { shownScore, withheldReviews, type RevieweeReportData } from "~/modules/reviews/reports/reviewee-report";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { useHydrated } from "~/ui/use-hydrated";
import { CAMPAIGN_PARAM, SCORE_QUERY_DEBOUNCE_MS } from "../performance";
import type { PerformanceTabData } from "../performance-tab.server";
import type { ProfilePageData } from "../profile-page-data";


/**
 * The Performance tab (002 §2.6): the person's review campaigns, a campaign selector (a GET form;
 * with JavaScript it submits itself 300 ms after a change), the competency scores as a chart and
 * the score rows (per reviewer, then the average), the same figures as the per-reviewee report.
 */
export function PerformanceTabView({ data, performance }: { data: ProfilePageData; performance: PerformanceTabData }) {
  const words = copy(data.platform);
  const { campaigns, report } = performance;
  if (campaigns.length === 0) return <EmptyState icon="analytics" title={words.noPerformanceScores} />;
  const hasScores = report !== null && report.competencies.length > 0;
  return (
    <div className="space-y-6">
      <section aria-labelledby="performance-campaigns-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="performance-campaigns-title" className="text-base font-semibold text-slate-900">
            {words.performanceCampaigns}
          </h2>
          <CampaignSelector data={data} performance={performance} />
        </div>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {campaigns.map((c) => (
            <li
              key={c.id}
              data-campaign-id={c.id}
              className={`rounded-md border px-4 py-3 text-sm ${
                c.id === performance.selected ? "border-indigo-300 bg-indigo-50" : "border-slate-200 bg-white"
              }`}
            >
              <p className="font-medium text-slate-900">{c.title}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span>{c.state === "live" ? words.campaignLive : words.campaignClosed}</span>
                <span aria-hidden="true">·</span>
                <span>{words.completedReviews(c.completed)}</span>
                {c.anonymous ? <span className="rounded-full bg-indigo-100 px-2 text-indigo-700">{words.anonymousCampaign}</span> : null}
              </p>
            </li>
          ))}
        </ul>
        {performance.limit ? <p className="mt-3 text-xs text-slate-500">{words.performanceLimited(performance.limit)}</p> : null}
      </section>
      {report ? <Withheld report={report} /> : null}
      {hasScores ? (
        <section aria-labelledby="performance-scores-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="performance-scores-title" className="mb-4 text-base font-semibold text-slate-900">
            {words.competencyScores}
          </h2>
          <div className="space-y-4">
            <CompetencyChart report={report} />
            <ColumnsTable
              label={words.competencyScores}
              first={words.competencyColumn}
              last={words.averageColumn}
              columns={report.columns}
              marker="data-score-rows"
              rows={report.competencies.map((row) => ({
                key: row.key,
                head: row.name,
                kind: row.kind,
                cells: row.scores.map(shownScore),
                last: shownScore(row.average),
              }))}
            />
          </div>
        </section>
      ) : (
        <EmptyState icon="analytics" title={words.noPerformanceScores} />
      )}
    </div>
  );
}

/**
 * Narrows the tab to one campaign. Without JavaScript the Show button submits it; once hydrated a
 * change submits it after SCORE_QUERY_DEBOUNCE_MS (a later change within that time restarts the wait).
 */
function CampaignSelector({ data, performance }: { data: ProfilePageData; performance: PerformanceTabData }) {
  const words = copy(data.platform);
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    []
  );
  const onChange = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { preventScrollReset: true, replace: true });
    }, SCORE_QUERY_DEBOUNCE_MS);
  };
  return (
    <Form ref={form} method="get" action={`${data.basePath}/performance`} preventScrollReset className="flex items-end gap-2">
      <div>
        <label htmlFor="performance-campaign" className="block text-sm font-medium text-slate-700">
          {words.campaignLabel}
        </label>
        <select
          id="performance-campaign"
          name={CAMPAIGN_PARAM}
          defaultValue={performance.selected ?? ""}
          onChange={hydrated ? onChange : undefined}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">{words.allCampaigns}</option>
          {performance.campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary")}>
          {words.show}
        </button>
      )}
    </Form>
  );
}

function Withheld({ report }: { report: RevieweeReportData }) {
  const withheld = withheldReviews(report);
  if (withheld.length === 0) return null;
  return (
    <div className="space-y-2">
      {withheld.map((r) => (
        <p
          key={r.id}
          data-withheld-review={r.id}
          className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
        >
          <span className="font-semibold">{r.title}:</span> {sharedCopy.anonymousAnswersWithheld(report.anonymityMinimum)}
        </p>
      ))}
    </div>
  );
}

