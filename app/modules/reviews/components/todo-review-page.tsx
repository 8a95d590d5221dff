import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { answersFromForm, DECLINE_CONFIRM, SAVE_LATER, SUBMIT_CONFIRM, validateAnswers } from "~/modules/reviews/answers";
import { PAIR_STATE_LABELS, type PairAnswers } from "~/modules/reviews/campaign-machine";
import { changePair } from "~/modules/reviews/campaigns.server";
import { AnswerFields } from "~/modules/reviews/components/answer-form";
import { ContextPanel, TodoLayout } from "~/modules/reviews/components/todo-panels";
import { itemHref, todoPath } from "~/modules/reviews/nomination-rules";
import { invalidIntent, TodoReviewActionSchema } from "~/modules/reviews/todos.schema";
import { firstOpen, requireTodoPage, todoList, todoReview } from "~/modules/reviews/todos.server";
import { Avatar } from "~/ui/avatar";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

/** 000 §2 empty states, quoted exactly. */
const NO_TODOS = "No Review To Do's available!";
const NO_REVIEW = "No Review details available!";
const NO_QUESTIONS = "No questions available!";
const TODOS_PATH = "/reviews/todos";
const REVIEW_CLOSED = "This review has closed: it can no longer be answered.";
/** 000 §9 text debounce. */
const AUTOSAVE_DEBOUNCE_MS = 350;

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** The to-do list and, when one is chosen (or the first open one), the review to complete (000 §2 "Review to-dos"). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The list, the review and its context ride in the session lookup's D1 batch.
  const { list, review, side } = await requireTodoPage(request, context, params.reviewId ?? null);
  if (!params.reviewId) {
    const listed = list.reviewList[0]?.reviews[0];
    const first = firstOpen(list) ?? (listed ? itemHref(listed) : null);
    if (first) throw redirect(first);
    return data({ list, review: null, side: null, confirm: null });
  }
  if (!review) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const ask = url.searchParams.get("confirm");
  const open = review.state !== "completed" && !review.closed;
  const confirm =
    open && (ask === "submit" || ask === "decline") ? { kind: ask as "submit" | "decline", requestId: crypto.randomUUID() } : null;
  return data({ list, review, side, confirm });
}

export const meta = pageMeta;

/** The next to-do after this one, else the to-do base page (000 §2: an emptied list goes there). */
async function nextPath(context: ActionFunctionArgs["context"], viewer: Awaited<ReturnType<typeof requirePermission>>, done: string) {
  return firstOpen(await todoList(context, viewer), done) ?? TODOS_PATH;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  const review = params.reviewId ? await todoReview(context, viewer, params.reviewId) : null;
  // A review that is no longer this person's to answer (removed, declined, another's) changes nothing.
  if (!review) return redirectWithToast(TODOS_PATH, { type: "error", message: "This review is no longer available to you." }, { request });
  const here = todoPath(review.id);
  const formData = await request.formData();
  const parsed = TodoReviewActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw invalidIntent();
  const form = parsed.data;
  const intent = form.intent;
  const requestId = form.requestId || crypto.randomUUID();
  // A closed review takes no more answers: say so, write nothing.
  if (review.closed && intent !== "shareWithReviewee")
    return redirectWithToast(here, { type: "error", message: REVIEW_CLOSED }, { request });
  const change = (type: "save" | "submit" | "decline", extra: { answers?: PairAnswers; declineReason?: string }) =>
    changePair(context, viewer, review.campaignId, review.id, { type, ...extra }, requestId);
  const refused = (outcome: Awaited<ReturnType<typeof change>>) => {
    if (outcome.ok) return null;
    const message =
      review.state === "completed" && intent !== "shareWithReviewee"
        ? "This review has already been submitted."
        : outcome.reason === "not-found"
        ? "This review is no longer available to you."
        : outcome.conflict;
    return redirectWithToast(outcome.reason === "not-found" ? TODOS_PATH : here, { type: "error", message }, { request });
  };

  if (intent === "confirmSubmit") {
    // The answers were saved (and checked) by the first step; the stored ones are submitted.
    const errors = validateAnswers(review.blocks, review.answers);
    if (Object.keys(errors).length > 0)
      return redirectWithToast(here, { type: "error", message: "Please answer the required questions." }, { request });
    const outcome = await change("submit", { answers: review.answers });
    return (
      refused(outcome) ??
      redirectWithToast(
        await nextPath(context, viewer, review.id),
        { type: "success", message: "Review submitted successfully" },
        { request }
      )
    );
  }
  if (intent === "confirmDecline") {
    const outcome = await change("decline", { declineReason: form.declineReason });
    return (
      refused(outcome) ??
      redirectWithToast(await nextPath(context, viewer, review.id), { type: "success", message: "Review declined" }, { request })
    );
  }
  if (intent === "decline") return redirect(`${here}?confirm=decline`);
  if (intent === "shareWithReviewee") {
    const outcome = await changePair(context, viewer, review.campaignId, review.id, { type: "shareWithReviewee" }, requestId);
    return refused(outcome) ?? redirectWithToast(here, { type: "success", message: `Shared with ${review.revieweeName}` }, { request });
  }

  const answers = answersFromForm(review.blocks, formData);
  if (intent === "submit") {
    const errors = validateAnswers(review.blocks, answers);
    if (Object.keys(errors).length > 0) {
      // Keep what was typed, say what is missing; nothing is submitted.
      await change("save", { answers });
      return data({ errors, answers }, { status: 400 });
    }
  }
  const outcome = await change("save", { answers });
  if (intent === "autosave") return data({ errors: {}, answers, saved: outcome.ok });
  const stop = refused(outcome);
  if (stop) return stop;
  if (intent === "submit") return redirect(`${here}?confirm=submit`);
  return redirectWithToast(here, { type: "success", message: "Saved. You can finish the review later." }, { request });
}

/** Auto-save never reloads the page: the form being typed in stays as it is. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  return defaultShouldRevalidate;
}

export default function Todos() {
  const { list, review, side, confirm } = useLoaderData<typeof loader>();
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

type LoaderReview = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["review"]>;
type LoaderConfirm = ReturnType<typeof useLoaderData<typeof loader>>["confirm"];

/** The centre: the review's header, its questions and the footer actions (000 §2 "Review completion page"). */
function ReviewWork({ review, confirm }: { review: LoaderReview; confirm: LoaderConfirm }) {
  const actionData = useActionData<typeof action>() as { errors: Record<string, string[]>; answers: PairAnswers } | undefined;
  const navigation = useNavigation();
  const autosave = useFetcher<typeof action>();
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
