import { Form, useNavigation, type useLoaderData } from "@remix-run/react";
import { NO_NOMINATIONS } from "~/modules/reviews/campaign-machine";
import { AnsweredTable, PeoplePicker, PeopleSearch, ResponseList } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import type { managerPage, responsesOf } from "~/modules/reviews/nominations.server";
import type { TodoPageExtras } from "~/modules/reviews/todos";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

export type ActionAnswer =
  | { intent: "respond"; error: string; responses: ReturnType<typeof responsesOf> }
  | { intent: "add"; error: string | null; existing: string[]; added: string[] };

type Data = ReturnType<typeof useLoaderData<() => NonNullable<Awaited<ReturnType<typeof managerPage>>> & TodoPageExtras & { q: string }>>;

/**
 * 000 §2 "Manager approves nomination" and "Review owner to-do": the reviewee's manager, or the
 * review's owner when the reviewee has no manager, approves or denies each nominated reviewer of
 * one reviewee, or adds reviewers.
 */
export function ManagerApprovePage({ data, answer }: { data: Data; answer: ActionAnswer | undefined }) {
  const { campaign, reviewee, open, nominated, others, candidates, list, q, requestId } = data;
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
