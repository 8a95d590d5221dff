import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { SURVEY_BLOCK_TYPE_TITLES, type SurveyBlock } from "~/modules/surveys/blocks";
import {
  newSurveyPath,
  TEMPLATE_VISIBILITIES,
  TemplateDetailsSchema,
  TEMPLATES_PATH,
  visibilityOf,
  type TemplateVisibility,
} from "~/modules/surveys/library.schema";
import { predefinedTemplate } from "~/modules/surveys/predefined-templates";
import { getCustomTemplate, mayView, updateTemplateDetails } from "~/modules/surveys/templates.server";
import { Button, ButtonLink } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";

/**
 * A survey template (001 §2 "the templates path with /{id} for editing a custom template"). A
 * custom template's title, description and visibility are edited here (001 §5 "Template name
 * required"), which needs PerformSurveyTemplateActions and, to save, CreateUpdateSurveyTemplate;
 * its questions are shown read-only. A predefined template's id shows it read-only, to preview
 * before use. 001 §8: a 403 on a template goes back to the templates page.
 */

const notFound = () => new Response("Not Found", { status: 404 });

async function refused(request: Request) {
  return redirectWithToast(TEMPLATES_PATH, { type: "error", message: "You do not have access to this template." }, { request });
}

/** The custom template the viewer may edit, or a thrown 404 / redirect. */
async function editableTemplate(request: Request, context: LoaderFunctionArgs["context"], viewer: Viewer, id: string) {
  const template = await getCustomTemplate(context.db, viewer.company.id, id);
  if (!template) throw notFound();
  if (!viewer.permissions.includes("PerformSurveyTemplateActions") || !mayView(viewer, template)) throw await refused(request);
  return template;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const id = params.surveyTemplateId ?? "";
  const predefined = predefinedTemplate(id);
  if (predefined) {
    return data({
      platform: viewer.company.platform,
      kind: "predefined" as const,
      template: {
        id,
        title: predefined.title,
        desc: predefined.description,
        visibility: "everyone" as TemplateVisibility,
        group: predefined.group,
      },
      blocks: predefined.blocks,
      canSave: false,
      crumbLabels: { surveyTemplateId: predefined.title },
    });
  }
  const template = await editableTemplate(request, context, viewer, id);
  return data({
    platform: viewer.company.platform,
    kind: "custom" as const,
    template: { id, title: template.title, desc: template.desc, visibility: visibilityOf(template), group: null },
    blocks: template.blocks,
    canSave: viewer.permissions.includes("CreateUpdateSurveyTemplate"),
    crumbLabels: { surveyTemplateId: template.title },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const id = params.surveyTemplateId ?? "";
  if (predefinedTemplate(id)) throw new Response("Predefined templates cannot be changed", { status: 405 });
  await editableTemplate(request, context, viewer, id);
  if (!viewer.permissions.includes("CreateUpdateSurveyTemplate")) return refused(request);
  const submission = parseWithZod(await request.formData(), { schema: TemplateDetailsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  if (!(await updateTemplateDetails(context.db, actor, id, submission.value))) throw notFound();
  return redirectWithToast(TEMPLATES_PATH, { type: "success", message: "Template updated successfully" }, { request });
}

export const meta = pageMeta;

export default function SurveyTemplatePage() {
  const loaderData = useLoaderData<typeof loader>();
  const { template } = loaderData;
  return (
    <>
      <PageHeader
        title={template.title}
        description={loaderData.kind === "predefined" ? `${template.group} · predefined template` : "Custom template"}
        actions={
          <>
            <ButtonLink variant="secondary" to={TEMPLATES_PATH}>
              Back to Templates
            </ButtonLink>
            <ButtonLink to={newSurveyPath(template.id)}>Use Template</ButtonLink>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {loaderData.kind === "custom" ? (
          <DetailsForm template={template} platform={loaderData.platform} canSave={loaderData.canSave} />
        ) : (
          <p className="text-sm text-slate-700">{template.desc}</p>
        )}
        <section aria-labelledby="template-questions" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="template-questions" className="text-base font-semibold text-slate-900">
            Questions
          </h2>
          <BlockList blocks={loaderData.blocks as SurveyBlock[]} />
        </section>
      </div>
    </>
  );
}

function DetailsForm({
  template,
  platform,
  canSave,
}: {
  template: { title: string; desc: string; visibility: TemplateVisibility };
  platform: "slack" | "msteams";
  canSave: boolean;
}) {
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const words = copy(platform);
  const [form, fields] = useForm({
    id: "template-details",
    constraint: getZodConstraint(TemplateDetailsSchema),
    lastResult: actionData?.result,
    defaultValue: template,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const labels: Record<TemplateVisibility, string> = {
    everyone: "Everyone",
    workspaceAdmins: `${words.workspace} Admins`,
    superAdmin: "Super Admin",
  };
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Template details</h2>
      <div>
        <label htmlFor={fields.title.id} className="block text-sm font-medium text-slate-900">
          Template name *
        </label>
        <input
          {...getInputProps(fields.title, { type: "text" })}
          key={fields.title.key}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {fields.title.errors?.length ? (
          <p id={fields.title.errorId} className="mt-1 text-sm text-red-700">
            {fields.title.errors[0]}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={fields.desc.id} className="block text-sm font-medium text-slate-900">
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.desc)}
          key={fields.desc.key}
          rows={3}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {fields.desc.errors?.length ? (
          <p id={fields.desc.errorId} className="mt-1 text-sm text-red-700">
            {fields.desc.errors[0]}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Visible to</legend>
        <div className="mt-1 space-y-1">
          {TEMPLATE_VISIBILITIES.map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name={fields.visibility.name} value={v} defaultChecked={template.visibility === v} />
              {labels[v]}
            </label>
          ))}
        </div>
        {fields.visibility.errors?.length ? <p className="mt-1 text-sm text-red-700">{fields.visibility.errors[0]}</p> : null}
      </fieldset>
      {canSave ? (
        <div className="flex justify-end">
          <Button type="submit">Save Template</Button>
        </div>
      ) : null}
    </Form>
  );
}

function BlockList({ blocks }: { blocks: SurveyBlock[] }) {
  if (blocks.length === 0) return <p className="mt-2 text-sm text-slate-600">This template has no questions yet.</p>;
  return (
    <ol className="mt-3 space-y-3 text-sm">
      {blocks.map((block) => (
        <li key={block.id} className="rounded-md border border-slate-100 p-3">
          <BlockSummary block={block} />
          {block.type === "group" ? (
            <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
              {block.questions.map((q) => (
                <li key={q.id}>
                  <BlockSummary block={q} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function BlockSummary({ block }: { block: SurveyBlock }) {
  const kind = <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{SURVEY_BLOCK_TYPE_TITLES[block.type]}</span>;
  switch (block.type) {
    case "static-text":
      return (
        <div>
          {kind}
          <p className="text-slate-700">{block.value}</p>
        </div>
      );
    case "text-input":
      return (
        <div>
          {kind}
          <p className="font-medium text-slate-900">
            {block.label}
            {block.required ? " *" : ""}
          </p>
        </div>
      );
    case "choice":
      return (
        <div>
          {kind}
          {block.track ? <span className="ml-2 text-xs text-indigo-700">Tracked</span> : null}
          <p className="font-medium text-slate-900">
            {block.label}
            {block.required ? " *" : ""}
          </p>
          <p className="text-slate-600">{block.choices.map((c) => c.text).join(" · ")}</p>
        </div>
      );
    case "group":
      return (
        <div>
          {kind}
          <p className="font-medium text-slate-900">{block.label}</p>
          {block.description ? <p className="text-slate-600">{block.description}</p> : null}
        </div>
      );
  }
}
