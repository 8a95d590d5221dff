import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { requirePermission } from "~/modules/auth/session.server";
import { DEPARTMENT_EXISTS, DepartmentActionSchema } from "~/modules/org/departments.schema";
import { departmentList, listDepartments } from "~/modules/org/departments.server";
import { NamedList, type NamedListActionData } from "~/modules/org/named-list";
import { namedListAction } from "~/modules/org/named-list.route.server";
import { PageHeader } from "~/ui/page-header";

const PATH = "/organization/settings/departments";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewDepartments");
  return data({
    departments: await listDepartments(context.db, viewer.company.id),
    // 002 §6: department details are Teams-type (super admin) only, so Slack-type lists have no links.
    showDetails: hasPermission(viewer.permissions, "ViewDepartmentDetails"),
  });
}

export const action = namedListAction({
  permission: "ViewDepartments",
  path: PATH,
  schema: DepartmentActionSchema,
  store: departmentList,
  nameField: "name",
  idField: "departmentId",
  exists: DEPARTMENT_EXISTS,
  noun: "Department",
});

export const meta: MetaFunction = () => [{ title: pageTitle("Departments") }];

export default function DepartmentsPage() {
  const { departments, showDetails } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as NamedListActionData | undefined;
  return (
    <div>
      <PageHeader title="Departments" description="The departments of your organization and how many people each has." />
      <NamedList
        rows={departments.map((d) => ({ id: d.id, name: d.name, count: d.members }))}
        fieldName="name"
        idField="departmentId"
        actionData={actionData}
        detailHref={showDetails ? (id) => `${PATH}/${encodeURIComponent(id)}` : undefined}
        labels={{
          noun: "Department",
          countHead: "Members",
          addLabel: "Add department",
          emptyTitle: "No departments yet.",
          emptyDescription: "Add the departments of your organization.",
          removeQuestion: (name) => `Remove the department ${name}?`,
          removeConsequence: (n) => (n === 1 ? "1 member will have no department." : `${n} members will have no department.`),
        }}
      />
    </div>
  );
}
