import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { loadRelationshipMembers, pageParam } from "~/modules/org/team.server";
import { MembersPage } from "~/ui/members-card";

/**
 * /my-team/:relationshipId: the members card of My Team ("default") or of a custom relationship
 * the viewer is in. Unknown, foreign, or not-mine relationships are a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyTeam");
  const relationshipId = params.relationshipId ?? "";
  const found = await loadRelationshipMembers(context.db, viewer.company.id, viewer.user.id, relationshipId, pageParam(new URL(request.url)));
  if (!found) throw new Response("Not Found", { status: 404 });
  return data({ relationshipId, name: found.name, ...found.page, crumbLabels: { relationshipId: found.name } });
}

export const meta = pageMeta;

export default function RelationshipPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <MembersPage
      name={data.name}
      detailsPath={`/my-team/${encodeURIComponent(data.relationshipId)}/users`}
      members={data.members}
      page={data.page}
      pageCount={data.pageCount}
      total={data.total}
    />
  );
}
