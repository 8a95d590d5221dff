import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { InsightsMembersPage } from "~/modules/insights/components/insights-members-page";
import { groupInsightsCard } from "~/modules/insights/pages.server";
import { loadRelationshipMembers, pageParam } from "~/modules/org/team.server";

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
  return <InsightsMembersPage data={data} action={`/my-team/${encodeURIComponent(data.relationshipId)}`} />;
}
