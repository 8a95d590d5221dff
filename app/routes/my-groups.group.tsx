import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { loadMyGroupMembers, pageParam } from "~/modules/org/team.server";
import { MembersPage } from "~/ui/members-card";

/** /my-groups/:groupId: members of a group the viewer administers; any other group is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyGroupsPage");
  const groupId = params.groupId ?? "";
  const found = await loadMyGroupMembers(context.db, viewer.company.id, viewer.user.id, groupId, pageParam(new URL(request.url)));
  if (!found) throw new Response("Not Found", { status: 404 });
  return data({ groupId, name: found.name, ...found.page, crumbLabels: { groupId: found.name } });
}

export const meta = pageMeta;

export default function MyGroupPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <MembersPage
      name={data.name}
      detailsPath={`/my-groups/${encodeURIComponent(data.groupId)}/users`}
      members={data.members}
      page={data.page}
      pageCount={data.pageCount}
      total={data.total}
    />
  );
}
