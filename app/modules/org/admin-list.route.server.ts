import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hasPermission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { AdminActionSchema, AdminSearchSchema, CANNOT_ADD, LAST_SUPER_ADMIN } from "./admins.schema";
import { addablePeople, addAdmins, findAdmin, listAdmins, removeAdmin, searchCandidates, type AdminKind } from "./admins.server";

const notFound = () => new Response("Not Found", { status: 404 });
export const ADMIN_LIST_PATH: Record<AdminKind, string> = {
  team: "/organization/admins/admins-list",
  super: "/organization/admins/super-admins-list",
};
const VIEW = { team: "ViewAdmins", super: "ViewSuperAdmins" } as const;
const NOUN = { team: "admin", super: "super admin" } as const;

/**
 * Both admin lists. Viewing needs the list's own gate; adding or removing admins of either kind
 * is super admin only (ViewSuperAdmins), see docs/decisions.md "Organization".
 */
export function adminListLoader(kind: AdminKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const viewer = await requirePermission(request, context, VIEW[kind]);
    const canManage = hasPermission(viewer.permissions, "ViewSuperAdmins");
    const q = AdminSearchSchema.parse(new URL(request.url).searchParams.get("q") ?? "");
    const [admins, candidates] = await Promise.all([
      listAdmins(context.db, viewer.company.id, kind),
      canManage ? searchCandidates(context.db, viewer.company.id, kind, q) : Promise.resolve([]),
    ]);
    return data({ kind, admins, candidates, q, canManage, viewerId: viewer.user.id });
  };
}

export function adminListAction(kind: AdminKind) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const viewer = await requirePermission(request, context, "ViewSuperAdmins");
    const submission = parseWithZod(await request.formData(), { schema: AdminActionSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const value = submission.value;
    const path = ADMIN_LIST_PATH[kind];
    if (value.intent === "add") {
      const people = await addablePeople(context.db, viewer.company.id, value.userIds);
      if (!people) return data({ result: submission.reply({ formErrors: [CANNOT_ADD] }) }, { status: 400 });
      await addAdmins(context, viewer, kind, people);
      const message = people.length === 1 ? `${people[0].name} is now ${kind === "super" ? "a super admin" : "an admin"}.` : `${people.length} people added as ${NOUN[kind]}s.`;
      return redirectWithToast(path, { type: "success", message }, { request });
    }
    const person = await findAdmin(context.db, viewer.company.id, kind, value.userId);
    if (!person) throw notFound();
    if (!(await removeAdmin(context, viewer, kind, person))) {
      return data({ result: submission.reply({ formErrors: [LAST_SUPER_ADMIN] }) }, { status: 400 });
    }
    return redirectWithToast(path, { type: "success", message: `${person.name} is no longer ${kind === "super" ? "a super admin" : "an admin"}.` }, { request });
  };
}
