import { Form } from "@remix-run/react";
import type { Copy } from "~/lib/copy";
import { activeHref, navHref, visibleNavigation, type NavItem, type NavLink } from "~/lib/navigation";
import { hasPermission } from "~/lib/permissions/names";
import { useClientNavigation } from "../client-navigation";
import { Icon, type IconKey } from "../icons";
import { useHydrated } from "../use-hydrated";

// Item styling lives in tailwind.css (`.nav-item`): the sidebar is rendered on every request.
const ITEM = "nav-item";

/** The top bar's button that shows and hides the sidebar (app/ui/shell/top-bar.tsx). */
export const SIDEBAR_TOGGLE_ID = "sidebar-toggle";

export interface SidebarProps {
  /** Beside the page (768 px and wider): shown, or collapsed by the top bar's toggle. */
  open: boolean;
  /** Below 768 px: the menu the top bar's toggle opens over the page. */
  menuOpen: boolean;
  /** Focus left the open menu for somewhere other than its toggle (Tab past its end, a dialog). */
  onFocusLeave?: () => void;
  viewerId: string;
  permissions: readonly string[];
  pathname: string;
  search: string;
  view: "USER" | "ADMIN";
  words: Copy;
  onOpenSettings: () => void;
  /** Pointer over or focus on Settings: start fetching the dialog before the click. */
  onSettingsIntent?: () => void;
}

/**
 * The left sidebar (002 §2.2); its layout is `.sidebar` in app/tailwind.css. From 768 px it stands
 * beside the page, visible by default so it works without JavaScript; the top bar's toggle
 * collapses it with a 300 ms width transition, and `invisible` (applied after the transition)
 * takes the collapsed links out of the tab order. Below 768 px (the Teams and Slack mobile tabs)
 * it is a menu the toggle opens over the page, hidden and out of the tab order until then; without
 * JavaScript its links stand below the top bar instead (docs/decisions.md, "Phone layout").
 */
export function Sidebar({
  open,
  menuOpen,
  onFocusLeave,
  viewerId,
  permissions,
  pathname,
  search,
  view,
  words,
  onOpenSettings,
  onSettingsIntent,
}: SidebarProps) {
  const items = visibleNavigation(permissions);
  const hrefs = items.flatMap((item) =>
    item.kind === "group" ? item.children.map((c) => navHref(c, viewerId)) : item.kind === "link" ? [navHref(item, viewerId)] : [],
  );
  const current = activeHref(hrefs, pathname);
  const settingsHref = `${pathname}?${withParam(search, "settings", "1")}`;
  const onOneOnOnes = pathname === "/one-on-ones" || pathname.startsWith("/one-on-ones/");
  // Plain links (no per-link hooks while the server renders); navigation stays client-side.
  const clientNavigation = useClientNavigation();

  return (
    <aside
      id="sidebar"
      aria-label="Sidebar"
      className="sidebar"
      data-collapsed={open ? undefined : ""}
      data-menu-open={menuOpen ? "" : undefined}
      onBlur={
        menuOpen && onFocusLeave
          ? (event) => {
              const next = event.relatedTarget;
              // Focus that went nowhere (a tap on the page) is the backdrop's to handle.
              if (next instanceof Element && !event.currentTarget.contains(next) && next.id !== SIDEBAR_TOGGLE_ID) onFocusLeave();
            }
          : undefined
      }
    >
      <div className="sidebar-body flex h-full flex-col">
        <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col" onClick={clientNavigation.onClick}>
          <a
            href="/"
            data-nav-id="home"
            className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-800 px-5 text-white focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-400"
          >
            <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-lg bg-indigo-500 text-sm font-bold">
              P
            </span>
            <span className="text-base font-semibold tracking-tight">{words.appName}</span>
            <span className="sr-only">Home</span>
          </a>
          <ul className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
            {items.map((item) => (
              <SidebarItem
                key={item.id}
                item={item}
                viewerId={viewerId}
                current={current}
                settingsHref={settingsHref}
                onOpenSettings={onOpenSettings}
                onSettingsIntent={onSettingsIntent}
              />
            ))}
          </ul>
        </nav>
        {onOneOnOnes && hasPermission(permissions, "ViewUserAdminSwitch") ? (
          <ViewSwitch view={view} redirectTo={pathname + search} words={words} />
        ) : null}
      </div>
    </aside>
  );
}

