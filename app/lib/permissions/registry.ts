import type { Permission } from "./names";
import { PERMISSIONS } from "./names";

export type Platform = "slack" | "msteams";

/** Everything a permission may depend on: role × platform × company settings × frame. */
export interface PermissionSubject {
  platform: Platform;
  isSuperAdmin: boolean;
  isTeamAdmin: boolean;
  /** Has at least one managee. */
  isManager: boolean;
  settings: {
    customRelationships: boolean;
    aiEnabled: boolean;
    reviewAnalytics: boolean;
    userAdminView: boolean;
  };
  /** The framing host's team id is in the DEMO_TEAM_IDS allow-list. */
  inDemoTeam: boolean;
}

type Rule = (s: PermissionSubject) => boolean;

const everyone: Rule = () => true;
const superAdmin: Rule = (s) => s.isSuperAdmin;
const admin: Rule = (s) => s.isSuperAdmin || s.isTeamAdmin;
const slack = (rule: Rule): Rule => (s) => s.platform === "slack" && rule(s);
const msteams = (rule: Rule): Rule => (s) => s.platform === "msteams" && rule(s);

/**
 * The one registry: each named gate and the rule that grants it. Sources are the three
 * specification documents' §6; where they are silent the choice is written in docs/decisions.md.
 */
export const PERMISSION_RULES: Record<Permission, { rule: Rule; description: string }> = {
  ViewMyProfile: { rule: everyone, description: "Own profile" },
  ViewMyTeam: { rule: everyone, description: "My Team (default and custom relationships)" },
  ViewMyGroupsPage: { rule: msteams((s) => s.isTeamAdmin), description: "My Groups: Teams-type group admins" },
  ViewManagees: { rule: slack((s) => s.isManager), description: "Managees: Slack-type managers" },
  UpdateUserManagers: { rule: superAdmin, description: "Update managers on other people's profiles" },
  ViewPerformanceTab: { rule: slack(superAdmin), description: "Performance tab: Slack-type super admins" },
  ViewUserAdminSwitch: {
    rule: (s) => s.isSuperAdmin && s.settings.userAdminView,
    description: "User/Admin view switch: super admins",
  },
  ViewAiChat: { rule: (s) => s.isSuperAdmin && s.settings.aiEnabled, description: "AI chat on profiles" },
  viewDemoView: { rule: msteams((s) => s.inDemoTeam), description: "Demo view: Teams-type, allowed frame team" },

  ViewReviews: { rule: everyone, description: "Reviews area (either platform)" },
  ViewReviewBuilder: { rule: admin, description: "Review questionnaires" },
  ViewManageReviews: { rule: admin, description: "Manage reviews and objectives campaigns" },
  ViewReviewReports: { rule: (s) => admin(s) || s.isManager, description: "Review reports" },
  ViewReviewReportsTable: { rule: superAdmin, description: "Review report table" },
  ViewLaunchedByOthersFilter: { rule: superAdmin, description: "Launched-by, user-type and user filters" },
  ViewTodosPage: { rule: everyone, description: "Review to-dos and OKR pages" },
  ViewMyReviewsPage: { rule: everyone, description: "My Reviews" },
  ViewNominationStatus: { rule: slack(everyone), description: "Nomination Status column (Slack-type)" },
  SharePairResult: { rule: slack(everyone), description: "Share a pair result (Slack-type)" },
  HideCompetencySelector: { rule: slack(everyone), description: "hideCompetencySelector option (Slack-type)" },
  ExpandAnonymousReportRows: {
    rule: (s) => s.platform === "msteams" || admin(s),
    description: "Expand anonymous report child rows",
  },

  ViewSurveys: { rule: admin, description: "Surveys area" },
  CreateUpdateSurveyTemplate: { rule: superAdmin, description: "Create or update survey templates" },
  PerformSurveyTemplateActions: { rule: superAdmin, description: "Edit, duplicate, delete custom survey templates" },
  LockUnlockSurveyQuestion: { rule: slack(superAdmin), description: "Lock/unlock survey questions" },
  ViewLaunchedByOthersSurveysFilter: { rule: superAdmin, description: "Launched-by filter on manage surveys" },

  ViewFeedbackLoops: {
    rule: (s) => (s.platform === "slack" ? admin(s) : s.isSuperAdmin),
    description: "Workflows: admins on Slack-type, super admins on Teams-type",
  },
  CreateUpdateFeedbackTemplate: { rule: superAdmin, description: "Create or update feedback templates" },
  ViewGroupFeedbackTypeFilter: { rule: admin, description: "Feedback type filter on channel insights" },
  ViewFeedbackSenderFilter: { rule: admin, description: "Feedback sender filter" },
  PerformGoalsAction: { rule: slack((s) => admin(s) || s.isManager), description: "Goal actions for others" },
  ViewGoals: { rule: slack(everyone), description: "Goals (never on Teams-type)" },

  ViewAnalytics: { rule: admin, description: "Analytics area" },
  ViewReviewAnalytics: {
    rule: slack((s) => admin(s) && s.settings.reviewAnalytics),
    description: "Review analytics: Slack-type with reviewAnalytics",
  },
  ViewSurveyAnalyticsOverview: { rule: admin, description: "Survey analytics Overview tab" },
  ViewSurveyAnalyticsQuestionTimeline: { rule: admin, description: "Survey analytics Question Timeline tab" },

  ViewOrganization: { rule: superAdmin, description: "Organization settings" },
  ViewAdmins: { rule: admin, description: "Admins list" },
  ViewSuperAdmins: { rule: superAdmin, description: "Super admins list" },
  ViewUsers: { rule: superAdmin, description: "Users list" },
  ViewRoles: { rule: superAdmin, description: "Roles" },
  ViewDepartments: { rule: superAdmin, description: "Departments" },
  ViewDepartmentDetails: { rule: msteams(superAdmin), description: "Department details: Teams-type" },
  ViewCompetencies: { rule: superAdmin, description: "Competencies" },
  ViewGroups: { rule: msteams(superAdmin), description: "Groups: Teams-type" },
  ViewWorkspaces: { rule: slack(superAdmin), description: "Workspaces and channels: Slack-type super admins" },
  ViewRelationships: {
    rule: (s) => s.isSuperAdmin && s.settings.customRelationships,
    description: "Custom relationships: super admins with the relationship flag",
  },
  ViewIntegrationsListPage: { rule: superAdmin, description: "Integrations" },
  ViewSettingsModal: { rule: superAdmin, description: "Settings modal" },

  ViewAiFeedback: { rule: everyone, description: "1-on-1s with AI feedback (both platforms)" },
};

/** The list a profile carries; computed once per request from the signed-in person. */
export function permissionsFor(subject: PermissionSubject): Permission[] {
  return PERMISSIONS.filter((name) => PERMISSION_RULES[name].rule(subject));
}
