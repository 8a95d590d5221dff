import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { copy } from "~/lib/copy";
import { crumbLabelsOf, pageMeta, shellCrumbs, withoutParam } from "~/lib/navigation";
import { requireViewer } from "~/modules/auth/session.server";
import { ErrorPanel } from "~/ui/error-panel";
import { NotFound } from "~/ui/not-found";
import { usePhoneMenu, usePhoneWidth } from "~/ui/shell/phone-menu";
import type { CompanySettings } from "~/modules/org/components/settings-fields";
import { StaticSettingsModal } from "~/modules/org/components/settings-static";
import { Sidebar, SIDEBAR_TOGGLE_ID } from "~/ui/shell/sidebar";
import { TopBar } from "~/ui/shell/top-bar";
import { useHydrated } from "~/ui/use-hydrated";

// Only super admins open Settings; everyone else never downloads the dialog and its form code.
const loadSettingsDialog = () => import("~/modules/org/components/settings-dialog");
const SettingsDialog = lazy(loadSettingsDialog);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return data({
    viewer: {
      id: viewer.user.id,
      name: viewer.user.name,
      email: viewer.user.email,
      imageUrl: viewer.user.imageUrl,
    },
    permissions: viewer.permissions,
    platform: viewer.company.platform,
    view: viewer.view,
    settings: { colorScale: viewer.company.analyticsColorScale, anonymityFloor: viewer.company.anonymityFloor },
  });
}

type ShellData = ReturnType<typeof useLoaderData<typeof loader>>;

export const meta = pageMeta;

export default function ShellLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <ShellChrome data={data}>
      <Outlet />
    </ShellChrome>
  );
}

function ShellChrome({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const words = copy(data.platform);
  const phone = usePhoneWidth();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const menu = usePhoneMenu();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsInUrl = new URLSearchParams(location.search).has("settings");
  const here = location.pathname + location.search;
  const closeSettings = useCallback(() => {
    setSettingsOpen(false);
    // Focus goes back to the Settings entry. Headless UI would do this itself, but the dialog's
    // module is fetched on first use, after the entry got focus, so its focus history misses it.
    // On a phone the menu holding the entry has closed, so the menu's toggle takes focus instead.
    // Only once the dialog has left the page: until then it keeps the page inert, and a dialog
    // closed during its opening transition still moves focus into itself when that ends. A busy
    // device may take a while, so this keeps trying for up to 2 s.
    const handBack = (tries: number) => {
      const entry = document.querySelector<HTMLElement>('[data-nav-id="settings"]');
      const target = entry && getComputedStyle(entry).visibility === "visible" ? entry : document.getElementById(SIDEBAR_TOGGLE_ID);
      const dialogGone = !document.querySelector('[role="dialog"][aria-modal="true"]');
      if (dialogGone) target?.focus();
      if (target && (!dialogGone || document.activeElement !== target) && tries > 0) window.setTimeout(() => handBack(tries - 1), 50);
    };
    window.setTimeout(() => handBack(40), 0);
    if (new URLSearchParams(window.location.search).has("settings")) {
      navigate(withoutParam(window.location.pathname + window.location.search, "settings"), { replace: true, preventScrollReset: true });
    }
  }, [navigate]);
  const crumbs = shellCrumbs(location.pathname, crumbLabelsOf(matches));
  const canOpenSettings = data.permissions.includes("ViewSettingsModal");

  return (
    <div className="shell flex min-h-screen">
      <a
        href="#main"
        className="sr-only z-[10001] rounded-md bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {words.skipToContent}
      </a>
      <Sidebar
        open={sidebarOpen}
        menuOpen={menu.open}
        onFocusLeave={menu.close}
        viewerId={data.viewer.id}
        permissions={data.permissions}
        pathname={location.pathname}
        search={location.search}
        view={data.view}
        words={words}
        onOpenSettings={() => setSettingsOpen(true)}
        onSettingsIntent={canOpenSettings ? () => void loadSettingsDialog() : undefined}
      />
      {menu.open ? <div aria-hidden="true" className="sidebar-backdrop" onClick={menu.close} /> : null}
      <div className="shell-column flex min-w-0 flex-1 flex-col">
        <TopBar
          sidebarOpen={phone ? menu.open : sidebarOpen}
          menuIcon={phone && menu.open ? "close" : "menu"}
          onToggleSidebar={phone ? menu.toggle : () => setSidebarOpen((open) => !open)}
          crumbs={crumbs}
          viewer={data.viewer}
          words={words}
        />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
      {canOpenSettings ? (
        <SettingsSlot
          hydrated={hydrated}
          open={settingsOpen || settingsInUrl}
          onClose={closeSettings}
          words={words}
          settings={data.settings}
          redirectTo={withoutParam(here, "settings")}
        />
      ) : null}
    </div>
  );
}

/**
 * Before hydration (or without JavaScript) ?settings=1 renders the plain-HTML modal; afterwards
 * the Headless UI dialog is fetched the first time it opens and stays mounted so closing can
 * animate and hand focus back.
 */
function SettingsSlot(props: {
  hydrated: boolean;
  open: boolean;
  onClose: () => void;
  words: ReturnType<typeof copy>;
  settings: CompanySettings;
  redirectTo: string;
}) {
  const { hydrated, open, words, settings, redirectTo } = props;
  const [used, setUsed] = useState(false);

  if (open && !used) setUsed(true);
  const fallback = open ? <StaticSettingsModal words={words} settings={settings} redirectTo={redirectTo} /> : null;
  if (!hydrated || !(used || open)) return fallback;
  return (
    <Suspense fallback={fallback}>
      <SettingsDialog open={open} onClose={props.onClose} words={words} settings={settings} redirectTo={redirectTo} />
    </Suspense>
  );
}

/**
 * Errors below the shell keep the sidebar and top bar when the shell's own data loaded: a 404
 * shows the not-found page, anything else 'Something went wrong.' with the request id.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("layout-shell");
  const root = useRouteLoaderData<{ requestId?: string }>("root");
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorPanel requestId={root?.requestId} />;
  if (!data) return <div className="px-4 py-10">{content}</div>;
  return <ShellChrome data={data}>{content}</ShellChrome>;
}
