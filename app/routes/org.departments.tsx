import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { DEPARTMENT_EXISTS, DepartmentActionSchema } from "~/modules/org/departments.schema";
import {
  createDepartment,
  departmentNameTaken,
  findDepartment,
  listDepartments,
  removeDepartment,
  renameDepartment,
} from "~/modules/org/departments.server";
import { NamedList, type NamedListActionData } from "~/modules/org/named-list";
import { PageHeader } from "~/ui/page-header";

const PATH = "/organization/settings/departments";
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewDepartments");
  return data({
    departments: await listDepartments(context.db, viewer.company.id),
    // 002 §6: department details are Teams-type (super admin) only, so Slack-type lists have no links.
    showDetails: hasPermission(viewer.permissions, "ViewDepartmentDetails"),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewDepartments");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: DepartmentActionSchema });
  const echo = { intent: String(formData.get("intent") ?? ""), id: (formData.get("departmentId") as string | null) ?? undefined };
  if (submission.status !== "success") return data({ ...echo, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const companyId = viewer.company.id;

  if (value.intent === "create") {
    if (await departmentNameTaken(context.db, companyId, value.name)) {
      return data({ ...echo, result: submission.reply({ fieldErrors: { name: [DEPARTMENT_EXISTS] } }) }, { status: 400 });
    }
    await createDepartment(context, viewer, value.name);
    return redirectWithToast(PATH, { type: "success", message: `Department "${value.name}" added.` }, { request });
  }
  const department = await findDepartment(context.db, companyId, value.departmentId);
  if (!department) throw notFound();
  if (value.intent === "rename") {
    if (await departmentNameTaken(context.db, companyId, value.name, department.id)) {
      return data({ ...echo, result: submission.reply({ fieldErrors: { name: [DEPARTMENT_EXISTS] } }) }, { status: 400 });
    }
    await renameDepartment(context, viewer, department, value.name);
    return redirectWithToast(PATH, { type: "success", message: `Department renamed to "${value.name}".` }, { request });
  }
  await removeDepartment(context, viewer, department);
  return redirectWithToast(PATH, { type: "success", message: `Department "${department.name}" removed.` }, { request });
}

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
