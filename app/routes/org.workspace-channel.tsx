import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { pageParam } from "~/modules/org/team.server";
import { loadChannel } from "~/modules/org/workspaces.server";
import { MembersCard } from "~/ui/members-card";
import { PageHeader } from "~/ui/page-header";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * /organization/settings/workspaces/:workspaceId/channels/:channelId (Slack-type super admins):
 * a channel's members, 50 a page, read-only. A channel of another workspace or company is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewWorkspaces");
  const channel = await loadChannel(
    context.db,
    viewer.company.id,
    params.workspaceId ?? "",
    params.channelId ?? "",
    pageParam(new URL(request.url)),
  );
  if (!channel) throw notFound();
  return data({ channel, crumbLabels: { workspaceId: channel.workspace.name, channelId: `#${channel.name}` } });
}

export const meta = pageMeta;

export default function WorkspaceChannelPage() {
  const { channel } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title={`#${channel.name}`}
        description={`${channel.isPrivate ? "Private channel" : "Channel"} in ${channel.workspace.name}`}
      />
      <MembersCard
        title="Members"
        members={channel.members.members}
        detailsPath="/organization/settings/users"
        page={channel.members.page}
        pageCount={channel.members.pageCount}
        total={channel.members.total}
        emptyText="No User data available."
      />
    </>
  );
}
