import type { InsightsFilters } from "../filters";
import type { ChartItem, GroupInsights, GroupOverview, InsightsCharts, InsightsGroupOption, PersonalInsights, PersonalOverview } from "../types";

/**
 * What the Feedback Insights card decides before it draws (pure, client-safe): which tiles in
 * which order, the treemaps' order, when there is nothing to show, and where a tile leads.
 */

/** 002 §3 "Feedback overview (personal)", in the order the tiles stand. */
export const PERSONAL_TILES = [
  "totalFeedbackSent",
  "totalFeedbackReceived",
  "totalFeedbackRequested",
  "totalPraiseSent",
  "totalPraiseReceived",
  "totalSurveysSubmitted",
] as const satisfies ReadonlyArray<keyof PersonalOverview>;

/** 002 §3 "Feedback overview (group)", in the order the tiles stand. */
export const GROUP_TILES = [
  "totalFeedbackCount",
  "totalFeedbackRequestCount",
  "totalPublicPraise",
  "totalSurveySubmittedCount",
  "userParticipatedCount",
] as const satisfies ReadonlyArray<keyof GroupOverview>;

/** 002 §3 "Insights chart data", in the order the treemaps stand. */
export const CHARTS = ["competency", "strengthCompetency", "developmentCompetency"] as const satisfies ReadonlyArray<keyof InsightsCharts>;

/** 002 §2.5: 'No Feedback Analytics data available!' when every figure is 0 (tiles and treemaps). */
export function everyFigureZero(overview: PersonalOverview | GroupOverview, charts: InsightsCharts): boolean {
  return Object.values(overview).every((n) => n === 0) && CHARTS.every((key) => charts[key].every((item) => item.count === 0));
}

/**
 * 002 §2.1: a treemap tile opens the person's Feedback tab filtered by its competency (and, for a
 * strength or development tile, its behaviour and behaviour type) over the insights' range.
 */
export function tileHref(basePath: string, item: ChartItem, range: { startDate: string; endDate: string }): string {
  const q = new URLSearchParams({ competency: item.dimensionId });
  if (item.behaviourType) {
    q.set("behaviour", item.id);
    q.set("behaviourType", item.behaviourType);
  }
  q.set("startDate", range.startDate);
  if (range.endDate) q.set("endDate", range.endDate);
  return `${basePath}/feedback?${q}`;
}

/**
 * Where a leaderboard name's View link leads: the page's profile base, except one's own row,
 * which opens one's own profile (a base such as My Team does not hold oneself). Null: no links.
 */
export function leaderboardProfileHref(profileBase: string | null, viewerId: string): ((userId: string) => string) | null {
  if (!profileBase) return null;
  return (userId) => (userId === viewerId ? `/my-profile/${encodeURIComponent(userId)}` : `${profileBase}/${encodeURIComponent(userId)}`);
}

/** The groups filter's legend: "Workspaces and Channels" on Slack-type, "Groups" where both words are one. */
export function groupsLegend(words: { workspaces: string; channels: string }): string {
  return words.workspaces === words.channels ? words.workspaces : `${words.workspaces} and ${words.channels}`;
}

/** What a Feedback Insights card shows, as its page's loader hands it over (plain JSON). */
export type InsightsCardData =
  | {
      kind: "personal";
      filters: InsightsFilters;
      /** The last day the figures cover (the end date, or today when it was cleared). */
      rangeEnd: string;
      /** The page's query string, posted with Download as PDF. */
      query: string;
      /** The profile's base path: a treemap tile opens `${basePath}/feedback?…`. */
      basePath: string;
      insights: PersonalInsights;
    }
  /** A profile whose insights the viewer may not read. */
  | { kind: "not-shared"; name: string }
  | {
      kind: "group";
      filters: InsightsFilters;
      showScope: boolean;
      groupOptions?: InsightsGroupOption[];
      insights: GroupInsights;
      /** The company's anonymity minimum (the withheld sentence names it). */
      minimum: number;
      /** The viewer's own row links to their own profile. */
      viewerId: string;
      /** Where a leaderboard name's View link leads (`${profileBase}/${userId}`); null: no link. */
      profileBase: string | null;
      /** Which parts the page shows: the analytics' Leader Board tab is the leaderboard alone. */
      parts: { overview: boolean; leaderboard: boolean };
      /** The leaderboard's page (`insights.leaderboard` holds that page's rows): `query` is the page's query string without `page`. */
      leaderboardPage: { page: number; pages: number; total: number; query: string };
    };

