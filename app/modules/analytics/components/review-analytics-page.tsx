import { Form } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { NOMINATION_STATE_LABELS } from "~/modules/reviews/components/pair-answers";
import { PAIR_STATE_LABELS, type NominationState, type PairState } from "~/modules/reviews/campaign-machine";
import { PageTabs } from "~/modules/insights/components/page-tabs";
import { Button } from "~/ui/button";
import { CHART_BASE, LazyChart } from "~/ui/chart";
import { EmptyState } from "~/ui/empty-state";
import { INPUT_CLASS } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";
import type { ReviewAnalyticsData } from "../review-analytics.server";
import { BREAKDOWNS, REVIEW_ANALYTICS_PATH, REVIEW_ANALYTICS_TABS, type ReviewAnalyticsTab, type SliceFigures } from "../review-analytics";

const words = sharedCopy.reviewAnalytics;
const TAB_LABELS: Record<ReviewAnalyticsTab, string> = { overview: words.overviewTab, organization: words.organizationTab };
const shown = (n: number | null) => (n === null ? "—" : String(n));
const CELL = "px-3 py-2";
const NUM = "px-3 py-2 text-right tabular-nums";

/** Review Analytics: the tabs, the GET form (review, breakdown, filters) and the chosen tab's figures. */
export function ReviewAnalyticsPage({ tab, search, data }: { tab: ReviewAnalyticsTab; search: string; data: ReviewAnalyticsData }) {
  return (
    <>
      <PageHeader title={words.title} />
      <PageTabs
        label={words.tabsLabel}
        tabs={REVIEW_ANALYTICS_TABS.map((id) => ({ label: TAB_LABELS[id], to: `${REVIEW_ANALYTICS_PATH}/${id}${search}`, current: id === tab }))}
      />
      {data.campaigns.length === 0 || !data.campaign ? (
        <EmptyState title={words.noReviews} />
      ) : (
        <div className="space-y-6">
          <FiltersForm tab={tab} data={data} />
          {tab === "overview" ? <Overview data={data} /> : <Organization data={data} />}
        </div>
      )}
    </>
  );
}

