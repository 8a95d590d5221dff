import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { matchRoute } from "~/lib/route-table";

export const meta: MetaFunction = ({ location }) => {
  const match = matchRoute(location.pathname);
  return [{ title: pageTitle(match?.entry.title ?? "Page not found") }];
};

/**
 * Public pages (sign-in and its steps, the not-found page). 002 §2.2: "Public pages show a
 * loader for 1 second": a CSS-only overlay that fades after one second on the first load, so it
 * needs no JavaScript and never blocks clicks (pointer-events: none).
 */
export default function PublicLayout() {
  return (
    <div className="relative min-h-screen bg-slate-50">
      <div aria-hidden="true" className="public-loader pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-slate-50">
        <span className="size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
      </div>
      <Outlet />
    </div>
  );
}
