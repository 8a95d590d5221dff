import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NO_NOMINATIONS, PAIR_STATE_LABELS } from "~/modules/reviews/campaign-machine";
import { changeNomination } from "~/modules/reviews/campaigns.server";
import { PeoplePicker, PeopleSearch } from "~/modules/reviews/components/nomination-parts";
import { awaitingNominationPath, nomineePage, reviewerIdsOf } from "~/modules/reviews/nominations.server";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

/** 000 §2 "Awaiting nomination": the nominee proposes their reviewers, once. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const page = await nomineePage(context, viewer, params.reviewId ?? "", q);
  if (!page) throw new Response("Not Found", { status: 404 });
  return data({ ...page, q, requestId: crypto.randomUUID() });
}

export const meta = pageMeta;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const campaignId = params.reviewId ?? "";
  const page = await nomineePage(context, viewer, campaignId, "");
  if (!page) throw new Response("Not Found", { status: 404 });
  const formData = await request.formData();
  const requestId = String(formData.get("requestId") ?? "").slice(0, 100) || crypto.randomUUID();
  const reviewerIds = reviewerIdsOf(formData);
  const result = await changeNomination(context, viewer, campaignId, { type: "nominate", reviewerIds }, requestId);
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
    return data({ error: result.conflict, chosen: reviewerIds }, { status: 400 });
  }
  return redirectWithToast(
    awaitingNominationPath(campaignId),
    { type: "success", message: "Nominations submitted successfully" },
    { request }
  );
}

export default function AwaitingNomination() {
  const { campaign, nomination, open, submitted, candidates, q, requestId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { error: string; chosen: string[] } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageHeader title="Awaiting Nomination" />
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="nomination-title">
        <h2 id="nomination-title" className="text-lg font-semibold text-slate-900">
          {campaign.title}
        </h2>
        {open ? (
          <>
            <p className="mt-1 text-sm text-slate-600">Choose who should review you. Your manager approves the nominations.</p>
            <PeopleSearch q={q} className="mt-4" />
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="requestId" value={requestId} />
              {actionData?.error ? (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                  {actionData.error}
                </p>
              ) : null}
              <PeoplePicker people={candidates} chosen={actionData?.chosen ?? []} legend="Reviewers" />
              <div className="flex justify-end">
                <Button type="submit" disabled={busy}>
                  Submit nominations
                </Button>
              </div>
            </Form>
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
    </>
  );
}
