import { Form, useNavigation, type useLoaderData } from "@remix-run/react";
import { NO_NOMINATIONS } from "~/modules/reviews/campaign-machine";
import { AnsweredTable, ResponseList } from "~/modules/reviews/components/nomination-parts";
import { TodoLayout } from "~/modules/reviews/components/todo-panels";
import type { responsesOf, reviewerPage } from "~/modules/reviews/nominations.server";
import type { TodoPageExtras } from "~/modules/reviews/todos";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

export type ReviewerAnswer = { error: string; responses: ReturnType<typeof responsesOf> };
type Data = ReturnType<typeof useLoaderData<() => NonNullable<Awaited<ReturnType<typeof reviewerPage>>> & TodoPageExtras>>;

/** 000 §2 "Reviewer approves nomination": accept (a review to complete) or decline each approved nomination. */
export function ReviewerApprovePage({ data, answer }: { data: Data; answer: ReviewerAnswer | undefined }) {
  const { campaign, open, pending, answered, list, requestId } = data;
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
