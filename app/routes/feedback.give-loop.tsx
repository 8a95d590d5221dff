import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { GiveLoopPage, type GiveLoopData } from "~/modules/feedback/components/give-loop-page";
import type { GiveActionData } from "~/modules/feedback/components/give-form";
import { dimensionInfosOf, GIVE_MESSAGES, postedValues } from "~/modules/feedback/give";
import { feedbackOfForm, giveFeedbackSchema } from "~/modules/feedback/give.schema";
import { giveLoopFeedback, loadLoopGive, tagCatalogue } from "~/modules/feedback/give.server";
import { utcDateTime } from "~/ui/format";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const view = await loadLoopGive(context.db, viewer, params.feedbackRunId ?? "", params.receiverId ?? "");
  if (!view) throw notFound();
  const tagging = view.status === "open" && !view.loop.hideCompetencySelector && !view.receiver.isCompany;
  return data<GiveLoopData & { crumbLabels: Record<string, string> }>({
    loop: {
      title: view.loop.title,
      anonymous: view.loop.anonymous,
      templateFormat: view.loop.templateFormat,
      blocks: view.status === "open" ? view.loop.blocks : [],
      hideCompetencySelector: view.loop.hideCompetencySelector,
    },
    run: { id: view.run.id, deadline: utcDateTime(view.run.deadlineAt) },
    receiver: view.receiver,
    status: view.status,
    catalogue: tagging ? await tagCatalogue(context.db, viewer.company.id) : [],
    requestId: crypto.randomUUID(),
    crumbLabels: { feedbackRunId: view.loop.title, receiverId: view.receiver.name },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const view = await loadLoopGive(context.db, viewer, params.feedbackRunId ?? "", params.receiverId ?? "");
  if (!view) throw notFound();
  const form = await request.formData();
  if (form.get("intent") !== "send") throw new Response("Invalid intent", { status: 400 });
  const values = postedValues(form);
  if (view.status !== "open") {
    const message = view.status === "closed" ? GIVE_MESSAGES.closed : view.receiver.isCompany ? GIVE_MESSAGES.alreadyGivenCompany : GIVE_MESSAGES.alreadyGiven;
    return data<GiveActionData>({ message, values }, { status: 409 });
  }
  const shape = { format: view.loop.templateFormat, blocks: view.loop.blocks };
  const submission = parseWithZod(form, { schema: giveFeedbackSchema(shape) });
  if (submission.status !== "success") return data<GiveActionData>({ result: submission.reply(), values }, { status: 400 });
  const { texts, answers, tags } = feedbackOfForm(submission.value, shape);
  const tagging = !view.loop.hideCompetencySelector && !view.receiver.isCompany;
  const dimensionInfos = tagging ? dimensionInfosOf(tags, await tagCatalogue(context.db, viewer.company.id)) : [];
  const result = await giveLoopFeedback(context, viewer, view.loop.id, submission.value.requestId, {
    runId: view.run.id,
    receiverId: view.receiver.id,
    texts,
    answers,
    dimensionInfos,
  });
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data<GiveActionData>({ message: result.message, values }, { status: 409 });
  }
  return redirectWithToast(new URL(request.url).pathname, { type: "success", message: GIVE_MESSAGES.sent }, { request });
}

export const meta = pageMeta;

export default GiveLoopPage;
