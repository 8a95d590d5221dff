import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSIONS, type Permission } from "~/lib/permissions/names";
import { PERMISSION_RULES, permissionsFor } from "~/lib/permissions/registry";
import { ROLES } from "./shell-fixtures";

type Name = keyof typeof ROLES;
const who = (permission: Permission) =>
  (Object.keys(ROLES) as Name[]).filter((name) => hasPermission(permissionsFor(ROLES[name]), permission));

describe("permission registry (000 §6, 001 §6, 002 §6)", () => {
  it("has a rule for every named permission and nothing else", () => {
    expect(Object.keys(PERMISSION_RULES).sort()).toEqual([...PERMISSIONS].sort());
  });

  it("opens own profile, team, to-dos, my reviews and 1-on-1s to everyone", () => {
    for (const p of ["ViewMyProfile", "ViewMyTeam", "ViewReviews", "ViewTodosPage", "ViewMyReviewsPage", "ViewAiFeedback"] as const) {
      expect(who(p), p).toEqual(Object.keys(ROLES));
    }
  });

  it("gives admins (super or team) the review builder, manage reviews, surveys, analytics and admins list", () => {
    for (const p of ["ViewReviewBuilder", "ViewManageReviews", "ViewSurveys", "ViewAnalytics", "ViewAdmins"] as const) {
      expect(who(p), p).toEqual(["alice", "adam", "gina", "gary"]);
    }
  });

  it("gives review reports to admins and managers", () => {
    expect(who("ViewReviewReports")).toEqual(["alice", "adam", "mona", "gina", "gary", "mike"]);
  });

  it("keeps super-admin-only pages to super admins", () => {
    for (const p of ["ViewReviewReportsTable", "ViewUsers", "ViewOrganization", "ViewSuperAdmins", "ViewIntegrationsListPage", "ViewSettingsModal", "ViewUserAdminSwitch", "ViewAiChat"] as const) {
      expect(who(p), p).toEqual(["alice", "gina"]);
    }
  });

  it("applies the platform rules", () => {
    expect(who("ViewMyGroupsPage")).toEqual(["gary"]);
    expect(who("ViewGroups")).toEqual(["gina"]);
    expect(who("ViewDepartmentDetails")).toEqual(["gina"]);
    expect(who("ViewPerformanceTab")).toEqual(["alice"]);
    expect(who("LockUnlockSurveyQuestion")).toEqual(["alice"]);
    expect(who("ViewManagees")).toEqual(["alice", "adam", "mona"]);
    expect(who("ViewFeedbackLoops")).toEqual(["alice", "adam", "gina"]);
    expect(who("ViewGoals")).toEqual(["alice", "adam", "mona", "eve", "sam"]);
    expect(who("ViewReviewAnalytics")).toEqual(["alice", "adam"]);
  });

  it("holds the workspace-variant features as gates (000 §6): nomination status, pair result share, hide-competency-selector", () => {
    for (const p of ["ViewNominationStatus", "SharePairResult", "HideCompetencySelector"] as const) {
      expect(who(p), p).toEqual(["alice", "adam", "mona", "eve", "sam"]);
    }
  });

  it("expands anonymous report rows on Teams-type, or for admins (000 §6)", () => {
    expect(who("ExpandAnonymousReportRows")).toEqual(["alice", "adam", "gina", "gary", "mike", "tina"]);
  });

  it("keeps the launched-by, user-type and user filters of the reviews list to super admins (000 §6)", () => {
    expect(who("ViewLaunchedByOthersFilter")).toEqual(["alice", "gina"]);
  });

  it("grants the demo view only on Teams-type inside an allowed frame team", () => {
    expect(who("viewDemoView")).toEqual([]);
    expect(permissionsFor({ ...ROLES.tina, inDemoTeam: true })).toContain("viewDemoView");
    expect(permissionsFor({ ...ROLES.eve, inDemoTeam: true })).not.toContain("viewDemoView");
  });

  it("follows the company settings", () => {
    const noFlags = { customRelationships: false, aiEnabled: false, reviewAnalytics: false, userAdminView: false };
    const alice = permissionsFor({ ...ROLES.alice, settings: noFlags });
    expect(alice).not.toContain("ViewRelationships");
    expect(alice).not.toContain("ViewAiChat");
    expect(alice).not.toContain("ViewReviewAnalytics");
    expect(alice).not.toContain("ViewUserAdminSwitch");
    expect(permissionsFor(ROLES.alice)).toContain("ViewRelationships");
  });
});
