import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { resolveCrumbLabels } from "~/modules/org/labels.server";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";

/**
 * Every route of the table whose area is not built yet. It checks the route's permission like a
 * real page would and says plainly that the page is not available yet and what it will offer; it
 * shows no made-up data.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const match = matchRoute(new URL(request.url).pathname);
  if (!match?.entry.permission) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, match.entry.permission);
  // Ids of people, departments, groups and relationships must be the viewer's company's.
  const { labels, missing } = await resolveCrumbLabels(context.db, viewer.company.id, match.params);
  if (missing.length > 0) throw new Response("Not Found", { status: 404 });
  const title = match.entry.title.replace(/:(\w+)/g, (_, name: string) => labels[name] ?? match.params[name] ?? name);
  return data({
    title,
    area: match.entry.area ?? match.entry.title,
    upcoming: match.entry.upcoming ?? null,
    platform: viewer.company.platform,
    crumbLabels: labels,
  });
}

export const meta = pageMeta;

export default function Placeholder() {
  const data = useLoaderData<typeof loader>();
  const words = copy(data.platform);
  return (
    <>
      <PageHeader title={data.title} />
      <EmptyState
        icon="alert"
        title={words.notYetAvailable(data.area)}
        description={data.upcoming ?? undefined}
      />
    </>
  );
}
