import type { Permission } from "./permissions/names";

/**
 * The full route table of 002 §2.1 (with DESIGN.md's route clarifications), in one place.
 * It drives Remix's route config (app/routes.config.ts), breadcrumbs, the sidebar's gating and
 * the route × role test. An area not built yet points at routes/placeholder.tsx; building it
 * means pointing its entries at real modules, keeping path, title and permission.
 */
export type RouteLayout = "public" | "shell";

export interface RouteEntry {
  id: string;
  path: string;
  /** Breadcrumb and page title; `:param` is substituted with the route parameter. */
  title: string;
  /** null = public; "SignedIn" = any signed-in person. */
  permission: Permission | "SignedIn" | null;
  layout: RouteLayout;
  /** Module under app/, default routes/placeholder.tsx. */
  module?: string;
  /**
   * The Remix route serving this entry when several entries share one module (every tab of a
   * profile): registered once, so Remix has fewer routes to match on each request. The module
   * then tells the entries apart with matchRoute.
   */
  remixPath?: string;
  /** Product area, named in a placeholder page. */
  area?: string;
  /** What the page will offer, said on its placeholder while the area is not built. */
  upcoming?: string;
}

/** Every tab of a profile, and its bare path, are one Remix route: {base}/:tab? (routes/profile.tsx). */
function profileRoute(base: string): Pick<RouteEntry, "module" | "remixPath"> {
  return { module: "routes/profile.tsx", remixPath: `${base}/:tab?` };
}

/** The workspace insights' two tabs and their bare path are one Remix route (routes/feedback-analytics.tsx). */
const feedbackAnalyticsRoute: Pick<RouteEntry, "module" | "remixPath"> = {
  module: "routes/feedback-analytics.tsx",
  remixPath: "/analytics/feedback-analytics/:tab?",
};

/** Survey analytics' four tabs and their bare path are one Remix route (routes/survey-analytics.tsx). */
const surveyAnalyticsRoute: Pick<RouteEntry, "module" | "remixPath"> = {
  module: "routes/survey-analytics.tsx",
  remixPath: "/analytics/survey-analytics/:tab?",
};

/** Review analytics' two tabs and their bare path are one Remix route (routes/review-analytics.tsx). */
const reviewAnalyticsRoute: Pick<RouteEntry, "module" | "remixPath"> = {
  module: "routes/review-analytics.tsx",
  remixPath: "/analytics/review-analytics/:tab?",
};

function area(
  name: string,
  upcoming: string | null,
  permission: Permission | "SignedIn",
  entries: Array<[id: string, path: string, title: string, override?: Partial<RouteEntry>]>
): RouteEntry[] {
  return entries.map(([id, path, title, override]) => ({
    id,
    path,
    title,
    permission,
    layout: "shell" as const,
    area: name,
    ...(upcoming ? { upcoming } : {}),
    ...override,
  }));
}

