import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NO_NOMINATIONS, PAIR_STATE_LABELS } from "~/modules/reviews/campaign-machine";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { PeoplePicker, PeopleSearch } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import { awaitingNominationPath } from "~/modules/reviews/nomination-rules";
import { nomineePage, reviewerIdsOf } from "~/modules/reviews/nominations.server";
import { invalidIntent, NominateActionSchema } from "~/modules/reviews/todos.schema";
import { todoList } from "~/modules/reviews/todos.server";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

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
  const { campaign, nomination, open, submitted, candidates, list, q, requestId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { error: string; chosen: string[] } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageHeader title="Awaiting Nomination" />
      <TodoLayout list={list}>
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="nomination-title">
          <h2 id="nomination-title" className="text-lg font-semibold text-slate-900">
            {campaign.title}
          </h2>
          {actionData?.error ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {actionData.error}
            </p>
          ) : null}
          {open ? (
            <>
              <p className="mt-1 text-sm text-slate-600">Choose who should review you. Your manager approves the nominations.</p>
              <PeopleSearch q={q} className="mt-4" />
              <Form method="post" className="mt-4 space-y-4">
                <input type="hidden" name="intent" value="nominate" />
                <input type="hidden" name="requestId" value={requestId} />
                <PeoplePicker people={candidates} chosen={actionData?.chosen ?? []} legend="Reviewers" />
                <div className="flex justify-end">
                  <Button type="submit" disabled={busy}>
                    Submit nominations
                  </Button>
                </div>
              </Form>
              <details className="mt-6 border-t border-slate-100 pt-4">
                <summary className="cursor-pointer text-sm font-medium text-slate-700">Decline to nominate</summary>
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="requestId" value={requestId} />
                  <label htmlFor="declineReason" className="block text-sm font-medium text-slate-800">
                    Reason (optional)
                  </label>
                  <textarea
                    id="declineReason"
                    name="declineReason"
                    rows={2}
                    maxLength={2000}
                    className="w-full rounded-md border border-slate-300 p-2 text-sm"
                  />
                  <p className="text-sm text-slate-600">A declined nomination cannot be submitted later.</p>
                  <div className="flex justify-end">
                    <Button type="submit" variant="danger" disabled={busy}>
                      Decline nomination
                    </Button>
                  </div>
                </Form>
              </details>
            </>
          ) : submitted.length === 0 ? (
            <div className="mt-4">
              <EmptyState icon="reviews" title={NO_NOMINATIONS} description={`This nomination is ${nomination.state}.`} />
            </div>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">Your nominations were submitted.</p>
              <table className="mt-4 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th className="py-2">Reviewer</th>
                    <th className="py-2">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {submitted.map((p) => (
                    <tr key={p.id} className="border-b border-slate-100" data-pair-state={p.state}>
                      <td className="py-2">{p.reviewerName}</td>
                      <td className="py-2">{PAIR_STATE_LABELS[p.state]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      </TodoLayout>
    </>
  );
}
