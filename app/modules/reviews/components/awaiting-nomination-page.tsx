import { Form, useNavigation, type useLoaderData } from "@remix-run/react";
import { NO_NOMINATIONS, PAIR_STATE_LABELS } from "~/modules/reviews/campaign-machine";
import { PeoplePicker, PeopleSearch } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import type { nomineePage } from "~/modules/reviews/nominations.server";
import type { TodoPageExtras } from "~/modules/reviews/todos";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { HEADER, Table } from "~/ui/table";

type Data = ReturnType<typeof useLoaderData<() => NonNullable<Awaited<ReturnType<typeof nomineePage>>> & TodoPageExtras & { q: string }>>;

/** 000 §2 "Awaiting nomination": the nominee proposes their reviewers (or declines to), once. */
export function AwaitingNominationPage({ data, actionData }: { data: Data; actionData: { error: string; chosen: string[] } | undefined }) {
  const { campaign, nomination, open, submitted, candidates, list, q, requestId } = data;
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
              <Table className="mt-4 w-full text-left text-sm" headRowClassName={HEADER.rule} columnClassName="py-2" columns={["Reviewer", "Status"]}>
                {submitted.map((p) => (
                  <tr key={p.id} className="border-b border-slate-100" data-pair-state={p.state}>
                    <td className="py-2">{p.reviewerName}</td>
                    <td className="py-2">{PAIR_STATE_LABELS[p.state]}</td>
                  </tr>
                ))}
              </Table>
            </>
          )}
        </section>
      </TodoLayout>
    </>
  );
}
