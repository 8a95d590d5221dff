import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { MANAGE_SURVEYS_PATH, RunStateBadge, runDetailPath, runTime } from "~/modules/surveys/components/respond-run-parts";
import { closeRun, findRunForAction, loadRunDetail, progressOf, RECIPIENTS_PAGE_SIZE, sendReminders } from "~/modules/surveys/runs.server";
import { RESULT_VISIBILITY, type CloseRule } from "~/modules/surveys/survey-machine";
import { Button } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { DataTable } from "~/ui/table";

/**
 * /surveys/manage-surveys/:surveyId (001 §2 "Survey details"; the id is the RUN's): the run's
 * state, progress, dates and settings, its audience and result viewers, Close Survey (confirmed
 * first) and Send Reminders. Plain POST forms, so both work without JavaScript. Another company's
 * run is a 404; a run a group admin may not manage redirects to manage surveys (001 §8).
 */

const notFound = () => new Response("Not Found", { status: 404 });
/** 001 §2, quoted. */
const NO_DETAILS = "No Survey details available.";
const NO_ACCESS = "You do not have access to this survey.";
const CLOSED_DONE = "Survey closed successfully";

const CLOSE_RULE_LABELS: Record<CloseRule, string> = {
  manual: "Manually (Close Survey)",
  automatic: "After a set duration",
  onSpecificTime: "At a specific time",
  closeAfterAllSubmits: "Once everyone submits",
};

const people = (n: number) => (n === 1 ? "1 person" : `${n} people`);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const runId = params.surveyId ?? "";
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 10_000 ? pageParam : 1;
  const detail = await loadRunDetail(context.db, viewer, runId, page);
  if (!detail) throw notFound();
  if (detail.forbidden) throw await redirectWithToast(MANAGE_SURVEYS_PATH, { type: "error", message: NO_ACCESS }, { request });
  const { run } = detail;
  return data({
    run: { ...run, progress: progressOf(run) },
    recipients: detail.recipients,
    recipientTotal: detail.recipientTotal,
    inspectors: detail.inspectors,
    page,
    pages: Math.max(1, Math.ceil(detail.recipientTotal / RECIPIENTS_PAGE_SIZE)),
    /** A resubmitted Send Reminders form reminds once (the outbox's dedupe key). */
    requestId: crypto.randomUUID(),
    workspaceLabel: copy(viewer.company.platform).workspace,
    crumbLabels: { surveyId: run.title },
  });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("close"), confirmed: z.enum(["true", "false"]).default("false") }),
  z.object({ intent: z.literal("remind"), requestId: z.string().min(1).max(100) }),
]);

type ActionData = { confirm: { title: string } | null };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const runId = params.surveyId ?? "";
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Invalid intent", { status: 400 });
  const found = await findRunForAction(context.db, viewer, runId);
  if (!found) throw notFound();
  if (found.forbidden) return redirectWithToast(MANAGE_SURVEYS_PATH, { type: "error", message: NO_ACCESS }, { request });
  const back = runDetailPath(runId);
  const value = parsed.data;
  if (value.intent === "close") {
    if (value.confirmed !== "true") {
      if (found.state !== "open") return redirectWithToast(back, { type: "error", message: "This survey is already closed." }, { request });
      return data<ActionData>({ confirm: { title: found.title } });
    }
    const closed = await closeRun(context.db, { companyId: viewer.company.id, runId, actorId: viewer.user.id, now: new Date() });
    if (!closed.ok) return redirectWithToast(back, { type: "error", message: closed.conflict }, { request });
    return redirectWithToast(back, { type: "success", message: CLOSED_DONE }, { request });
  }
  const outcome = await sendReminders(context.db, viewer, { runId, requestId: value.requestId, digestHour: context.config.reminderDigestHour });
  if (!outcome) throw notFound();
  if (!outcome.ok) return redirectWithToast(back, { type: "error", message: outcome.conflict }, { request });
  const sent = outcome.reminded > 0 ? `Reminders sent to ${people(outcome.reminded)}.` : "No reminders were sent.";
  if (outcome.blocked.length > 0) {
    return redirectWithToast(
      back,
      {
        type: "error",
        message: `${sent} ${outcome.blocked.length === 1 ? "1 person" : `${outcome.blocked.length} people`} could not be reminded:`,
        errorInfo: outcome.blocked,
      },
      { request }
    );
  }
  const message = outcome.reminded > 0 ? sent : "Everyone has already responded: there is nobody to remind.";
  return redirectWithToast(back, { type: "success", message }, { request });
}

export const meta = pageMeta;

