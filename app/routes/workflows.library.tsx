import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { TemplateLibraryPage } from "~/modules/feedback/components/template-library-page";
import { deleteLibraryLoop, duplicateLibraryLoop, getLibraryLoop, listLibraryLoops } from "~/modules/feedback/library.server";
import { LIBRARY_PATH, LibraryActionSchema } from "~/modules/feedback/template.schema";

/** The workflow library (002 §2.4): the company's library loops; duplicate, and delete after a confirmation. */

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  return data({ platform: viewer.company.platform, loops: await listLibraryLoops(context.db, viewer) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const submission = parseWithZod(await request.formData(), { schema: LibraryActionSchema });
  if (submission.status !== "success") return data({ check: null }, { status: 400 });
  const value = submission.value;
  const words = copy(viewer.company.platform);
  const actor = { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId };
  if (value.intent === "duplicate") {
    if (!(await duplicateLibraryLoop(context.db, viewer, actor, value.id))) throw notFound();
    return redirectWithToast(LIBRARY_PATH, { type: "success", message: words.loopDuplicated }, { request });
  }
  if (value.initialCheck === "true") {
    const loop = await getLibraryLoop(context.db, viewer, value.id);
    if (!loop) throw notFound();
    return data({ check: { id: loop.id, title: loop.title } });
  }
  if (!(await deleteLibraryLoop(context.db, actor, value.id))) throw notFound();
  return redirectWithToast(LIBRARY_PATH, { type: "success", message: words.loopDeleted }, { request });
}

export const meta = pageMeta;

export default function WorkflowLibrary() {
  const loaderData = useLoaderData<typeof loader>();
  const check = (useActionData<typeof action>() as { check: { id: string; title: string } | null } | undefined)?.check ?? null;
  return <TemplateLibraryPage data={loaderData} check={check} />;
}
