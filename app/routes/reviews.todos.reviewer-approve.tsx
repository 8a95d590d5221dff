import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NO_NOMINATIONS } from "~/modules/reviews/campaign-machine";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { AnsweredTable, ResponseList } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import { reviewerApprovePath } from "~/modules/reviews/nomination-rules";
import { responsesOf, reviewerPage } from "~/modules/reviews/nominations.server";
import { invalidIntent, ReviewerApproveActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

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
  const { campaign, open, pending, answered, list, requestId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { error: string; responses: ReturnType<typeof responsesOf> } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageHeader title="Approve Nomination" />
      <TodoLayout list={list}>
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="reviewer-title">
          <h2 id="reviewer-title" className="text-lg font-semibold text-slate-900">
            {campaign.title}
          </h2>
          {pending.length === 0 ? (
            <div className="mt-4">
              <EmptyState icon="reviews" title={NO_NOMINATIONS} />
            </div>
          ) : (
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="respond" />
              <input type="hidden" name="requestId" value={requestId} />
              {answer?.error ? (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                  {answer.error}
                </p>
              ) : null}
              <p className="text-sm text-slate-600">You were nominated to review these people.</p>
              <ResponseList
                pairs={pending.map((p) => ({ id: p.id, name: p.revieweeName }))}
                labels={["Accept", "Decline"]}
                reasonLabel="Reason (optional)"
                chosen={answer?.responses}
                disabled={busy || !open}
              />
            </Form>
          )}
          <AnsweredTable
            rows={answered.map((p) => ({ id: p.id, name: p.revieweeName, state: p.state }))}
            personLabel="Reviewee"
            withComment={false}
          />
        </section>
      </TodoLayout>
    </>
  );
}