export const ROUTES: RouteEntry[] = [
  // Public
  { id: "home", path: "/", title: "Home", permission: null, layout: "public", module: "routes/home.tsx" },
  { id: "sign-in", path: "/sign-in", title: "Sign in", permission: null, layout: "public", module: "routes/sign-in.tsx" },
  {
    id: "slack-complete-authorization",
    path: "/slack/complete-authorization",
    title: "Signing in",
    permission: null,
    layout: "public",
    module: "routes/complete-authorization.tsx",
  },
  {
    id: "msteams-complete-authorization",
    path: "/msteams/complete-authorization",
    title: "Signing in",
    permission: null,
    layout: "public",
    module: "routes/complete-authorization.tsx",
  },
  {
    id: "slack-select-workspace",
    path: "/slack/select-slack-workspace",
    title: "Select Primary Workspace",
    permission: null,
    layout: "public",
    module: "routes/slack.select-slack-workspace.tsx",
  },
  { id: "auth-error", path: "/auth-error", title: "Sign-in failed", permission: null, layout: "public", module: "routes/auth-error.tsx" },
  {
    id: "not-authorized",
    path: "/not-authorized",
    title: "Not authorized",
    permission: null,
    layout: "public",
    module: "routes/not-authorized.tsx",
  },
  { id: "not-found", path: "/404", title: "Page not found", permission: null, layout: "public", module: "routes/not-found.tsx" },

  // Profile and team
  ...area("Profile", null, "ViewMyProfile", [
    ["my-profile", "/my-profile/:userId", "Profile", profileRoute("/my-profile/:userId")],
    ["my-profile-insights", "/my-profile/:userId/feedback-insights", "Feedback Insights", profileRoute("/my-profile/:userId")],
    ["my-profile-feedback", "/my-profile/:userId/feedback", "Feedback", profileRoute("/my-profile/:userId")],
    ["my-profile-goals", "/my-profile/:userId/goals", "Goals", { ...profileRoute("/my-profile/:userId"), permission: "ViewGoals" }],
    ["my-profile-objectives", "/my-profile/:userId/objectives", "Objectives", profileRoute("/my-profile/:userId")],
    ["my-profile-reviews", "/my-profile/:userId/reviews", "Reviews", profileRoute("/my-profile/:userId")],
  ]),
  ...area("My Team", null, "ViewMyTeam", [
    ["my-team", "/my-team", "My Team", { module: "routes/my-team.tsx" }],
    ["my-team-relationship", "/my-team/:relationshipId", ":relationshipId", { module: "routes/my-team.relationship.tsx" }],
    ["my-team-user", "/my-team/:relationshipId/users/:userId", ":userId", profileRoute("/my-team/:relationshipId/users/:userId")],
    [
      "my-team-user-insights",
      "/my-team/:relationshipId/users/:userId/feedback-insights",
      "Feedback Insights",
      profileRoute("/my-team/:relationshipId/users/:userId"),
    ],
    [
      "my-team-user-feedback",
      "/my-team/:relationshipId/users/:userId/feedback",
      "Feedback",
      profileRoute("/my-team/:relationshipId/users/:userId"),
    ],
    [
      "my-team-user-performance",
      "/my-team/:relationshipId/users/:userId/performance",
      "Performance",
      { ...profileRoute("/my-team/:relationshipId/users/:userId"), permission: "ViewPerformanceTab" },
    ],
    [
      "my-team-user-goals",
      "/my-team/:relationshipId/users/:userId/goals",
      "Goals",
      { ...profileRoute("/my-team/:relationshipId/users/:userId"), permission: "ViewGoals" },
    ],
    ["my-team-user-objectives", "/my-team/:relationshipId/users/:userId/objectives", "Objectives", profileRoute("/my-team/:relationshipId/users/:userId")],
  ]),
  ...area("My Groups", null, "ViewMyGroupsPage", [
    ["my-groups", "/my-groups", "My Groups", { module: "routes/my-groups.tsx" }],
    ["my-groups-group", "/my-groups/:groupId", ":groupId", { module: "routes/my-groups.group.tsx" }],
    ["my-groups-user", "/my-groups/:groupId/users/:userId", ":userId", profileRoute("/my-groups/:groupId/users/:userId")],
    [
      "my-groups-user-insights",
      "/my-groups/:groupId/users/:userId/feedback-insights",
      "Feedback Insights",
      profileRoute("/my-groups/:groupId/users/:userId"),
    ],
    [
      "my-groups-user-feedback",
      "/my-groups/:groupId/users/:userId/feedback",
      "Feedback",
      profileRoute("/my-groups/:groupId/users/:userId"),
    ],
    [
      "my-groups-user-performance",
      "/my-groups/:groupId/users/:userId/performance",
      "Performance",
      { ...profileRoute("/my-groups/:groupId/users/:userId"), permission: "ViewPerformanceTab" },
    ],
  ]),

  // Reviews (000)
  { id: "reviews", path: "/reviews", title: "Reviews", permission: "ViewReviews", layout: "shell", module: "routes/area-index.tsx" },
  ...area("Review questionnaires", null, "ViewReviewBuilder", [
    ["review-questionnaires", "/reviews/review-questionnaires", "Review Questionnaires", { module: "routes/reviews.questionnaires.tsx" }],
    [
      "review-questionnaire-new",
      "/reviews/review-questionnaires/add-new-questionnaire",
      "Add New Questionnaire",
      { module: "routes/reviews.questionnaire-gallery.tsx" },
    ],
    [
      "review-questionnaire-new-predefined",
      "/reviews/review-questionnaires/add-new-questionnaire/:predefinedReviewTemplateId",
      "From Template",
      { module: "routes/reviews.questionnaire.tsx" },
    ],
    [
      "review-questionnaire",
      "/reviews/review-questionnaires/:reviewTemplateId",
      "Questionnaire",
      { module: "routes/reviews.questionnaire.tsx" },
    ],
  ]),
  ...area("Manage reviews", null, "ViewManageReviews", [
    ["manage-reviews", "/reviews/manage-reviews", "Manage Reviews", { module: "routes/reviews.manage.tsx" }],
    ["launch-review", "/reviews/manage-reviews/launch-review", "Launch Review", { module: "routes/reviews.launch.tsx" }],
    ["draft-review", "/reviews/manage-reviews/draft/:reviewId", "Draft Review", { module: "routes/reviews.launch.tsx" }],
    ["review-detail", "/reviews/manage-reviews/:activeReviewId", ":activeReviewId", { module: "routes/reviews.review.tsx" }],
  ]),
  ...area("Review reports", null, "ViewReviewReports", [
    ["review-reports", "/reviews/reports", "Reports", { module: "routes/reviews.reports.tsx" }],
  ]),
  ...area("Review reports", null, "ViewReviewReports", [
    ["review-reports-reviewee", "/reviews/reports/reviewee", "Reviewee Report", { module: "routes/reviews.reports.reviewee.tsx" }],
  ]),
  ...area("Review report table", null, "ViewReviewReportsTable", [
    ["review-reports-table", "/reviews/reports-table", "Report Table", { module: "routes/reviews.reports-table.tsx" }],
  ]),
  ...area("My Reviews", null, "ViewMyReviewsPage", [
    ["my-reviews", "/reviews/my-reviews", "My Reviews", { module: "routes/reviews.my-reviews.tsx" }],
    [
      "my-reviews-shared-report",
      "/reviews/my-reviews/shared-reports/:shareId",
      "Shared Report",
      { module: "routes/reviews.my-reviews.shared-report.tsx" },
    ],
  ]),
  ...area("Review to-dos", null, "ViewTodosPage", [
    ["todos", "/reviews/todos", "To Do's", { module: "routes/reviews.todos.tsx" }],
    ["todo", "/reviews/todos/:reviewId", "Review", { module: "routes/reviews.todos.tsx" }],
    [
      "todo-awaiting-nomination",
      "/reviews/todos/awaiting-nomination/:reviewId",
      "Awaiting Nomination",
      { module: "routes/reviews.todos.awaiting-nomination.tsx" },
    ],
    [
      "todo-manager-approve",
      "/reviews/todos/manager-approve-nomination/:reviewId/:revieweeId",
      "Approve Nomination",
      { module: "routes/reviews.todos.manager-approve.tsx" },
    ],
    [
      "todo-reviewer-approve",
      "/reviews/todos/reviewer-approve-nomination/:reviewId",
      "Approve Nomination",
      { module: "routes/reviews.todos.reviewer-approve.tsx" },
    ],
    [
      "todo-owner",
      "/reviews/todos/owner-todo/:reviewId/:revieweeId",
      "Owner To Do",
      { module: "routes/reviews.todos.manager-approve.tsx" },
    ],
  ]),

  // Objectives (001)
  ...area("Objectives campaigns", "Objective campaigns will let you launch OKR and performance-contract campaigns and follow their progress.", "ViewManageReviews", [
    ["objective-campaigns", "/objective-campaigns", "Objective Campaigns", { module: "routes/objective-campaigns.tsx" }],
    ["objective-campaign-launch", "/objective-campaigns/launch-review", "New Campaign", { module: "routes/objective-campaigns.form.tsx" }],
    ["objective-campaign-draft", "/objective-campaigns/draft/:objectivesCampaignId", "Draft Campaign", { module: "routes/objective-campaigns.form.tsx" }],
    ["objective-campaign-manage", "/objective-campaigns/manage/:objectivesCampaignId", "Campaign", { module: "routes/objective-campaigns.manage.tsx" }],
  ]),
  ...area("Objectives", "Your OKRs and performance contract will be shown here.", "ViewTodosPage", [
    ["objectives-okr", "/objective-campaign/okr", "OKRs", { module: "routes/objectives.okr.tsx" }],
    ["objectives-performance-contract", "/objective-campaign/performance-contract", "Performance Contract", { module: "routes/objectives.okr.tsx" }],
  ]),

  // Surveys (001)
  { id: "surveys", path: "/surveys", title: "Surveys", permission: "ViewSurveys", layout: "shell", module: "routes/area-index.tsx" },
  ...area("Surveys", null, "ViewSurveys", [
    ["survey-library", "/surveys/survey-library", "Survey Library", { module: "routes/surveys.library.tsx" }],
    ["survey-new", "/surveys/survey-library/add-new-survey", "Add New Survey", { module: "routes/surveys.new.tsx" }],
    ["survey-new-template", "/surveys/survey-library/add-new-survey/:surveyTemplateId", ":surveyTemplateId", { module: "routes/surveys.new.tsx" }],
    ["survey-builder", "/surveys/survey-library/:surveyId", "Survey", { module: "routes/surveys.builder.tsx" }],
    ["survey-audience", "/surveys/survey-library/:surveyId/survey-audience", "Audience", { module: "routes/surveys.audience.tsx" }],
    [
      "survey-scheduler",
      "/surveys/survey-library/:surveyId/survey-audience/survey-scheduler",
      "Scheduler",
      { module: "routes/surveys.scheduler.tsx" },
    ],
    ["manage-surveys", "/surveys/manage-surveys", "Manage Surveys", { module: "routes/surveys.manage.tsx" }],
    ["survey-detail", "/surveys/manage-surveys/:surveyId", "Survey", { module: "routes/surveys.manage-detail.tsx" }],
    ["survey-reports", "/surveys/reports", "Reports", { module: "routes/surveys.reports.tsx" }],
    ["survey-insights", "/surveys/survey-insights", "Insights", { module: "routes/survey-insights-redirect.tsx" }],
    ["survey-insights-department", "/surveys/survey-insights/department", "Department", { module: "routes/surveys.insights-department.tsx" }],
    // The templates page's paths are not given by 001 §2 ("held in named constants"): chosen here.
    ["survey-templates", "/surveys/survey-templates", "Survey Templates", { module: "routes/surveys.templates.tsx" }],
    ["survey-template", "/surveys/survey-templates/:surveyTemplateId", ":surveyTemplateId", { module: "routes/surveys.template.tsx" }],
    // Where a recipient answers a run (the chat message links here); any signed-in recipient.
    ["survey-respond", "/surveys/respond/:runId", "Survey", { permission: "SignedIn", module: "routes/surveys.respond.tsx" }],
  ]),

  // Organization (002 §2.8, DESIGN route clarifications)
  {
    id: "organization",
    path: "/organization",
    title: "Organization",
    permission: "SignedIn",
    layout: "shell",
    module: "routes/area-index.tsx",
  },
  ...area("Organization", null, "ViewOrganization", [
    ["organization-settings", "/organization/settings", "Settings", { module: "routes/org.settings.tsx" }],
  ]),
  ...area("Users", null, "ViewUsers", [
    ["org-users", "/organization/settings/users", "Users", { module: "routes/org.users.tsx" }],
    ["org-user", "/organization/settings/users/:userId", ":userId", profileRoute("/organization/settings/users/:userId")],
    [
      "org-user-insights",
      "/organization/settings/users/:userId/feedback-insights",
      "Feedback Insights",
      profileRoute("/organization/settings/users/:userId"),
    ],
    [
      "org-user-feedback",
      "/organization/settings/users/:userId/feedback",
      "Feedback",
      profileRoute("/organization/settings/users/:userId"),
    ],
    [
      "org-user-performance",
      "/organization/settings/users/:userId/performance",
      "Performance",
      { ...profileRoute("/organization/settings/users/:userId"), permission: "ViewPerformanceTab" },
    ],
    [
      "org-user-goals",
      "/organization/settings/users/:userId/goals",
      "Goals",
      { ...profileRoute("/organization/settings/users/:userId"), permission: "ViewGoals" },
    ],
    ["org-user-objectives", "/organization/settings/users/:userId/objectives", "Objectives", profileRoute("/organization/settings/users/:userId")],
  ]),
  ...area("Roles", null, "ViewRoles", [["org-roles", "/organization/settings/roles", "Roles", { module: "routes/org.roles.tsx" }]]),
  ...area("Departments", null, "ViewDepartments", [
    ["org-departments", "/organization/settings/departments", "Departments", { module: "routes/org.departments.tsx" }],
  ]),
  ...area("Departments", null, "ViewDepartmentDetails", [
    ["org-department", "/organization/settings/departments/:departmentId", ":departmentId", { module: "routes/org.department.tsx" }],
    [
      "org-department-insights",
      "/organization/settings/departments/:departmentId/feedback-insights",
      "Feedback Insights",
      { module: "routes/org.department-insights.tsx" },
    ],
  ]),
  ...area("Competencies", null, "ViewCompetencies", [
    ["org-competencies", "/organization/settings/competencies", "Competencies", { module: "routes/org.competencies.tsx" }],
  ]),
  ...area("Groups", null, "ViewGroups", [
    ["org-groups", "/organization/settings/groups", "Groups", { module: "routes/org.groups.tsx" }],
    ["org-group", "/organization/settings/groups/:groupId", ":groupId", { module: "routes/org.group.tsx" }],
    [
      "org-group-insights",
      "/organization/settings/groups/:groupId/feedback-insights",
      "Feedback Insights",
      { module: "routes/org.group-insights.tsx" },
    ],
  ]),
  ...area("Workspaces", null, "ViewWorkspaces", [
    ["org-workspaces", "/organization/settings/workspaces", "Workspaces", { module: "routes/org.workspaces.tsx" }],
    [
      "org-workspace-channel",
      "/organization/settings/workspaces/:workspaceId/channels/:channelId",
      ":channelId",
      { module: "routes/org.workspace-channel.tsx" },
    ],
  ]),
  ...area("Custom relationships", null, "ViewRelationships", [
    ["org-relationships", "/organization/settings/relationships", "Relationships", { module: "routes/org.relationships.tsx" }],
  ]),
  ...area("Admins", null, "ViewAdmins", [
    ["org-admins", "/organization/admins", "Admins", { module: "routes/org.admins.tsx" }],
    ["org-admins-list", "/organization/admins/admins-list", "Admins List", { module: "routes/org.admins-list.tsx" }],
  ]),
  ...area("Super admins", null, "ViewSuperAdmins", [
    [
      "org-super-admins-list",
      "/organization/admins/super-admins-list",
      "Super Admins List",
      { module: "routes/org.super-admins-list.tsx" },
    ],
  ]),

  // Analytics
  {
    id: "analytics",
    path: "/analytics",
    title: "Analytics",
    permission: "ViewAnalytics",
    layout: "shell",
    module: "routes/area-index.tsx",
  },
  ...area("Survey analytics", null, "ViewAnalytics", [
    ["survey-analytics", "/analytics/survey-analytics", "Survey Analytics", surveyAnalyticsRoute],
    ["survey-analytics-timeline", "/analytics/survey-analytics/timeline", "Timeline", surveyAnalyticsRoute],
    [
      "survey-analytics-overview",
      "/analytics/survey-analytics/overview",
      "Overview",
      { permission: "ViewSurveyAnalyticsOverview", ...surveyAnalyticsRoute },
    ],
    ["survey-analytics-sentiments", "/analytics/survey-analytics/sentiments", "Sentiments", surveyAnalyticsRoute],
    [
      "survey-analytics-question-timeline",
      "/analytics/survey-analytics/question-timeline",
      "Question Timeline",
      { permission: "ViewSurveyAnalyticsQuestionTimeline", ...surveyAnalyticsRoute },
    ],
  ]),
  ...area("Feedback analytics", null, "ViewAnalytics", [
    ["feedback-analytics", "/analytics/feedback-analytics", "Feedback Analytics", feedbackAnalyticsRoute],
    ["feedback-analytics-overview", "/analytics/feedback-analytics/overview", "Overview", feedbackAnalyticsRoute],
    ["feedback-analytics-leader-board", "/analytics/feedback-analytics/leader-board", "Leader Board", feedbackAnalyticsRoute],
  ]),
  ...area("Review analytics", null, "ViewReviewAnalytics", [
    ["review-analytics", "/analytics/review-analytics", "Review Analytics", reviewAnalyticsRoute],
    ["review-analytics-overview", "/analytics/review-analytics/overview", "Overview", reviewAnalyticsRoute],
    ["review-analytics-organization", "/analytics/review-analytics/organization", "Organization", reviewAnalyticsRoute],
  ]),
  ...area("Analytics reports", null, "ViewAnalytics", [["analytics-reports", "/analytics/reports", "Reports", { module: "routes/analytics.reports.tsx" }]]),
  ...area("Data Studio", null, "ViewAnalytics", [["data-studio", "/analytics/my-queries", "Data Studio", { module: "routes/analytics.my-queries.tsx" }]]),

  // Workflows (feedback loops)
  {
    id: "workflows",
    path: "/workflows",
    title: "Workflows",
    permission: "ViewFeedbackLoops",
    layout: "shell",
    module: "routes/area-index.tsx",
  },
  ...area("Feedback loops", null, "ViewFeedbackLoops", [
    ["workflow-library", "/workflows/library", "Library", { module: "routes/workflows.library.tsx" }],
    ["workflow-template-types", "/workflows/library/template-types", "Template Types", { module: "routes/workflows.template-types.tsx" }],
    ["workflow-template-type", "/workflows/library/template-types/:templateType", ":templateType", { module: "routes/workflows.template-type.tsx" }],
    ["workflow-template", "/workflows/library/template-types/:templateType/:templateId", "Template", { module: "routes/workflows.template.tsx" }],
    ["workflow-library-loop", "/workflows/library/:templateType/:feedbackLibraryLoopId", "Feedback Loop", { module: "routes/workflows.library-loop.tsx" }],
    [
      "workflow-library-loop-config",
      "/workflows/library/:templateType/:feedbackLibraryLoopId/config",
      "Configure",
      { module: "routes/workflows.config.tsx" },
    ],
    ["manage-feedback-loops", "/workflows/manage-feedback-loops", "Manage Feedback Loops", { module: "routes/workflows.manage.tsx" }],
    ["manage-feedback-loop", "/workflows/manage-feedback-loops/:feedbackLoopId", "Feedback Loop", { module: "routes/workflows.manage-detail.tsx" }],
  ]),

  // Feedback outside the specification's table: where a person gives, asks for and praises.
  ...area("Feedback", null, "SignedIn", [
    ["feedback", "/feedback", "Feedback", { module: "routes/feedback.tsx" }],
    ["feedback-give", "/feedback/give", "Give Feedback", { module: "routes/feedback.give.tsx" }],
    ["feedback-give-loop", "/feedback/give/:feedbackRunId/:receiverId", "Give Feedback", { module: "routes/feedback.give-loop.tsx" }],
    ["feedback-request", "/feedback/request", "Request Feedback", { module: "routes/feedback.request.tsx" }],
    ["feedback-answer-request", "/feedback/requests/:feedbackRequestId", "Give Feedback", { module: "routes/feedback.answer-request.tsx" }],
    ["feedback-praise", "/feedback/praise", "Praise", { module: "routes/feedback.praise.tsx" }],
  ]),

  // Other
  ...area("Integrations", null, "ViewIntegrationsListPage", [
    ["integrations", "/integrations", "Integrations", { module: "routes/integrations.tsx" }],
  ]),
  ...area("1-on-1s", "1-on-1s will let reviewers and reviewees prepare their meetings, keep notes and get help to craft feedback.", "ViewAiFeedback", [
    ["one-on-ones", "/one-on-ones", "1-on-1s", { module: "routes/one-on-ones.tsx" }],
    ["one-on-one", "/one-on-ones/:oneOnOneId", "1-on-1", { module: "routes/one-on-one.tsx" }],
    ["one-on-one-prepare-feedback", "/one-on-ones/:oneOnOneId/prepare-feedback/:prepareAiFeedbackId", "Prepare Feedback", { module: "routes/one-on-ones.prepare-feedback.tsx" }],
  ]),
];

