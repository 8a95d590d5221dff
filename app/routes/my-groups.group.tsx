import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermission } from "~/modules/auth/session.server";
import { InsightsMembersPage } from "~/modules/insights/components/insights-members-page";
import { groupInsightsCard } from "~/modules/insights/pages.server";
import { loadMyGroupMembers, pageParam } from "~/modules/org/team.server";

/**
 * /my-groups/:groupId: the group's Feedback Insights (channel insights, the group fixed) above
 * the members of a group the viewer administers; any other group is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyGroupsPage");
  const groupId = params.groupId ?? "";
  const url = new URL(request.url);
  const found = await loadMyGroupMembers(context.db, viewer.company.id, viewer.user.id, groupId, pageParam(url));
  if (!found) throw new Response("Not Found", { status: 404 });
  const detailsPath = `/my-groups/${encodeURIComponent(groupId)}/users`;
  const card = await groupInsightsCard(context.db, viewer, url, {
    kind: "workspaceOrChannelInsights",
    population: { kind: "workspaceOrChannel", groupIds: [groupId] },
    showScope: hasPermission(viewer.permissions, "ViewGroupFeedbackTypeFilter"),
    profileBase: detailsPath,
  });
  return data({
    groupId,
    detailsPath,
    name: found.name,
    platform: viewer.company.platform,
    card,
    ...found.page,
    crumbLabels: { groupId: found.name },
  });
}

export const meta = pageMeta;

export default function MyGroupPage() {
  const data = useLoaderData<typeof loader>();
  return <InsightsMembersPage data={data} action={`/my-groups/${encodeURIComponent(data.groupId)}`} />;
}
