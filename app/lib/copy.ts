import type { Platform } from "./permissions/registry";

/**
 * The one copy dictionary (DESIGN.md, STYLE.md point 5). Platform wording lives in PLATFORM_COPY,
 * keyed by platform, so a component asks `copy(platform).workspaces` and never branches on the
 * platform itself. Texts the specification quotes are kept verbatim, punctuation included.
 */
const SHARED = {
  appName: "Pulseboard",
  /** 002 §2.2: "Page title suffix is 'Admin'". */
  titleSuffix: "Admin",
  required: "This is a required field.",
  somethingWentWrong: "Something went wrong.",
  notFoundTitle: "Page not found",
  notFoundBody: "Oops! Looks like you followed a bad link...",
  goBackHome: "Go back home",
  logout: "Logout",
  skipToContent: "Skip to main content",
  toggleSidebar: "Toggle sidebar",
  close: "Close",
  cancel: "Cancel",
  save: "Save",
  requestIdLabel: "Request id",
  // 002 §2.8 / §9: analytics colour scale
  settingsTitle: "Settings",
  colorScaleLegend: "Analytics colour scale",
  colorScaleDefault: "Default (low blue to high red)",
  colorScaleReverse: "Reverse",
  settingsSaved: "Settings saved successfully",
  anonymityFloorLabel: "Anonymity minimum",
  companyFloorHint: (floor: number) =>
    `Anonymous results (surveys, anonymous reviews) show only for groups of at least this many people. It cannot be lower than ${floor}, and a survey's own minimum can only raise it.`,
  anonymityFloorInvalid: (floor: number, max: number) => `Enter a whole number from ${floor} to ${max}.`,
  // 002 §2.2 / §4: User/Admin view
  viewSwitchLabel: "View",
  viewUser: "User",
  viewAdmin: "Admin",
  viewSwitched: "View switched",
  // Empty states quoted by 002 §2, §2.5-2.7
  noUserData: "No User data available.",
  userProfileNotFound: "User Profile not found!",
  backToMyProfile: "Back to my profile",
  noManagers: "No managers assigned!",
  noPerformanceScores: "No Performance Scores available!",
  noFeedbackAnalytics: "No Feedback Analytics data available!",
  noFeedback: "No feedback available!",
  noGoals: "No goals set!",
  // Shell and profile wording not quoted by the specification
  myTeam: "My Team",
  managers: "Managers",
  relationships: "Relationships",
  role: "Role",
  department: "Department",
  noRelationships: "No relationships yet.",
  noAreaPages: "There is nothing in this area for your role yet.",
  notYetAvailable: (area: string) => `${area} is not available yet.`,
  deactivated: "Deactivated",
  excluded: "Inactive",
  // Anonymous reviews: what is held back and who can still see names
  anonymousAnswersWithheld: (minimum: number) =>
    `Answers are hidden to keep reviewers anonymous: they show once at least ${minimum} reviewers have completed this review.`,
  anonymousCompletedHidden: "Date not shown (anonymous)",
  anonymousFloorNote: (minimum: number) =>
    `Everyone else sees answers without names, and only once at least ${minimum} of a reviewee's reviewers have completed.`,
  // Anonymous survey results: the company's floor and the departments hidden with it
  anonymityFloorHint: (floor: number) => `Results stay hidden until at least ${floor} people have answered, whatever the minimum here.`,
  liveStepsWithheld: (step: number) =>
    `Real-time results of this anonymous survey show in steps of ${step} responses, from ${2 * step} on, so that no one's answers can be told apart as they come in. Every response shows once the survey is closed.`,
  liveStepsCovered: (covered: number, participants: number, step: number) =>
    `These results cover the first ${covered} of ${participants} responses: real-time results of an anonymous survey move in steps of ${step}, so that no one's answers can be told apart as they come in. Every response shows once the survey is closed.`,
  departmentsHidden: (count: number, minimum: number) =>
    `${count} ${count === 1 ? "department is" : "departments are"} hidden to keep answers anonymous: a department shows once at least ${minimum} people in it have responded, and more are hidden when the hidden ones could otherwise be worked out from the totals.`,
  // Feedback loops, quoted by 002 §2.4, §5, §8
  workflowNotFound: "Workflow not found",
  noFeedbackLoopDetails: "No Feedback Loop details available.",
  configureLoopTitle: "Configure your feedback loop here",
  createPairs: "Create new sender-receiver pairs!",
  selectTwoMembers: "Select at least two members from audience!",
  noPairs: "No sender-receiver pairs available!",
  selectAudienceFirst: "Select the audience to configure Feedback-For!",
  launchLoopTitle: "Launch Feedback Loop",
  launchLoopQuestion: (title: string) => `Are you sure to launch the feedback loop ${title}?`,
  scheduleTooSoon: "The date must be at least 48 hours from now",
  feedbackSenders: "Feedback Senders",
  feedbackReceivers: "Feedback Receivers",
  feedbackIsFor: "Feedback is for",
  giveFeedback: "Give Feedback",
  dismiss: "Dismiss",
  sendFeedback: "Send Feedback",
  // Feedback loops: library and templates
  libraryTitle: "Feedback Loop Library",
  newFeedbackLoop: "New feedback loop",
  noLibraryLoops: "No feedback loops yet.",
  noLibraryLoopsHint: "Start one from a predefined template, one of your custom templates, or from scratch.",
  libraryColumnTitle: "Title",
  libraryColumnTemplate: "Template",
  libraryColumnCreated: "Created",
  libraryColumnCreatedBy: "Created By",
  duplicate: "Duplicate",
  delete: "Delete",
  preview: "Preview",
  launch: "Launch",
  loopCreated: "Feedback loop created successfully",
  loopDuplicated: "Feedback loop duplicated successfully",
  loopDeleted: "Feedback loop deleted successfully",
  loopSaved: "Feedback loop saved successfully",
  deleteLoopTitle: (title: string) => `Delete ${title}?`,
  deleteLoopBody:
    "The feedback loop is removed from the library. Loops already launched from it keep running with their own settings. This cannot be undone.",
  previewOf: (title: string) => `Preview: ${title}`,
  templateTypesTitle: "Choose a template type",
  templateTypesDescription: "What should this feedback loop do?",
  templateTypeDescriptions: {
    feedback: "Collect feedback between colleagues, from managers and to managers, in a proven format or with your own questions.",
    "one-on-one": "Set up 1-on-1 meetings between managers and their reports, with an agenda both prepare.",
  },
  predefinedTemplates: "Predefined Templates",
  customTemplates: "Custom Templates",
  noCustomTemplates: "No custom templates yet.",
  createCustomTemplate: "Create custom template",
  startFromScratch: "Start from scratch",
  startFromScratchHint: "An empty feedback loop: add your own questions.",
  useTemplate: "Use template",
  viewTemplate: "View",
  backToLibrary: "Back to library",
  backToTemplates: "Back to templates",
  predefinedTemplate: "Predefined template",
  customTemplate: "Custom template",
  newTemplateTitle: "New custom template",
  editTemplateTitle: "Edit custom template",
  templateNameLabel: "Template name",
  templateDescLabel: "Description",
  visibleToLegend: "Visible to",
  visibilityEveryone: "Everyone",
  visibilityAdmins: (workspace: string) => `${workspace} admins`,
  visibilitySuperAdmin: "Super admin only",
  templateCreated: "Template created successfully",
  templateUpdated: "Template updated successfully",
  createTemplate: "Create Template",
  updateTemplate: "Update Template",
  loopTitleLabel: "Title",
  saveTitle: "Save title",
  next: "Next",
  questionsHeading: "Questions",
  addBlock: "Add a block",
  addToGroup: "Add to group",
  groupLabel: "Group label",
  groupDescription: "Group description",
  questionCount: (n: number) => `${n} ${n === 1 ? "question" : "questions"}`,
  fixedFormatNote: "This template's questions are its format and cannot be changed; rename the loop or go on to configure it.",
  agendaNote: "The meetings this loop sets up use this agenda as their preparation.",

  // Feedback loops: configuration and launch
  // (configuration keys)
  loopTypeTitles: {
    "direct-feedback": "Feedback to employees",
    "direct-manager-feedback": "Feedback to managers",
    "direct-plus-manager-feedback": "Feedback to employees and their managers",
    "company-feedback": "Feedback to the company",
  },
  feedbackForTitles: {
    "self-select": "Self select",
    "manager-upward": "Manager upward",
    "manager-downward": "Manager downward",
    "360": "360",
    "manually-define": "Manually define",
  },
  deliveryTitles: { "dm-and-channels": "Direct messages and channels", "dm-only": "Direct messages only", "channels-only": "Channels only" },
  loopConfigSaved: "Saved",
  loopAudienceUsersRequired: "Select at least one user.",
  loopAudienceChannelsRequired: "Select at least one channel.",
  loopAudienceGroupsRequired: "Select at least one group.",
  loopPairUnreadable: "A pair could not be read.",
  loopAudienceUnknown: "Choose people, channels or groups of your company.",
  loopAudienceUnknownWorkspace: "Choose a workspace of your company.",
  loopPairPersonUnknown: "Choose active people of your company for each pair.",
  loopPairIncomplete: "Choose both a sender and a receiver.",
  loopFeedbackForCompany: "Company feedback loops have no Feedback-For.",
  loopFeedbackTypeTeams: "The feedback type is chosen for you on this platform.",
  loopAnonymityNotAllowed: "Anonymity applies only to feedback loops.",
  loop360TooLarge: (max: number) => `360 feedback takes at most ${max} audience members.`,
  loopDeadlinePast: "The deadline must be in the future.",
  loopDeadlineBeforeStart: "The deadline must be after the scheduled start.",
  loopMessageTooLong: (max: number) => `Use at most ${max} characters.`,
  loopDateInvalid: "Enter a date and time.",
  loopFrequencyUnfit: "This frequency does not fit the start date: choose one from the list.",
  loopNoPairsVerified: "None of the pairs in the file could be added.",
  loopPairsUploaded: (count: number) => `${count} sender-receiver ${count === 1 ? "pair" : "pairs"} added`,
  loopPairsNotAdded: "Pairs not added",
  loopNotAddedReason: "Not added: not an active member of your company or workspace.",
  loopNoEmailColumns: "The file needs a sender and a receiver e-mail on each row.",

  // Feedback loops: manage
  // (manage keys)
  /** Launch, runs, reminders and pairs of launched loops (app/modules/feedback/loop-writes.server.ts). */
  feedbackLoopAnswers: {
    notFound: "This feedback loop does not exist.",
    launched: (title: string) => `Feedback loop ${title} launched successfully.`,
    scheduled: (title: string) => `Feedback loop ${title} is scheduled.`,
    deadlineBeforeStart: "The deadline must be after the start of the feedback loop.",
    noManager: (name: string) => `${name} has no manager`,
    runClosed: "This run is closed: its pairs can no longer change.",
    pairExists: "This sender already gives feedback to this receiver in this run.",
    pairNotPending: "Only a pending pair can be removed.",
    samePerson: "The sender and the receiver must be two different people.",
    unknownPerson: "Choose active people of the company.",
    pairAdded: "Sender-receiver pair added.",
    pairRemoved: "Sender-receiver pair removed.",
    nothingToRemind: "Nobody is waiting to give feedback: there is nobody to remind.",
    reminded: (n: number) => `Reminders sent to ${n === 1 ? "1 person" : `${n} people`}.`,
    remindedToday: "Everyone pending was already reminded today.",
    deleted: (title: string) => `Feedback loop ${title} deleted.`,
  },

  // Feedback: giving, requests and praise
  // (giving keys)
  feedbackSent: "Your feedback has been sent.",
  feedbackOncePerRun: "Feedback is given once to each person in a run.",
  feedbackAlreadyGiven: "You have already given feedback to this person in this run.",
  feedbackAlreadyGivenCompany: "You have already given feedback to the company in this run.",
  feedbackRunClosed: "This feedback loop run has closed: feedback can no longer be sent.",
  feedbackCheckForm: "Please check the highlighted fields.",
  feedbackChooseColleague: "Choose a colleague.",
  feedbackAnonymousNote: "This feedback is anonymous: your name and the time you send it are not kept with it.",
  feedbackRequestSent: "Your request for feedback has been sent.",
  feedbackRequestAnswered: "This request has already been answered.",
  feedbackRequestDeclined: "You declined this request.",
  feedbackPraiseSent: "Your praise has been shared.",

  // Profile feedback list (002 §2.5 "Feedback list", "Advanced filters", "Feedback card")
  // (feedback list keys)
  feedbackList: {
    listLabel: "Feedback received",
    filtersLabel: "Filter feedback",
    searchLabel: "Search feedback",
    searchPlaceholder: "Search by text, type or sender",
    search: "Search",
    advancedView: "Advanced View",
    startDate: "Start date",
    endDate: "End date",
    feedbackType: "Feedback type",
    allFeedbackTypes: "All feedback types",
    sender: "Feedback sender",
    allSenders: "All senders",
    competency: "Competency",
    allCompetencies: "All competencies",
    behaviour: "Behaviour",
    allBehaviours: "All behaviours",
    behaviourType: "Behaviour type",
    allBehaviourTypes: "All behaviour types",
    strength: "Strength",
    developmentArea: "Development area",
    apply: "Apply",
    clearAll: "Clear All",
    download: "Download as PDF",
    from: "From",
    anonymous: "Anonymous",
    cc: "CC",
    tags: "Tags",
    sentAt: "Sent at",
    details: "Details",
    detailsOf: (title: string, day: string) => `Details of ${title} sent ${day}`,
    answers: "Feedback",
    dimensions: "Competencies",
    focusAreas: "Focus areas",
    suggestions: "Suggestions",
    suggestionFlag: "Suggestion",
    noTags: "No competencies tagged.",
    count: (n: number) => (n === 1 ? "1 feedback item" : `${n} feedback items`),
    items: "feedback items",
    limited: (limit: number) => `Showing the newest ${limit} items: narrow the filters to find older feedback.`,
    reportTitle: (name: string) => `${name} - Feedback`,
    reportHeading: (name: string) => `Feedback received by ${name}`,
    reportFilters: "Filters",
    reportAllFeedback: "All feedback",
    reportGenerated: "Generated",
  },

  // Feedback insights
  // (insights keys)
  /** The Feedback Insights card (002 §2.5) on profiles, departments, groups, teams and analytics. */
  insights: {
    title: "Feedback Insights",
    filtersLabel: "Feedback Insights filters",
    startDate: "Start date",
    endDate: "End date",
    feedbackType: "Feedback type",
    apply: "Apply",
    allGroups: "All",
    downloadPdf: "Download as PDF",
    personalTiles: {
      totalFeedbackSent: "Feedback sent",
      totalFeedbackReceived: "Feedback received",
      totalFeedbackRequested: "Feedback requested",
      totalPraiseSent: "Praise sent",
      totalPraiseReceived: "Praise received",
      totalSurveysSubmitted: "Surveys submitted",
    },
    groupTiles: {
      totalFeedbackCount: "Feedback",
      totalFeedbackRequestCount: "Feedback requests",
      totalPublicPraise: "Public praise",
      totalSurveySubmittedCount: "Surveys submitted",
      userParticipatedCount: "People participating",
    },
    overviewLabel: "Overview",
    charts: { competency: "Competencies", strengthCompetency: "Strengths", developmentCompetency: "Development areas" },
    chartLabel: (title: string) => `Treemap of ${title.toLowerCase()}: each tile's size is how often it was tagged`,
    chartEmpty: "Nothing tagged in this range.",
    tileText: (name: string, count: number, avg: number) => `${name}: ${count} (${avg}%)`,
    leaderboard: "Leader Board",
    overviewTab: "Overview",
    leaderboardColumns: {
      name: "Name",
      feedback_sent: "Feedback sent",
      feedback_received: "Feedback received",
      feedback_requested: "Feedback requested",
      praise_sent: "Praise sent",
      praise_received: "Praise received",
      survey_submitted: "Surveys submitted",
      total: "Total",
    },
    view: "View",
    noLeaderboard: "Nobody in this group yet.",
    withheld: (people: number, minimum: number) =>
      `These figures are hidden to keep feedback anonymous: this group has ${people === 1 ? "1 person" : `${people} people`}, fewer than the anonymity minimum of ${minimum}, and its figures for this range include anonymous feedback.`,
    notShared: (name: string) =>
      `${name}'s feedback insights are shown only to ${name}, their managers and the admins who manage people.`,
    membersTab: "Members",
    people: "people",
  },

  // Profile: performance, reviews and objectives tabs, managers
  editManagers: "Edit managers",
  editManagersOf: (name: string) => `Edit managers of ${name}`,
  managersOf: (name: string) => `Managers of ${name}`,
  performanceCampaigns: "Review campaigns",
  campaignLabel: "Campaign",
  allCampaigns: "All campaigns",
  show: "Show",
  campaignLive: "Live",
  campaignClosed: "Closed",
  anonymousCampaign: "Anonymous",
  completedReviews: (n: number) => (n === 1 ? "1 completed review" : `${n} completed reviews`),
  performanceLimited: (n: number) => `The scores cover the newest ${n} campaigns: choose a campaign to see an older one.`,
  competencyScores: "Competency scores",
  competencyColumn: "Competency",
  averageColumn: "Average",
  noSharedReviews: "No reviews shared with you yet.",
  noSharedReviewsHint: "Review results and reports appear here once they are shared with you.",
  sharedResults: "Your review results",
  noSharedResults: "No review results shared with you yet.",
  sharedReports: "Reports shared with you",
  noSharedReports: "No reports shared with you yet.",
  moreOnMyReviews: "See all in My Reviews",
  reviewedBy: (name: string) => `Reviewer: ${name}`,
  anonymousReviewer: "Anonymous",
  sharedBy: (name: string) => `Shared by ${name}`,
  viewResult: "View result",
  viewResultOf: (title: string) => `View result of ${title}`,
  viewReport: "View report",
  viewReportOf: (title: string, reviewee: string) => `View report of ${reviewee} in ${title}`,
  noObjectives: "No objectives set!",
  noObjectivesHint: "Objectives you own appear here with their weight and key values.",
  objectivesList: "Objectives",
  objectiveWeight: "Weight",
  objectiveKind: "Kind",
  objectiveOkr: "OKR",
  objectivePerformanceContract: "Performance contract",
  keyValues: "Key values",
  noKeyValues: "No key values.",
  moreObjectives: "Only the first 200 objectives are listed.",

  // OKR and performance-contract pages (001 §2, §3), the profile's Objectives tab and its approval
  okr: {
    okrTitle: "OKRs",
    performanceContractTitle: "Performance contract",
    noActiveCampaign: "No active objectives campaign.",
    noActiveCampaignHint: "When an objectives campaign asks you to set your objectives, they appear here.",
    noObjectives: "No objectives yet.",
    noObjectivesHint: "Add an objective, give it a weight and its key results; the weights of all your objectives add up to 100.",
    stateLabel: "State",
    states: { pending: "Pending", submitted: "Submitted", approved: "Approved" } as Record<string, string>,
    progress: "Progress",
    overallProgress: "Overall progress",
    dates: (start: string, end: string) => `${start} – ${end}`,
    weightTotal: (n: number) => `Weights: ${n} of 100`,
    addObjective: "Add objective",
    editObjective: "Edit objective",
    deleteObjective: "Delete objective",
    deleteObjectiveConfirm: (name: string) => `Delete the objective “${name}” with its key results and check-ins?`,
    name: "Name",
    description: "Description",
    weight: "Weight",
    kind: "Kind",
    kindOkr: "OKR",
    kindPerformanceContract: "Performance contract",
    keyResults: "Key results",
    kpis: "KPIs",
    addKeyResult: "Add key result",
    addKpi: "Add KPI",
    removeKeyResult: "Remove",
    period: "Period",
    startValue: "Start value",
    target: "Target",
    unit: "Unit",
    direction: "Direction",
    directionIncrease: "Increase",
    directionDecrease: "Decrease",
    subRole: "Sub-role",
    client: "Client",
    industry: "Industry",
    incomeStatement: "Income statement",
    actual: "Actual",
    comment: "Comment",
    saveActual: "Save",
    actualSaving: "Saving…",
    actualSaved: "Saved",
    checkIns: "Check-ins",
    noCheckIns: "No check-ins yet.",
    submitForApproval: "Submit for approval",
    approve: "Approve objectives",
    readOnly: "These objectives are approved: only actuals and check-ins can change.",
    saved: "Objective saved.",
    deleted: "Objective deleted.",
    submitted: "Objectives submitted for approval.",
    approved: "Objectives approved.",
    notFound: "Objective not found.",
    approvedReadOnly: "These objectives are approved and can no longer be changed.",
    alreadySubmitted: "These objectives are already submitted.",
    alreadyApproved: "These objectives are already approved.",
    notSubmitted: "These objectives have not been submitted for approval yet.",
    ownApproval: "You cannot approve your own objectives.",
    actualNotNumber: "Actual must be a number.",
    weightRange: "Weight must be a whole number between 0 and 100.",
    weightOver: "The weights of your objectives add up to more than 100.",
    weightNotHundred: "The weights of your objectives must add up to exactly 100 before you submit them.",
    noObjectivesToSubmit: "Add at least one objective before you submit.",
    incomeStatementMissing: (names: string[]) => `Enter the actual of every income-statement KPI before you submit: ${names.join(", ")}.`,
    submittedSubject: "Objectives to approve",
    submittedBody: (name: string, campaign: string) => `${name} submitted their objectives in ${campaign} for your approval.`,
    approvedSubject: "Your objectives are approved",
    approvedBody: (campaign: string) => `Your objectives in ${campaign} are approved.`,
  },
} as const;

