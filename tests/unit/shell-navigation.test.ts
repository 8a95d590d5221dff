import { describe, expect, it } from "vitest";
import { activeHref, areaPages, crumbLabelsOf, NAVIGATION, navHref, pageMeta, sameOriginPath, shellCrumbs, visibleNavIds, withoutParam } from "~/lib/navigation";
import { permissionsFor } from "~/lib/permissions/registry";
import { routeById } from "~/lib/route-table";
import { EXPECTED_SIDEBAR as EXPECTED, ROLES } from "./shell-fixtures";

describe("sidebar definition", () => {
  it("lists 002 §2.2's entries in the specification's order, with Feedback (for everyone) after My Groups", () => {
    expect(NAVIGATION.map((item) => item.label)).toEqual([
      "Profile", "My Team", "My Groups", "Feedback", "Reviews", "Objectives", "Surveys", "Workflows", "Analytics", "Organization",
      "Integrations", "Settings", "1-on-1s",
    ]);
    const reviews = NAVIGATION.find((i) => i.id === "reviews");
    expect(reviews?.kind === "group" && reviews.children.map((c) => c.label)).toEqual([
      "Builder", "Manage", "Reports", "Report Table", "To Do's", "My Reviews",
    ]);
    const analytics = NAVIGATION.find((i) => i.id === "analytics");
    expect(analytics?.kind === "group" && analytics.children.map((c) => c.label)).toEqual([
      "Survey", "Feedback", "Reviews", "Data Studio", "Reports",
    ]);
  });

  it("points every link at a shell route of the route table", () => {
    for (const item of NAVIGATION) {
      const links = item.kind === "group" ? item.children : item.kind === "link" ? [item] : [];
      for (const link of links) expect(routeById(link.routeId).layout).toBe("shell");
    }
  });

  it("links Profile to the viewer's own profile and Insights to the department view", () => {
    const profile = NAVIGATION.find((i) => i.id === "profile");
    expect(profile?.kind === "link" && navHref(profile, "u-acme-eve")).toBe("/my-profile/u-acme-eve");
    const surveys = NAVIGATION.find((i) => i.id === "surveys");
    const insights = surveys?.kind === "group" ? surveys.children.find((c) => c.id === "surveys-insights") : undefined;
    expect(insights && navHref(insights, "x")).toBe("/surveys/survey-insights/department");
  });
});

describe("visible sidebar per role", () => {
  for (const [name, subject] of Object.entries(ROLES)) {
    it(`shows ${name} exactly the entries the permissions allow`, () => {
      expect(visibleNavIds(permissionsFor(subject))).toEqual(EXPECTED[name as keyof typeof ROLES]);
    });
  }

  it("shows Objectives › OKRs only with the demo permission (a Teams-type frame in the allow-list)", () => {
    expect(visibleNavIds(permissionsFor({ ...ROLES.tina, inDemoTeam: true }))).toContain("objectives-okrs");
    expect(visibleNavIds(permissionsFor({ ...ROLES.eve, inDemoTeam: true }))).not.toContain("objectives");
  });

  it("hides a group heading when none of its children is visible", () => {
    expect(visibleNavIds(permissionsFor(ROLES.sam))).not.toContain("organization");
    expect(visibleNavIds(["ViewMyProfile"])).toEqual(["home", "profile", "feedback"]);
  });
});

describe("area index pages", () => {
  it("lists only the pages of the area the person may open", () => {
    expect(areaPages("reviews", permissionsFor(ROLES.eve)).map((p) => p.id)).toEqual(["reviews-todos", "reviews-my-reviews"]);
    expect(areaPages("organization", permissionsFor(ROLES.sam))).toEqual([]);
    expect(areaPages("organization", permissionsFor(ROLES.gina)).map((p) => p.href)).toContain("/organization/settings/groups");
    expect(areaPages("organization", permissionsFor(ROLES.alice)).map((p) => p.href)).not.toContain("/organization/settings/groups");
  });
});

describe("activeHref", () => {
  it("picks the longest matching sidebar link", () => {
    const hrefs = ["/reviews/reports", "/reviews/reports-table", "/my-profile/u1"];
    expect(activeHref(hrefs, "/reviews/reports-table")).toBe("/reviews/reports-table");
    expect(activeHref(hrefs, "/reviews/reports")).toBe("/reviews/reports");
    expect(activeHref(hrefs, "/my-profile/u1/feedback")).toBe("/my-profile/u1");
    expect(activeHref(hrefs, "/my-team")).toBeNull();
  });
});

describe("sameOriginPath", () => {
  it("keeps a path on this site", () => {
    expect(sameOriginPath("/one-on-ones?x=1#a")).toBe("/one-on-ones?x=1#a");
  });

  it("refuses other hosts and tricks", () => {
    for (const bad of ["https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", "", "relative", 42, undefined]) {
      expect(sameOriginPath(bad, "/home")).toBe("/home");
    }
  });

  it("drops one query parameter", () => {
    expect(withoutParam("/my-team?settings=1&a=2", "settings")).toBe("/my-team?a=2");
    expect(withoutParam("/my-team?settings=1", "settings")).toBe("/my-team");
  });
});

describe("breadcrumbs and page title", () => {
  it("collapses a repeated crumb title", () => {
    expect(shellCrumbs("/my-team/default/users/u1/feedback", { relationshipId: "My Team", userId: "Eve Reyes" }).map((c) => c.title)).toEqual([
      "My Team",
      "Eve Reyes",
      "Feedback",
    ]);
  });

  it("names the path's records from the leaf loaders' crumbLabels in the title", () => {
    const matches = [{ data: { requestId: "r" } }, { data: null }, { data: { crumbLabels: { relationshipId: "Project Phoenix" } } }];
    expect(crumbLabelsOf(matches)).toEqual({ relationshipId: "Project Phoenix" });
    const meta = pageMeta({ location: { pathname: "/my-team/rel-1" }, matches } as never);
    expect(meta).toEqual([{ title: "Project Phoenix | Admin" }]);
    expect(pageMeta({ location: { pathname: "/nowhere" }, matches: [] } as never)).toEqual([{ title: "Page not found | Admin" }]);
  });
});
