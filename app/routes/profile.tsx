import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { DEFAULT_PROFILE_TAB, parseProfilePath, profileTabs } from "~/modules/org/profile-tabs";
import { loadProfile, personExists, type ProfileBase } from "~/modules/org/profile.server";
import { Avatar } from "~/ui/avatar";
import { EmptyState } from "~/ui/empty-state";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * A person's profile tab under any of its four bases (002 §2.6). The route's own permission is
 * checked first; the person (and the relationship or group in the path) must belong to the
 * viewer's company and the person must really be in that relationship or group with the viewer
 * (or the viewer reads everyone: app/modules/access/people.server.ts), otherwise 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  const path = parseProfilePath(url.pathname);
  if (!match?.entry.permission || !path) throw notFound();
  const viewer = await requirePermission(request, context, match.entry.permission);
  // 002 §2.1: "A bare user path redirects to feedback-insights" (after the permission check).
  if (!path.tab) throw redirect(`${path.basePath}/${DEFAULT_PROFILE_TAB}${url.search}`);
  const companyId = viewer.company.id;
  const isOwn = path.userId === viewer.user.id;

  // /my-profile is always one's own: a colleague's id leads to one's own profile (same tab);
  // an id that is not a person of this company is a 404 like any other foreign record.
  if (path.kind === "my-profile" && !isOwn) {
    if (await personExists(context.db, companyId, path.userId)) {
      throw redirect(`/my-profile/${encodeURIComponent(viewer.user.id)}/${path.tab}`);
    }
    throw notFound();
  }

  const tabs = profileTabs(path.kind, isOwn, viewer.permissions);
  if (!tabs.some((tab) => tab.id === path.tab)) {
    // A tab this viewer does not get here (e.g. Performance on one's own profile): the default tab.
    throw redirect(`${path.basePath}/${DEFAULT_PROFILE_TAB}`);
  }

  const base: ProfileBase =
    path.kind === "my-team"
      ? { kind: "my-team", relationshipId: path.relationshipId! }
      : path.kind === "my-groups"
        ? { kind: "my-groups", groupId: path.groupId! }
        : { kind: path.kind };
  const profile = await loadProfile(context.db, viewer, path.userId, base);
  if (!profile) throw notFound();

  const crumbLabels: Record<string, string> = { userId: profile.person.name };
  if (path.relationshipId && profile.contextName) crumbLabels.relationshipId = profile.contextName;
  if (path.groupId && profile.contextName) crumbLabels.groupId = profile.contextName;

  return data({
    ...profile,
    platform: viewer.company.platform,
    isOwn,
    kind: path.kind,
    basePath: path.basePath,
    tabs,
    activeTab: path.tab,
    crumbLabels,
  });
}

export const meta = pageMeta;

export default function ProfilePage() {
  const data = useLoaderData<typeof loader>();
  const words = copy(data.platform);
  const { person } = data;
  const active = data.tabs.find((tab) => tab.id === data.activeTab) ?? data.tabs[0];
  const status = person.isDeleted ? words.deactivated : person.isExcluded ? words.excluded : null;

  return (
    <div className="space-y-6">
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

      <div>
        <nav aria-label="Profile tabs" className="border-b border-slate-200">
          <ul className="-mb-px flex gap-6 overflow-x-auto">
            {data.tabs.map((tab) => {
              const current = tab.id === active.id;
              return (
                <li key={tab.id}>
                  <Link
                    to={`${data.basePath}/${tab.id}`}
                    aria-current={current ? "page" : undefined}
                    preventScrollReset
                    className={`inline-block whitespace-nowrap border-b-2 px-1 pb-3 pt-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                      current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700"
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-label={active.label} className="pt-6">
          <EmptyState icon="analytics" title={words.notYetAvailable(active.label)} description={active.upcoming} />
        </section>
      </div>
    </div>
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
