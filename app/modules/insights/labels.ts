import type { GroupOverview, InsightsCharts, PersonalOverview } from "./types";

/** What the insights' tiles and charts are called, on the page and in the PDF alike. */
export const PERSONAL_TILES: Array<{ key: keyof PersonalOverview; label: string }> = [
  { key: "totalFeedbackSent", label: "Feedback sent" },
  { key: "totalFeedbackReceived", label: "Feedback received" },
  { key: "totalFeedbackRequested", label: "Feedback requested" },
  { key: "totalPraiseSent", label: "Praise sent" },
  { key: "totalPraiseReceived", label: "Praise received" },
  { key: "totalSurveysSubmitted", label: "Surveys submitted" },
];

export const GROUP_TILES: Array<{ key: keyof GroupOverview; label: string }> = [
  { key: "totalFeedbackCount", label: "Feedback" },
  { key: "totalFeedbackRequestCount", label: "Feedback requests" },
  { key: "totalPublicPraise", label: "Public praise" },
  { key: "totalSurveySubmittedCount", label: "Surveys submitted" },
  { key: "userParticipatedCount", label: "People participating" },
];

export const CHARTS: Array<{ key: keyof InsightsCharts; label: string }> = [
  { key: "competency", label: "Competencies" },
  { key: "strengthCompetency", label: "Strengths" },
  { key: "developmentCompetency", label: "Development areas" },
];

export const NO_INSIGHTS = "No Feedback Analytics data available!";