function Select({ name, label, value, options, any = true }: { name: string; label: string; value: string | null; options: Array<{ id: string; name: string }>; any?: boolean }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value ?? ""} className={INPUT_CLASS}>
        {any ? <option value="">{words.any}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function FiltersForm({ tab, data }: { tab: ReviewAnalyticsTab; data: ReviewAnalyticsData }) {
  const f = data.filters;
  const campaignOptions = data.campaigns.map((c) => ({ id: c.id, name: c.anonymous ? `${c.title} (${words.anonymous})` : c.title }));
  return (
    <Form method="get" action={`${REVIEW_ANALYTICS_PATH}/${tab}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-review-analytics-filters>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select name="campaign" label={words.review} value={data.campaign?.id ?? null} options={campaignOptions} any={false} />
        {tab === "organization" ? (
          <>
            <Select
              name="by"
              label={words.breakdown}
              value={f.by}
              options={BREAKDOWNS.map((b) => ({ id: b, name: words.breakdowns[b] }))}
              any={false}
            />
            <Select name="question" label={words.question} value={f.question} options={data.questions.map((q) => ({ id: q.blockId, name: q.question }))} />
            <Select name="department" label={words.department} value={f.department} options={data.options.departments} />
            <Select name="role" label={words.role} value={f.role} options={data.options.roles} />
            {data.options.groups.length > 0 ? <Select name="group" label={words.group} value={f.group} options={data.options.groups} /> : null}
            <label className="block text-sm font-medium text-slate-700">
              {words.reviewee}
              <input type="search" name="user" defaultValue={f.user ?? ""} maxLength={100} className={INPUT_CLASS} />
            </label>
          </>
        ) : null}
      </div>
      <div className="mt-4">
        <Button type="submit">{words.show}</Button>
      </div>
    </Form>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function HiddenNote({ minimum }: { minimum: number }) {
  return (
    <p className="mb-4 rounded-md bg-indigo-50 px-4 py-3 text-sm text-indigo-900" data-anonymity-note>
      {words.hiddenNote(minimum)}
    </p>
  );
}

function Overview({ data }: { data: ReviewAnalyticsData }) {
  const total = data.total!;
  const campaign = data.campaign!;
  const states = total.byState;
  return (
    <>
      <Card title={words.completionStatus} id="completion-status">
        <p className="mb-3 text-sm text-slate-700" data-completion={total.completion} data-pairs={total.pairs} data-completed={total.completed}>
          {words.completed}: {total.completed} / {total.pairs} ({total.completion}%)
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <DataTable label={words.completionStatus} columns={[words.state, { label: words.count, align: "right" }]} flat>
            {states.map((s) => (
              <tr key={s.state} data-pair-state={s.state} data-n={s.n}>
                <td className={CELL}>{PAIR_STATE_LABELS[s.state as PairState]}</td>
                <td className={NUM}>{s.n}</td>
              </tr>
            ))}
          </DataTable>
          <LazyChart
            type="donut"
            height={260}
            name="completion-status"
            options={{ chart: CHART_BASE, labels: states.map((s) => PAIR_STATE_LABELS[s.state as PairState]), legend: { position: "bottom" } }}
            series={states.map((s) => s.n)}
            fallback={null}
          />
        </div>
      </Card>
      {campaign.hasNominations ? (
        <Card title={words.nominations} id="nominations">
          <DataTable label={words.nominations} columns={[words.state, { label: words.count, align: "right" }]} flat>
            {data.nominations.map((s) => (
              <tr key={s.state} data-nomination-state={s.state} data-n={s.n}>
                <td className={CELL}>{NOMINATION_STATE_LABELS[s.state as NominationState]}</td>
                <td className={NUM}>{s.n}</td>
              </tr>
            ))}
          </DataTable>
        </Card>
      ) : null}
      <Card title={words.questionAverages} id="question-averages">
        {total.hidden ? <HiddenNote minimum={campaign.minimum} /> : null}
        {data.questions.length === 0 ? (
          <p className="text-sm text-slate-600">{words.noScores}</p>
        ) : (
          <div className="space-y-4">
            <DataTable
              label={words.questionAverages}
              columns={[words.question, { label: words.averageScore, align: "right" }, { label: words.answers, align: "right" }]}
              flat
            >
              {total.questions.map((q) => (
                <tr key={q.blockId} data-question={q.blockId} data-average={q.average ?? ""} data-answers={q.answers}>
                  <td className={CELL}>{q.question}</td>
                  <td className={NUM}>{total.hidden ? words.hidden : shown(q.average)}</td>
                  <td className={NUM}>{total.hidden ? "—" : q.answers}</td>
                </tr>
              ))}
            </DataTable>
            {total.hidden ? null : (
              <LazyChart
                type="bar"
                height={Math.max(200, 28 * total.questions.length)}
                name="question-averages"
                options={{
                  chart: CHART_BASE,
                  plotOptions: { bar: { horizontal: true } },
                  xaxis: { categories: total.questions.map((q) => q.question) },
                  dataLabels: { enabled: false },
                }}
                series={[{ name: words.averageScore, data: total.questions.map((q) => q.average) }]}
                fallback={null}
              />
            )}
          </div>
        )}
      </Card>
    </>
  );
}

function sliceAverage(slice: SliceFigures, question: string | null): number | null {
  if (!question) return slice.overall;
  return slice.questions.find((q) => q.blockId === question)?.average ?? null;
}

function Organization({ data }: { data: ReviewAnalyticsData }) {
  const campaign = data.campaign!;
  const question = data.filters.question && data.questions.some((q) => q.blockId === data.filters.question) ? data.filters.question : null;
  const questionName = question ? data.questions.find((q) => q.blockId === question)!.question : words.allQuestions;
  const rows = [...data.slices, ...(data.total ? [data.total] : [])];
  const anyHidden = rows.some((s) => s.hidden);
  const chartRows = data.slices.filter((s) => !s.hidden && sliceAverage(s, question) !== null);
  return (
    <Card title={`${words.breakdowns[data.filters.by]} · ${questionName}`} id="organization-figures">
      {campaign.anonymous && !data.filtersApplied ? <p className="mb-3 text-sm text-slate-600">{words.filtersOff}</p> : null}
      {anyHidden ? <HiddenNote minimum={campaign.minimum} /> : null}
      <div className="space-y-4">
        <DataTable
          label={words.breakdowns[data.filters.by]}
          columns={[
            words.breakdowns[data.filters.by],
            { label: words.pairs, align: "right" },
            { label: words.completed, align: "right" },
            { label: words.completion, align: "right" },
            ...(campaign.hasNominations ? [{ label: words.nominations, align: "right" as const }] : []),
            { label: words.averageScore, align: "right" },
          ]}
          flat
        >
          {rows.map((s, i) => {
            const average = sliceAverage(s, question);
            const isTotal = i === rows.length - 1 && data.total === s;
            return (
              <tr
                key={isTotal ? "total" : `s-${s.key}`}
                data-slice={isTotal ? undefined : s.key}
                data-total={isTotal ? "" : undefined}
                data-pairs={s.pairs}
                data-completed={s.completed}
                data-average={average ?? ""}
                data-hidden={s.hidden ? "" : undefined}
                className={isTotal ? "bg-slate-50 font-semibold" : undefined}
              >
                <td className={CELL}>{isTotal ? words.allReviewees : s.name}</td>
                <td className={NUM}>{s.pairs}</td>
                <td className={NUM}>{s.completed}</td>
                <td className={NUM}>{s.completion}%</td>
                {campaign.hasNominations ? (
                  <td className={NUM}>
                    {s.nominationsSubmitted} / {s.nominations}
                  </td>
                ) : null}
                <td className={NUM}>{s.hidden ? words.hidden : shown(average)}</td>
              </tr>
            );
          })}
        </DataTable>
        {chartRows.length > 0 ? (
          <LazyChart
            type="bar"
            height={Math.max(200, 28 * chartRows.length)}
            name="organization-averages"
            options={{
              chart: CHART_BASE,
              plotOptions: { bar: { horizontal: true } },
              xaxis: { categories: chartRows.map((s) => s.name) },
              dataLabels: { enabled: false },
            }}
            series={[{ name: words.averageScore, data: chartRows.map((s) => sliceAverage(s, question)) }]}
            fallback={null}
          />
        ) : null}
      </div>
    </Card>
  );
}
