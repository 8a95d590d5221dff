import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Permission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import type { NamedListStore } from "./named-list.server";

const notFound = () => new Response("Not Found", { status: 404 });

/** The form fields of one Roles/Departments action, told apart by the hidden `intent`. */
type NamedListAction<N extends string, I extends string> =
  | ({ intent: "create" } & Record<N, string>)
  | ({ intent: "rename" } & Record<N | I, string>)
  | ({ intent: "remove" } & Record<I, string>);

/**
 * The Roles and Departments pages' action: add, rename or remove one entry. A taken name is refused
 * on the name field; an entry of another company is a 404.
 */
export function namedListAction<N extends string, I extends string>(spec: {
  permission: Permission;
  path: string;
  schema: z.ZodType<NamedListAction<N, I>>;
  store: NamedListStore;
  nameField: N;
  idField: I;
  /** The error on the name field when the name is taken. */
  exists: string;
  /** "Role", "Department": the toasts say `${noun} "Sales" added.` */
  noun: string;
}) {
  const { path, store, nameField, idField, noun } = spec;
  return async ({ request, context }: ActionFunctionArgs) => {
    const viewer = await requirePermission(request, context, spec.permission);
    const formData = await request.formData();
    const submission = parseWithZod(formData, { schema: spec.schema });
    const echo = { intent: String(formData.get("intent") ?? ""), id: (formData.get(idField) as string | null) ?? undefined };
    if (submission.status !== "success") return data({ ...echo, result: submission.reply() }, { status: 400 });
    const value = submission.value;
    const companyId = viewer.company.id;
    const taken = () => data({ ...echo, result: submission.reply({ fieldErrors: { [nameField]: [spec.exists] } }) }, { status: 400 });

    if (value.intent === "create") {
      const name = (value as Record<N, string>)[nameField];
      if (await store.nameTaken(context.db, companyId, name)) return taken();
      await store.create(context, viewer, name);
      return redirectWithToast(path, { type: "success", message: `${noun} "${name}" added.` }, { request });
    }
    const entry = await store.find(context.db, companyId, (value as Record<I, string>)[idField]);
    if (!entry) throw notFound();
    if (value.intent === "rename") {
      const name = (value as Record<N, string>)[nameField];
      if (await store.nameTaken(context.db, companyId, name, entry.id)) return taken();
      await store.rename(context, viewer, entry, name);
      return redirectWithToast(path, { type: "success", message: `${noun} renamed to "${name}".` }, { request });
    }
    await store.remove(context, viewer, entry);
    return redirectWithToast(path, { type: "success", message: `${noun} "${entry.name}" removed.` }, { request });
  };
}
