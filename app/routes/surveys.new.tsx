import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { NewSurveyFields } from "~/modules/surveys/components/new-survey-form";
import { channelOptions, createSurvey } from "~/modules/surveys/library.server";
import { NEW_SURVEY_TITLE, NewSurveySchema, newSurveyPath, surveyPath, TEMPLATES_PATH } from "~/modules/surveys/library.schema";
import { questionCount } from "~/modules/surveys/predefined-templates";
import { templateForSurvey, withFreshIds } from "~/modules/surveys/templates.server";
import { PageHeader } from "~/ui/page-header";

/**
 * 'Create New Survey' (001 §2) as a page: /surveys/survey-library/add-new-survey (from scratch)
 * and /add-new-survey/{surveyTemplateId} (a predefined or custom template). The templates page
 * opens the same form in a dialog with JavaScript and posts here; without JavaScript its links
 * land on this page. A valid choice creates the survey and opens its builder.
 */

const notFound = () => new Response("Not Found", { status: 404 });

/** The template behind the path, or a thrown 404 / redirect (001 §8: a 403 on a template goes to the templates page). */
async function startingPoint(request: Request, context: LoaderFunctionArgs["context"], viewer: Viewer, templateId: string | undefined) {
  if (!templateId) return { templateId: null, title: NEW_SURVEY_TITLE, templateName: null, blocks: [], label: "Blank survey" };
  const template = await templateForSurvey(context.db, viewer, templateId);
  if (template === "not-found") throw notFound();
  if (template === "forbidden") {
    throw await redirectWithToast(TEMPLATES_PATH, { type: "error", message: "You do not have access to this template." }, { request });
  }
  return { templateId, title: template.title, templateName: template.title, blocks: template.blocks, label: template.title };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const [start, options] = await Promise.all([
    startingPoint(request, context, viewer, params.surveyTemplateId),
    channelOptions(context.db, viewer),
  ]);
  return data({
    platform: viewer.company.platform,
    target: { templateId: start.templateId, label: start.label },
    questions: questionCount(start.blocks),
    options,
    crumbLabels: start.templateId ? { surveyTemplateId: start.title } : {},
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const start = await startingPoint(request, context, viewer, params.surveyTemplateId);
  const submission = parseWithZod(await request.formData(), { schema: NewSurveySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const options = await channelOptions(context.db, viewer);
  const channelId = submission.value.workspaceOrChannelId;
  if (!options.some((o) => o.id === channelId)) {
    const words = copy(viewer.company.platform);
    return data(
      { result: submission.reply({ fieldErrors: { workspaceOrChannelId: [`Choose one of your ${words.workspaces.toLowerCase()}.`] } }) },
      { status: 400 }
    );
  }
  const id = await createSurvey(
    context.db,
    { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId, platform: viewer.company.platform },
    { title: start.title, templateName: start.templateName, channelId, blocks: withFreshIds(start.blocks) }
  );
  return redirectWithToast(surveyPath(id), { type: "success", message: "Survey created successfully" }, { request });
}

export const meta = pageMeta;

export default function NewSurveyPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { target } = loaderData;
  return (
    <>
      <PageHeader
        title="Create New Survey"
        description={
          target.templateId
            ? `From the template “${target.label}” (${loaderData.questions} questions). You can change everything in the builder.`
            : "A blank survey: add questions in the builder."
        }
      />
      <section aria-label="Create New Survey" className="max-w-lg rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <NewSurveyFields
          target={target}
          options={loaderData.options}
          platform={loaderData.platform}
          lastResult={actionData?.result}
          action={newSurveyPath(target.templateId)}
          Form={Form}
        />
      </section>
    </>
  );
}
