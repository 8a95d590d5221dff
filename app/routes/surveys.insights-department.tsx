import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { ReportDepartmentTable } from "~/modules/surveys/components/report-department-table";
import { ReportSelectors } from "~/modules/surveys/components/report-selectors";
import { runInsights } from "~/modules/surveys/insights.server";
import { NO_INSIGHTS, NO_SURVEYS, RESULTS_ONCE_CLOSED, withheldMessage, type RunListItem } from "~/modules/surveys/report";
import { loadSelection } from "~/modules/surveys/report.server";
import { RUN_STATE_LABELS } from "~/modules/surveys/survey-machine";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

const INSIGHTS_PATH = "/surveys/survey-insights/department";
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const runLabel = (r: RunListItem) => `${r.title} — ${day.format(r.launchedAt)} (${RUN_STATE_LABELS[r.state]})`;
const param = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || null;

/**
 * Survey insights by department (001 §2): a workspace (or group) and one of its
 * surveys (runs, newest first, the newest selected by default); a question × department table of
 * average answers coloured on the company's scale (companies.analytics_color_scale).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const url = new URL(request.url);
  const db = context.db;
  const selection = await loadSelection(db, viewer, {
    placeId: param(url, "workspaceOrChannelId"),
    runId: param(url, "surveyId"),
    newestByDefault: true,
  });
  if (selection === "not-found") throw new Response("Not Found", { status: 404 });
  if (selection === "forbidden") throw new Response("Not Found", { status: 404 });
  const scale = viewer.company.analyticsColorScale;
  const { run } = selection;
  const insights = run ? await runInsights(db, viewer.company.id, run, scale) : null;
  return data(
    {
      platform: viewer.company.platform,
      scale,
      places: selection.places,
      placeId: selection.place?.id ?? null,
      runs: selection.runs.map((r) => ({ id: r.id, label: runLabel(r) })),
      run: run ? { id: run.id, title: run.title, minimum: run.minimum, anonymous: run.anonymous } : null,
      insights,
    },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

export const meta = pageMeta;

export default function SurveyInsightsByDepartment() {
  const d = useLoaderData<typeof loader>();
  const words = copy(d.platform);
  return (
    <>
      <PageHeader title="Insights" description="Average answers to each question, department by department." />
      <ReportSelectors
        action={INSIGHTS_PATH}
        placeLabel={words.workspace}
        places={d.places}
        placeId={d.placeId}
        runs={d.runs}
        runId={d.run?.id ?? null}
      />
      <InsightsBody />
    </>
  );
}

function InsightsBody() {
  const d = useLoaderData<typeof loader>();
  const words = copy(d.platform);
  if (!d.placeId && !d.run) return <EmptyState title={words.selectToViewInsights} />;
  if (!d.run || !d.insights) return <EmptyState title={NO_SURVEYS} />;
  const { insights, run } = d;
  if (insights.status === "closed-only") return <EmptyState icon="alert" title={RESULTS_ONCE_CLOSED} />;
  if (insights.status === "withheld") return <EmptyState icon="alert" title={withheldMessage(run.minimum)} />;
  const hiddenNote =
    insights.hidden > 0 ? (
      <p className="text-sm text-slate-600" data-hidden-departments={insights.hidden}>
        {words.departmentsHidden(insights.hidden, run.minimum)}
      </p>
    ) : null;
  if (insights.status === "empty") {
    return (
      <div className="space-y-3">
        <EmptyState title={NO_INSIGHTS} />
        {hiddenNote}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ReportDepartmentTable insights={insights} scale={d.scale} />
      {hiddenNote}
    </div>
  );
}
