import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { GroupInsightsCard } from "~/modules/insights/components/group-insights-card";
import { groupInsightsCard } from "~/modules/insights/pages.server";
import { loadRelationshipMembers, pageParam } from "~/modules/org/team.server";
import { MembersCard } from "~/ui/members-card";
import { PageHeader } from "~/ui/page-header";

/**
 * /my-team/:relationshipId: the relationship's Feedback Insights above the members card of My
 * Team ("default") or of a custom relationship the viewer is in. Unknown, foreign, or not-mine
 * relationships are a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyTeam");
  const relationshipId = params.relationshipId ?? "";
  const url = new URL(request.url);
  const found = await loadRelationshipMembers(context.db, viewer.company.id, viewer.user.id, relationshipId, pageParam(url));
  if (!found) throw new Response("Not Found", { status: 404 });
  const detailsPath = `/my-team/${encodeURIComponent(relationshipId)}/users`;
  const card = await groupInsightsCard(context.db, viewer, url, {
    kind: "relationshipInsights",
    population: { kind: "relationship", relationshipId },
    showScope: true,
    profileBase: detailsPath,
  });
  return data({
    relationshipId,
    detailsPath,
    name: found.name,
    platform: viewer.company.platform,
    card,
    ...found.page,
    crumbLabels: { relationshipId: found.name },
  });
}

export const meta = pageMeta;

export default function RelationshipPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={data.name} />
      <div className="space-y-6">
        <GroupInsightsCard platform={data.platform} action={`/my-team/${encodeURIComponent(data.relationshipId)}`} card={data.card} />
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
