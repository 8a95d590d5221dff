import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { ReviewerApprovePage, type ReviewerAnswer } from "~/modules/reviews/components/reviewer-approve-page";
import { reviewerApprovePath } from "~/modules/reviews/nomination-rules";
import { responsesOf, reviewerPage } from "~/modules/reviews/nominations.server";
import { invalidIntent, ReviewerApproveActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";

/** 000 §2 "Reviewer approves nomination": accept (a review to complete) or decline each approved nomination. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const [page, list] = await Promise.all([reviewerPage(context, viewer, params.reviewId ?? ""), todoList(context, viewer)]);
  if (!page) throw new Response("Not Found", { status: 404 });
  return data({ ...page, list, requestId: crypto.randomUUID() });
}

export const meta = pageMeta;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const campaignId = params.reviewId ?? "";
  if (!(await reviewerPage(context, viewer, campaignId))) throw new Response("Not Found", { status: 404 });
  const formData = await request.formData();
  const parsed = ReviewerApproveActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw invalidIntent();
  const requestId = parsed.data.requestId || crypto.randomUUID();
  const responses = responsesOf(formData);
  const result = await changeNomination(context, viewer, campaignId, { type: "reviewerRespond", responses }, requestId);
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
    return data({ error: result.conflict, responses }, { status: 400 });
  }
  return redirectWithToast(reviewerApprovePath(campaignId), { type: "success", message: "Nominations answered" }, { request });
}

export default function ReviewerApprove() {
  const answer = useActionData<typeof action>() as ReviewerAnswer | undefined;
  return <ReviewerApprovePage data={useLoaderData<typeof loader>()} answer={answer} />;
}
