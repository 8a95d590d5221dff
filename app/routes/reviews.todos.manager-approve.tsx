import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NO_NOMINATIONS } from "~/modules/reviews/campaign-machine";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { AnsweredTable, PeoplePicker, PeopleSearch, ResponseList } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import { managerPage, responsesOf, reviewerIdsOf } from "~/modules/reviews/nominations.server";
import { invalidIntent, ManagerApproveActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

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

type ActionAnswer =
  | { intent: "respond"; error: string; responses: ReturnType<typeof responsesOf> }
  | { intent: "add"; error: string | null; existing: string[]; added: string[] };

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
  const { campaign, reviewee, open, nominated, others, candidates, list, q, requestId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const busy = useNavigation().state !== "idle";
  const responded = answer?.intent === "respond" ? answer : null;
  const added = answer?.intent === "add" ? answer : null;
  return (
    <>
      <PageHeader title="Approve Nomination" />
      <TodoLayout list={list}>
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="approve-title">
          <h2 id="approve-title" className="text-lg font-semibold text-slate-900">
            {campaign.title}: reviewers of {reviewee.name}
          </h2>
          {nominated.length === 0 ? (
            <div className="mt-4">
              <EmptyState icon="reviews" title={NO_NOMINATIONS} />
            </div>
          ) : (
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="respond" />
              <input type="hidden" name="requestId" value={requestId} />
              {responded ? (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                  {responded.error}
                </p>
              ) : null}
              <ResponseList
                pairs={nominated.map((p) => ({ id: p.id, name: p.reviewerName }))}
                labels={["Approve", "Deny"]}
                reasonLabel="Reason (required to deny)"
                chosen={responded?.responses}
                disabled={busy || !open}
              />
            </Form>
          )}
          <AnsweredTable
            rows={others.map((p) => ({ id: p.id, name: p.reviewerName, state: p.state, declineComment: p.declineComment }))}
            personLabel="Reviewer"
            withComment
          />
        </section>
        {open ? (
          <section className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="add-title">
            <h2 id="add-title" className="text-base font-semibold text-slate-900">
              Add reviewers
            </h2>
            <PeopleSearch q={q} className="mt-3" />
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="requestId" value={requestId} />
              {added ? (
                <div
                  role="status"
                  className={`rounded-md p-3 text-sm ${added.error ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}
                >
                  {added.error ?? (
                    <>
                      <p>Added: {added.added.length > 0 ? added.added.join(", ") : "none"}</p>
                      <p>Already reviewers: {added.existing.length > 0 ? added.existing.join(", ") : "none"}</p>
                    </>
                  )}
                </div>
              ) : null}
              <PeoplePicker people={candidates} chosen={[]} legend="Reviewers to add" />
              <div className="flex justify-end">
                <Button type="submit" variant="secondary" disabled={busy}>
                  Add reviewers
                </Button>
              </div>
            </Form>
          </section>
        ) : null}
      </TodoLayout>
    </>
  );
}
