import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { SurveyAnalyticsPage } from "~/modules/analytics/components/survey-analytics-page";
import { isSurveyAnalyticsTab, openTabs, SURVEY_ANALYTICS_BASE, SURVEY_ANALYTICS_TAB_PERMISSIONS } from "~/modules/analytics/survey-analytics";
import { surveyAnalyticsPage } from "~/modules/analytics/survey-analytics.server";

/**
 * Survey analytics (ViewAnalytics; Overview and Question Timeline each with their own gate): the
 * bare path opens the first tab the viewer may open, keeping the filters.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAnalytics");
  const url = new URL(request.url);
  const tabs = openTabs(viewer.permissions);
  if (!params.tab) throw redirect(tabs[0] ? `${SURVEY_ANALYTICS_BASE}/${tabs[0]}${url.search}` : "/");
  if (!isSurveyAnalyticsTab(params.tab)) throw new Response("Not Found", { status: 404 });
  const tab = params.tab;
  if (!viewer.permissions.includes(SURVEY_ANALYTICS_TAB_PERMISSIONS[tab])) throw redirect("/");
  const page = await surveyAnalyticsPage(context.db, viewer, tab, url);
  if (page === "not-found") throw new Response("Not Found", { status: 404 });
  return data({ page, tabs, search: url.search }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = pageMeta;

export default function SurveyAnalyticsRoute() {
  const { page, tabs, search } = useLoaderData<typeof loader>();
  return <SurveyAnalyticsPage page={page} tabs={tabs} search={search} />;
}
