import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { mayNameAnonymousReviewers } from "~/modules/access/review-reports.server";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { ReportTable, type ReviewMenuAction, type TableReview } from "~/modules/reviews/components/report-table";
import { ReportTableFilters } from "~/modules/reviews/components/report-table-filters";
import { ShareReportDialog } from "~/modules/reviews/components/share-report-dialog";
import { REPORTS_QUEUED, queueReportAnswer } from "~/modules/reports/generated.server";
import { deleteReview, DELETED, DUPLICATED, duplicateReview, reviewForRowAction } from "~/modules/reviews/reports/review-row-actions.server";
import { revieweeReportPath } from "~/modules/reviews/reports/reviewee-report";
import { loadReportTable, visibleReports } from "~/modules/reviews/reports/report-table.server";
import {
  filterEntries,
  filtersFromSearch,
  filterSearch,
  NO_FILTERS,
  NO_REPORTS,
  NONE_SELECTED,
  MAX_BULK_REPORTS,
  REPORTS_PAGE_SIZE,
  REPORTS_PATH,
  reportKeysOf,
  type ReportKey,
} from "~/modules/reviews/reports/report-table.schema";
import { SHARE_DIALOG_PARAM, SHARE_DIALOG_VALUE, SHARE_INTENT, SHARE_QUERY_PARAM, ShareReportSchema } from "~/modules/reviews/reports/share.schema";
import { sharePeople, shareReports } from "~/modules/reviews/reports/share.server";
import { draftPath, REVIEWS_PATH } from "~/modules/reviews/launch.schema";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { useHydrated } from "~/ui/use-hydrated";

const notFound = () => new Response("Not Found", { status: 404 });
const FORM_ID = "report-selection";
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
  const d1 = context.cloudflare.env.DB;
  const { options, table } = await loadReportTable(d1, viewer, filters, pageOf(url));
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
        visibleReports(d1, viewer, keys),
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

type ActionData =
  | { intent: "download"; error: string }
  | { intent: typeof SHARE_INTENT; result: SubmissionResult<string[]> }
  | { intent: "delete"; confirm: { id: string; title: string; requestId: string } };

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
  const seen = await visibleReports(context.cloudflare.env.DB, viewer, keys);
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ReviewReports() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const hydrated = useHydrated();
  const pageKeys = d.table.reviews.flatMap((r) => r.reviewees.map((e) => e.key));
  const initial = () => new Set<string>(d.selectAll ? pageKeys : (d.share?.reports ?? []).map((r) => `${r.campaignId}:${r.revieweeId}`));
  const [selected, setSelected] = useState<ReadonlySet<string>>(initial);
  // A new page of reports (filters, paging) starts with its own selection.
  const pageSignature = pageKeys.join(",");
  useEffect(() => setSelected(initial()), [pageSignature]); // eslint-disable-line react-hooks/exhaustive-deps

  const extra = (params: Record<string, string | string[] | null>) =>
    `${REPORTS_PATH}${filterSearch(d.filters, { page: d.table.page > 1 ? String(d.table.page) : null, ...params })}`;
  const hasOptions = d.options.reviews.length > 0;
  const confirm = actionData?.intent === "delete" ? actionData.confirm : null;
  const bulkError = actionData?.intent === "download" ? actionData.error : d.selectionError;

  return (
    <>
      <PageHeader title="Reports" description="Review reports by review, reviewee and reviewer. A report is one reviewee in one review." />
      {!hasOptions ? (
        <EmptyState icon="reviews" title={NO_FILTERS} />
      ) : (
        <>
          <ReportTableFilters action={REPORTS_PATH} options={d.options} filters={d.filters} />
          {confirm ? (
            <ConfirmPanel
              id="delete-review"
              title={`Delete Review: ${confirm.title}?`}
              fields={{ intent: "delete", id: confirm.id, confirmed: "true", requestId: confirm.requestId }}
              cancelTo={d.back}
              cancelLabel="Keep it"
              confirmLabel="Delete Review"
            >
              <p>The review, its audience and its answers are removed for good, and its reports with them.</p>
            </ConfirmPanel>
          ) : null}
          {d.actions ? <ActionsPanel d={d} /> : null}
          {d.share ? (
            <ShareReportDialog
              reports={d.share.reports}
              description={d.share.description}
              people={d.share.people}
              chosen={d.share.chosen}
              q={d.share.q}
              closeTo={d.back}
              action={d.here}
              searchAction={REPORTS_PATH}
              keep={[
                ...filterEntries(d.filters),
                // The reports go as the dialog's own `report` fields.
                ...(d.table.page > 1 ? ([["page", String(d.table.page)]] as Array<[string, string]>) : []),
              ]}
              lastResult={actionData?.intent === SHARE_INTENT ? actionData.result : null}
            />
          ) : null}
          {d.table.total === 0 ? (
            <EmptyState icon="reviews" title={NO_REPORTS} />
          ) : (
            <>
              <Form method="post" action={d.back} id={FORM_ID} className="mb-3 flex flex-wrap items-center gap-3" preventScrollReset>
                {filterEntries(d.filters).map(([name, value], i) => (
                  <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                ))}
                {d.table.page > 1 ? <input type="hidden" name="page" value={d.table.page} /> : null}
                <SelectAll d={d} hydrated={hydrated} selected={selected} pageKeys={pageKeys} onChange={setSelected} extra={extra} />
                <span className="text-sm text-slate-600" aria-live="polite" data-selected-count={hydrated ? selected.size : undefined}>
                  {hydrated ? `${selected.size} selected` : null}
                </span>
                <span className="ml-auto flex gap-2">
                  <button
                    type="submit"
                    name={SHARE_DIALOG_PARAM}
                    value={SHARE_DIALOG_VALUE}
                    formMethod="get"
                    formAction={REPORTS_PATH}
                    className={buttonClass("secondary")}
                  >
                    Bulk Share
                  </button>
                  <button type="submit" name="intent" value="download" className={buttonClass("primary")}>
                    Bulk Download
                  </button>
                </span>
              </Form>
              {bulkError ? (
                <p role="alert" className="mb-3 text-sm text-red-700" data-bulk-error>
                  {bulkError}
                </p>
              ) : null}
              <ReportTable
                reviews={d.table.reviews as TableReview[]}
                formId={FORM_ID}
                selected={selected}
                onChecked={(key, on) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (on) next.add(key);
                    else next.delete(key);
                    return next;
                  })
                }
                action={d.back}
                requestId={d.requestId}
                shareHref={(key) => extra({ [SHARE_DIALOG_PARAM]: SHARE_DIALOG_VALUE, report: key })}
                previewHref={(revieweeId, reviewId) => revieweeReportPath(revieweeId, [reviewId])}
                menuOf={(review) => menuOf(review.id, review.state, review.reviewees[0]?.revieweeId ?? null, d.canManage)}
                actionsHref={(reviewId) => extra({ [SHARE_DIALOG_PARAM]: "actions", review: reviewId })}
              />
              <Pager
                page={d.table.page}
                pages={d.table.pages}
                total={d.table.total}
                noun={d.table.total === 1 ? "report" : "reports"}
                hrefFor={(page) => `${REPORTS_PATH}${filterSearch(d.filters, { page: page > 1 ? String(page) : null })}`}
              />
              <p className="mt-1 text-xs text-slate-500">
                {REPORTS_PAGE_SIZE} reports a page; Select All and the bulk actions act on this page.
              </p>
            </>
          )}
        </>
      )}
    </>
  );
}

