// Every named gate of the specification (000 §6, 001 §6, 002 §6), in one zod-free list so
// the client can import it cheaply. The rules that grant them live in ./registry.ts.
export const PERMISSIONS = [
  // Shell and profile
  "ViewMyProfile",
  "ViewMyTeam",
  "ViewMyGroupsPage",
  "ViewManagees",
  "UpdateUserManagers",
  "ViewPerformanceTab",
  "ViewUserAdminSwitch",
  "ViewAiChat",
  "viewDemoView",
  // Reviews
  "ViewReviews",
  "ViewReviewBuilder",
  "ViewManageReviews",
  "ViewReviewReports",
  "ViewReviewReportsTable",
  "ViewLaunchedByOthersFilter",
  "ViewTodosPage",
  "ViewMyReviewsPage",
  "ViewNominationStatus",
  "SharePairResult",
  "HideCompetencySelector",
  "ExpandAnonymousReportRows",
  // Surveys
  "ViewSurveys",
  "CreateUpdateSurveyTemplate",
  "PerformSurveyTemplateActions",
  "LockUnlockSurveyQuestion",
  "ViewLaunchedByOthersSurveysFilter",
  // Feedback loops, insights and goals
  "ViewFeedbackLoops",
  "CreateUpdateFeedbackTemplate",
  "ViewGroupFeedbackTypeFilter",
  "ViewFeedbackSenderFilter",
  "PerformGoalsAction",
  "ViewGoals",
  // Analytics
  "ViewAnalytics",
  "ViewReviewAnalytics",
  "ViewSurveyAnalyticsOverview",
  "ViewSurveyAnalyticsQuestionTimeline",
  // Organization
  "ViewOrganization",
  "ViewAdmins",
  "ViewSuperAdmins",
  "ViewUsers",
  "ViewRoles",
  "ViewDepartments",
  "ViewDepartmentDetails",
  "ViewCompetencies",
  "ViewGroups",
  "ViewWorkspaces",
  "ViewRelationships",
  "ViewIntegrationsListPage",
  "ViewSettingsModal",
  // 1-on-1s
  "ViewAiFeedback",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function hasPermission(permissions: readonly string[], permission: Permission) {
  return permissions.includes(permission);
}
