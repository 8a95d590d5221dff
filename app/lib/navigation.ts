import type { MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "./copy";
import { hasPermission, type Permission } from "./permissions/names";
import { breadcrumbsFor, matchRoute, pathFor, routeById, type Crumb } from "./route-table";
import { localPath } from "./local-path";

/**
 * The sidebar of 002 §2.2, in the specification's order, as data. Links point at route-table ids
 * so a path lives in one place; `permission` is the sidebar's own gate where it differs from the
 * route's (OKRs show only with the demo permission; Analytics › Reviews needs review analytics).
 * Client-safe: the shell renders it and the route × role test reads it.
 */
export type IconName =
  | "home"
  | "user"
  | "users"
  | "groups"
  | "reviews"
  | "objectives"
  | "surveys"
  | "workflows"
  | "analytics"
  | "organization"
  | "integrations"
  | "settings"
  | "oneOnOnes"
  | "feedback";

export interface NavLink {
  kind: "link";
  id: string;
  label: string;
  routeId: string;
  /** Defaults to the route's own permission. */
  permission?: Permission;
  icon?: IconName;
}

/** Settings opens a dialog rather than a page (002 §2.2). */
export interface NavDialog {
  kind: "settings";
  id: "settings";
  label: string;
  permission: Permission;
  icon: IconName;
}

export interface NavGroup {
  kind: "group";
  id: string;
  label: string;
  /** Needed for the whole group, on top of each child's own permission. */
  permission?: Permission;
  icon: IconName;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup | NavDialog;

const link = (id: string, label: string, routeId: string, extra: Partial<NavLink> = {}): NavLink => ({
  kind: "link",
  id,
  label,
  routeId,
  ...extra,
});

export const NAVIGATION: NavItem[] = [
  link("profile", "Profile", "my-profile", { icon: "user" }),
  link("my-team", "My Team", "my-team", { icon: "users" }),
  link("my-groups", "My Groups", "my-groups", { icon: "groups" }),
  // Not in 002 §2.2's list: where everyone gives, asks for and praises (docs/decisions.md).
  link("feedback", "Feedback", "feedback", { icon: "feedback" }),
  {
    kind: "group",
    id: "reviews",
    label: "Reviews",
    permission: "ViewReviews",
    icon: "reviews",
    children: [
      link("reviews-builder", "Builder", "review-questionnaires"),
      link("reviews-manage", "Manage", "manage-reviews"),
      link("reviews-reports", "Reports", "review-reports"),
      link("reviews-report-table", "Report Table", "review-reports-table"),
      link("reviews-todos", "To Do's", "todos"),
      link("reviews-my-reviews", "My Reviews", "my-reviews"),
    ],
  },
  {
    kind: "group",
    id: "objectives",
    label: "Objectives",
    icon: "objectives",
    children: [link("objectives-okrs", "OKRs", "objectives-okr", { permission: "viewDemoView" })],
  },
  {
    kind: "group",
    id: "surveys",
    label: "Surveys",
    permission: "ViewSurveys",
    icon: "surveys",
    children: [
      link("surveys-builder", "Builder", "survey-library"),
      link("surveys-manage", "Manage", "manage-surveys"),
      link("surveys-reports", "Reports", "survey-reports"),
      link("surveys-insights", "Insights", "survey-insights-department"),
    ],
  },
  {
    kind: "group",
    id: "workflows",
    label: "Workflows",
    permission: "ViewFeedbackLoops",
    icon: "workflows",
    children: [link("workflows-builder", "Builder", "workflow-library"), link("workflows-manage", "Manage", "manage-feedback-loops")],
  },
  {
    kind: "group",
    id: "analytics",
    label: "Analytics",
    permission: "ViewAnalytics",
    icon: "analytics",
    children: [
      link("analytics-survey", "Survey", "survey-analytics"),
      link("analytics-feedback", "Feedback", "feedback-analytics"),
      link("analytics-reviews", "Reviews", "review-analytics"),
      link("analytics-data-studio", "Data Studio", "data-studio"),
      link("analytics-reports", "Reports", "analytics-reports"),
    ],
  },
  {
    kind: "group",
    id: "organization",
    label: "Organization",
    icon: "organization",
    children: [link("organization-admins", "Admins", "org-admins"), link("organization-users", "Users", "org-users")],
  },
  link("integrations", "Integrations", "integrations", { icon: "integrations" }),
  { kind: "settings", id: "settings", label: "Settings", permission: "ViewSettingsModal", icon: "settings" },
  link("one-on-ones", "1-on-1s", "one-on-ones", { icon: "oneOnOnes" }),
];

/** The gate of a sidebar link: its own, else its route's ("SignedIn" routes are open to all). */
export function linkPermission(item: NavLink): Permission | null {
  if (item.permission) return item.permission;
  const permission = routeById(item.routeId).permission;
  return permission === null || permission === "SignedIn" ? null : permission;
}

function allowed(permissions: readonly string[], permission: Permission | null | undefined) {
  return !permission || hasPermission(permissions, permission);
}

/** The sidebar a person sees: items their permissions allow; a heading only with a visible child. */
export function visibleNavigation(permissions: readonly string[]): NavItem[] {
  const out: NavItem[] = [];
  for (const item of NAVIGATION) {
    if (item.kind === "group") {
      if (!allowed(permissions, item.permission)) continue;
      const children = item.children.filter((child) => allowed(permissions, linkPermission(child)));
      if (children.length > 0) out.push({ ...item, children });
    } else if (item.kind === "settings") {
      if (allowed(permissions, item.permission)) out.push(item);
    } else if (allowed(permissions, linkPermission(item))) {
      out.push(item);
    }
  }
  return out;
}

/** Flat ids of what visibleNavigation shows (headings included), in order; "home" is always first. */
export function visibleNavIds(permissions: readonly string[]): string[] {
  const ids = ["home"];
  for (const item of visibleNavigation(permissions)) {
    ids.push(item.id);
    if (item.kind === "group") ids.push(...item.children.map((c) => c.id));
  }
  return ids;
}

export function navHref(item: NavLink, viewerId: string): string {
  return pathFor(routeById(item.routeId).path, { userId: viewerId });
}

/** The one link to highlight: the longest href that is the path or a parent of it. */
export function activeHref(hrefs: string[], pathname: string): string | null {
  let best: string | null = null;
  for (const href of hrefs) {
    if (pathname === href || pathname.startsWith(href + "/")) {
      if (!best || href.length > best.length) best = href;
    }
  }
  return best;
}

/** Area index pages (/reviews, /surveys, …): the sidebar group plus the area's other entry points. */
const AREA_EXTRAS: Record<string, NavLink[]> = {
  organization: [
    link("organization-settings", "Settings", "organization-settings"),
    link("organization-roles", "Roles", "org-roles"),
    link("organization-departments", "Departments", "org-departments"),
    link("organization-competencies", "Competencies", "org-competencies"),
    link("organization-groups", "Groups", "org-groups"),
    link("organization-relationships", "Relationships", "org-relationships"),
    link("organization-super-admins", "Super Admins", "org-super-admins-list"),
  ],
  reviews: [],
  surveys: [],
  workflows: [],
  analytics: [],
};

export function areaPages(areaId: string, permissions: readonly string[]): Array<{ id: string; label: string; title: string; href: string }> {
  const group = NAVIGATION.find((item): item is NavGroup => item.kind === "group" && item.id === areaId);
  if (!group || !allowed(permissions, group.permission)) return [];
  return [...group.children, ...(AREA_EXTRAS[areaId] ?? [])]
    .filter((child) => allowed(permissions, linkPermission(child)))
    .map((child) => {
      const route = routeById(child.routeId);
      return { id: child.id, label: child.label, title: route.title, href: route.path };
    });
}

/** A same-origin redirect target from user input, else the fallback. */
export function sameOriginPath(value: unknown, fallback = "/"): string {
  return localPath(value) ?? fallback;
}

/** The current path with one query parameter removed (e.g. closing the ?settings=1 dialog). */
export function withoutParam(pathWithSearch: string, name: string): string {
  const url = new URL(pathWithSearch, "http://same.origin");
  url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/**
 * Leaf loaders name the records in their path ({ userId: "Eve Nakamura", … }) as `crumbLabels`;
 * breadcrumbs and the page title pick them up from every match.
 */
export function crumbLabelsOf(matches: ReadonlyArray<{ data?: unknown }>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of matches) {
    const data = match.data as { crumbLabels?: Record<string, string> } | null | undefined;
    if (data && typeof data === "object" && data.crumbLabels) Object.assign(labels, data.crumbLabels);
  }
  return labels;
}

/**
 * "{route title} | Admin" (002 §2.2), parameters named like the breadcrumbs. Remix hands a meta
 * function only the matches up to its own route, so a page whose loader returns crumbLabels
 * exports this as its own `meta`; the shell's copy covers pages that do not.
 */
export const pageMeta: MetaFunction = ({ location, matches }) => {
  const match = matchRoute(location.pathname);
  const labels = crumbLabelsOf(matches as ReadonlyArray<{ data?: unknown }>);
  const title = match ? match.entry.title.replace(/:(\w+)/g, (_, name: string) => labels[name] ?? match.params[name] ?? name) : "";
  return [{ title: pageTitle(title || "Page not found") }];
};

/** The top bar's breadcrumbs: a repeated title collapses ("My Team › My Team" for the default relationship). */
export function shellCrumbs(pathname: string, labels: Record<string, string>): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const crumb of breadcrumbsFor(pathname, labels)) {
    if (crumbs.length > 0 && crumbs[crumbs.length - 1].title === crumb.title) continue;
    crumbs.push(crumb);
  }
  return crumbs;
}