/** Routes outside the specification's table: framework, demo and resource routes. */
export const SUPPORT_ROUTES: Array<{ id: string; path: string; module: string; layout: RouteLayout | "none" }> = [
  { id: "sign-out", path: "/sign-out", module: "routes/sign-out.tsx", layout: "none" },
  { id: "auth-start", path: "/auth/:platform/start", module: "routes/auth.start.tsx", layout: "none" },
  { id: "auth-callback", path: "/auth/:platform/callback", module: "routes/auth.callback.tsx", layout: "none" },
  { id: "tab", path: "/tab", module: "routes/tab.tsx", layout: "none" },
  { id: "dev-sign-in", path: "/dev/sign-in", module: "routes/dev.sign-in.tsx", layout: "none" },
  { id: "dev-inbox", path: "/dev/inbox", module: "routes/dev.inbox.tsx", layout: "none" },
  { id: "dev-review-transitions", path: "/dev/review-transitions", module: "routes/dev.review-transitions.tsx", layout: "none" },
  { id: "dev-feedback-launch", path: "/dev/feedback-launch", module: "routes/dev.feedback-launch.tsx", layout: "none" },
  { id: "company-settings", path: "/settings", module: "routes/settings.tsx", layout: "none" },
  { id: "view-switch", path: "/view", module: "routes/view.tsx", layout: "none" },
  { id: "healthz", path: "/healthz", module: "routes/healthz.tsx", layout: "none" },
  {
    id: "relationship-report",
    path: "/organization/settings/relationships/:relationshipId/report",
    module: "routes/org.relationships.report.tsx",
    layout: "none",
  },
  // A review's status report and a pair report's file (a loader answering with a file, outside the shell).
  {
    id: "review-download",
    path: "/reviews/manage-reviews/:activeReviewId/download",
    module: "routes/reviews.review.download.tsx",
    layout: "none",
  },
  // A generated report's file, for whoever may see that report now (a loader answering with a file).
  { id: "report-file", path: "/reports/files/:reportId", module: "routes/reports.files.tsx", layout: "none" },
  // The super admin's report table as newline-delimited JSON rows (an action answering with a stream).
  {
    id: "review-reports-table-download",
    path: "/reviews/reports-table/download",
    module: "routes/reviews.reports-table.download.tsx",
    layout: "none",
  },
  // A survey report as .xlsx (a loader answering with a file, outside the shell).
  { id: "survey-report-download", path: "/surveys/reports/download", module: "routes/surveys.reports.download.tsx", layout: "none" },
  // The Share-report dialog's people search (JSON, with JavaScript).
  { id: "report-share-people", path: "/reviews/reports/share-people", module: "routes/reviews.reports.share-people.tsx", layout: "none" },
  // The people picker's search (JSON, with JavaScript; app/ui/people-picker.tsx).
  { id: "people-search", path: "/people/search", module: "routes/people.search.tsx", layout: "none" },
  // The Slack app (chat-apps/slack): install, OAuth redirect, signed Events API and interactivity posts.
  { id: "slack-install", path: "/slack/install", module: "routes/slack.install.tsx", layout: "none" },
  { id: "slack-oauth-callback", path: "/slack/oauth/callback", module: "routes/slack.oauth-callback.tsx", layout: "none" },
  { id: "slack-events", path: "/slack/events", module: "routes/slack.events.tsx", layout: "none" },
  { id: "slack-interactivity", path: "/slack/interactivity", module: "routes/slack.interactivity.tsx", layout: "none" },
  // "Snooze for a day" from an e-mail: the signed-in person's own reminders (title "Snooze reminders").
  { id: "notifications-snooze", path: "/notifications/snooze", module: "routes/notifications.snooze.tsx", layout: "none" },
  // The Teams app (chat-apps/msteams): the bot's activities (Bot Framework, POST) and the personal tab's start page.
  { id: "msteams-messages", path: "/msteams/messages", module: "routes/msteams.messages.tsx", layout: "none" },
  { id: "msteams-tab-start", path: "/msteams/tab-start", module: "routes/msteams.tab-start.tsx", layout: "none" },
  { id: "splat", path: "*", module: "routes/not-found.tsx", layout: "none" },
];

