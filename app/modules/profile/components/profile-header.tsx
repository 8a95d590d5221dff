import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { ManagersForm } from "~/modules/org/components/managers-form";
import type { ProfilePageData } from "../profile-page-data";
import { Avatar } from "~/ui/avatar";
import { DialogOrPanel } from "~/ui/dialog-or-panel";
import { Button, ButtonLink } from "~/ui/button";

/** Name, image, role, department, managers and relationships of the person (002 §2.6). */
export function ProfileHeader({ data }: { data: ProfilePageData }) {
  const words = copy(data.platform);
  const { person } = data;
  const status = person.isDeleted ? words.deactivated : person.isExcluded ? words.excluded : null;
  const here = `${data.basePath}/${data.activeTab}`;
  const mayEditManagers = !data.isOwn && !person.isDeleted && hasPermission(data.permissions, "UpdateUserManagers");
  return (
    <section aria-labelledby="profile-name" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={person.name} imageUrl={person.imageUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="text-2xl font-semibold tracking-tight text-slate-900">
              {person.name}
            </h1>
            {person.isTeamAdmin ? <Badge tone="indigo">Admin</Badge> : null}
            {status ? <Badge tone="slate">{status}</Badge> : null}
          </div>
          {person.title ? <p className="mt-0.5 text-sm text-slate-600">{person.title}</p> : null}
        </div>
      </div>

      <dl className="mt-6 grid gap-6 border-t border-slate-100 pt-6 sm:grid-cols-2 lg:grid-cols-4">
        <Detail label={words.role}>{person.roleName ?? "—"}</Detail>
        <Detail label={words.department}>{person.departmentName ?? "—"}</Detail>
        <Detail
          label={words.managers}
          action={
            mayEditManagers ? (
              <Link
                to={`${here}?dialog=managers`}
                preventScrollReset
                className="text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                aria-label={words.editManagersOf(person.name)}
              >
                {words.editManagers}
              </Link>
            ) : null
          }
        >
          {data.managers.length === 0 ? (
            <span className="text-slate-500">{words.noManagers}</span>
          ) : (
            <ul className="space-y-2">
              {data.managers.map((manager) => (
                <li key={manager.id} className="flex items-center gap-2">
                  <Avatar name={manager.name} imageUrl={manager.imageUrl} size="sm" />
                  {data.kind === "org-users" ? (
                    <Link className="font-medium text-indigo-700 hover:underline" to={`/organization/settings/users/${encodeURIComponent(manager.id)}`}>
                      {manager.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{manager.name}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail label={words.relationships}>
          <ul className="flex flex-wrap gap-1.5">
            {data.relationships.map((relationship) => (
              <li key={relationship.id}>
                <Link
                  to={`/my-team/${encodeURIComponent(relationship.id)}`}
                  className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
                >
                  {relationship.name}
                </Link>
              </li>
            ))}
          </ul>
        </Detail>
      </dl>
      {mayEditManagers && data.managersDialog ? <ManagersDialog data={data} here={here} /> : null}
    </section>
  );
}

/**
 * The managers form over the profile (`?dialog=managers`, UpdateUserManagers): a Headless UI
 * dialog once hydrated, a panel under the header's details without JavaScript. Search is a GET back to this
 * tab with the dialog open; Save posts intent=managers to the profile's action.
 */
function ManagersDialog({ data, here }: { data: ProfilePageData; here: string }) {
  const words = copy(data.platform);
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const result = actionData?.result;
  const formErrors = result?.error?.[""];
  const title = words.managersOf(data.person.name);
  const body = (
    <ManagersForm
      platform={data.platform}
      managers={data.managersDialog!}
      errors={result?.error?.managerIds}
      searchAction={here}
      action={`${here}?dialog=managers`}
      getFields={[["dialog", "managers"]]}
      postFields={[["intent", "managers"]]}
    >
      {formErrors && formErrors.length > 0 ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {formErrors.join(" ")}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <ButtonLink to={here} variant="secondary" preventScrollReset>
          {words.cancel}
        </ButtonLink>
        <Button type="submit" variant="primary">
          {words.save}
        </Button>
      </div>
    </ManagersForm>
  );
  return (
    <DialogOrPanel id="managers-dialog" title={title} closeTo={here}>
      {body}
    </DialogOrPanel>
  );
}

function Detail({ label, action, children }: { label: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-1.5 text-sm text-slate-900">
        {children}
        {action ? <div className="mt-2">{action}</div> : null}
      </dd>
    </div>
  );
}

function Badge({ tone, children }: { tone: "indigo" | "slate"; children: React.ReactNode }) {
  const classes = tone === "indigo" ? "bg-indigo-50 text-indigo-700 ring-indigo-600/20" : "bg-slate-100 text-slate-700 ring-slate-500/20";
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}>{children}</span>;
}
