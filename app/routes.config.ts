import type { UNSAFE_DefineRoutesFunction as DefineRoutesFunction } from "@remix-run/dev";
import { ROUTES, SUPPORT_ROUTES } from "./lib/route-table";

/**
 * Remix route config generated from the one route table. Public pages sit under a plain public
 * layout, signed-in pages under the shell layout (sidebar, top bar, breadcrumbs); support routes
 * (auth endpoints, demo pages, resource routes) hang off the root.
 */
export function defineAppRoutes(defineRoutes: DefineRoutesFunction) {
  return defineRoutes((route) => {
    route("", "routes/_public.tsx", { id: "layout-public" }, () => {
      for (const entry of ROUTES.filter((r) => r.layout === "public")) {
        route(entry.path, entry.module ?? "routes/placeholder.tsx", { id: entry.id, index: entry.path === "/" });
      }
    });
    route("", "routes/_shell.tsx", { id: "layout-shell" }, () => {
      for (const entry of ROUTES.filter((r) => r.layout === "shell")) {
        route(entry.path, entry.module ?? "routes/placeholder.tsx", { id: entry.id });
      }
    });
    for (const entry of SUPPORT_ROUTES) {
      route(entry.path, entry.module, { id: entry.id });
    }
  });
}
