import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { listGroups } from "~/modules/org/groups.server";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";

/** /organization/settings/groups (Teams-type super admins): every group with its counts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewGroups");
  return data({ groups: await listGroups(context.db, viewer.company.id) });
}

export const meta = pageMeta;

export default function GroupsPage() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Groups" />
      {groups.length === 0 ? (
        <EmptyState icon="groups" title="No groups available." />
      ) : (
        <DataTable
          label="Groups"
          header="caps"
          density="roomy"
          columnClassName="px-4 py-3"
          columns={["Name", "Channel", { label: "Members", align: "right" }, { label: "Admins", align: "right" }]}
        >
          {groups.map((group) => (
            <tr key={group.id} data-group-id={group.id}>
              <td className="px-4 py-3 font-medium">
                <Link to={`/organization/settings/groups/${encodeURIComponent(group.id)}`} className="text-indigo-700 hover:underline">
                  {group.name}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-600">{group.channelName ?? "—"}</td>
              <td className="px-4 py-3 text-right tabular-nums">{group.memberCount}</td>
              <td className="px-4 py-3 text-right tabular-nums">{group.adminCount}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
