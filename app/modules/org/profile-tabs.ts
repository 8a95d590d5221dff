import { hasPermission } from "~/lib/permissions/names";

/**
 * Which profile tabs a viewer gets where (002 §2.6): Feedback Insights and Feedback everywhere;
 * Performance under every base with ViewPerformanceTab, never on one's own profile; Goals
 * (ViewGoals), Objectives and Reviews on one's own /my-profile; Goals and Objectives also under
 * My Team and Users, where managers and admins approve them.
 * Pure and client-safe so the tab bar and the loader agree.
 */
export type ProfileTabId = "feedback-insights" | "feedback" | "performance" | "goals" | "objectives" | "reviews";

export type ProfileBaseKind = "my-profile" | "my-team" | "my-groups" | "org-users";

export interface ProfileTab {
  id: ProfileTabId;
  label: string;
  /** What the tab will show, said while its content is not built (instead of made-up numbers). */
  upcoming: string;
}

const TABS: Record<ProfileTabId, ProfileTab> = {
  "feedback-insights": {
    id: "feedback-insights",
    label: "Feedback Insights",
    upcoming: "Feedback Insights will give an overview of the feedback this person gave and received.",
  },
  feedback: { id: "feedback", label: "Feedback", upcoming: "Feedback will list the feedback this person gave and received." },
  performance: {
    id: "performance",
    label: "Performance",
    upcoming: "Performance will show this person's review campaigns and competency scores.",
  },
  goals: { id: "goals", label: "Goals", upcoming: "Goals will list the goals set and how far each has come." },
  objectives: { id: "objectives", label: "Objectives", upcoming: "Objectives will list the objectives set and their key values." },
  reviews: { id: "reviews", label: "Reviews", upcoming: "Reviews will list the reviews this person took part in." },
};

export const DEFAULT_PROFILE_TAB: ProfileTabId = "feedback-insights";

export function profileTabs(kind: ProfileBaseKind, isOwn: boolean, permissions: readonly string[]): ProfileTab[] {
  const tabs: ProfileTab[] = [TABS["feedback-insights"], TABS.feedback];
  if (kind !== "my-profile" && !isOwn && hasPermission(permissions, "ViewPerformanceTab")) tabs.push(TABS.performance);
  if (kind === "my-profile" && isOwn) {
    if (hasPermission(permissions, "ViewGoals")) tabs.push(TABS.goals);
    tabs.push(TABS.objectives, TABS.reviews);
  }
  // Where a manager (My Team) or an admin (Users) acts on someone's goals and objectives.
  if (kind === "my-team" || kind === "org-users") {
    if (hasPermission(permissions, "ViewGoals")) tabs.push(TABS.goals);
    tabs.push(TABS.objectives);
  }
  return tabs;
}

export interface ProfilePath {
  kind: ProfileBaseKind;
  /** The profile's base path, e.g. /my-team/default/users/u-acme-eve */
  basePath: string;
  userId: string;
  relationshipId?: string;
  groupId?: string;
  tab: string | null;
}

const PATTERNS: Array<[ProfileBaseKind, RegExp]> = [
  ["my-profile", /^\/my-profile\/([^/]+)(?:\/([^/]+))?\/?$/],
  ["my-team", /^\/my-team\/([^/]+)\/users\/([^/]+)(?:\/([^/]+))?\/?$/],
  ["my-groups", /^\/my-groups\/([^/]+)\/users\/([^/]+)(?:\/([^/]+))?\/?$/],
  ["org-users", /^\/organization\/settings\/users\/([^/]+)(?:\/([^/]+))?\/?$/],
];

/** Splits a profile URL into its context, person and tab; null for anything else. */
export function parseProfilePath(pathname: string): ProfilePath | null {
  for (const [kind, regex] of PATTERNS) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const decode = (s: string) => decodeURIComponent(s);
    if (kind === "my-team" || kind === "my-groups") {
      const [, ctx, userId, tab] = m;
      const prefix = kind === "my-team" ? "/my-team" : "/my-groups";
      return {
        kind,
        basePath: `${prefix}/${ctx}/users/${userId}`,
        userId: decode(userId),
        ...(kind === "my-team" ? { relationshipId: decode(ctx) } : { groupId: decode(ctx) }),
        tab: tab ?? null,
      };
    }
    const [, userId, tab] = m;
    const prefix = kind === "my-profile" ? "/my-profile" : "/organization/settings/users";
    return { kind, basePath: `${prefix}/${userId}`, userId: decode(userId), tab: tab ?? null };
  }
  return null;
}
