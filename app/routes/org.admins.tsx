import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermission } from "~/modules/auth/session.server";
import { adminCounts } from "~/modules/org/admins.server";
import { PageHeader } from "~/ui/page-header";

/** /organization/admins: the two admin lists with their sizes (each list keeps its own gate). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAdmins");
  const counts = await adminCounts(context.db, viewer.company.id);
  const lists = [{ href: "/organization/admins/admins-list", title: "Admins", count: counts.team }];
  if (hasPermission(viewer.permissions, "ViewSuperAdmins")) {
    lists.push({ href: "/organization/admins/super-admins-list", title: "Super Admins", count: counts.super });
  }
  return data({ lists });
}

export const meta: MetaFunction = () => [{ title: pageTitle("Admins") }];

export default function AdminsOverview() {
  const { lists } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Admins" description="Who administers your organization." />
      <ul className="grid gap-4 sm:grid-cols-2">
        {lists.map((list) => (
          <li key={list.href}>
            <Link to={list.href} className="block rounded-lg border border-slate-200 bg-white p-5 hover:border-indigo-300 hover:shadow-sm">
              <span className="block text-base font-semibold text-slate-900">{list.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{list.count === 1 ? "1 person" : `${list.count} people`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
