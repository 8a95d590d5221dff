import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import type { GiveActionData } from "~/modules/feedback/components/give-form";
import { GiveDirectPage, type GiveDirectData } from "~/modules/feedback/components/give-outside-pages";
import { dimensionInfosOf, GIVE_MESSAGES, isFeedbackFormat, postedValues } from "~/modules/feedback/give";
import { feedbackOfForm, giveFeedbackSchema } from "~/modules/feedback/give.schema";
import { tagCatalogue } from "~/modules/feedback/give.server";
import { activeColleague, colleagueStep, giveDirectFeedback } from "~/modules/feedback/outside.server";

/** /feedback/give: feedback to any active colleague of the company, in the format the sender chooses. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const url = new URL(request.url);
  const format = url.searchParams.get("format");
  const step = await colleagueStep(context.db, viewer, url);
  return data<GiveDirectData>({
    ...step,
    format: isFeedbackFormat(format) ? format : "SBI",
    catalogue: step.chosen ? await tagCatalogue(context.db, viewer.company.id) : [],
    requestId: crypto.randomUUID(),
    sent: url.searchParams.get("sent") === "1",
  });
}

const SHAPE = { format: "choose", blocks: [] } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const form = await request.formData();
  if (form.get("intent") !== "send") throw new Response("Invalid intent", { status: 400 });
  const values = postedValues(form);
  const receiverId = String(form.get("receiverId") ?? "");
  if (!receiverId) return data<GiveActionData>({ message: GIVE_MESSAGES.chooseColleague, values }, { status: 400 });
  const receiver = await activeColleague(context.db, viewer, receiverId);
  if (!receiver) throw new Response("Not Found", { status: 404 });
  const submission = parseWithZod(form, { schema: giveFeedbackSchema(SHAPE) });
  if (submission.status !== "success") return data<GiveActionData>({ result: submission.reply(), values }, { status: 400 });
  const { format, texts, tags } = feedbackOfForm(submission.value, SHAPE);
  const dimensionInfos = dimensionInfosOf(tags, await tagCatalogue(context.db, viewer.company.id));
  await giveDirectFeedback(context.db, viewer, receiver.id, submission.value.requestId, { format: format!, texts, dimensionInfos });
  return redirectWithToast("/feedback/give?sent=1", { type: "success", message: GIVE_MESSAGES.sent }, { request });
}

export const meta = pageMeta;

export default GiveDirectPage;
