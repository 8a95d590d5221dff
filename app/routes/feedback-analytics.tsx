import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermission } from "~/modules/auth/session.server";
import { GroupInsightsCard } from "~/modules/insights/components/group-insights-card";
import { PageTabs } from "~/modules/insights/components/page-tabs";
import { groupInsightsCard, orgProfileBase } from "~/modules/insights/pages.server";
import { PageHeader } from "~/ui/page-header";

const BASE = "/analytics/feedback-analytics";
const TABS = { overview: sharedCopy.insights.overviewTab, "leader-board": sharedCopy.insights.leaderboard } as const;
type Tab = keyof typeof TABS;

/**
 * Workspace or channel insights (ViewAnalytics): /overview (tiles, treemaps, leaderboard) and
 * /leader-board (the leaderboard); the bare path opens /overview with the same filters.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAnalytics");
  const url = new URL(request.url);
  if (!params.tab) throw redirect(`${BASE}/overview${url.search}`);
  if (!(params.tab in TABS)) throw new Response("Not Found", { status: 404 });
  const tab = params.tab as Tab;
  const card = await groupInsightsCard(context.db, viewer, url, {
    kind: "workspaceOrChannelInsights",
    population: "groups-filter",
    showScope: hasPermission(viewer.permissions, "ViewGroupFeedbackTypeFilter"),
    profileBase: orgProfileBase(viewer),
    parts: tab === "overview" ? { overview: true, leaderboard: true } : { overview: false, leaderboard: true },
  });
  return data({ tab, search: url.search, platform: viewer.company.platform, card }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = pageMeta;

export default function FeedbackAnalyticsPage() {
  const { tab, search, platform, card } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Feedback Analytics" />
      <PageTabs
        label="Feedback Analytics tabs"
        tabs={(Object.keys(TABS) as Tab[]).map((id) => ({ label: TABS[id], to: `${BASE}/${id}${search}`, current: id === tab }))}
      />
      <GroupInsightsCard platform={platform} action={`${BASE}/${tab}`} card={card} title={TABS[tab]} />
    </>
  );
}
