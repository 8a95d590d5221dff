import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { ReviewAnalyticsPage } from "~/modules/analytics/components/review-analytics-page";
import { REVIEW_ANALYTICS_TABS, type ReviewAnalyticsTab } from "~/modules/analytics/review-analytics";
import { filtersOf, loadReviewAnalytics } from "~/modules/analytics/review-analytics.server";

/**
 * Review Analytics (ViewReviewAnalytics: Slack-type with the company's reviewAnalytics): /overview
 * and /organization; the bare path opens Overview. ?campaign= names the review (another
 * company's, a draft or an unknown id is a 404), the rest are the Organization's filters.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewAnalytics");
  const url = new URL(request.url);
  const tab = (params.tab ?? "overview") as ReviewAnalyticsTab;
  if (!REVIEW_ANALYTICS_TABS.includes(tab)) throw new Response("Not Found", { status: 404 });
  const campaignId = url.searchParams.get("campaign")?.trim().slice(0, 100) || null;
  const figures = await loadReviewAnalytics(context.db, viewer, tab, campaignId, filtersOf(url));
  if (figures === "not-found") throw new Response("Not Found", { status: 404 });
  return data({ tab, search: url.search, figures }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = pageMeta;

export default function ReviewAnalytics() {
  const { tab, search, figures } = useLoaderData<typeof loader>();
  return <ReviewAnalyticsPage tab={tab} search={search} data={figures} />;
}
