import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { matchRoute } from "~/lib/route-table";
import { requirePermission } from "~/modules/auth/session.server";
import { DEFAULT_PROFILE_TAB } from "~/modules/org/profile-tabs";

/** 002 §2.1: "A bare user path redirects to feedback-insights" (after the route's permission check). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  if (!match?.entry.permission) throw new Response("Not Found", { status: 404 });
  await requirePermission(request, context, match.entry.permission);
  return redirect(`${url.pathname.replace(/\/+$/, "")}/${DEFAULT_PROFILE_TAB}${url.search}`);
}
