import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { PAIR_STATE_LABELS, pairActions, pairTransition, reviewTransition, type PairContext } from "~/modules/reviews/campaign-machine";
import { limitedToOwnGroups, mayManageReview } from "~/modules/access/groups.server";
import { changeAudience, changeCampaign, changePair } from "~/modules/reviews/campaigns.server";
import {
  DONE,
  detailHref,
  detailQueryOf,
  NO_ACCESS,
  remindedMessage,
  REVIEWS_LIST_PATH,
  ReviewDetailActionSchema,
  reviewDetailPath,
  reviewDownloadPath,
} from "~/modules/reviews/components/review-detail.schema";
import { ReviewDetailPage } from "~/modules/reviews/components/review-detail-page";
import { draftPath } from "~/modules/reviews/launch.schema";
import { loadForAction, requireReviewDetail } from "~/modules/reviews/review-detail.server";
import { directPairChange, reviewDetailView, type ActionData } from "~/modules/reviews/review-detail-view";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import { pairReportTitle, statusReportTitle } from "~/modules/reviews/reports/review-files.server";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * /reviews/manage-reviews/:activeReviewId (000 §2 "Review detail"): the Overview tab (progress,
 * dates, anonymity, questionnaire, sharing, the pairs with their row actions) and the Analytics
 * tab (a stacked bar per choice question, nomination status, status report download). The status
 * report and a pair's report are queued (app/modules/reviews/reports/review-files.server.ts) and emailed
 * with a link; the page says 'Report will be emailed once completed'. Panels
 * (a pair's result, a decline comment, change reviewer, Send Reminders, Add Pairs) are URL
 * states (`?panel=`), so every one works without JavaScript; with it they open as dialogs.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.activeReviewId ?? "";
  const url = new URL(request.url);
  // The reviews list's Download (`?download=review`): a page's loader cannot answer a document
  // request with a file, so the status report comes from the download resource route.
  const reportType = url.searchParams.get("download");
  if (reportType === "review" || reportType === "nomination") throw redirect(reviewDownloadPath(id, { reportType }));
  const query = detailQueryOf(url);
  const { viewer, detail } = await requireReviewDetail(request, context, id, query);
  if (!detail) throw notFound();
  const { review } = detail;
  if (review.state === "draft") throw redirect(draftPath(id));
  if (!mayManageReview(viewer, review))
    throw await redirectWithToast(REVIEWS_LIST_PATH, { type: "error", message: NO_ACCESS }, { request });
  return data(reviewDetailView(viewer, detail, query));
}

