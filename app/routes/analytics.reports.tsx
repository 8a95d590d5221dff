import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { ReportListPage } from "~/modules/analytics/components/report-list-page";
import { REPORT_LIST_PATH, reportListFilters, type ReportListFilters } from "~/modules/analytics/report-list";
import { DownloadSchema, loadReportList, queueRowDownload } from "~/modules/analytics/report-list.server";

/**
 * Analytics › Reports (ViewAnalytics): ?type=&search=&from=&to= (002 §7 /filter-reports), sorted
 * by ?sort=&dir= and paged by ?page=; a row's Download posts here and is queued.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAnalytics");
  const url = new URL(request.url);
  const parsed = reportListFilters(url.searchParams);
  const headers = { "Cache-Control": "private, no-store" };
  if ("error" in parsed) {
    // Bad dates list nothing and say why; the other filters stay as given.
    const fallback = reportListFilters(new URLSearchParams([...url.searchParams].filter(([k]) => k !== "from" && k !== "to"))) as ReportListFilters;
    const filters = { ...fallback, from: url.searchParams.get("from"), to: url.searchParams.get("to") };
    return data({ filters, error: sharedCopy.analyticsReports.badDates, rows: [], total: 0, page: 1, pages: 1 }, { status: 400, headers });
  }
  const list = await loadReportList(context.db, viewer, parsed);
  return data({ filters: { ...parsed, page: list.page }, error: null, ...list }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAnalytics");
  const parsed = DownloadSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const url = new URL(request.url);
  return await queueRowDownload(context, viewer, parsed.data, `${REPORT_LIST_PATH}${url.search}`, request);
}

export const meta = pageMeta;

export default function AnalyticsReports() {
  return <ReportListPage data={useLoaderData<typeof loader>()} />;
}
