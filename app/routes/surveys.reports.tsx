import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requireViewer } from "~/modules/auth/session.server";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import { surveyReportTitle } from "~/modules/surveys/survey-report-files.server";
import { ReportQuestion } from "~/modules/surveys/components/report-question";
import { ReportSelectors } from "~/modules/surveys/components/report-selectors";
import { NO_RESULT, RESULTS_ONCE_CLOSED, SELECT_SURVEY, withheldMessage, type RunListItem } from "~/modules/surveys/report";
import { loadSelection, mayDownload, runReport } from "~/modules/surveys/report.server";
import { RUN_STATE_LABELS } from "~/modules/surveys/survey-machine";
import { Button, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

const REPORTS_PATH = "/surveys/reports";
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const runLabel = (r: RunListItem) => `${r.title} — ${day.format(r.launchedAt)} (${RUN_STATE_LABELS[r.state]})`;
const param = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || null;

/**
 * Survey reports (001 §2): ?workspaceOrChannelId=&surveyId= (surveyId names a
 * run). Admins (ViewSurveys) choose among their company's runs; a run's result viewers reach the
 * report of that run through its link (surveyId), and choose among the runs they may see.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const placeId = param(url, "workspaceOrChannelId");
  const runId = param(url, "surveyId");
  const admin = viewer.permissions.includes("ViewSurveys");
  // Without ViewSurveys the page exists only for the result viewers of the run it names.
  if (!admin && !runId) throw redirect("/");
  const db = context.db;
  const selection = await loadSelection(db, viewer, { placeId, runId, newestByDefault: true });
  if (selection === "not-found") throw new Response("Not Found", { status: 404 });
  if (selection === "forbidden") throw redirect("/");
  const { run } = selection;
  const result = run ? await runReport(db, viewer.company.id, run) : null;
  return data(
    {
      platform: viewer.company.platform,
      places: selection.places,
      placeId: selection.place?.id ?? null,
      runs: selection.runs.map((r) => ({ id: r.id, label: runLabel(r) })),
      run: run
        ? {
            id: run.id,
            title: run.title,
            state: run.state,
            launchedAt: run.launchedAt,
            closedAt: run.closedAt,
            anonymous: run.anonymous,
            minimum: run.minimum,
            liveResults: run.liveResults,
            audienceCount: run.audienceCount,
          }
        : null,
      result,
      downloadable: Boolean(run && result && mayDownload(run, result)),
    },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

/** The report's PDF: queued, made by the queue and emailed with a link. */
const PdfSchema = z.object({ intent: z.literal("pdf"), surveyId: z.string().trim().min(1).max(100) });

/**
 * Download (PDF): the same rules as the XLSX download (the run of the viewer's company, one they
 * may see, results shown), then the report is queued and the page says it will be emailed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = PdfSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const db = context.db;
  const selection = await loadSelection(db, viewer, { placeId: null, runId: parsed.data.surveyId, newestByDefault: false });
  if (selection === "not-found") throw new Response("Not Found", { status: 404 });
  if (selection === "forbidden") throw redirect("/");
  const run = selection.run;
  if (!run) throw new Response("Not Found", { status: 404 });
  const result = await runReport(db, viewer.company.id, run);
  if (!mayDownload(run, result)) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  return queueReportAnswer(
    context,
    viewer,
    { kind: "survey-pdf", title: surveyReportTitle(run), scope: { runId: run.id } },
    { request, back: `${url.pathname}${url.search}` }
  );
}

export const meta = pageMeta;

export default function SurveyReports() {
  const d = useLoaderData<typeof loader>();
  const words = copy(d.platform);
  const navigation = useNavigation();
  const download = d.run && d.downloadable ? `${REPORTS_PATH}/download?surveyId=${encodeURIComponent(d.run.id)}` : null;
  const queuing = navigation.state === "submitting" && navigation.formData?.get("intent") === "pdf";
  return (
    <>
      <PageHeader
        title="Reports"
        description="Results of launched surveys, question by question."
        actions={
          download && d.run ? (
            <>
              <a href={download} className={buttonClass("secondary")} download>
                Download (XLSX)
              </a>
              <Form method="post" data-report-pdf>
                <input type="hidden" name="intent" value="pdf" />
                <input type="hidden" name="surveyId" value={d.run.id} />
                <Button type="submit" variant="secondary" disabled={queuing}>
                  Download (PDF)
                </Button>
              </Form>
            </>
          ) : undefined
        }
      />
      <ReportSelectors
        action={REPORTS_PATH}
        placeLabel={words.workspace}
        places={d.places}
        placeId={d.placeId}
        runs={d.runs}
        runId={d.run?.id ?? null}
      />
      <ReportBody />
    </>
  );
}

function ReportBody() {
  const d = useLoaderData<typeof loader>();
  const words = copy(d.platform);
  if (d.places.length === 0) return <EmptyState title={words.noWorkspaces} />;
  if (!d.placeId && !d.run) return <EmptyState title={`Select a ${words.workspace.toLowerCase()} and a survey to view its report.`} />;
  if (!d.run) return <EmptyState title={d.runs.length === 0 ? NO_RESULT : SELECT_SURVEY} />;
  const { run, result } = d;
  const participants = result?.participants ?? 0;
  return (
    <div className="space-y-6">
      <section aria-labelledby="report-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="report-title" className="text-lg font-semibold text-slate-900">
            {run.title}
          </h2>
          <span
            data-state={run.state}
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              run.state === "open" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
            }`}
          >
            {RUN_STATE_LABELS[run.state]}
          </span>
          {run.anonymous ? (
            <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">Anonymous</span>
          ) : null}
        </div>
        <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-500">Participants</dt>
            <dd className="font-semibold text-slate-900" data-participants={participants}>
              {participants} of {run.audienceCount}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Launched At</dt>
            <dd className="text-slate-900">{day.format(run.launchedAt)}</dd>
          </div>
          {run.closedAt ? (
            <div>
              <dt className="text-slate-500">Closed At</dt>
              <dd className="text-slate-900">{day.format(run.closedAt)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-500">Result visibility</dt>
            <dd className="text-slate-900">{run.liveResults ? "Real Time" : "Once survey is closed"}</dd>
          </div>
        </dl>
      </section>
      {result?.status === "closed-only" ? <EmptyState icon="alert" title={RESULTS_ONCE_CLOSED} /> : null}
      {result?.status === "withheld" ? (
        <EmptyState icon="alert" title={result.step ? words.liveStepsWithheld(result.step) : withheldMessage(result.min)} />
      ) : null}
      {result?.status === "ready" && result.covered != null ? (
        <p className="rounded-md bg-indigo-50 px-4 py-3 text-sm text-indigo-900" data-covered={result.covered}>
          {words.liveStepsCovered(result.covered, result.participants, run.minimum)}
        </p>
      ) : null}
      {result?.status === "empty" ? <EmptyState title={NO_RESULT} /> : null}
      {result?.status === "ready" ? result.questions.map((q, i) => <ReportQuestion key={q.id} question={q} index={i} />) : null}
      {result?.status === "ready" && result.questions.length === 0 ? <EmptyState title={NO_RESULT} /> : null}
    </div>
  );
}
