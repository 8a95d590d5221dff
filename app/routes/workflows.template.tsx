import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import { visibilityOfTemplate } from "~/modules/access/feedback-templates";
import { requirePermission } from "~/modules/auth/session.server";
import { TemplateDetailPage, type TemplateDetailData } from "~/modules/feedback/components/template-detail-page";
import type { BuilderActionData } from "~/modules/feedback/components/template-builder";
import { WorkflowNotFound } from "~/modules/feedback/components/template-not-found";
import { createLibraryLoop } from "~/modules/feedback/library.server";
import { TEMPLATE_TYPE_LABELS } from "~/modules/feedback/loop-types";
import { predefinedFeedbackTemplate } from "~/modules/feedback/predefined-templates";
import { toTemplateFormBlocks } from "~/modules/feedback/template-blocks";
import { libraryLoopPath, NEW_TEMPLATE_ID, templateActionSchema, templatePath, TemplateTypeParam } from "~/modules/feedback/template.schema";
import { createCustomTemplate, getVisibleCustomTemplate, resolveLoopTemplate, updateCustomTemplate } from "~/modules/feedback/templates.server";

/**
 * A template's detail (002 §2.1 /template-types/:templateType/:templateId): preview and "Use
 * template"; for the super admin (CreateUpdateFeedbackTemplate) a custom feedback template's
 * builder, "new" for a new one (002 §6: feedback template type only).
 */

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const parsed = TemplateTypeParam.safeParse(params.templateType);
  if (!parsed.success) throw notFound();
  const templateType = parsed.data;
  const id = params.templateId ?? "";
  const canBuild = templateType === "feedback" && hasPermission(viewer.permissions, "CreateUpdateFeedbackTemplate");
  const base = { platform: viewer.company.platform, templateType };
  let page: TemplateDetailData;
  if (id === NEW_TEMPLATE_ID) {
    await requirePermission(request, context, "CreateUpdateFeedbackTemplate");
    if (templateType !== "feedback") throw notFound();
    page = { ...base, kind: "new", id: null, title: "", desc: "", visibility: null, blocks: [], form: { title: "", desc: "", blocks: [] } };
  } else {
    const predefined = predefinedFeedbackTemplate(id);
    if (predefined) {
      if (predefined.templateType !== templateType) throw notFound();
      page = { ...base, kind: "predefined", id, title: predefined.title, desc: predefined.desc, visibility: null, blocks: predefined.blocks, form: null };
    } else {
      const custom = await getVisibleCustomTemplate(context.db, viewer, templateType, id);
      if (!custom) throw notFound();
      const visibility = visibilityOfTemplate(custom);
      page = {
        ...base,
        kind: "custom",
        id,
        title: custom.title,
        desc: custom.desc,
        visibility,
        blocks: custom.blocks,
        form: canBuild ? { title: custom.title, desc: custom.desc, visibility, blocks: toTemplateFormBlocks(custom.blocks as never) } : null,
      };
    }
  }
  return data({ ...page, crumbLabels: { templateType: TEMPLATE_TYPE_LABELS[templateType], templateId: page.title || copy(viewer.company.platform).newTemplateTitle } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const parsed = TemplateTypeParam.safeParse(params.templateType);
  if (!parsed.success) throw notFound();
  const templateType = parsed.data;
  const id = params.templateId ?? "";
  const formData = await request.formData();
  // Anything but "Use template" builds a custom template: the super admin's alone (002 §6).
  if (formData.get("intent") !== "use") await requirePermission(request, context, "CreateUpdateFeedbackTemplate");
  const submission = parseWithZod(formData, { schema: templateActionSchema(viewer.company.platform) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), fullPreview: false }, { status: submission.status === "error" ? 400 : 200 });
  }
  const value = submission.value;
  const words = copy(viewer.company.platform);
  if (value.intent === "preview") return data({ result: submission.reply(), fullPreview: true });
  if (value.intent === "use") {
    const template = id === NEW_TEMPLATE_ID ? null : await resolveLoopTemplate(context.db, viewer, templateType, id);
    if (!template) throw notFound();
    const loopId = await createLibraryLoop(context.db, viewer, template, context.requestId);
    return redirectWithToast(libraryLoopPath(templateType, loopId), { type: "success", message: words.loopCreated }, { request });
  }
  if (templateType !== "feedback") throw notFound();
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  const input = { title: value.title, desc: value.desc, visibility: value.visibility, blocks: value.blocks };
  if (id === NEW_TEMPLATE_ID) {
    const newId = await createCustomTemplate(context.db, actor, templateType, input);
    return redirectWithToast(templatePath(templateType, newId), { type: "success", message: words.templateCreated }, { request });
  }
  if (!(await getVisibleCustomTemplate(context.db, viewer, templateType, id))) throw notFound();
  if (!(await updateCustomTemplate(context.db, actor, id, input))) throw notFound();
  return redirectWithToast(templatePath(templateType, id), { type: "success", message: words.templateUpdated }, { request });
}

export const meta = pageMeta;
export const ErrorBoundary = WorkflowNotFound;

export default function WorkflowTemplate() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BuilderActionData;
  return <TemplateDetailPage data={loaderData} actionData={actionData} />;
}
