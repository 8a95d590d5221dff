import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { mayPickScope, PICK_SCOPE_GATES } from "~/modules/access/pickable-people.server";
import { requirePermission } from "~/modules/auth/session.server";
import { isPickScope } from "~/modules/people/search";
import { searchPeople } from "~/modules/people/search.server";

/**
 * The people picker's search (?scope=&q=): at most 20 people of the viewer's company as JSON,
 * checked with the gate of the page the scope serves (no session → sign-in, missing gate → home).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const scope = url.searchParams.get("scope");
  if (!isPickScope(scope)) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, PICK_SCOPE_GATES[scope]);
  if (!mayPickScope(viewer, scope)) throw new Response("Not Found", { status: 404 });
  const people = await searchPeople(context.db, viewer, scope, url.searchParams.get("q") ?? "");
  return Response.json({ people }, { headers: { "Cache-Control": "private, no-store" } });
}