function withParam(search: string, name: string, value: string) {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return params.toString();
}

function SidebarLink({ item, viewerId, current, nested }: { item: NavLink; viewerId: string; current: string | null; nested?: boolean }) {
  const href = navHref(item, viewerId);
  const active = href === current;
  return (
    <a href={href} data-nav-id={item.id} aria-current={active ? "page" : undefined} data-nested={nested || undefined} className={ITEM}>
      {item.icon ? <Icon name={item.icon} className="nav-icon" /> : null}
      {item.label}
    </a>
  );
}

function SidebarItem({
  item,
  viewerId,
  current,
  settingsHref,
  onOpenSettings,
  onSettingsIntent,
}: {
  item: NavItem;
  viewerId: string;
  current: string | null;
  settingsHref: string;
  onOpenSettings: () => void;
  onSettingsIntent?: () => void;
}) {
  if (item.kind === "link") {
    return (
      <li>
        <SidebarLink item={item} viewerId={viewerId} current={current} />
      </li>
    );
  }
  if (item.kind === "settings") {
    return (
      <li>
        <SettingsEntry item={item} href={settingsHref} onOpen={onOpenSettings} onIntent={onSettingsIntent} />
      </li>
    );
  }
  const headingId = `nav-heading-${item.id}`;
  return (
    <li data-nav-id={item.id} className="pt-2">
      <p id={headingId} className="flex items-center gap-3 px-3 py-1.5 text-xs font-semibold uppercase tracking-wider text-slate-400">
        <Icon name={item.icon} className="size-5 shrink-0 text-slate-500" />
        {item.label}
      </p>
      <ul aria-labelledby={headingId} className="mt-0.5 space-y-0.5">
        {item.children.map((child) => (
          <li key={child.id}>
            <SidebarLink item={child} viewerId={viewerId} current={current} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The super admin's User/Admin view switch (002 §2.2), a plain POST form to /view. */
function ViewSwitch({ view, redirectTo, words }: { view: "USER" | "ADMIN"; redirectTo: string; words: Copy }) {
  return (
    <Form method="post" action="/view" className="border-t border-slate-800 px-5 py-4" data-testid="view-switch">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset>
        <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-400">{words.viewSwitchLabel}</legend>
        <div className="grid grid-cols-2 rounded-md bg-slate-800 p-1">
          {(["USER", "ADMIN"] as const).map((option) => (
            <button
              key={option}
              type="submit"
              name="view"
              value={option}
              aria-pressed={view === option}
              className={`rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-400 ${
                view === option ? "bg-white text-slate-900 shadow-sm" : "text-slate-300 hover:text-white"
              }`}
            >
              {option === "USER" ? words.viewUser : words.viewAdmin}
            </button>
          ))}
        </div>
      </fieldset>
    </Form>
  );
}

/**
 * Settings opens a dialog. Before hydration (and so without JavaScript) it is a link to
 * ?settings=1, where the layout renders the dialog open server-side; once hydrated it is a
 * button, which is what assistive technology expects of something that opens a dialog.
 */
function SettingsEntry({
  item,
  href,
  onOpen,
  onIntent,
}: {
  item: { id: string; label: string; icon: IconKey };
  href: string;
  onOpen: () => void;
  onIntent?: () => void;
}) {
  const hydrated = useHydrated();
  const content = (
    <>
      <Icon name={item.icon} className="nav-icon" />
      {item.label}
    </>
  );
  if (!hydrated) {
    return (
      <a href={href} data-nav-id={item.id} aria-haspopup="dialog" className={ITEM}>
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      data-nav-id={item.id}
      aria-haspopup="dialog"
      className={`${ITEM} w-full text-left`}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={onOpen}
    >
      {content}
    </button>
  );
}
