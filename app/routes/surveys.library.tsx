import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { deleteSurvey, duplicateSurvey, listSurveys, surveyDeleteCheck, type DeleteCheck } from "~/modules/surveys/library.server";
import { LIBRARY_PATH, NO_SURVEYS, RowActionSchema, scheduledWarning, surveyPath, TEMPLATES_PATH } from "~/modules/surveys/library.schema";
import { ButtonLink } from "~/ui/button";
import { useClientNavigation } from "~/ui/client-navigation";
import { EmptyState } from "~/ui/empty-state";
import { utcDateTime } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";
import { DeleteCheckPanel, DuplicateDeleteActions, LinkCell, LinkRow } from "~/ui/row-actions";
import { DataTable, DayCell } from "~/ui/table";

/**
 * The survey library (001 §2): Name, Created At, Workspace (or Group), Scheduled At; a row opens
 * the builder; duplicate; delete in two steps (a check, then a confirmation that warns when the
 * survey is scheduled). Deleting removes the survey only: its launched runs stay in manage surveys.
 */

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const rows = await listSurveys(context.db, viewer);
  return data({
    platform: viewer.company.platform,
    surveys: rows.map((r) => ({
      id: r.id,
      title: r.title,
      createdAt: r.createdAt.getTime(),
      channelName: r.channelName,
      nextRunAt: r.nextRunAt?.getTime() ?? null,
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const submission = parseWithZod(await request.formData(), { schema: RowActionSchema });
  if (submission.status !== "success") return data({ check: null }, { status: 400 });
  const value = submission.value;
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  if (value.intent === "duplicate") {
    if (!(await duplicateSurvey(context.db, viewer, actor, value.id))) throw notFound();
    return redirectWithToast(LIBRARY_PATH, { type: "success", message: "Survey duplicated successfully" }, { request });
  }
  if (value.initialCheck === "true") {
    const check = await surveyDeleteCheck(context.db, viewer, value.id);
    if (!check) throw notFound();
    return data({ check });
  }
  if (!(await deleteSurvey(context.db, viewer, actor, value.id))) throw notFound();
  return redirectWithToast(LIBRARY_PATH, { type: "success", message: "Survey deleted successfully" }, { request });
}

export const meta = pageMeta;

export default function SurveyLibrary() {
  const loaderData = useLoaderData<typeof loader>();
  const check = (useActionData<typeof action>() as { check: DeleteCheck | null } | undefined)?.check ?? null;
  const clientNavigation = useClientNavigation();
  const words = copy(loaderData.platform);
  return (
    <>
      <PageHeader title="Survey Library" actions={<ButtonLink to={TEMPLATES_PATH}>Add New</ButtonLink>} />
      {check ? <DeleteConfirmation check={check} /> : null}
      {loaderData.surveys.length === 0 ? (
        <EmptyState icon="alert" title={NO_SURVEYS}>
          <ButtonLink to={TEMPLATES_PATH}>Add New</ButtonLink>
        </EmptyState>
      ) : (
        <DataTable label="Surveys" columns={["Name", "Created At", words.workspace, "Scheduled At"]} actions {...clientNavigation}>
          {loaderData.surveys.map((s) => {
            const href = surveyPath(s.id);
            return (
              // Row click opens the builder (001 §2); the name is the real link for keyboards and no-JS.
              <LinkRow key={s.id} href={href} data-survey-id={s.id}>
                <LinkCell href={href}>{s.title}</LinkCell>
                <DayCell ms={s.createdAt} />
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{s.channelName ?? "—"}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600" data-scheduled-at>
                  {s.nextRunAt !== null ? <time dateTime={new Date(s.nextRunAt).toISOString()}>{utcDateTime(s.nextRunAt)}</time> : null}
                </td>
                <td className="px-3 py-2">
                  <DuplicateDeleteActions id={s.id} title={s.title} />
                </td>
              </LinkRow>
            );
          })}
        </DataTable>
      )}
    </>
  );
}

/** The delete's second step: a confirmation that warns when the survey is scheduled. */
function DeleteConfirmation({ check }: { check: DeleteCheck }) {
  return (
    <DeleteCheckPanel check={check} cancelTo={LIBRARY_PATH}>
      {check.scheduled && check.nextRunAt !== null ? (
        <p role="alert" data-scheduled-warning>
          {scheduledWarning(utcDateTime(check.nextRunAt))}
        </p>
      ) : null}
      <p>
        {check.launchCount > 0
          ? "Surveys already launched from it stay in Manage Surveys with their responses. This cannot be undone."
          : "This cannot be undone."}
      </p>
    </DeleteCheckPanel>
  );
}