export default function SurveyDetail() {
  const { run, recipients, recipientTotal, inspectors, page, pages, requestId, workspaceLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const open = run.state === "open";
  const base = runDetailPath(run.id);
  return (
    <>
      <PageHeader
        title={run.title}
        description={
          <>
            <RunStateBadge state={run.state} />
            <span className="ml-2">
              Launched {runTime(run.launchedAt)}
              {run.launchedBy ? ` by ${run.launchedBy}` : ""}
            </span>
          </>
        }
        actions={
          open ? (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="remind" />
                <input type="hidden" name="requestId" value={requestId} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Send Reminders
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="close" />
                <Button type="submit" variant="danger" disabled={busy}>
                  Close Survey
                </Button>
              </Form>
            </>
          ) : null
        }
      />
      {actionData?.confirm && open ? (
        <ConfirmPanel
          id="confirm-close"
          title={`Close Survey: ${actionData.confirm.title}?`}
          fields={{ intent: "close", confirmed: "true" }}
          cancelTo={base}
          cancelLabel="Keep it open"
          confirmLabel="Close Survey"
          tone="warning"
        >
          <p>Recipients can no longer respond once it is closed. A closed survey cannot be reopened.</p>
        </ConfirmPanel>
      ) : null}
      <section aria-labelledby="facts-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="facts-heading" className="sr-only">
          Details
        </h2>
        <div className="mb-4" data-progress={run.progress}>
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-medium text-slate-900">Progress</span>
            <span className="text-slate-600">
              {run.submittedCount} of {run.audienceCount} responded ({run.progress}%)
            </span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Responses"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.progress}
          >
            <div className="h-full bg-indigo-600" style={{ width: `${run.progress}%` }} />
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="State">
            <RunStateBadge state={run.state} />
          </Fact>
          <Fact label="Template">{run.templateName ?? "—"}</Fact>
          <Fact label={workspaceLabel}>{run.place ?? "—"}</Fact>
          <Fact label="Launched By">{run.launchedBy ?? "—"}</Fact>
          <Fact label="Launched At">{runTime(run.launchedAt)}</Fact>
          {run.state === "closed" ? (
            <Fact label="Closed At">{runTime(run.closedAt)}</Fact>
          ) : (
            <Fact label="Closes At">{runTime(run.closesAt)}</Fact>
          )}
          <Fact label="Closes">{CLOSE_RULE_LABELS[run.closeRule]}</Fact>
          <Fact label="Anonymity">
            {run.anonymous ? `Anonymous (results shown from ${run.minimum} submissions)` : "Not anonymous"}
          </Fact>
          <Fact label="Result visibility">{run.liveResults ? RESULT_VISIBILITY.live : RESULT_VISIBILITY.closed}</Fact>
        </dl>
      </section>

      <section aria-labelledby="viewers-heading" className="mb-6">
        <h2 id="viewers-heading" className="mb-2 text-base font-semibold text-slate-900">
          Result viewers
        </h2>
        {run.inspectorType === "audience" ? (
          <p className="text-sm text-slate-700" data-inspectors="audience">
            The survey&apos;s audience ({people(run.audienceCount)}).
          </p>
        ) : inspectors.length === 0 ? (
          <p className="text-sm text-slate-600">No result viewers.</p>
        ) : (
          <ul className="flex flex-wrap gap-2 text-sm" data-inspectors="users">
            {inspectors.map((i) => (
              <li key={i.email} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
                {i.name} <span className="text-slate-500">({i.email})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="audience-heading">
        <h2 id="audience-heading" className="mb-2 text-base font-semibold text-slate-900">
          Audience
        </h2>
        {run.anonymous ? (
          <p className="mb-3 text-sm text-slate-600" data-anonymous-note>
            This survey is anonymous: who has responded is not shown, only that {run.submittedCount} of {run.audienceCount} have.
          </p>
        ) : null}
        {recipientTotal === 0 ? (
          <EmptyState icon="surveys" title={NO_DETAILS} />
        ) : (
          <>
            <DataTable label="Audience" columns={["Name", "E-mail", "Status", run.anonymous ? null : "Responded"]} dataRows>
              {recipients.map((r) => (
                <tr key={r.id} data-recipient={r.email}>
                  <td className="font-medium text-slate-900">{r.name}</td>
                  <td>{r.email}</td>
                  <td>
                    <span className="status-badge" data-status={r.status}>
                      {r.status}
                    </span>
                  </td>
                  {run.anonymous ? null : <td data-responded={r.responded ? "yes" : "no"}>{r.responded ? "Yes" : "No"}</td>}
                </tr>
              ))}
            </DataTable>
            <Pager page={page} pages={pages} total={recipientTotal} noun="people" hrefFor={(p) => `${base}?page=${p}`} />
          </>
        )}
      </section>
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}
