import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { mayNameAnonymousReviewers } from "~/modules/access/review-reports.server";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { ReviewReportsPage, type ReviewReportsActionData as ActionData } from "~/modules/reviews/components/review-reports-page";
import { REPORTS_QUEUED, queueReportAnswer } from "~/modules/reports/generated.server";
import { deleteReview, DELETED, DUPLICATED, duplicateReview, reviewForRowAction } from "~/modules/reviews/reports/review-row-actions.server";
import { loadReportTable, peopleFilterMatches, visibleReports } from "~/modules/reviews/reports/report-table.server";
import {
  filtersFromSearch,
  NONE_SELECTED,
  MAX_BULK_REPORTS,
  REPORTS_PATH,
  reportKeysOf,
  type ReportKey,
} from "~/modules/reviews/reports/report-table.schema";
import { SHARE_DIALOG_PARAM, SHARE_DIALOG_VALUE, SHARE_INTENT, SHARE_QUERY_PARAM, ShareReportSchema } from "~/modules/reviews/reports/share.schema";
import { sharePeople, shareReports } from "~/modules/reviews/reports/share.server";
import { draftPath } from "~/modules/reviews/launch.schema";

const notFound = () => new Response("Not Found", { status: 404 });
/** Page-state parameters (dialogs, selection): dropped from the address the page goes back to. */
const STATE_PARAMS = [SHARE_DIALOG_PARAM, "report", SHARE_QUERY_PARAM, "userIds", "selectAll", "review"];

function pageOf(url: URL) {
  const n = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** The page's address without dialog or selection state (where actions return). */
function backOf(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const name of STATE_PARAMS) params.delete(name);
  const search = params.toString();
  return `${REPORTS_PATH}${search ? `?${search}` : ""}`;
}

