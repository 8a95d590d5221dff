import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { TemplateTypePage } from "~/modules/feedback/components/template-type-page";
import { WorkflowNotFound } from "~/modules/feedback/components/template-not-found";
import { createLibraryLoop, scratchTemplate } from "~/modules/feedback/library.server";
import { TEMPLATE_TYPE_LABELS } from "~/modules/feedback/loop-types";
import { predefinedTemplatesOf } from "~/modules/feedback/predefined-templates";
import { hasAnswerableBlock } from "~/modules/feedback/template-blocks";
import { libraryLoopPath, TemplateTypeActionSchema, TemplateTypeParam } from "~/modules/feedback/template.schema";
import { listVisibleCustomTemplates, resolveLoopTemplate } from "~/modules/feedback/templates.server";

/** The templates of one type (002 §2.1 /template-types/:templateType); using one makes a library loop. */

const notFound = () => new Response("Not Found", { status: 404 });

function templateTypeOf(params: LoaderFunctionArgs["params"]) {
  const parsed = TemplateTypeParam.safeParse(params.templateType);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

const countQuestions = (blocks: Parameters<typeof hasAnswerableBlock>[0]): number =>
  blocks.reduce((n, b) => n + (b.type === "group" ? countQuestions(b.questions) : hasAnswerableBlock([b]) ? 1 : 0), 0);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const templateType = templateTypeOf(params);
  return data({
    platform: viewer.company.platform,
    templateType,
    predefined: predefinedTemplatesOf(templateType).map((t) => ({ id: t.id, title: t.title, desc: t.desc, questions: countQuestions(t.blocks) })),
    custom: await listVisibleCustomTemplates(context.db, viewer, templateType),
    // 002 §6: custom templates are built for the feedback type only, by the super admin.
    canCreate: templateType === "feedback" && hasPermission(viewer.permissions, "CreateUpdateFeedbackTemplate"),
    crumbLabels: { templateType: TEMPLATE_TYPE_LABELS[templateType] },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const templateType = templateTypeOf(params);
  const submission = parseWithZod(await request.formData(), { schema: TemplateTypeActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  let template;
  if (value.intent === "scratch") {
    if (templateType !== "feedback") throw notFound();
    template = scratchTemplate();
  } else {
    template = await resolveLoopTemplate(context.db, viewer, templateType, value.templateId);
    if (!template) throw notFound();
  }
  const id = await createLibraryLoop(context.db, viewer, template, context.requestId);
  return redirectWithToast(libraryLoopPath(templateType, id), { type: "success", message: copy(viewer.company.platform).loopCreated }, { request });
}

export const meta = pageMeta;
export const ErrorBoundary = WorkflowNotFound;

export default function WorkflowTemplateType() {
  const loaderData = useLoaderData<typeof loader>();
  return <TemplateTypePage data={loaderData} />;
}
