/**
 * What Feedback Insights show (002 §3), as the server hands them to the card. Plain JSON.
 */

/** 002 §3 "Feedback overview (personal)". */
export interface PersonalOverview {
  totalFeedbackSent: number;
  totalFeedbackReceived: number;
  totalFeedbackRequested: number;
  totalPraiseSent: number;
  totalPraiseReceived: number;
  totalSurveysSubmitted: number;
}

/** 002 §3 "Feedback overview (group)". */
export interface GroupOverview {
  totalFeedbackCount: number;
  totalFeedbackRequestCount: number;
  totalPublicPraise: number;
  totalSurveySubmittedCount: number;
  userParticipatedCount: number;
}

/**
 * 002 §3 "Chart item": one treemap tile. In the competency chart a tile is a competency
 * (`id` = `dimensionId` = the competency, behaviourType ""); in the strength and development
 * charts a tile is a behaviour tagged that way (`id` = the behaviour, `dimensionId` = its
 * competency). `count` is how many times it was tagged; `avg` its share of the chart in percent,
 * 2 decimals (002 §9).
 */
export interface ChartItem {
  id: string;
  dimensionId: string;
  name: string;
  title: string;
  behaviourType: "strength" | "developmentArea" | "";
  count: number;
  avg: number;
}

/** 002 §3 "Insights chart data". */
export interface InsightsCharts {
  competency: ChartItem[];
  strengthCompetency: ChartItem[];
  developmentCompetency: ChartItem[];
}

/** 002 §3 "Leaderboard row", with the person's id for the View link. */
export interface LeaderboardRow {
  userId: string;
  user_name: string;
  feedback_sent: number;
  feedback_received: number;
  feedback_requested: number;
  praise_sent: number;
  praise_received: number;
  survey_submitted: number;
  total: number;
}

export interface PersonalInsights {
  overview: PersonalOverview;
  charts: InsightsCharts;
}

export type GroupInsights =
  | { withheld: false; memberCount: number; overview: GroupOverview; charts: InsightsCharts; leaderboard: LeaderboardRow[] }
  /** The group is below the company's anonymity floor and its figures hold anonymous feedback. */
  | { withheld: true; memberCount: number };

/** A choice of the groups filter (workspace or channel insights). */
export interface InsightsGroupOption {
  id: string;
  name: string;
  kind: "workspace" | "channel" | "group";
}
