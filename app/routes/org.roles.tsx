import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { requirePermission } from "~/modules/auth/session.server";
import { NamedList, type NamedListActionData } from "~/modules/org/named-list";
import { namedListAction } from "~/modules/org/named-list.route.server";
import { ROLE_EXISTS, RoleActionSchema } from "~/modules/org/roles.schema";
import { listRoles, roleList } from "~/modules/org/roles.server";
import { PageHeader } from "~/ui/page-header";

const PATH = "/organization/settings/roles";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRoles");
  return data({ roles: await listRoles(context.db, viewer.company.id) });
}

export const action = namedListAction({
  permission: "ViewRoles",
  path: PATH,
  schema: RoleActionSchema,
  store: roleList,
  nameField: "role",
  idField: "roleId",
  exists: ROLE_EXISTS,
  noun: "Role",
});

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
