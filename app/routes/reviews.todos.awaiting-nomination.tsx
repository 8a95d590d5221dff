import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { AwaitingNominationPage } from "~/modules/reviews/components/awaiting-nomination-page";
import { awaitingNominationPath } from "~/modules/reviews/nomination-rules";
import { nomineePage, reviewerIdsOf } from "~/modules/reviews/nominations.server";
import { invalidIntent, NominateActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";

/** 000 §2 "Awaiting nomination": the nominee proposes their reviewers (or declines to), once. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const [page, list] = await Promise.all([nomineePage(context, viewer, params.reviewId ?? "", q), todoList(context, viewer)]);
  if (!page) throw new Response("Not Found", { status: 404 });
  return data({ ...page, list, q, requestId: crypto.randomUUID() });
}

export const meta = pageMeta;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const campaignId = params.reviewId ?? "";
  const page = await nomineePage(context, viewer, campaignId, "");
  if (!page) throw new Response("Not Found", { status: 404 });
  const formData = await request.formData();
  const parsed = NominateActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw invalidIntent();
  const form = parsed.data;
  const requestId = form.requestId || crypto.randomUUID();
  const declining = form.intent === "decline";
  const reviewerIds = reviewerIdsOf(formData);
  const result = await changeNomination(
    context,
    viewer,
    campaignId,
    form.intent === "decline" ? { type: "declineNomination", reason: form.declineReason } : { type: "nominate", reviewerIds },
    requestId
  );
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
    return data({ error: result.conflict, chosen: reviewerIds }, { status: 400 });
  }
  const message = declining ? "Nomination declined" : "Nominations submitted successfully";
  return redirectWithToast(awaitingNominationPath(campaignId), { type: "success", message }, { request });
}

export default function AwaitingNomination() {
  const actionData = useActionData<typeof action>() as { error: string; chosen: string[] } | undefined;
  return <AwaitingNominationPage data={useLoaderData<typeof loader>()} actionData={actionData} />;
}