/**
 * /reviews/reports (000 §2 "Review reports (admin)"): filters, the three-level report
 * table and its actions. Admins see the reports of the reviews they manage, managers the reports
 * of their direct reports. Page states (no JavaScript needed): `?dialog=share&report=…` opens the
 * share dialog for those reports (the row's Share Report, Bulk Share), `?dialog=actions&review=…`
 * the review row's menu as a panel, `?selectAll=1` checks every report of the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReports");
  const url = new URL(request.url);
  const filters = filtersFromSearch(url.searchParams);
  const db = context.db;
  const [{ options, table }, matches] = await Promise.all([
    loadReportTable(db, viewer, filters, pageOf(url)),
    peopleFilterMatches(db, viewer, url.searchParams),
  ]);
  const dialog = url.searchParams.get(SHARE_DIALOG_PARAM);

  let share: null | {
    reports: Array<{ campaignId: string; revieweeId: string }>;
    description: string;
    q: string;
    people: Awaited<ReturnType<typeof sharePeople>>["people"];
    chosen: Awaited<ReturnType<typeof sharePeople>>["chosen"];
  } = null;
  let selectionError: string | null = null;
  if (dialog === SHARE_DIALOG_VALUE) {
    const keys = reportKeysOf(url.searchParams.getAll("report"));
    if (keys === null || keys.length > MAX_BULK_REPORTS) throw notFound();
    if (keys.length === 0) selectionError = NONE_SELECTED;
    else {
      const [seen, people] = await Promise.all([
        visibleReports(db, viewer, keys),
        sharePeople(context, viewer, url.searchParams.get(SHARE_QUERY_PARAM) ?? "", url.searchParams.getAll("userIds")),
      ]);
      if (seen.length !== keys.length) throw notFound();
      share = {
        reports: keys,
        description: seen.length === 1 ? `${seen[0].revieweeName} — ${seen[0].title}` : `${seen.length} reports`,
        q: url.searchParams.get(SHARE_QUERY_PARAM) ?? "",
        ...people,
      };
    }
  }

  let actions: null | { id: string; title: string; state: string; firstRevieweeId: string | null } = null;
  if (dialog === "actions") {
    const id = url.searchParams.get("review") ?? "";
    // The panel opens from a row of this page; the options (cut at MAX_OPTIONS) are the fallback.
    const onPage = table.reviews.find((r) => r.id === id);
    const option = onPage ? null : options.reviews.find((r) => r.id === id);
    const review = onPage ? { title: onPage.title, state: onPage.state } : option ? { title: option.name, state: option.state } : null;
    if (!review) throw notFound();
    actions = { id, title: review.title, state: review.state, firstRevieweeId: onPage?.reviewees[0]?.revieweeId ?? null };
  }

  return data(
    {
      filters,
      options,
      matches,
      table,
      canManage: viewer.permissions.includes("ViewManageReviews"),
      selectAll: url.searchParams.get("selectAll") === "1",
      here: `${url.pathname}${url.search}`,
      back: backOf(url),
      share,
      selectionError,
      actions,
      // Names the row menu's Duplicate: a double click or a resubmitted form makes one copy.
      requestId: crypto.randomUUID(),
    },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

const RowActionSchema = z.object({
  intent: z.enum(["duplicate", "delete"]),
  id: z.string().trim().min(1).max(100),
  confirmed: z.enum(["true", "false"]).default("false"),
  requestId: z.string().max(100).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReports");
  const url = new URL(request.url);
  const back = backOf(url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "download":
      return await bulkDownload(context, viewer, request, formData, back);
    case SHARE_INTENT: {
      const submission = parseWithZod(formData, { schema: ShareReportSchema });
      if (submission.status !== "success") return data({ intent: SHARE_INTENT, result: submission.reply() } as ActionData, { status: 400 });
      const outcome = await shareReports(context, viewer, { reports: submission.value.report, userIds: submission.value.userIds });
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) {
        return data({ intent: SHARE_INTENT, result: submission.reply({ fieldErrors: { userIds: [outcome.message] } }) } as ActionData, {
          status: 400,
        });
      }
      return redirectWithToast(back, { type: "success", message: outcome.message }, { request });
    }
    case "duplicate":
    case "delete": {
      const manager = await requirePermission(request, context, "ViewManageReviews");
      const parsed = RowActionSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Invalid request", { status: 400 });
      const { id, confirmed, requestId } = parsed.data;
      if (parsed.data.intent === "duplicate") {
        const outcome = await duplicateReview(context, manager, id, requestId || crypto.randomUUID());
        if (!outcome.ok && outcome.reason === "not-found") throw notFound();
        if (!outcome.ok) return redirectWithToast(back, { type: "error", message: outcome.message }, { request });
        return redirectWithToast(draftPath(outcome.id), { type: "success", message: DUPLICATED }, { request });
      }
      if (confirmed !== "true") {
        const review = await reviewForRowAction(context, manager, id);
        if (!review) throw notFound();
        return data({ intent: "delete", confirm: { id, title: review.title, requestId: crypto.randomUUID() } } as ActionData);
      }
      const outcome = await deleteReview(context, manager, id, requestId || crypto.randomUUID());
      if (!outcome.ok && outcome.reason === "not-found") throw notFound();
      if (!outcome.ok) return redirectWithToast(back, { type: "error", message: outcome.message }, { request });
      return redirectWithToast(back, { type: "success", message: DELETED }, { request });
    }
    default:
      throw new Response("Invalid intent", { status: 400 });
  }
}

/** Bulk Download: one queued XLSX of the checked reports ('Report(s) will be emailed once completed'). */
async function bulkDownload(context: ActionFunctionArgs["context"], viewer: Viewer, request: Request, formData: FormData, back: string) {
  const keys = reportKeysOf(formData.getAll("report").filter((v): v is string => typeof v === "string"));
  // A malformed or oversized list is bad input (400); a well-formed report that is not theirs, a 404.
  if (keys === null || keys.length > MAX_BULK_REPORTS) throw new Response("Invalid report", { status: 400 });
  if (keys.length === 0) return data({ intent: "download", error: NONE_SELECTED } as ActionData, { status: 400 });
  const seen = await visibleReports(context.db, viewer, keys);
  if (seen.length !== keys.length) throw notFound();
  const title = seen.length === 1 ? `${seen[0].revieweeName} - ${seen[0].title}` : `Review reports (${seen.length})`;
  const reports: ReportKey[] = seen.map((r) => ({ campaignId: r.campaignId, revieweeId: r.revieweeId }));
  return queueReportAnswer(
    context,
    viewer,
    { kind: "bulk-xlsx", title, scope: { reports, nameReviewers: mayNameAnonymousReviewers(viewer) } },
    { request, back, queued: REPORTS_QUEUED }
  );
}

export const meta = pageMeta;

export default function ReviewReports() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return <ReviewReportsPage d={d} actionData={actionData} />;
}

