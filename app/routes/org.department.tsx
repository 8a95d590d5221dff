import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { MembersInsightsTabs } from "~/modules/insights/components/page-tabs";
import { departmentMembers, findDepartment, MEMBERS_PAGE_SIZE } from "~/modules/org/departments.server";
import { Avatar } from "~/ui/avatar";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";

const notFound = () => new Response("Not Found", { status: 404 });

/** A department's members, 50 a page (Teams-type super admin: ViewDepartmentDetails). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewDepartmentDetails");
  const department = await findDepartment(context.db, viewer.company.id, params.departmentId ?? "");
  if (!department) throw notFound();
  const pageParam = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 && pageParam < 100_000 ? pageParam : 1;
  const { rows, total } = await departmentMembers(context.db, viewer.company.id, department.id, page);
  return data({
    department,
    members: rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)),
    crumbLabels: { departmentId: department.name },
  });
}

export const meta = pageMeta;

export default function DepartmentPage() {
  const { department, members, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title={department.name} description={total === 1 ? "1 member" : `${total} members`} />
      <MembersInsightsTabs base={`/organization/settings/departments/${encodeURIComponent(department.id)}`} current="members" name={department.name} />
      {members.length === 0 ? (
        <EmptyState title="No members in this department." description="People join a department when it is set on their profile." />
      ) : (
        <DataTable label="Members" naming="frame" flat header="muted" density="roomy" columns={["Name", "Title", "Role"]}>
          {members.map((m) => (
            <tr key={m.id}>
              <td className="px-4 py-3">
                <Link to={`/organization/settings/users/${encodeURIComponent(m.id)}`} className="flex items-center gap-3 font-medium text-indigo-700 hover:underline">
                  <Avatar name={m.name} imageUrl={m.imageUrl} size="sm" />
                  {m.name}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700">{m.title ?? "—"}</td>
              <td className="px-4 py-3 text-slate-700">{m.role ?? "—"}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {pages > 1 ? (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <span>
            Page {page} of {pages}
          </span>
          <span className="flex gap-2">
            {page > 1 ? (
              <Link rel="prev" to={`?page=${page - 1}`} className={buttonClass("secondary")}>
                Previous
              </Link>
            ) : null}
            {page < pages ? (
              <Link rel="next" to={`?page=${page + 1}`} className={buttonClass("secondary")}>
                Next
              </Link>
            ) : null}
          </span>
        </nav>
      ) : null}
    </div>
  );
}
