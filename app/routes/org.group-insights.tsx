import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { GroupInsightsCard } from "~/modules/insights/components/group-insights-card";
import { MembersInsightsTabs } from "~/modules/insights/components/page-tabs";
import { findInsightsGroup, groupInsightsCard, orgProfileBase } from "~/modules/insights/pages.server";
import { PageHeader } from "~/ui/page-header";

/** A group's Feedback Insights (Teams-type super admin: ViewGroups); another company's group is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewGroups");
  const group = await findInsightsGroup(context.db, viewer, params.groupId ?? "");
  if (!group) throw new Response("Not Found", { status: 404 });
  const card = await groupInsightsCard(context.db, viewer, new URL(request.url), {
    kind: "groupInsights",
    population: { kind: "group", groupId: group.id },
    showScope: true,
    profileBase: orgProfileBase(viewer),
  });
  return data(
    { group, platform: viewer.company.platform, card, crumbLabels: { groupId: group.name } },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

export const meta = pageMeta;

export default function GroupInsightsPage() {
  const { group, platform, card } = useLoaderData<typeof loader>();
  const base = `/organization/settings/groups/${encodeURIComponent(group.id)}`;
  return (
    <>
      <PageHeader title={group.name} />
      <MembersInsightsTabs base={base} current="insights" name={group.name} />
      <GroupInsightsCard platform={platform} action={`${base}/feedback-insights`} card={card} />
    </>
  );
}
