import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { listWorkspaces } from "~/modules/org/workspaces.server";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DENSITY, Table } from "~/ui/table";

/**
 * /organization/settings/workspaces (Slack-type super admins): every workspace of the company
 * with its channels and member counts, read-only since they come from Slack.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewWorkspaces");
  return data({ platform: viewer.company.platform, workspaces: await listWorkspaces(context.db, viewer.company.id) });
}

export const meta = pageMeta;

const base = "/organization/settings/workspaces";

export default function WorkspacesPage() {
  const { platform, workspaces } = useLoaderData<typeof loader>();
  const words = copy(platform);
  return (
    <>
      <PageHeader title="Workspaces" description="Workspaces and channels come from Slack." />
      {workspaces.length === 0 ? (
        <EmptyState icon="groups" title={words.noWorkspaces} />
      ) : (
        <div className="space-y-6">
          {workspaces.map((workspace) => {
            const headingId = `workspace-${workspace.id}`;
            return (
              <section
                key={workspace.id}
                aria-labelledby={headingId}
                data-workspace-id={workspace.id}
                className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-3">
                  <div>
                    <h2 id={headingId} className="text-base font-semibold text-slate-900" data-workspace-name>
                      {workspace.name}
                    </h2>
                    <p className="text-xs text-slate-500">
                      Slack team <span className="font-mono">{workspace.slackTeamId}</span>
                    </p>
                  </div>
                  <span className="text-sm text-slate-500" data-workspace-members>
                    {workspace.memberCount === 1 ? "1 member" : `${workspace.memberCount} members`}
                  </span>
                </div>
                {workspace.channels.length === 0 ? (
                  <p className="px-5 py-4 text-sm text-slate-500">No channels.</p>
                ) : (
                  <div className="overflow-x-auto">
                    <Table
                      label={`Channels of ${workspace.name}`}
                      className="min-w-full divide-y divide-slate-200 text-sm"
                      header="caps"
                      columnClassName={DENSITY.roomy}
                      columns={["Channel", "Private", { label: "Members", align: "right" }]}
                      bodyClassName="divide-y divide-slate-100"
                    >
                    {workspace.channels.map((channel) => (
                      <tr key={channel.id} data-channel-id={channel.id}>
                        <td className="px-4 py-3 font-medium">
                          <Link
                            to={`${base}/${encodeURIComponent(workspace.id)}/channels/${encodeURIComponent(channel.id)}`}
                            className="text-indigo-700 hover:underline"
                          >
                            #{channel.name}
                          </Link>
                        </td>
                        <td className="px-4 py-3">
                          {channel.isPrivate ? (
                            <span
                              className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-200"
                              data-private
                            >
                              <LockIcon />
                              Private
                            </span>
                          ) : (
                            <span className="text-slate-400">—</span>
                          )}
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">{channel.memberCount}</td>
                      </tr>
                    ))}
                    </Table>
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

/** A small padlock beside the "Private" badge text (decorative). */
function LockIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" className="size-3.5">
      <path d="M7.5 10.5V7.5a4.5 4.5 0 0 1 9 0v3M5.25 10.5h13.5v9.75H5.25z" />
    </svg>
  );
}
