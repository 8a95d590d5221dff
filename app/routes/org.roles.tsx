import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { NamedList, type NamedListActionData } from "~/modules/org/named-list";
import { ROLE_EXISTS, RoleActionSchema } from "~/modules/org/roles.schema";
import { createRole, findRole, listRoles, removeRole, renameRole, roleNameTaken } from "~/modules/org/roles.server";
import { PageHeader } from "~/ui/page-header";

const PATH = "/organization/settings/roles";
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRoles");
  return data({ roles: await listRoles(context.db, viewer.company.id) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRoles");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RoleActionSchema });
  const echo = { intent: String(formData.get("intent") ?? ""), id: (formData.get("roleId") as string | null) ?? undefined };
  if (submission.status !== "success") return data({ ...echo, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const companyId = viewer.company.id;

  if (value.intent === "create") {
    if (await roleNameTaken(context.db, companyId, value.role)) {
      return data({ ...echo, result: submission.reply({ fieldErrors: { role: [ROLE_EXISTS] } }) }, { status: 400 });
    }
    await createRole(context, viewer, value.role);
    return redirectWithToast(PATH, { type: "success", message: `Role "${value.role}" added.` }, { request });
  }
  const role = await findRole(context.db, companyId, value.roleId);
  if (!role) throw notFound();
  if (value.intent === "rename") {
    if (await roleNameTaken(context.db, companyId, value.role, role.id)) {
      return data({ ...echo, result: submission.reply({ fieldErrors: { role: [ROLE_EXISTS] } }) }, { status: 400 });
    }
    await renameRole(context, viewer, role, value.role);
    return redirectWithToast(PATH, { type: "success", message: `Role renamed to "${value.role}".` }, { request });
  }
  await removeRole(context, viewer, role);
  return redirectWithToast(PATH, { type: "success", message: `Role "${role.name}" removed.` }, { request });
}

export const meta: MetaFunction = () => [{ title: pageTitle("Roles") }];

export default function RolesPage() {
  const { roles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as NamedListActionData | undefined;
  return (
    <div>
      <PageHeader title="Roles" description="The roles people can hold in your organization." />
      <NamedList
        rows={roles.map((r) => ({ id: r.id, name: r.name, count: r.people }))}
        fieldName="role"
        idField="roleId"
        actionData={actionData}
        labels={{
          noun: "Role",
          countHead: "People",
          addLabel: "Add role",
          emptyTitle: "No roles yet.",
          emptyDescription: "Add the roles people hold in your organization.",
          removeQuestion: (name) => `Remove the role ${name}?`,
          removeConsequence: (n) => (n === 1 ? "1 person will have no role." : `${n} people will have no role.`),
        }}
      />
    </div>
  );
}
