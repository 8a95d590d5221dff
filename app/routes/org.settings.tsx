import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission, type Permission } from "~/lib/permissions/names";
import { routeById } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { EmptyState } from "~/ui/empty-state";
import { Icon } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";

/** The organisation settings pages, in the order the overview lists them (002 §2.8). */
const PAGES: Array<{ routeId: string; label: string; description: string }> = [
  { routeId: "org-users", label: "Users", description: "People, their status, roles, departments and managers" },
  { routeId: "org-roles", label: "Roles", description: "Job roles people can hold" },
  { routeId: "org-departments", label: "Departments", description: "Departments and their people" },
  { routeId: "org-competencies", label: "Competencies", description: "Competencies and their behaviours" },
  { routeId: "org-groups", label: "Groups", description: "Groups, their members and admins" },
  { routeId: "org-workspaces", label: "Workspaces", description: "Slack workspaces and their channels" },
  { routeId: "org-relationships", label: "Relationships", description: "Custom relationships between people" },
  { routeId: "org-admins", label: "Admins", description: "Super admins and team admins" },
  { routeId: "integrations", label: "Integrations", description: "HR systems and other connected tools" },
];

/** /organization/settings: the organisation settings pages this person may open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewOrganization");
  const pages = PAGES.flatMap((page) => {
    const route = routeById(page.routeId);
    const permission = route.permission;
    if (permission && permission !== "SignedIn" && !hasPermission(viewer.permissions, permission as Permission)) return [];
    return [{ id: page.routeId, label: page.label, description: page.description, href: route.path }];
  });
  return data({ platform: viewer.company.platform, pages });
}

export const meta = pageMeta;

export default function OrganizationSettings() {
  const data = useLoaderData<typeof loader>();
  const words = copy(data.platform);
  return (
    <>
      <PageHeader title="Settings" description="Organisation settings" />
      {data.pages.length === 0 ? (
        <EmptyState title={words.noAreaPages} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.pages.map((page) => (
            <li key={page.id}>
              <Link
                to={page.href}
                data-page={page.id}
                className="group flex h-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{page.label}</span>
                  <span className="block text-xs text-slate-500">{page.description}</span>
                </span>
                <Icon name="chevronRight" className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
