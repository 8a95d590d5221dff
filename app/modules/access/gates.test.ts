import { describe, expect, it } from "vitest";
import type { Permission } from "~/lib/permissions/names";
import { permissionsFor, type PermissionSubject } from "~/lib/permissions/registry";
import { mayNameAnonymousReviewers, mayNameAnonymousReviewersInShare } from "./review-reports.server";

const settings = { customRelationships: true, aiEnabled: true, reviewAnalytics: true, userAdminView: true };
const subject = (platform: "slack" | "msteams", flags: Partial<PermissionSubject> = {}): PermissionSubject => ({
  platform,
  isSuperAdmin: false,
  isTeamAdmin: false,
  isManager: false,
  settings,
  inDemoTeam: false,
  ...flags,
});

describe("anonymous reviewers' names follow ExpandAnonymousReportRows, not the platform", () => {
  it("names them to whoever holds the gate and to no one else", () => {
    const holder = { permissions: ["ExpandAnonymousReportRows"] as Permission[] };
    const other = { permissions: ["ViewReviewReports"] as Permission[] };
    expect(mayNameAnonymousReviewers(holder)).toBe(true);
    expect(mayNameAnonymousReviewers(other)).toBe(false);
    // A viewer object that says Teams-type but lacks the gate is not named to.
    const teamsWithoutGate = { ...other, company: { platform: "msteams" } };
    expect(mayNameAnonymousReviewers(teamsWithoutGate)).toBe(false);
  });

  it("the registry grants it on Teams-type to everyone and on Slack-type to admins (000 §6)", () => {
    const named = (s: PermissionSubject) => mayNameAnonymousReviewers({ permissions: permissionsFor(s) });
    expect(named(subject("msteams"))).toBe(true);
    expect(named(subject("msteams", { isManager: true }))).toBe(true);
    expect(named(subject("slack", { isManager: true }))).toBe(false);
    expect(named(subject("slack", { isTeamAdmin: true }))).toBe(true);
    expect(named(subject("slack", { isSuperAdmin: true }))).toBe(true);
  });

  it("keeps a shared report anonymous for everyone who does not manage reviews, on both platforms", () => {
    const share = (s: PermissionSubject) => mayNameAnonymousReviewersInShare({ permissions: permissionsFor(s) });
    expect(share(subject("msteams"))).toBe(false);
    expect(share(subject("slack", { isManager: true }))).toBe(false);
    expect(share(subject("msteams", { isTeamAdmin: true }))).toBe(true);
  });
});