function compile(path: string) {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return "([^/]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { regex: new RegExp(`^${source}/?$`), names };
}

const compiled = ROUTES.map((entry) => ({ entry, ...compile(entry.path) }));

/** The table entry for a concrete pathname, preferring static segments (as Remix ranks them). */
export function matchRoute(pathname: string): { entry: RouteEntry; params: Record<string, string> } | null {
  let best: { entry: RouteEntry; params: Record<string, string>; score: number } | null = null;
  for (const { entry, regex, names } of compiled) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    const score = entry.path.split("/").filter((s) => s && !s.startsWith(":")).length;
    if (!best || score > best.score) best = { entry, params, score };
  }
  return best && { entry: best.entry, params: best.params };
}

export function routeById(id: string): RouteEntry {
  const entry = ROUTES.find((r) => r.id === id);
  if (!entry) throw new Error(`Unknown route id ${id}`);
  return entry;
}

/** Fill a path pattern with parameters: pathFor("/my-profile/:userId", { userId }) */
export function pathFor(pattern: string, params: Record<string, string | number>) {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? `:${name}`)));
}

export interface Crumb {
  title: string;
  href: string;
}

/** Breadcrumbs: each prefix of the path that is itself a table route, titled with params filled in. */
export function breadcrumbsFor(pathname: string, labels: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= segments.length; i++) {
    const href = "/" + segments.slice(0, i).join("/");
    const match = matchRoute(href);
    if (!match || match.entry.layout !== "shell") continue;
    const title = match.entry.title.replace(/:(\w+)/g, (_, name: string) => labels[name] ?? match.params[name] ?? name);
    crumbs.push({ title, href });
  }
  return crumbs;
}
