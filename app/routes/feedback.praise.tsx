import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { PraisePage, type PraiseActionData, type PraisePageData } from "~/modules/feedback/components/give-outside-pages";
import { dimensionInfosOf, GIVE_MESSAGES, postedValues } from "~/modules/feedback/give";
import { PraiseSchema } from "~/modules/feedback/give.schema";
import { tagCatalogue } from "~/modules/feedback/give.server";
import { activeColleague, colleagueStep, givePraise } from "~/modules/feedback/outside.server";

/** /feedback/praise: public praise to a colleague (source praise, kind public praise, shown to the company). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const url = new URL(request.url);
  const step = await colleagueStep(context.db, viewer, url);
  return data<PraisePageData>({
    ...step,
    catalogue: step.chosen ? await tagCatalogue(context.db, viewer.company.id) : [],
    requestId: crypto.randomUUID(),
    sent: url.searchParams.get("sent") === "1",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const form = await request.formData();
  if (form.get("intent") !== "praise") throw new Response("Invalid intent", { status: 400 });
  const values = postedValues(form);
  const submission = parseWithZod(form, { schema: PraiseSchema });
  if (submission.status !== "success") return data<PraiseActionData>({ result: submission.reply(), values }, { status: 400 });
  const receiver = await activeColleague(context.db, viewer, submission.value.receiverId);
  // Another company's person, a made-up id, oneself or someone who has left.
  if (!receiver) throw new Response("Not Found", { status: 404 });
  const dimensionInfos = dimensionInfosOf(
    { competencyIds: submission.value.competency, behaviours: submission.value.behaviour ?? {} },
    await tagCatalogue(context.db, viewer.company.id)
  );
  await givePraise(context.db, viewer, receiver.id, submission.value.requestId, { text: submission.value.feedbackText, dimensionInfos });
  return redirectWithToast("/feedback/praise?sent=1", { type: "success", message: GIVE_MESSAGES.praiseSent }, { request });
}

export const meta = pageMeta;

export default PraisePage;
