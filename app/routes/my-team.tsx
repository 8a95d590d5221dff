import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { listMyRelationships } from "~/modules/org/team.server";
import { Icon } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";

/** /my-team: My Team (the default relationship) and the custom relationships the viewer is in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyTeam");
  const relationships = await listMyRelationships(context.db, viewer.company.id, viewer.user.id);
  return data({ relationships });
}

export const meta = pageMeta;

export default function MyTeamPage() {
  const { relationships } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="My Team" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Relationships">
        {relationships.map((relationship) => (
          <li key={relationship.id}>
            <Link
              to={`/my-team/${encodeURIComponent(relationship.id)}`}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="rounded-full bg-indigo-50 p-2 text-indigo-700">
                <Icon name="users" />
              </span>
              <span className="font-medium text-slate-900">{relationship.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
