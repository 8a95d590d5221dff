import type { LeaderboardRow } from "./types";

/**
 * 002 §9: "leaderboard drops its last row and sorts by total". The leaderboard statement returns
 * one row per person and, last, the group's totals (the overview tiles read it); the table shows
 * the people only, highest total first (then by name, so equal totals keep one order).
 */
export function leaderboardFrom(rows: readonly LeaderboardRow[]): { people: LeaderboardRow[]; totals: LeaderboardRow | null } {
  if (rows.length === 0) return { people: [], totals: null };
  const totals = rows[rows.length - 1];
  const people = rows.slice(0, -1).sort((a, b) => b.total - a.total || a.user_name.localeCompare(b.user_name) || a.userId.localeCompare(b.userId));
  return { people, totals };
}

/** The query parameter of a leaderboard's page (a members card beside it pages with ?page=). */
export const LEADERBOARD_PAGE_PARAM = "leaderboardPage";

/** 002 §9: percentages rounded to 2 decimals. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}
