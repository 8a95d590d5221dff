import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermission } from "~/modules/auth/session.server";
import { GroupInsightsCard } from "~/modules/insights/components/group-insights-card";
import { groupInsightsCard } from "~/modules/insights/pages.server";
import { loadMyGroupMembers, pageParam } from "~/modules/org/team.server";
import { MembersCard } from "~/ui/members-card";
import { PageHeader } from "~/ui/page-header";

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
  return (
    <>
      <PageHeader title={data.name} />
      <div className="space-y-6">
        <GroupInsightsCard platform={data.platform} action={`/my-groups/${encodeURIComponent(data.groupId)}`} card={data.card} />
        <MembersCard
          title="Members"
          members={data.members}
          detailsPath={data.detailsPath}
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          emptyText={sharedCopy.noUserData}
        />
      </div>
    </>
  );
}
