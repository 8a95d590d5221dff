import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { RequestFeedbackPage, type RequestActionData, type RequestPageData } from "~/modules/feedback/components/give-outside-pages";
import { GIVE_MESSAGES } from "~/modules/feedback/give";
import { RequestFeedbackSchema } from "~/modules/feedback/give.schema";
import { activeColleague, colleagueStep, requestFeedback } from "~/modules/feedback/outside.server";

/** /feedback/request: ask a colleague for feedback about yourself; it becomes their to-give item and they are told. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const url = new URL(request.url);
  const step = await colleagueStep(context.db, viewer, url);
  return data<RequestPageData>({ ...step, requestId: crypto.randomUUID(), sent: url.searchParams.get("sent") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const form = await request.formData();
  if (form.get("intent") !== "request") throw new Response("Invalid intent", { status: 400 });
  const submission = parseWithZod(form, { schema: RequestFeedbackSchema });
  if (submission.status !== "success") return data<RequestActionData>({ result: submission.reply() }, { status: 400 });
  const recipient = await activeColleague(context.db, viewer, submission.value.recipientId);
  // Another company's person, a made-up id, oneself or someone who has left.
  if (!recipient) throw new Response("Not Found", { status: 404 });
  await requestFeedback(context.db, viewer, recipient, submission.value.requestId, submission.value.message ?? "");
  return redirectWithToast("/feedback/request?sent=1", { type: "success", message: GIVE_MESSAGES.requestSent }, { request });
}

export const meta = pageMeta;

export default RequestFeedbackPage;
