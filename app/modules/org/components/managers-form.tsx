import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { copy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import type { ManagerChoices } from "../users-page";
import { MANAGER_CHOICES } from "../managers";
import { buttonClass } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";

const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500";
const labelClass = "block text-sm font-medium text-slate-700";

/**
 * Managers of a person (UpdateUserManagers), on the Users page and on a profile: the ticked people
 * (at first the current managers), then others to tick. A company of thousands is not one long
 * list: MANAGER_CHOICES people at a time and a search to find others. It is one form: Search
 * submits it as a GET to `searchAction` (`formMethod`) with `getFields` (the page's place and the
 * open dialog) and the ticks, so it works without JavaScript and keeps what was ticked; Save posts
 * it with `postFields` and the ticked `managerIds` (replaceManagers in users.server.ts).
 */
export function ManagersForm({
  platform,
  managers,
  errors,
  searchAction,
  getFields,
  postFields,
  action,
  children,
}: {
  platform: Platform;
  managers: ManagerChoices;
  errors?: string[] | null;
  searchAction: string;
  getFields: Array<[string, string]>;
  postFields: Array<[string, string]>;
  /** Where Save posts; the current page when absent. */
  action?: string;
  /** Form errors and the dialog's buttons. */
  children: ReactNode;
}) {
  const people = [...managers.ticked.map((p) => ({ ...p, checked: true })), ...managers.candidates.map((p) => ({ ...p, checked: false }))];
  return (
    <Form method="post" action={action} className="mt-4 space-y-4" key={`${managers.search}|${managers.ticked.map((p) => p.id).join(",")}`}>
      {/* For the GET (search): the page's place and the dialog. The POST ignores them. */}
      {getFields.map(([name, value]) => (
        <input key={`get-${name}`} type="hidden" name={name} value={value} />
      ))}
      {postFields.map(([name, value]) => (
        <input key={`post-${name}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="managers-search" className={labelClass}>
            Find people
          </label>
          <input
            id="managers-search"
            name="mq"
            type="search"
            defaultValue={managers.search}
            placeholder="Name or e-mail"
            className={inputClass}
          />
        </div>
        <button type="submit" formMethod="get" formAction={searchAction} className={buttonClass("secondary")}>
          Search
        </button>
      </div>
      <fieldset aria-describedby={errors ? "managerIds-error" : "managerIds-hint"} aria-invalid={errors ? true : undefined}>
        <legend className={labelClass}>Managers</legend>
        {people.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {managers.search ? `Nobody matches "${managers.search}".` : copy(platform).noManagers}
          </p>
        ) : (
          <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {people.map((person) => (
              <li key={person.id}>
                <label className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    name="managerIds"
                    value={person.id}
                    defaultChecked={person.checked}
                    className="size-4 rounded border-slate-300"
                  />
                  <span className="font-medium text-slate-900">{person.name}</span>
                  <span className="text-slate-500">{person.email}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p id="managerIds-hint" className="mt-1 text-xs text-slate-500">
          {managers.more
            ? `Showing the first ${MANAGER_CHOICES} people${
                managers.search ? " that match" : ""
              }; search to find others. Ticked people become the managers.`
            : "Ticked people become the managers."}
        </p>
        <FieldError id="managerIds-error" errors={errors ?? undefined} />
      </fieldset>
      {children}
    </Form>
  );
}