const answer = (value: ActionData, init?: ResponseInit) => data(value, init);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const id = params.activeReviewId ?? "";
  const query = detailQueryOf(new URL(request.url));
  const back = detailHref(reviewDetailPath(id), query, { panel: null, pairId: null });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ReviewDetailActionSchema });
  if (submission.status !== "success") {
    return answer({ intent: String(formData.get("intent") ?? ""), result: submission.reply(), confirm: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "statusReport") {
    const loaded = await loadForAction(context, viewer, id);
    if (!loaded || loaded.review.state === "draft") throw notFound();
    if (!mayManageReview(viewer, loaded.review))
      return redirectWithToast(REVIEWS_LIST_PATH, { type: "error", message: NO_ACCESS }, { request });
    return queueReportAnswer(
      context,
      viewer,
      {
        kind: "status-xlsx",
        title: statusReportTitle(loaded.review.title, value.reportType),
        scope: { campaignId: id, reportType: value.reportType },
      },
      { request, back }
    );
  }
  // A row's form carries one request id for all its buttons: the action it names completes it.
  if (value.intent === "pair" && value.confirmed !== "true" && value.requestId) value.requestId = `${value.requestId}:${value.pairAction}`;
  // A change the Durable Object checks in full (state machine, pair, company), for a viewer whose
  // access does not depend on the review's group: straight to it, without reading the review here.
  const direct = value.intent === "pair" ? directPairChange(value.pairAction, value.confirmed === "true") : null;
  if (value.intent === "pair" && direct && !limitedToOwnGroups(viewer)) {
    const outcome = await changePair(context, viewer, id, value.pairId, { type: direct }, value.requestId || crypto.randomUUID());
    if (!outcome.ok && outcome.reason === "not-found") throw notFound();
    const toast = outcome.ok ? { type: "success" as const, message: DONE[direct] } : { type: "error" as const, message: outcome.conflict };
    return redirectWithToast(back, toast, { request });
  }
  const loaded = await loadForAction(context, viewer, id, {
    pairId: value.intent === "pair" ? value.pairId : undefined,
    people:
      value.intent === "addPairs"
        ? [value.revieweeId, value.reviewerId]
        : value.intent === "pair" && value.pairAction === "changeReviewer" && value.reviewerId
        ? [value.reviewerId]
        : [],
    pairOf: value.intent === "addPairs" ? { revieweeId: value.revieweeId, reviewerId: value.reviewerId } : undefined,
  });
  if (!loaded) throw notFound();
  if (!mayManageReview(viewer, loaded.review))
    return redirectWithToast(REVIEWS_LIST_PATH, { type: "error", message: NO_ACCESS }, { request });
  const toast = (type: "success" | "error", message: string, to = back) => redirectWithToast(to, { type, message }, { request });
  const requestId = value.requestId || crypto.randomUUID();
  const state = loaded.review.state;
  const workspace = copy(viewer.company.platform).workspace.toLowerCase();
  const fieldErrors = (errors: Record<string, string[]>) =>
    answer({ intent: value.intent, result: submission.reply({ fieldErrors: errors }), confirm: null }, { status: 400 });

  switch (value.intent) {
    case "pair": {
      const pair = loaded.pair;
      if (!pair) {
        // A resubmitted form whose change already removed the pair gets the kept answer; otherwise 404.
        if (!value.requestId || value.pairAction === "download" || value.pairAction === "changeReviewer") throw notFound();
        const outcome = await changePair(context, viewer, id, value.pairId, { type: value.pairAction }, value.requestId);
        if (!outcome.ok && outcome.reason === "not-found") throw notFound();
        if (!outcome.ok) return toast("error", outcome.conflict);
        return toast("success", DONE[value.pairAction]);
      }
      const pairContext: PairContext = { reviewState: state, sharePairResult: hasPermission(viewer.permissions, "SharePairResult") };
      const names = `${pair.revieweeName}, reviewed by ${pair.reviewerName}`;
      const action = value.pairAction;
      if (action === "download") {
        // Not a change of the pair: the table's rule is checked here, the queue builds the file.
        if (!pairActions(pair.state, pairContext).includes("download"))
          return toast("error", `This pair (${PAIR_STATE_LABELS[pair.state]}) cannot be downloaded.`);
        return queueReportAnswer(
          context,
          viewer,
          {
            kind: "pair-xlsx",
            title: pairReportTitle(loaded.review.title, pair.revieweeName, pair.reviewerName),
            scope: { campaignId: id, pairId: pair.id },
          },
          { request, back }
        );
      }
      if ((action === "remove" || action === "reopen") && value.confirmed !== "true") {
        const check = pairTransition(pair.state, { type: action }, pairContext);
        if (!check.ok) return toast("error", check.conflict);
        return answer({ intent: "pair", result: null, confirm: { kind: action, pairId: pair.id, names, requestId: crypto.randomUUID() } });
      }
      if (action === "changeReviewer") {
        const reviewerId = value.reviewerId!;
        const problem =
          reviewerId === pair.reviewerId
            ? "Choose someone other than the current reviewer."
            : reviewerId === pair.revieweeId
            ? "Choose someone other than the reviewee."
            : !loaded.members.has(reviewerId)
            ? `Choose an active member of this review's ${workspace}.`
            : null;
        if (problem) return fieldErrors({ reviewerId: [problem] });
      }
      const outcome = await changePair(
        context,
        viewer,
        id,
        pair.id,
        action === "changeReviewer"
          ? { type: "changeReviewer", reviewerId: value.reviewerId, retainDraft: pair.state === "started" && value.retainDraft === true }
          : { type: action },
        requestId
      );
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) return toast("error", outcome.conflict);
      return toast("success", DONE[action]);
    }
    case "remind": {
      const outcome = await changeCampaign(context, viewer, id, { type: "remind" }, requestId, {
        note: value.note || null,
        sendAs: value.sendAs,
      });
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) return toast("error", outcome.conflict);
      return toast("success", remindedMessage(outcome.count ?? 0));
    }
    case "finalize": {
      if (value.confirmed !== "true") {
        const check = reviewTransition(state, { type: "finalize" });
        if (!check.ok) return toast("error", check.conflict);
        return answer({ intent: "finalize", result: null, confirm: { kind: "finalize", requestId: crypto.randomUUID() } });
      }
      const outcome = await changeCampaign(context, viewer, id, { type: "finalize" }, requestId);
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) return toast("error", outcome.conflict);
      return toast("success", DONE.finalize, REVIEWS_LIST_PATH);
    }
    case "addPairs": {
      const notMember = `Choose an active member of this review's ${workspace}.`;
      const errors: Record<string, string[]> = {};
      if (!loaded.members.has(value.revieweeId)) errors.revieweeId = [notMember];
      if (!loaded.members.has(value.reviewerId)) errors.reviewerId = [notMember];
      else if (loaded.pairExists) errors.reviewerId = ["This pair is already in the review."];
      if (Object.keys(errors).length > 0) return fieldErrors(errors);
      if (state !== "live") return toast("error", `Pairs can be added to a live review only.`);
      if (value.confirmed !== "true") {
        return answer({
          intent: "addPairs",
          result: null,
          confirm: {
            kind: "addPairs",
            revieweeId: value.revieweeId,
            reviewerId: value.reviewerId,
            revieweeName: loaded.members.get(value.revieweeId)!,
            reviewerName: loaded.members.get(value.reviewerId)!,
            requestId: crypto.randomUUID(),
          },
        });
      }
      const outcome = await changeAudience(
        context,
        viewer,
        id,
        { type: "addPairs", pairs: [{ revieweeId: value.revieweeId, reviewerId: value.reviewerId }] },
        requestId
      );
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) return toast("error", outcome.conflict);
      if (!outcome.count) return toast("error", "This pair is already in the review.");
      return toast("success", DONE.addPairs);
    }
  }
}

export const meta = pageMeta;

export default function ReviewDetail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return <ReviewDetailPage data={loaderData} actionData={actionData} />;
}