type PlatformCopy = {
  platformName: string;
  workspace: string;
  workspaces: string;
  channel: string;
  channels: string;
  noWorkspaces: string;
  selectToViewInsights: string;
  /** Launch Review, beside the anonymous setting: who can still see reviewers' names (ExpandAnonymousReportRows). */
  anonymousNamesAudience: string;
};

const PLATFORM_COPY: Record<Platform, PlatformCopy> = {
  slack: {
    platformName: "Slack",
    workspace: "Workspace",
    workspaces: "Workspaces",
    channel: "Channel",
    channels: "Channels",
    noWorkspaces: "No workspaces available",
    selectToViewInsights: "Please select a Slack Workspace to view the Insights.",
    anonymousNamesAudience: "Only admins can see who reviewed whom in reports.",
  },
  msteams: {
    platformName: "Microsoft Teams",
    workspace: "Group",
    workspaces: "Groups",
    channel: "Group",
    channels: "Groups",
    noWorkspaces: "No groups available",
    selectToViewInsights: "Please select a Group to view the Insights.",
    anonymousNamesAudience: "Admins and the reviewee's managers can still see who reviewed whom in reports.",
  },
};

export type Copy = typeof SHARED & PlatformCopy;

const cache = new Map<Platform, Copy>();

/** Every text a component shows, worded for the company's platform. */
export function copy(platform: Platform): Copy {
  let words = cache.get(platform);
  if (!words) {
    words = { ...SHARED, ...PLATFORM_COPY[platform] };
    cache.set(platform, words);
  }
  return words;
}

/** The OKR pages' texts, for server code with no platform in play (write plans' answers, notifications). */
export const objectivesCopy = SHARED.okr;

/** Texts with no platform in play (public pages, error pages before anyone is signed in). */
export const sharedCopy = SHARED;

/** The platform-worded keys, for the dictionary test: both platforms must define every one. */
export const PLATFORM_COPY_FOR_TESTS = PLATFORM_COPY;

/** "{route title} | Admin" (002 §2.2). */
export function pageTitle(title: string) {
  return `${title} | ${SHARED.titleSuffix}`;
}
