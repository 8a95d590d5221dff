import { Link } from "@remix-run/react";
import { lazy, Suspense } from "react";
import type { Copy } from "~/lib/copy";
import type { Crumb } from "~/lib/route-table";
import { Icon, type IconKey } from "../icons";
import { postHomeView, useFramed, useHydrated } from "../use-hydrated";
import { SIDEBAR_TOGGLE_ID } from "./sidebar";
import { MENU_ITEM, MENU_PANEL, UserMenuHeader, UserMenuTrigger } from "./user-menu-parts";

export interface TopBarProps {
  sidebarOpen: boolean;
  /** The toggle's picture: a cross while the phone menu is open. */
  menuIcon?: IconKey;
  onToggleSidebar: () => void;
  crumbs: Crumb[];
  viewer: { name: string; email: string; imageUrl: string | null };
  words: Copy;
}

export function TopBar({ sidebarOpen, menuIcon = "menu", onToggleSidebar, crumbs, viewer, words }: TopBarProps) {
  const framed = useFramed();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
      <button
        type="button"
        id={SIDEBAR_TOGGLE_ID}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
        className="sidebar-toggle rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span className="sr-only">{words.toggleSidebar}</span>
        <Icon name={menuIcon} />
      </button>
      <Breadcrumbs crumbs={crumbs} />
      <div className="ml-auto flex shrink-0 items-center gap-3">
        {framed ? (
          <button
            type="button"
            onClick={postHomeView}
            className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Icon name="arrowLeft" className="size-4" />
            {words.goBackHome}
          </button>
        ) : null}
        <span className="hidden text-sm font-medium text-slate-700 sm:block">{viewer.name}</span>
        <UserMenu viewer={viewer} words={words} />
      </div>
    </header>
  );
}

/** Route titles with parameters substituted (002 §2.2); the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 flex-1">
      <ol className="crumbs flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1.5">
              {i > 0 ? <Icon name="chevronRight" className="size-4 shrink-0 text-slate-400" /> : null}
              <Link
                to={crumb.href}
                aria-current={last ? "page" : undefined}
                className={`truncate rounded focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  last ? "font-semibold text-slate-900" : "text-slate-500 hover:text-slate-800"
                }`}
              >
                {crumb.title}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The avatar menu with Logout. Logout is a POST form to /sign-out. Before hydration (and so with
 * JavaScript off) the menu is a native <details> disclosure; afterwards it is a Headless UI Menu
 * (./user-menu.tsx), loaded after the page: Headless UI's menu with its positioning is a fifth of
 * a page's first-load JavaScript, and the <details> works until it arrives.
 */
function UserMenu({ viewer, words }: { viewer: TopBarProps["viewer"]; words: Copy }) {
  const hydrated = useHydrated();
  const fallback = <DetailsUserMenu viewer={viewer} words={words} />;
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <HeadlessUserMenu viewer={viewer} words={words} />
    </Suspense>
  );
}

const HeadlessUserMenu = lazy(() => import("./user-menu"));

function DetailsUserMenu({ viewer, words }: { viewer: TopBarProps["viewer"]; words: Copy }) {
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <UserMenuTrigger viewer={viewer} />
      </summary>
      <div className={MENU_PANEL}>
        <UserMenuHeader viewer={viewer} />
        <form method="post" action="/sign-out">
          <button type="submit" className={`${MENU_ITEM} hover:bg-slate-50`}>
            <Icon name="logout" className="size-4 text-slate-400" />
            {words.logout}
          </button>
        </form>
      </div>
    </details>
  );
}
