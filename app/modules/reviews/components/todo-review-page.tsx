import { Form, Link, useActionData, useFetcher, useNavigation, type useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DECLINE_CONFIRM, SAVE_LATER, SUBMIT_CONFIRM } from "~/modules/reviews/answers";
import { PAIR_STATE_LABELS, type PairAnswers } from "~/modules/reviews/campaign-machine";
import { AnswerFields } from "~/modules/reviews/components/answer-form";
import { ContextPanel, TodoLayout } from "~/modules/reviews/components/todo-panels";
import { todoPath } from "~/modules/reviews/nomination-rules";
import { REVIEW_CLOSED, type TodoContext, type TodoList } from "~/modules/reviews/todos";
import type { TodoReview } from "~/modules/reviews/todos.server";
import { Avatar } from "~/ui/avatar";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

/** 000 §2 empty states, quoted exactly. */
const NO_TODOS = "No Review To Do's available!";
const NO_REVIEW = "No Review details available!";
const NO_QUESTIONS = "No questions available!";
/** 000 §9 text debounce. */
const AUTOSAVE_DEBOUNCE_MS = 350;

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** What the to-do page's loader answers: the list and, when one is chosen, the review with its context. */
export type TodoPageData = {
  list: TodoList;
  review: TodoReview | null;
  side: TodoContext | null;
  confirm: { kind: "submit" | "decline"; requestId: string } | null;
};
type Data = ReturnType<typeof useLoaderData<() => TodoPageData>>;

/** The to-do list and, when one is chosen, the review to complete (000 §2 "Review to-dos"). */
export function TodosPage({ data }: { data: Data }) {
  const { list, review, side, confirm } = data;
  return (
    <>
      <PageHeader title="To Do's" />
      {list.total === 0 && !review ? (
        <EmptyState icon="reviews" title={NO_TODOS} />
      ) : (
        <TodoLayout
          list={list}
          current={review ? todoPath(review.id) : undefined}
          side={review && side ? <ContextPanel reviewee={{ name: review.revieweeName, title: review.revieweeTitle }} side={side} /> : null}
        >
          {review ? <ReviewWork review={review} confirm={confirm} /> : <EmptyState icon="reviews" title={NO_REVIEW} />}
        </TodoLayout>
      )}
    </>
  );
}

type LoaderReview = NonNullable<Data["review"]>;
type LoaderConfirm = Data["confirm"];

/** The centre: the review's header, its questions and the footer actions (000 §2 "Review completion page"). */
function ReviewWork({ review, confirm }: { review: LoaderReview; confirm: LoaderConfirm }) {
  const actionData = useActionData() as { errors: Record<string, string[]>; answers: PairAnswers } | undefined;
  const navigation = useNavigation();
  const autosave = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const completed = review.state === "completed";
  // Completed, or no longer answerable because the review closed: the answers are shown read-only.
  const readOnly = completed || review.closed;
  const errors = actionData?.errors ?? {};
  const answers = actionData?.answers ?? review.answers;
  const busy = navigation.state !== "idle";
  const here = todoPath(review.id);

  // An invalid submit scrolls to the first question with an error (000 §5).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = document.querySelector<HTMLElement>("[data-first-error]");
    first?.scrollIntoView({ block: "center" });
    first?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [errors]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange() {
    if (readOnly) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!formRef.current) return;
      const body = new FormData(formRef.current);
      body.set("intent", "autosave");
      autosave.submit(body, { method: "post", action: here });
    }, AUTOSAVE_DEBOUNCE_MS);
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="review-title">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 pb-4">
        <Avatar name={review.revieweeName} />
        <div className="min-w-0 flex-1">
          <h2 id="review-title" className="text-lg font-semibold text-slate-900">
            {review.title}
          </h2>
          <p className="text-sm text-slate-600">
            {review.revieweeName} · {PAIR_STATE_LABELS[review.state]}
            {review.dueAt ? ` · Due ${day.format(new Date(review.dueAt))}` : ""}
          </p>
        </div>
        <span aria-live="polite" className="text-xs text-slate-500">
          {autosave.state !== "idle" ? "Saving…" : (autosave.data as { saved?: boolean } | undefined)?.saved ? "Saved" : ""}
        </span>
      </header>
      {confirm ? <ConfirmStep kind={confirm.kind} requestId={confirm.requestId} here={here} /> : null}
      {review.blocks.length === 0 ? (
        <EmptyState icon="reviews" title={NO_QUESTIONS} />
      ) : (
        <Form ref={formRef} method="post" className="mt-4 space-y-6" onChange={onChange} noValidate>
          {review.closed && !completed ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {REVIEW_CLOSED}
            </p>
          ) : null}
          <AnswerFields blocks={review.blocks} answers={answers} errors={errors} readOnly={readOnly} />
          {completed && mayShare(review) ? (
            <div className="flex justify-end border-t border-slate-100 pt-4">
              <Button type="submit" name="intent" value="shareWithReviewee" variant="secondary" disabled={busy}>
                Share with {review.revieweeName}
              </Button>
            </div>
          ) : null}
          {readOnly ? null : (
            <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
              <Button type="submit" name="intent" value="decline" variant="ghost" disabled={busy} formNoValidate>
                Decline
              </Button>
              <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy} formNoValidate>
                {SAVE_LATER}
              </Button>
              <Button type="submit" name="intent" value="submit" disabled={busy}>
                Submit
              </Button>
            </div>
          )}
        </Form>
      )}
    </section>
  );
}

/** 000 §2: a completed review offers 'Share with {reviewee}' when the review lets reviewers share (manual sharing). */
function mayShare(review: LoaderReview) {
  const config = review.shareConfig;
  return config?.type === "manual" && config.canShare.includes("reviewer") && review.sharedAt === null;
}

/** The second step of Submit and Decline (000 §5), in the page: a plain form, so it works without JavaScript. */
function ConfirmStep({ kind, requestId, here }: { kind: "submit" | "decline"; requestId: string; here: string }) {
  if (kind === "submit") {
    return (
      <div className="mt-4">
        <ConfirmPanel
          id="confirm-submit"
          title={SUBMIT_CONFIRM}
          fields={{ intent: "confirmSubmit", requestId }}
          cancelTo={here}
          confirmLabel="Submit"
          tone="warning"
        >
          <p>Submitting is final: the answers cannot be changed afterwards.</p>
        </ConfirmPanel>
      </div>
    );
  }
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-decline-title"
      className="mt-4 rounded-lg border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <h3 id="confirm-decline-title" className="text-base font-semibold">
        {DECLINE_CONFIRM}
      </h3>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="confirmDecline" />
        <input type="hidden" name="requestId" value={requestId} />
        <label htmlFor="declineReason" className="block text-sm font-medium">
          Reason
        </label>
        <textarea
          id="declineReason"
          name="declineReason"
          rows={3}
          maxLength={2000}
          className="w-full rounded-md border border-red-200 bg-white p-2 text-sm text-slate-900"
        />
        <p className="text-sm">A declined review leaves your to-do list for good.</p>
        <div className="flex justify-end gap-2">
          <Link to={here} className={buttonClass("secondary")}>
            Keep it
          </Link>
          <Button type="submit" variant="danger" autoFocus>
            Decline
          </Button>
        </div>
      </Form>
    </section>
  );
}
