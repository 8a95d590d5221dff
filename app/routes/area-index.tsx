import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { areaPages, pageMeta } from "~/lib/navigation";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { PageCards } from "~/ui/page-cards";
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
      <PageCards
        pages={data.pages.map((page) => ({
          id: page.id,
          href: page.href,
          label: page.label,
          description: page.title !== page.label ? page.title : null,
        }))}
        emptyText={words.noAreaPages}
      />
    </>
  );
}
