import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { hasPermission, type Permission } from "~/lib/permissions/names";
import { routeById } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { PageCards } from "~/ui/page-cards";
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
      <PageCards
        pages={data.pages.map((page) => ({ id: page.id, href: page.href, label: page.label, description: page.description }))}
        emptyText={words.noAreaPages}
      />
    </>
  );
}
