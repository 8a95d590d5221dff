import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Avatar } from "~/ui/avatar";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";

interface Person {
  id: string;
  name: string;
  email: string;
  imageUrl: string | null;
}

const INPUT = "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600";

/** The admins list or the super admins list (002 §3 "Admin entry: id, email, name, image"). */
export function AdminListPage({ data, result }: {
  data: { kind: "team" | "super"; admins: Person[]; candidates: Person[]; q: string; canManage: boolean; viewerId: string };
  result?: SubmissionResult<string[]>;
}) {
  const isSuper = data.kind === "super";
  const title = isSuper ? "Super Admins" : "Admins";
  const noun = isSuper ? "super admin" : "admin";
  const errors = [...(result?.error?.[""] ?? []), ...(result?.error?.userIds ?? [])];
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={isSuper ? "Super admins administer the whole organization." : "Admins manage reviews, surveys and feedback loops."}
      />
      {errors.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}

      {data.canManage ? (
        <section aria-labelledby="add-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="add-heading" className="text-sm font-semibold text-slate-900">
            Add {noun}s
          </h2>
          <Form method="get" role="search" className="mt-3 flex flex-wrap gap-2">
            <label htmlFor="admin-search" className="sr-only">
              Search people by name or e-mail
            </label>
            <input id="admin-search" name="q" type="search" defaultValue={data.q} maxLength={100} placeholder="Search people by name or e-mail" className={`${INPUT} max-w-sm`} />
            <button type="submit" className={buttonClass("secondary")}>
              Search
            </button>
          </Form>
          {data.q ? (
            data.candidates.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No one matches "{data.q}" who isn't already {isSuper ? "a super admin" : "an admin"}.</p>
            ) : (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="add" />
                <fieldset>
                  <legend className="sr-only">People to add</legend>
                  <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                    {data.candidates.map((p) => (
                      <li key={p.id}>
                        <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                          <input type="checkbox" name="userIds" value={p.id} className="size-4 rounded border-slate-300" />
                          <Avatar name={p.name} imageUrl={p.imageUrl} size="sm" />
                          <span className="font-medium text-slate-900">{p.name}</span>
                          <span className="text-slate-600">{p.email}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                <button type="submit" className={buttonClass("primary", "mt-3")}>
                  Add selected
                </button>
              </Form>
            )
          ) : (
            <p className="mt-2 text-sm text-slate-600">Search for people to add; up to 20 matches are shown.</p>
          )}
        </section>
      ) : null}

      {data.admins.length === 0 ? (
        <EmptyState title={`No ${noun}s yet.`} description={data.canManage ? `Search for people above to add ${noun}s.` : undefined} />
      ) : (
        <DataTable label={title} naming="frame" flat header="muted" density="roomy" actions={data.canManage} columns={["Name", "E-mail"]}>
          {data.admins.map((p) => (
            <tr key={p.id} data-id={p.id}>
              <td className="px-4 py-3">
                <span className="flex items-center gap-3 font-medium text-slate-900">
                  <Avatar name={p.name} imageUrl={p.imageUrl} size="sm" />
                  {p.name}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">{p.email}</td>
              {data.canManage ? (
                <td className="px-4 py-3 text-right">
                  <details className="inline-block text-left">
                    <summary className={buttonClass("ghost", "cursor-pointer list-none text-red-700")}>Remove</summary>
                    <Form method="post" className="mt-2 w-72 rounded-md border border-red-200 bg-red-50 p-3">
                      <p className="text-sm text-slate-900">
                        {p.id === data.viewerId ? `Remove yourself as ${noun}?` : `Remove ${p.name} as ${noun}?`}
                      </p>
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={p.id} />
                      <button type="submit" className={buttonClass("danger", "mt-3")}>
                        Remove
                      </button>
                    </Form>
                  </details>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
