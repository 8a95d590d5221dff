import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NewSurveyDialog, type NewSurveyTarget } from "~/modules/surveys/components/new-survey-form";
import { channelOptions } from "~/modules/surveys/library.server";
import {
  NO_CUSTOM_TEMPLATES,
  NO_PREDEFINED_TEMPLATES,
  RowActionSchema,
  TEMPLATES_PATH,
  newSurveyPath,
  templatePath,
  visibilityOf,
} from "~/modules/surveys/library.schema";
import { groupedTemplates, PREDEFINED_SURVEY_TEMPLATES, questionCount } from "~/modules/surveys/predefined-templates";
import { deleteTemplate, duplicateTemplate, getCustomTemplate, listCustomTemplates, mayView } from "~/modules/surveys/templates.server";
import { buttonClass } from "~/ui/button";
import { useClientNavigation } from "~/ui/client-navigation";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DeleteCheckPanel, DuplicateDeleteActions } from "~/ui/row-actions";
import { DataTable } from "~/ui/table";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * The survey templates page (001 §2): 'Use Templates' (predefined, grouped) next to 'Custom
 * Templates' (the company's, as far as each is visible to the viewer). Choosing one, or Add New,
 * opens 'Create New Survey'. Edit, duplicate and delete of custom templates need
 * PerformSurveyTemplateActions: without it the actions are not shown and a post is refused.
 */

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const [custom, options] = await Promise.all([listCustomTemplates(context.db, viewer), channelOptions(context.db, viewer)]);
  return data({
    platform: viewer.company.platform,
    canAct: viewer.permissions.includes("PerformSurveyTemplateActions"),
    predefined: groupedTemplates(
      PREDEFINED_SURVEY_TEMPLATES.map((t) => ({
        id: t.id,
        group: t.group,
        title: t.title,
        description: t.description,
        questions: questionCount(t.blocks),
      }))
    ),
    custom: custom.map((t) => ({
      id: t.id,
      title: t.title,
      desc: t.desc,
      visibility: visibilityOf(t),
      createdBy: t.createdBy,
    })),
    options,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  if (!viewer.permissions.includes("PerformSurveyTemplateActions")) {
    return redirectWithToast(
      TEMPLATES_PATH,
      { type: "error", message: "You do not have permission to change survey templates." },
      { request }
    );
  }
  const submission = parseWithZod(await request.formData(), { schema: RowActionSchema });
  if (submission.status !== "success") return data({ check: null }, { status: 400 });
  const value = submission.value;
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  const template = await getCustomTemplate(context.db, viewer.company.id, value.id);
  if (!template) throw notFound();
  if (!mayView(viewer, template)) {
    return redirectWithToast(TEMPLATES_PATH, { type: "error", message: "You do not have access to this template." }, { request });
  }
  if (value.intent === "duplicate") {
    if (!(await duplicateTemplate(context.db, actor, value.id))) throw notFound();
    return redirectWithToast(TEMPLATES_PATH, { type: "success", message: "Template duplicated successfully" }, { request });
  }
  if (value.initialCheck === "true") return data({ check: { id: template.id, title: template.title } });
  if (!(await deleteTemplate(context.db, actor, value.id))) throw notFound();
  return redirectWithToast(TEMPLATES_PATH, { type: "success", message: "Template deleted successfully" }, { request });
}

export const meta = pageMeta;

const VISIBILITY_LABEL = (visibility: string, workspace: string) =>
  visibility === "everyone" ? "Everyone" : visibility === "workspaceAdmins" ? `${workspace} Admins` : "Super Admin";

const CARD =
  "flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export default function SurveyTemplates() {
  const loaderData = useLoaderData<typeof loader>();
  const check = (useActionData<typeof action>() as { check: { id: string; title: string } | null } | undefined)?.check ?? null;
  const hydrated = useHydrated();
  const clientNavigation = useClientNavigation();
  const [target, setTarget] = useState<NewSurveyTarget | null>(null);
  const words = copy(loaderData.platform);
  /** With JavaScript a template link opens the dialog; without, it goes to the same form as a page. */
  const open = (next: NewSurveyTarget) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setTarget(next);
  };
  return (
    <>
      <PageHeader
        title="Survey Templates"
        description="Start a survey from one of our templates, from one of your own, or from scratch."
        actions={
          <a href={newSurveyPath()} className={buttonClass()} onClick={open({ templateId: null, label: "Blank survey" })}>
            Add New
          </a>
        }
      />
      {check ? (
        <DeleteCheckPanel id="delete-template" check={check} cancelTo={TEMPLATES_PATH}>
          <p>The template is removed for everyone. Surveys already created from it keep their questions. This cannot be undone.</p>
        </DeleteCheckPanel>
      ) : null}
      {target ? (
        <NewSurveyDialog target={target} options={loaderData.options} platform={loaderData.platform} onClose={() => setTarget(null)} />
      ) : null}
      <div className="grid gap-8 xl:grid-cols-2" {...clientNavigation}>
        <TemplateColumn
          id="use-templates"
          title="Use Templates"
          empty={loaderData.predefined.length === 0 ? NO_PREDEFINED_TEMPLATES : null}
        >
          <div className="space-y-6">
            {loaderData.predefined.map((g) => (
              <section key={g.group} aria-labelledby={`group-${g.group}`} data-template-group={g.group}>
                <h3 id={`group-${g.group}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {g.group}
                </h3>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {g.templates.map((t) => (
                    <li key={t.id} className="relative">
                      <a
                        href={newSurveyPath(t.id)}
                        className={CARD}
                        data-predefined-template={t.id}
                        onClick={open({ templateId: t.id, label: t.title })}
                      >
                        <span className="font-semibold text-slate-900">{t.title}</span>
                        <span className="mt-1 flex-1 text-sm text-slate-600">{t.description}</span>
                        <span className="mt-2 text-xs font-medium text-slate-500">{t.questions} questions</span>
                      </a>
                      <a
                        href={templatePath(t.id)}
                        className="absolute right-3 top-3 text-xs font-medium text-indigo-700 hover:underline"
                        aria-label={`Preview ${t.title}`}
                      >
                        Preview
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </TemplateColumn>
        <TemplateColumn id="custom-templates" title="Custom Templates" empty={loaderData.custom.length === 0 ? NO_CUSTOM_TEMPLATES : null}>
          <DataTable label="Custom Templates" columns={["Name", "Visible To", "Created By"]} actions>
            {loaderData.custom.map((t) => (
              <tr key={t.id} data-custom-template={t.id}>
                <td className="px-3 py-2">
                  <a
                    href={newSurveyPath(t.id)}
                    className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                    onClick={open({ templateId: t.id, label: t.title })}
                  >
                    {t.title}
                  </a>
                  {t.desc ? <p className="text-xs text-slate-500">{t.desc}</p> : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{VISIBILITY_LABEL(t.visibility, words.workspace)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{t.createdBy ?? "—"}</td>
                <td className="px-3 py-2">
                  {loaderData.canAct ? (
                    <DuplicateDeleteActions
                      id={t.id}
                      title={t.title}
                      before={
                        <a href={templatePath(t.id)} className={buttonClass("secondary")} aria-label={`Edit ${t.title}`}>
                          Edit
                        </a>
                      }
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </TemplateColumn>
      </div>
    </>
  );
}

/** One of the page's two columns: its heading, then its content or, when it has none, the empty state. */
function TemplateColumn({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {empty !== null ? <EmptyState title={empty} /> : children}
    </section>
  );
}
