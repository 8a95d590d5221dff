import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import type { BuilderActionData } from "~/modules/feedback/components/template-builder";
import { TemplateLibraryLoopPage } from "~/modules/feedback/components/template-library-loop-page";
import { WorkflowNotFound } from "~/modules/feedback/components/template-not-found";
import { blocksEditable, getLibraryLoop, renameLibraryLoop, updateLibraryLoopBlocks } from "~/modules/feedback/library.server";
import { TEMPLATE_TYPE_LABELS } from "~/modules/feedback/loop-types";
import { isTemplateBlockList, toTemplateFormBlocks } from "~/modules/feedback/template-blocks";
import { libraryLoopActionSchema, libraryLoopConfigPath, libraryLoopPath, TemplateTypeParam } from "~/modules/feedback/template.schema";

/** A library loop (002 §2.1 /workflows/library/:templateType/:feedbackLibraryLoopId): title, blocks, preview, Next. */

const notFound = () => new Response("Not Found", { status: 404 });

async function loopOf({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const parsed = TemplateTypeParam.safeParse(params.templateType);
  if (!parsed.success) throw notFound();
  const loop = await getLibraryLoop(context.db, viewer, params.feedbackLibraryLoopId ?? "", parsed.data);
  if (!loop) throw notFound();
  return { viewer, loop, editable: blocksEditable(loop) && isTemplateBlockList(loop.blocks) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, loop, editable } = await loopOf(args);
  return data({
    platform: viewer.company.platform,
    loop: {
      id: loop.id,
      title: loop.title,
      templateType: loop.templateType,
      templateName: loop.templateName,
      templateFormat: loop.templateFormat,
      blocks: loop.blocks,
    },
    form: editable ? { title: loop.title, blocks: toTemplateFormBlocks(loop.blocks as never) } : null,
    crumbLabels: { templateType: TEMPLATE_TYPE_LABELS[loop.templateType], feedbackLibraryLoopId: loop.title },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { viewer, loop, editable } = await loopOf(args);
  const submission = parseWithZod(await request.formData(), { schema: libraryLoopActionSchema(viewer.company.platform) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), fullPreview: false }, { status: submission.status === "error" ? 400 : 200 });
  }
  const value = submission.value;
  if (value.intent === "preview") return data({ result: submission.reply(), fullPreview: true });
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  let goNext: boolean;
  if (value.intent === "rename") {
    if (!(await renameLibraryLoop(context.db, actor, loop.id, value.title))) throw notFound();
    goNext = value.next === "true";
  } else {
    // A format's fields and a one-on-one agenda are their template's (decisions: feedback library).
    if (!editable) {
      return data({ result: submission.reply({ formErrors: ["This feedback loop's questions cannot be changed."] }), fullPreview: false }, { status: 400 });
    }
    if (!(await updateLibraryLoopBlocks(context.db, actor, loop.id, value.title, value.blocks))) throw notFound();
    goNext = value.intent === "next";
  }
  const to = goNext ? libraryLoopConfigPath(loop.templateType, loop.id) : libraryLoopPath(loop.templateType, loop.id);
  return redirectWithToast(to, { type: "success", message: copy(viewer.company.platform).loopSaved }, { request });
}

export const meta = pageMeta;
export const ErrorBoundary = WorkflowNotFound;

export default function WorkflowLibraryLoop() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BuilderActionData;
  return <TemplateLibraryLoopPage data={loaderData} actionData={actionData} />;
}
