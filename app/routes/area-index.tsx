import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { areaPages, pageMeta } from "~/lib/navigation";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { EmptyState } from "~/ui/empty-state";
import { Icon } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";

/** /reviews, /surveys, /analytics, /workflows, /organization: the area's pages this person may open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const match = matchRoute(new URL(request.url).pathname);
  if (!match?.entry.permission) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, match.entry.permission);
  return data({
    title: match.entry.title,
    platform: viewer.company.platform,
    pages: areaPages(match.entry.id, viewer.permissions),
  });
}

export const meta = pageMeta;

export default function AreaIndex() {
  const data = useLoaderData<typeof loader>();
  const words = copy(data.platform);
  return (
    <>
      <PageHeader title={data.title} />
      {data.pages.length === 0 ? (
        <EmptyState title={words.noAreaPages} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.pages.map((page) => (
            <li key={page.id}>
              <Link
                to={page.href}
                className="group flex h-full items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{page.label}</span>
                  {page.title !== page.label ? <span className="block text-xs text-slate-500">{page.title}</span> : null}
                </span>
                <Icon name="chevronRight" className="size-4 text-slate-400 group-hover:text-indigo-600" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
