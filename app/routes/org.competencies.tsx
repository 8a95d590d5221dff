import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { behaviourLines, CompetencyActionSchema } from "~/modules/org/competencies.schema";
import {
  competencyUsage,
  createCompetency,
  listCompetencies,
  removeCompetency,
  updateCompetency,
  type CompetencyUsage,
} from "~/modules/org/competencies.server";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { PageHeader } from "~/ui/page-header";

const PATH = "/organization/settings/competencies";
/** 000 §2 empty state, quoted exactly. */
const EMPTY = "No competencies available. Add a new one!";
const notFound = () => new Response("Not Found", { status: 404 });

/**
 * Competencies with their behaviours (002 §2.8): create, edit, remove with the initial check
 * (002 §7). The create/edit form opens with ?new=1 or ?edit={id}, so it works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewCompetencies");
  const url = new URL(request.url);
  const competencies = await listCompetencies(context.db, viewer.company.id);
  const editId = url.searchParams.get("edit");
  if (editId && !competencies.some((c) => c.id === editId)) throw notFound();
  return data({ competencies, editId, creating: url.searchParams.get("new") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewCompetencies");
  const submission = parseWithZod(await request.formData(), { schema: CompetencyActionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), check: null }, { status: 400 });
  }
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  const value = submission.value;
  switch (value.intent) {
    case "create": {
      await createCompetency(context.db, actor, {
        name: value.name,
        description: value.description,
        behaviours: behaviourLines(value.behaviours),
      });
      return redirectWithToast(PATH, { type: "success", message: "Competency created successfully" }, { request });
    }
    case "update": {
      if (!value.id) throw notFound();
      const ok = await updateCompetency(context.db, actor, value.id, {
        name: value.name,
        description: value.description,
        behaviours: behaviourLines(value.behaviours),
      });
      if (!ok) throw notFound();
      return redirectWithToast(PATH, { type: "success", message: "Competency updated successfully" }, { request });
    }
    case "remove": {
      if (value.initialCheck === "true") {
        const check = await competencyUsage(context.db, viewer.company.id, value.id);
        if (!check) throw notFound();
        return data({ result: null, check: { id: value.id, ...check } });
      }
      if (!(await removeCompetency(context.db, actor, value.id))) throw notFound();
      return redirectWithToast(PATH, { type: "success", message: "Competency removed successfully" }, { request });
    }
  }
}

export const meta = pageMeta;

type ActionData =
  | { result: SubmissionResult<string[]> | null; check: { id: string; name: string; usage: CompetencyUsage[] } | null }
  | undefined;

export default function CompetenciesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  // A refused submission (JavaScript off: a plain POST to the bare path) reopens its own form.
  const failed = (actionData?.result?.initialValue ?? null) as { intent?: unknown; id?: unknown } | null;
  const editId = failed?.intent === "update" && typeof failed.id === "string" ? failed.id : data.editId;
  const editing = editId ? data.competencies.find((c) => c.id === editId) : undefined;
  const showForm = data.creating || failed?.intent === "create" || Boolean(editing);
  const check = actionData?.check ?? null;

  return (
    <>
      <PageHeader
        title="Competencies"
        actions={
          showForm ? null : (
            <ButtonLink to="?new=1" preventScrollReset>
              Add competency
            </ButtonLink>
          )
        }
      />
      {check ? <RemoveConfirmation check={check} /> : null}
      {showForm ? <CompetencyForm key={editing?.id ?? "new"} competency={editing} lastResult={actionData?.result ?? undefined} /> : null}
      {data.competencies.length === 0 ? (
        <EmptyState icon="reviews" title={EMPTY} />
      ) : (
        <ul className="space-y-4" aria-label="Competencies">
          {data.competencies.map((competency) => (
            <li
              key={competency.id}
              className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              data-competency-id={competency.id}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="text-base font-semibold text-slate-900">{competency.name}</h2>
                  {competency.description ? <p className="mt-1 text-sm text-slate-600">{competency.description}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <Link
                    to={`?edit=${encodeURIComponent(competency.id)}`}
                    className={buttonClass("secondary")}
                    aria-label={`Edit ${competency.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={competency.id} />
                    <input type="hidden" name="initialCheck" value="true" />
                    <Button type="submit" variant="ghost" aria-label={`Remove ${competency.name}`}>
                      Remove
                    </Button>
                  </Form>
                </div>
              </div>
              {competency.behaviours.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={`Behaviours of ${competency.name}`}>
                  {competency.behaviours.map((behaviour) => (
                    <li
                      key={behaviour.id}
                      className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
                      data-behaviour
                    >
                      {behaviour.name}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-500">No behaviours.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CompetencyForm({
  competency,
  lastResult,
}: {
  competency?: { id: string; name: string; description: string | null; behaviours: Array<{ name: string }> };
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: competency ? `competency-${competency.id}` : "competency-new",
    lastResult,
    defaultValue: {
      name: competency?.name ?? "",
      description: competency?.description ?? "",
      behaviours: competency?.behaviours.map((b) => b.name).join("\n") ?? "",
    },
    shouldValidate: "onBlur",
  });
  const fieldClass =
    "mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600";
  return (
    <section aria-labelledby="competency-form-title" className="mb-6 rounded-lg border border-indigo-200 bg-white p-5 shadow-sm">
      <h2 id="competency-form-title" className="text-base font-semibold text-slate-900">
        {competency ? `Edit ${competency.name}` : "New competency"}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={competency ? "update" : "create"} />
        {competency ? <input type="hidden" name="id" value={competency.id} /> : null}
        <div>
          <label htmlFor={fields.name.id} className="block text-sm font-medium text-slate-900">
            Name <span aria-hidden="true">*</span>
          </label>
          <input {...getInputProps(fields.name, { type: "text" })} className={fieldClass} />
          {fields.name.errors ? (
            <p id={fields.name.errorId} className="mt-1 text-sm text-red-600" data-field-error>
              {fields.name.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-900">
            Description
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={2} className={fieldClass} />
          {fields.description.errors ? (
            <p id={fields.description.errorId} className="mt-1 text-sm text-red-600">
              {fields.description.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={fields.behaviours.id} className="block text-sm font-medium text-slate-900">
            Behaviours
          </label>
          <p className="text-xs text-slate-500">One per line.</p>
          <textarea {...getTextareaProps(fields.behaviours)} rows={5} className={fieldClass} />
          {fields.behaviours.errors ? (
            <p id={fields.behaviours.errorId} className="mt-1 text-sm text-red-600">
              {fields.behaviours.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Link to={PATH} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RemoveConfirmation({ check }: { check: { id: string; name: string; usage: CompetencyUsage[] } }) {
  const behaviours = check.usage.find((u) => u.area === "behaviours")?.count ?? 0;
  const elsewhere = check.usage.filter((u) => u.area !== "behaviours" && u.count > 0);
  return (
    <ConfirmPanel
      id="remove"
      title={`Remove ${check.name}?`}
      fields={{ intent: "remove", id: check.id, initialCheck: "false" }}
      cancelTo={PATH}
      confirmLabel="Remove"
      data-remove-check
    >
      <ul className="list-disc pl-5">
        <li>
          {behaviours} {behaviours === 1 ? "behaviour" : "behaviours"} will be removed with it.
        </li>
        {elsewhere.length === 0 ? (
          <li>No review questionnaire or goal uses it.</li>
        ) : (
          elsewhere.map((u) => (
            <li key={u.area}>
              Used by {u.count} {u.area}.
            </li>
          ))
        )}
      </ul>
    </ConfirmPanel>
  );
}
