import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { ManagerApprovePage, type ActionAnswer } from "~/modules/reviews/components/manager-approve-page";
import { managerPage, responsesOf, reviewerIdsOf } from "~/modules/reviews/nominations.server";
import { invalidIntent, ManagerApproveActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";

/**
 * 000 §2 "Manager approves nomination" and "Review owner to-do" (both routes use this module): the
 * reviewee's manager, or the review's owner when the reviewee has no manager, approves or denies
 * each nominated reviewer of one reviewee, or adds reviewers.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const [page, list] = await Promise.all([
    managerPage(context, viewer, params.reviewId ?? "", params.revieweeId ?? "", q),
    todoList(context, viewer),
  ]);
  if (!page) throw new Response("Not Found", { status: 404 });
  return data({ ...page, list, q, requestId: crypto.randomUUID() });
}

export const meta = pageMeta;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const campaignId = params.reviewId ?? "";
  const revieweeId = params.revieweeId ?? "";
  const page = await managerPage(context, viewer, campaignId, revieweeId, "");
  if (!page) throw new Response("Not Found", { status: 404 });
  const formData = await request.formData();
  const parsed = ManagerApproveActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw invalidIntent();
  const requestId = parsed.data.requestId || crypto.randomUUID();
  // The manager's route or the owner's: the answer returns to the page it came from.
  const here = new URL(request.url).pathname;
  const names = new Map(
    [...page.candidates, ...[...page.nominated, ...page.others].map((p) => ({ id: p.reviewerId, name: p.reviewerName }))].map((p) => [
      p.id,
      p.name,
    ])
  );
  if (parsed.data.intent === "add") {
    const result = await changeNomination(
      context,
      viewer,
      campaignId,
      { type: "managerAdd", revieweeId, reviewerIds: reviewerIdsOf(formData) },
      requestId
    );
    if (!result.ok) {
      if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
      return data<ActionAnswer>({ intent: "add", error: result.conflict, existing: [], added: [] }, { status: 400 });
    }
    const nameOf = (id: string) => names.get(id) ?? id;
    return data<ActionAnswer>({
      intent: "add",
      error: null,
      existing: (result.existing ?? []).map(nameOf),
      added: (result.added ?? []).map(nameOf),
    });
  }
  const responses = responsesOf(formData);
  const result = await changeNomination(context, viewer, campaignId, { type: "managerRespond", revieweeId, responses }, requestId);
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
    return data<ActionAnswer>({ intent: "respond", error: result.conflict, responses }, { status: 400 });
  }
  return redirectWithToast(here, { type: "success", message: "Nominations updated" }, { request });
}

export default function ManagerApprove() {
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  return <ManagerApprovePage data={useLoaderData<typeof loader>()} answer={answer} />;
}
