import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { listMyGroups } from "~/modules/org/team.server";
import { EmptyState } from "~/ui/empty-state";
import { Icon } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";

/** /my-groups: the groups the viewer administers (Teams-type group admins). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyGroupsPage");
  return data({ groups: await listMyGroups(context.db, viewer.company.id, viewer.user.id) });
}

export const meta = pageMeta;

export default function MyGroupsPage() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="My Groups" />
      {groups.length === 0 ? (
        <EmptyState icon="groups" title={sharedCopy.noUserData} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Groups">
          {groups.map((group) => (
            <li key={group.id}>
              <Link
                to={`/my-groups/${encodeURIComponent(group.id)}`}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="rounded-full bg-indigo-50 p-2 text-indigo-700">
                  <Icon name="groups" />
                </span>
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{group.name}</span>
                  <span className="block text-xs text-slate-500">
                    {group.channelName ? `${group.channelName} · ` : ""}
                    {group.memberCount} members
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
