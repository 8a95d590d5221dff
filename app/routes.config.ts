import type { UNSAFE_DefineRoutesFunction as DefineRoutesFunction } from "@remix-run/dev";
import { ROUTES, SUPPORT_ROUTES } from "./lib/route-table";

/**
 * Remix route config generated from the one route table. Public pages sit under a plain public
 * layout, signed-in pages under the shell layout (sidebar, top bar, breadcrumbs); support routes
 * (auth endpoints, demo pages, resource routes) hang off the root.
 *
 * Entries without a module of their own (areas not built yet) are not registered one by one:
 * each top-level segment gets one splat route to routes/placeholder.tsx, which matches the path
 * against the table itself (permission, title, 404 for paths the table does not know). React
 * Router compiles and ranks every route on each match, several times per request; registering
 * ~140 routes cost about 3 ms of CPU per request. Giving an entry a module registers it here.
 */
export function defineAppRoutes(defineRoutes: DefineRoutesFunction) {
  const placeholderAreas = new Set(
    ROUTES.filter((r) => r.layout === "shell" && !r.module).map((r) => r.path.split("/")[1]),
  );
  return defineRoutes((route) => {
    route("", "routes/_public.tsx", { id: "layout-public" }, () => {
      for (const entry of ROUTES.filter((r) => r.layout === "public")) {
        route(entry.path, entry.module ?? "routes/placeholder.tsx", { id: entry.id, index: entry.path === "/" });
      }
    });
    route("", "routes/_shell.tsx", { id: "layout-shell" }, () => {
      const registered = new Set<string>();
      for (const entry of ROUTES.filter((r) => r.layout === "shell" && r.module)) {
        const path = entry.remixPath ?? entry.path;
        if (registered.has(path)) continue;
        registered.add(path);
        route(path, entry.module!, { id: entry.id });
      }
      for (const segment of placeholderAreas) {
        route(`/${segment}/*`, "routes/placeholder.tsx", { id: `placeholder-${segment}` });
      }
    });
    for (const entry of SUPPORT_ROUTES) {
      route(entry.path, entry.module, { id: entry.id });
    }
  });
}
