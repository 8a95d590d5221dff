import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import type { GiveActionData } from "~/modules/feedback/components/give-form";
import { AnswerRequestPage, type AnswerRequestData } from "~/modules/feedback/components/give-outside-pages";
import { dimensionInfosOf, GIVE_MESSAGES, isFeedbackFormat, postedValues } from "~/modules/feedback/give";
import { feedbackOfForm, giveFeedbackSchema } from "~/modules/feedback/give.schema";
import { tagCatalogue } from "~/modules/feedback/give.server";
import { answerRequest, declineRequest, requestToMe } from "~/modules/feedback/outside.server";
import { utcDay } from "~/ui/format";

/** /feedback/requests/:feedbackRequestId: the colleague asked answers the request once, or declines it. Only they may open it. */
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const found = await requestToMe(context.db, viewer, params.feedbackRequestId ?? "");
  if (!found) throw notFound();
  const format = new URL(request.url).searchParams.get("format");
  return data<AnswerRequestData & { crumbLabels: Record<string, string> }>({
    request: { id: found.id, requesterName: found.requester.name, message: found.message, state: found.state, date: utcDay(found.createdAt) },
    format: isFeedbackFormat(format) ? format : "SBI",
    catalogue: found.state === "open" ? await tagCatalogue(context.db, viewer.company.id) : [],
    requestId: crypto.randomUUID(),
    crumbLabels: { feedbackRequestId: found.requester.name },
  });
}

const SHAPE = { format: "choose", blocks: [] } as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const found = await requestToMe(context.db, viewer, params.feedbackRequestId ?? "");
  if (!found) throw notFound();
  const form = await request.formData();
  const intent = form.get("intent");
  const path = new URL(request.url).pathname;
  if (intent === "decline") {
    const declined = await declineRequest(context.db, viewer, found);
    if (!declined.ok) return data<GiveActionData>({ message: declined.message }, { status: 409 });
    return redirectWithToast(path, { type: "success", message: GIVE_MESSAGES.requestDeclined }, { request });
  }
  if (intent !== "send") throw new Response("Invalid intent", { status: 400 });
  const values = postedValues(form);
  if (found.state !== "open") return data<GiveActionData>({ message: GIVE_MESSAGES.requestAnswered, values }, { status: 409 });
  const submission = parseWithZod(form, { schema: giveFeedbackSchema(SHAPE) });
  if (submission.status !== "success") return data<GiveActionData>({ result: submission.reply(), values }, { status: 400 });
  const { format, texts, tags } = feedbackOfForm(submission.value, SHAPE);
  const dimensionInfos = dimensionInfosOf(tags, await tagCatalogue(context.db, viewer.company.id));
  const answered = await answerRequest(context.db, viewer, found, { format: format!, texts, dimensionInfos });
  if (!answered.ok) return data<GiveActionData>({ message: answered.message, values }, { status: 409 });
  return redirectWithToast(path, { type: "success", message: GIVE_MESSAGES.sent }, { request });
}

export const meta = pageMeta;

export default AnswerRequestPage;