/** The review row menu (000 §2): Preview for everyone, Duplicate, Delete and Launch for those who manage reviews. */
function menuOf(reviewId: string, state: string, firstRevieweeId: string | null, canManage: boolean): ReviewMenuAction[] {
  const preview: ReviewMenuAction = {
    key: "preview",
    label: "Preview",
    href: firstRevieweeId ? revieweeReportPath(firstRevieweeId, [reviewId]) : "/reviews/reports/reviewee",
  };
  if (!canManage) return [preview];
  return [
    { key: "duplicate", label: "Duplicate", intent: "duplicate" },
    {
      key: "delete",
      label: "Delete",
      intent: "delete",
      danger: true,
      disabledReason: state === "live" ? "Finalize the review before deleting it." : undefined,
    },
    preview,
    // A live or closed review opens in Manage Reviews (a draft would open at its launch page).
    { key: "launch", label: "Launch", href: state === "draft" ? draftPath(reviewId) : `${REVIEWS_PATH}/${encodeURIComponent(reviewId)}` },
  ];
}

function SelectAll({
  d,
  hydrated,
  selected,
  pageKeys,
  onChange,
  extra,
}: {
  d: LoaderData;
  hydrated: boolean;
  selected: ReadonlySet<string>;
  pageKeys: string[];
  onChange: (s: ReadonlySet<string>) => void;
  extra: (params: Record<string, string | string[] | null>) => string;
}) {
  if (!hydrated) {
    // Without JavaScript: the page again with every report checked (or none).
    return d.selectAll ? (
      <a href={extra({})} className={buttonClass("ghost")}>
        Clear selection
      </a>
    ) : (
      <a href={extra({ selectAll: "1" })} className={buttonClass("ghost")}>
        Select All
      </a>
    );
  }
  const all = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = !all && pageKeys.some((k) => selected.has(k));
        }}
        onChange={(e) => onChange(new Set(e.currentTarget.checked ? pageKeys : []))}
        className="size-4 rounded border-slate-300"
      />
      Select All
    </label>
  );
}

/** The review row menu as a panel in the page (`?dialog=actions&review=…`), for browsers without JavaScript. */
function ActionsPanel({ d }: { d: LoaderData }) {
  const a = d.actions!;
  const items = menuOf(a.id, a.state, a.firstRevieweeId, d.canManage);
  return (
    <section
      aria-labelledby="review-actions-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      data-panel="review-actions"
    >
      <h2 id="review-actions-title" className="text-base font-semibold text-slate-900">
        Actions for {a.title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a href={item.href} className={buttonClass("secondary")}>
                {item.label}
              </a>
            ) : item.disabledReason ? (
              <span className="text-sm text-slate-600">
                {item.label}: {item.disabledReason}
              </span>
            ) : (
              <form method="post" action={d.back}>
                <input type="hidden" name="intent" value={item.intent} />
                <input type="hidden" name="id" value={a.id} />
                <input type="hidden" name="requestId" value={d.requestId} />
                <Button type="submit" variant={item.danger ? "danger" : "secondary"}>
                  {item.label}
                </Button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <Link to={d.back} className={`${buttonClass("ghost")} mt-3`}>
        Close
      </Link>
    </section>
  );
}
