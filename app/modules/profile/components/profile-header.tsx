import { Link } from "@remix-run/react";
import { copy } from "~/lib/copy";
import type { ProfilePageData } from "../profile-page-data";
import { Avatar } from "~/ui/avatar";

/** Name, image, role, department, managers and relationships of the person (002 §2.6). */
export function ProfileHeader({ data }: { data: ProfilePageData }) {
  const words = copy(data.platform);
  const { person } = data;
  const status = person.isDeleted ? words.deactivated : person.isExcluded ? words.excluded : null;
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
        <Detail label={words.managers}>
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
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-1.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Badge({ tone, children }: { tone: "indigo" | "slate"; children: React.ReactNode }) {
  const classes = tone === "indigo" ? "bg-indigo-50 text-indigo-700 ring-indigo-600/20" : "bg-slate-100 text-slate-700 ring-slate-500/20";
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}>{children}</span>;
}
