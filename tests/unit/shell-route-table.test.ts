import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "~/lib/permissions/names";
import { breadcrumbsFor, matchRoute, pathFor, ROUTES } from "~/lib/route-table";
import { parseProfilePath, profileTabs } from "~/modules/org/profile-tabs";
import { ROLES } from "./shell-fixtures";
import { permissionsFor } from "~/lib/permissions/registry";

describe("route table", () => {
  it("has unique ids and paths", () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it("gates every shell route with a named permission or signed-in, and no public route", () => {
    for (const route of ROUTES) {
      if (route.layout === "public") expect(route.permission, route.id).toBeNull();
      else expect(route.permission === "SignedIn" || PERMISSIONS.includes(route.permission as never), route.id).toBe(true);
    }
  });

  it("contains the paths 002 §2.1 names", () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const p of [
      "/", "/sign-in", "/slack/complete-authorization", "/msteams/complete-authorization", "/slack/select-slack-workspace", "/auth-error", "/404",
      "/my-profile/:userId/feedback-insights", "/my-team/:relationshipId/users/:userId/feedback", "/my-groups/:groupId/users/:userId",
      "/reviews/reports-table", "/objective-campaign/okr", "/surveys/survey-insights/department", "/organization/settings/users/:userId/performance",
      "/organization/admins/super-admins-list", "/analytics/my-queries", "/workflows/library/:templateType/:feedbackLibraryLoopId/config",
      "/integrations", "/one-on-ones/:oneOnOneId/prepare-feedback/:prepareAiFeedbackId",
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
  });

  it("prefers static segments over parameters, as Remix ranks them", () => {
    expect(matchRoute("/reviews/review-questionnaires/add-new-questionnaire")?.entry.id).toBe("review-questionnaire-new");
    expect(matchRoute("/reviews/review-questionnaires/q-1")?.entry.id).toBe("review-questionnaire");
    expect(matchRoute("/reviews/manage-reviews/launch-review")?.entry.id).toBe("launch-review");
    expect(matchRoute("/nowhere")).toBeNull();
  });

  it("needs the goals permission for the Goals tab (never on Teams-type)", () => {
    expect(matchRoute("/my-profile/u1/goals")?.entry.permission).toBe("ViewGoals");
  });

  it("builds breadcrumbs from route titles with parameters named", () => {
    expect(breadcrumbsFor("/my-team/rel-1/users/u-1/feedback", { relationshipId: "Project Phoenix", userId: "Eve Morgan" })).toEqual([
      { title: "My Team", href: "/my-team" },
      { title: "Project Phoenix", href: "/my-team/rel-1" },
      { title: "Eve Morgan", href: "/my-team/rel-1/users/u-1" },
      { title: "Feedback", href: "/my-team/rel-1/users/u-1/feedback" },
    ]);
    expect(breadcrumbsFor("/reviews/manage-reviews").map((c) => c.title)).toEqual(["Reviews", "Manage Reviews"]);
  });

  it("fills path patterns", () => {
    expect(pathFor("/my-profile/:userId", { userId: "u 1" })).toBe("/my-profile/u%201");
  });
});

describe("profile paths and tabs (002 §2.6)", () => {
  it("splits each profile base into context, person and tab", () => {
    expect(parseProfilePath("/my-profile/u-1/feedback")).toMatchObject({ kind: "my-profile", userId: "u-1", tab: "feedback", basePath: "/my-profile/u-1" });
    expect(parseProfilePath("/my-team/default/users/u-2")).toMatchObject({ kind: "my-team", relationshipId: "default", userId: "u-2", tab: null });
    expect(parseProfilePath("/my-groups/g-1/users/u-3/feedback-insights")).toMatchObject({ kind: "my-groups", groupId: "g-1", basePath: "/my-groups/g-1/users/u-3" });
    expect(parseProfilePath("/organization/settings/users/u-4/performance")).toMatchObject({ kind: "org-users", tab: "performance" });
    expect(parseProfilePath("/organization/settings/roles")).toBeNull();
  });

  it("shows Performance under every base with the permission, never on one's own profile", () => {
    const alice = permissionsFor(ROLES.alice);
    const tabs = (base: "org-users" | "my-team" | "my-groups", isOwn: boolean, permissions: string[]) =>
      profileTabs(base, isOwn, permissions)
        .map((t) => t.id)
        .filter((id) => id !== "goals" && id !== "objectives");
    for (const base of ["org-users", "my-team", "my-groups"] as const) {
      expect(tabs(base, false, alice)).toEqual(["feedback-insights", "feedback", "performance"]);
      expect(tabs(base, true, alice)).toEqual(["feedback-insights", "feedback"]);
      expect(tabs(base, false, permissionsFor(ROLES.gina))).toEqual(["feedback-insights", "feedback"]);
    }
    expect(profileTabs("my-profile", true, alice).map((t) => t.id)).not.toContain("performance");
  });

  it("adds Goals (Slack-type) and Objectives under My Team and Users, where managers and admins act on them", () => {
    for (const base of ["org-users", "my-team"] as const) {
      expect(profileTabs(base, false, permissionsFor(ROLES.alice)).map((t) => t.id)).toEqual(
        expect.arrayContaining(["goals", "objectives"])
      );
      expect(profileTabs(base, false, permissionsFor(ROLES.gina)).map((t) => t.id)).not.toContain("goals");
      expect(profileTabs(base, false, permissionsFor(ROLES.gina)).map((t) => t.id)).toContain("objectives");
    }
    expect(profileTabs("my-groups", false, permissionsFor(ROLES.alice)).map((t) => t.id)).not.toContain("objectives");
  });

  it("adds Goals (Slack-type), Objectives and Reviews on one's own profile", () => {
    expect(profileTabs("my-profile", true, permissionsFor(ROLES.eve)).map((t) => t.id)).toEqual([
      "feedback-insights", "feedback", "goals", "objectives", "reviews",
    ]);
    expect(profileTabs("my-profile", true, permissionsFor(ROLES.tina)).map((t) => t.id)).toEqual([
      "feedback-insights", "feedback", "objectives", "reviews",
    ]);
  });
});
