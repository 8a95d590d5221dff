import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const match = matchRoute(new URL(request.url).pathname);
  if (!match?.entry.permission) throw new Response("Not Found", { status: 404 });
  await requirePermission(request, context, match.entry.permission);
  return json({ title: match.entry.title, area: match.entry.area ?? match.entry.title, buildsIn: match.entry.buildsIn ?? null });
}

export default function Placeholder() {
  const data = useLoaderData<typeof loader>();
  return <p>{data.area}</p>;
}
