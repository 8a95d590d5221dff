import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { copy } from "~/lib/copy";
import type { UsersQuery } from "../users.schema";
import type { UserRow } from "../users.server";
import { BASE, type DialogKind, type UsersPageData } from "../users-page";
import { Avatar } from "~/ui/avatar";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { ActionMenu, type ActionMenuItem } from "~/ui/menu";
import { EmptyState } from "~/ui/empty-state";
import { FieldError } from "~/ui/form-fields";
import { ManagersForm } from "./managers-form";
import { PageHeader } from "~/ui/page-header";
import { useClientNavigation } from "~/ui/client-navigation";
import { SortHeader } from "~/ui/sort-header";
import { useHydrated } from "~/ui/use-hydrated";
import { DataTable } from "~/ui/table";

type LoaderData = UsersPageData;

const SORTS: Array<{ key: UsersQuery["sort"]; label: string }> = [
  { key: "name", label: "Name" },
  { key: "email", label: "E-mail" },
  { key: "department", label: "Department" },
  { key: "status", label: "Status" },
];

function href(back: string, params: Record<string, string | null>) {
  const url = new URL(back, "http://same.origin");
  for (const [key, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.pathname + url.search;
}

function sortProps(data: LoaderData, sortKey: UsersQuery["sort"]) {
  const active = data.query.sort === sortKey;
  return {
    active,
    dir: data.query.dir,
    href: href(data.back, { sort: sortKey, dir: active && data.query.dir === "asc" ? "desc" : "asc", page: null }),
  };
}

/** The list URL with a dialog open for one person (`back` never carries dialog parameters). */
function dialogHref(back: string, kind: DialogKind, userId: string) {
  return `${back}${back.includes("?") ? "&" : "?"}dialog=${kind}&user=${encodeURIComponent(userId)}`;
}

type RowAction =
  | {
      kind: "open";
      dialog: Exclude<DialogKind, "actions">;
      label: string;
      danger?: boolean;
    }
  | { kind: "toggle"; intent: "exclude" | "include"; label: string };

/** What can be done to a person from the list (002 §2.8 row actions), in menu order. */
function rowActionsOf(data: LoaderData, user: Pick<UserRow, "id" | "status">): RowAction[] {
  const active = user.status !== "Deactivated" && user.id !== data.viewerId;
  const actions: RowAction[] = [{ kind: "open", dialog: "edit", label: "Edit" }];
  if (data.canUpdateManagers && active) actions.push({ kind: "open", dialog: "managers", label: "Managers" });
  if (active) {
    const include = user.status === "Inactive";
    actions.push(
      {
        kind: "toggle",
        intent: include ? "include" : "exclude",
        label: include ? "Include" : "Exclude",
      },
      { kind: "open", dialog: "deactivate", label: "Deactivate", danger: true },
      { kind: "open", dialog: "remove", label: "Remove", danger: true }
    );
  }
  return actions;
}

/**
 * A row's actions. Server-rendered (and so without JavaScript) it is one link to the person's
 * actions panel, which keeps each of the list's rows small: the list is rendered on every request
 * and its size is most of what the request costs. Once hydrated it is a Headless UI menu (arrow
 * keys, type-ahead, Escape) whose items are only rendered while it is open.
 */
function RowMenu({ data, user, hydrated }: { data: LoaderData; user: UserRow; hydrated: boolean }) {
  if (!hydrated) {
    return (
      <a href={dialogHref(data.back, "actions", user.id)} className="row-menu" aria-label={`Actions for ${user.name}`}>
        ⋯
      </a>
    );
  }
  return <HydratedRowMenu data={data} user={user} />;
}

function HydratedRowMenu({ data, user }: { data: LoaderData; user: UserRow }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const label = `Actions for ${user.name}`;
  const items: ActionMenuItem[] = rowActionsOf(data, user).map((action) => ({
    label: action.label,
    danger: action.kind === "open" && action.danger,
    onSelect:
      action.kind === "open"
        ? () => navigate(dialogHref(data.back, action.dialog, user.id))
        : () => submit({ intent: action.intent, userId: user.id, back: data.back }, { method: "post" }),
  }));
  return (
    <ActionMenu label={label} items={items}>
      <span aria-hidden="true" className="px-1 text-base leading-none">
        ⋯
      </span>
    </ActionMenu>
  );
}

/** The actions panel (`?dialog=actions`): the same actions as links and a form, no script needed. */
function RowActions({ data, user }: { data: LoaderData; user: Pick<UserRow, "id" | "name" | "status"> }) {
  const clientNavigation = useClientNavigation();
  return (
    <ul className="row-actions mt-4" {...clientNavigation}>
      {rowActionsOf(data, user).map((action) => (
        <li key={action.label}>
          {action.kind === "open" ? (
            <a
              href={dialogHref(data.back, action.dialog, user.id)}
              data-danger={action.danger || undefined}
              aria-label={`${action.label} ${user.name}`}
            >
              {action.label}
            </a>
          ) : (
            <form method="post">
              <input type="hidden" name="intent" value={action.intent} />
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="back" value={data.back} />
              <button type="submit" aria-label={`${action.label} ${user.name}`}>
                {action.label}
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The form's own errors; `all` adds field errors too (a refusal posted without its dialog open). */
function FormErrors({ result, all = false }: { result?: SubmissionResult<string[]>; all?: boolean }) {
  const errors = all ? Object.values(result?.error ?? {}).flatMap((e) => e ?? []) : result?.error?.[""];
  if (!errors || errors.length === 0) return null;
  return (
    <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

function Hidden({ intent, userId, back }: { intent: string; userId: string; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500";
const labelClass = "block text-sm font-medium text-slate-700";

function EditForm({ data, result }: { data: LoaderData; result?: SubmissionResult<string[]> }) {
  const dialog = data.dialog!;
  const [form, fields] = useForm({
    id: `edit-user-${dialog.user.id}`,
    lastResult: result,
    defaultValue: {
      name: dialog.user.name,
      title: dialog.user.title ?? "",
      departmentId: dialog.user.departmentId ?? "",
      roleId: dialog.user.roleId ?? "",
    },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <Hidden intent="edit" userId={dialog.user.id} back={data.back} />
      <div>
        <label htmlFor={fields.name.id} className={labelClass}>
          Name
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} all />
      </div>
      <div>
        <label htmlFor={fields.title.id} className={labelClass}>
          Title
        </label>
        <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} all />
      </div>
      <div>
        <label htmlFor={fields.departmentId.id} className={labelClass}>
          Department
        </label>
        <select {...getSelectProps(fields.departmentId)} className={inputClass}>
          <option value="">—</option>
          {dialog.departments?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.departmentId.errorId} errors={fields.departmentId.errors} all />
      </div>
      <div>
        <label htmlFor={fields.roleId.id} className={labelClass}>
          Role
        </label>
        <select {...getSelectProps(fields.roleId)} className={inputClass}>
          <option value="">—</option>
          {dialog.roles?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.roleId.errorId} errors={fields.roleId.errors} all />
      </div>
      <FormErrors result={result} />
      <DialogButtons back={data.back} submit="Save" />
    </Form>
  );
}

/** Managers of a person (UpdateUserManagers): the shared managers form, over the list. */
function ManagersDialogForm({ data, result }: { data: LoaderData; result?: SubmissionResult<string[]> }) {
  const dialog = data.dialog!;
  const listParams = [...new URL(data.back, "http://same.origin").searchParams];
  return (
    <ManagersForm
      platform={data.platform}
      managers={dialog.managers!}
      errors={result?.error?.managerIds}
      searchAction={BASE}
      getFields={[...listParams, ["dialog", "managers"], ["user", dialog.user.id]]}
      postFields={[
        ["intent", "managers"],
        ["userId", dialog.user.id],
        ["back", data.back],
      ]}
    >
      <FormErrors result={result} />
      <DialogButtons back={data.back} submit="Save" />
    </ManagersForm>
  );
}

function ConfirmForm({ data, result }: { data: LoaderData; result?: SubmissionResult<string[]> }) {
  const dialog = data.dialog!;
  return (
    <Form method="post" className="mt-4">
      <Hidden intent={dialog.kind} userId={dialog.user.id} back={data.back} />
      <FormErrors result={result} />
      <DialogButtons back={data.back} submit={dialog.kind === "remove" ? "Remove" : "Deactivate"} danger />
    </Form>
  );
}

function DialogButtons({ back, submit, danger }: { back: string; submit: string; danger?: boolean }) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <ButtonLink to={back} variant="secondary">
        Cancel
      </ButtonLink>
      <Button type="submit" variant={danger ? "danger" : "primary"}>
        {submit}
      </Button>
    </div>
  );
}

const DIALOG_TEXT: Record<DialogKind, { title: (name: string) => string; description?: string }> = {
  actions: { title: (name) => `Actions for ${name}` },
  edit: { title: (name) => `Edit ${name}` },
  managers: { title: (name) => `Managers of ${name}` },
  deactivate: {
    title: (name) => `Deactivate ${name}?`,
    description: "They are signed out and shown as Deactivated. Their data, manager links and memberships are kept.",
  },
  remove: {
    title: (name) => `Remove ${name}?`,
    description: "They are signed out and taken out of the organisation: manager links, groups and relationships are deleted.",
  },
};

function UserDialog({ data, result }: { data: LoaderData; result?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialog = data.dialog;
  if (!dialog) return null;
  const text = DIALOG_TEXT[dialog.kind];
  const body =
    dialog.kind === "actions" ? (
      <RowActions data={data} user={dialog.user} />
    ) : dialog.kind === "edit" ? (
      <EditForm data={data} result={result} />
    ) : dialog.kind === "managers" ? (
      <ManagersDialogForm data={data} result={result} />
    ) : (
      <ConfirmForm data={data} result={result} />
    );
  if (hydrated) {
    return (
      <Modal open onClose={() => navigate(data.back)} title={text.title(dialog.user.name)} description={text.description} size="md">
        {body}
      </Modal>
    );
  }
  // Without JavaScript: the same form as a panel above the list.
  return (
    <section aria-labelledby="user-dialog-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="user-dialog-title" className="text-lg font-semibold text-slate-900">
        {text.title(dialog.user.name)}
      </h2>
      {text.description ? <p className="mt-1 text-sm text-slate-600">{text.description}</p> : null}
      {body}
    </section>
  );
}

/** The Users page (002 §2.8): search, the list, its row actions and the dialog open over it. */
export function UsersPage({ data, result }: { data: LoaderData; result?: SubmissionResult<string[]> }) {
  const words = copy(data.platform);
  const clientNavigation = useClientNavigation();
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader title="Users" description={`${data.total} ${data.total === 1 ? "person" : "people"}`} />
      {!data.dialog ? <FormErrors result={result} all /> : null}
      <UserDialog data={data} result={result} />

      {/* The list's links and forms are plain elements; these handlers keep them client-side. */}
      <div {...clientNavigation}>
        <form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <label htmlFor="users-q" className={labelClass}>
              Search
            </label>
            <input
              id="users-q"
              name="q"
              type="search"
              defaultValue={data.query.q}
              placeholder="Name, e-mail or title"
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="users-status" className={labelClass}>
              Status
            </label>
            <select id="users-status" name="status" defaultValue={data.query.status} className={inputClass}>
              <option value="all">All</option>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
              <option value="deactivated">Deactivated</option>
            </select>
          </div>
          <input type="hidden" name="sort" value={data.query.sort} />
          <input type="hidden" name="dir" value={data.query.dir} />
          <button type="submit" className={buttonClass("secondary")}>
            Search
          </button>
        </form>

        {data.items.length === 0 ? (
          <EmptyState title={words.noUserData} />
        ) : (
          <DataTable
            label="Users"
            dataRows
            actions
            columns={[
              <SortHeader key="name" label={SORTS[0].label} {...sortProps(data, "name")} />,
              <SortHeader key="email" label={SORTS[1].label} {...sortProps(data, "email")} />,
              "Title",
              words.role,
              <SortHeader key="department" label={SORTS[2].label} {...sortProps(data, "department")} />,
              <th key="managees" scope="col" className="px-3 py-2 text-right font-semibold">
                Managees
              </th>,
              <SortHeader key="status" label={SORTS[3].label} {...sortProps(data, "status")} />,
            ]}
          >
            {data.items.map((user) => (
              <tr key={user.id} data-user-id={user.id}>
                <td>
                  <a href={`${BASE}/${user.id}`} className="person-link">
                    <Avatar name={user.name} imageUrl={user.imageUrl} size="sm" />
                    {user.name}
                  </a>
                </td>
                <td>{user.email}</td>
                <td>{user.title}</td>
                <td>{user.role}</td>
                <td>{user.department}</td>
                <td className="num">{user.managees}</td>
                <td>
                  <span className="status-badge" data-status={user.status}>
                    {user.status}
                  </span>
                </td>
                <td className="text-right">
                  <RowMenu data={data} user={user} hydrated={hydrated} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}

        {data.pages > 1 ? (
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-700">
            <span>
              Page {data.page} of {data.pages}
            </span>
            <span className="flex gap-2">
              {data.page > 1 ? (
                <a href={href(data.back, { page: String(data.page - 1) })} className={buttonClass("secondary")} rel="prev">
                  Previous
                </a>
              ) : null}
              {data.page < data.pages ? (
                <a href={href(data.back, { page: String(data.page + 1) })} className={buttonClass("secondary")} rel="next">
                  Next
                </a>
              ) : null}
            </span>
          </nav>
        ) : null}
      </div>
    </>
  );
}
