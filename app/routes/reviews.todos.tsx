import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { answersFromForm, validateAnswers } from "~/modules/reviews/answers";
import type { PairAnswers } from "~/modules/reviews/campaign-machine";
import { changePair } from "~/modules/reviews/campaigns.server";
import { TodosPage } from "~/modules/reviews/components/todo-review-page";
import { itemHref, todoPath } from "~/modules/reviews/nomination-rules";
import { REVIEW_CLOSED, TODOS_PATH } from "~/modules/reviews/todos";
import { invalidIntent, TodoReviewActionSchema } from "~/modules/reviews/todos.schema";
import { firstOpen, requireTodoPage, todoList, todoReview } from "~/modules/reviews/todos.server";

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
  return <TodosPage data={useLoaderData<typeof loader>()} />;
}
