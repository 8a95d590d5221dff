import type { PermissionSubject } from "~/lib/permissions/registry";

/** The demo roles as permission subjects (Acme: Slack-type, Globex: Teams-type; both have every setting on except Globex's review analytics). */
const acmeSettings = { customRelationships: true, aiEnabled: true, reviewAnalytics: true, userAdminView: true };
const globexSettings = { customRelationships: true, aiEnabled: true, reviewAnalytics: false, userAdminView: true };

const subject = (platform: "slack" | "msteams", flags: Partial<PermissionSubject>): PermissionSubject => ({
  platform,
  isSuperAdmin: false,
  isTeamAdmin: false,
  isManager: false,
  settings: platform === "slack" ? acmeSettings : globexSettings,
  inDemoTeam: false,
  ...flags,
});

export const ROLES = {
  alice: subject("slack", { isSuperAdmin: true, isManager: true }),
  adam: subject("slack", { isTeamAdmin: true, isManager: true }),
  mona: subject("slack", { isManager: true }),
  eve: subject("slack", {}),
  sam: subject("slack", {}),
  gina: subject("msteams", { isSuperAdmin: true, isManager: true }),
  gary: subject("msteams", { isTeamAdmin: true, isManager: true }),
  mike: subject("msteams", { isManager: true }),
  tina: subject("msteams", {}),
} satisfies Record<string, PermissionSubject>;

const REVIEWS_ALL = ["reviews", "reviews-builder", "reviews-manage", "reviews-reports", "reviews-report-table", "reviews-todos", "reviews-my-reviews"];
const SURVEYS = ["surveys", "surveys-builder", "surveys-manage", "surveys-reports", "surveys-insights"];
const WORKFLOWS = ["workflows", "workflows-builder", "workflows-manage"];

/** The sidebar each demo role sees, hand-written from 002 §2.2 and §6 (ids of app/lib/navigation.ts). */
export const EXPECTED_SIDEBAR: Record<keyof typeof ROLES, string[]> = {
  alice: [
    "home", "profile", "my-team", "feedback", ...REVIEWS_ALL, ...SURVEYS, ...WORKFLOWS,
    "analytics", "analytics-survey", "analytics-feedback", "analytics-reviews", "analytics-data-studio", "analytics-reports",
    "organization", "organization-admins", "organization-users", "integrations", "settings", "one-on-ones",
  ],
  adam: [
    "home", "profile", "my-team", "feedback", "reviews", "reviews-builder", "reviews-manage", "reviews-reports", "reviews-todos", "reviews-my-reviews",
    ...SURVEYS, ...WORKFLOWS,
    "analytics", "analytics-survey", "analytics-feedback", "analytics-reviews", "analytics-data-studio", "analytics-reports",
    "organization", "organization-admins", "one-on-ones",
  ],
  mona: ["home", "profile", "my-team", "feedback", "reviews", "reviews-reports", "reviews-todos", "reviews-my-reviews", "one-on-ones"],
  eve: ["home", "profile", "my-team", "feedback", "reviews", "reviews-todos", "reviews-my-reviews", "one-on-ones"],
  sam: ["home", "profile", "my-team", "feedback", "reviews", "reviews-todos", "reviews-my-reviews", "one-on-ones"],
  gina: [
    "home", "profile", "my-team", "feedback", ...REVIEWS_ALL, ...SURVEYS, ...WORKFLOWS,
    "analytics", "analytics-survey", "analytics-feedback", "analytics-data-studio", "analytics-reports",
    "organization", "organization-admins", "organization-users", "integrations", "settings", "one-on-ones",
  ],
  gary: [
    "home", "profile", "my-team", "my-groups", "feedback",
    "reviews", "reviews-builder", "reviews-manage", "reviews-reports", "reviews-todos", "reviews-my-reviews",
    ...SURVEYS,
    "analytics", "analytics-survey", "analytics-feedback", "analytics-data-studio", "analytics-reports",
    "organization", "organization-admins", "one-on-ones",
  ],
  mike: ["home", "profile", "my-team", "feedback", "reviews", "reviews-reports", "reviews-todos", "reviews-my-reviews", "one-on-ones"],
  tina: ["home", "profile", "my-team", "feedback", "reviews", "reviews-todos", "reviews-my-reviews", "one-on-ones"],
};

