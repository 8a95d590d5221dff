/**
 * The filters of a Feedback Insights card (002 §2.5, §4, §9), read from the page's query string so
 * the card works as a GET form without JavaScript: startDate and endDate (YYYY-MM-DD), feedbackType
 * (an insight scope) and groups (repeated). Lenient on purpose: a missing, malformed or unknown
 * value falls back to its default, never an error page; an end before the start is cleared (002 §5).
 * Pure and client-safe: the filter form shows exactly what the loader used.
 */

export const INSIGHTS_KINDS = [
  "personalInsights",
  "workspaceOrChannelInsights",
  "departmentInsights",
  "relationshipInsights",
  "groupInsights",
] as const;
export type InsightsKind = (typeof INSIGHTS_KINDS)[number];

/**
 * 002 §9 insight scopes, in the filter's order: which of the people's feedback a group's figures
 * count (docs/decisions.md "Feedback insights"). Counts of the tiles only; the treemaps always show
 * the competencies of feedback the people received (the senders' are not kept, for anonymity).
 */
export const INSIGHT_SCOPES = ["all_feedback", "group", "user"] as const;
export type InsightScope = (typeof INSIGHT_SCOPES)[number];
export const INSIGHT_SCOPE_LABELS: Record<InsightScope, string> = {
  all_feedback: "All feedback (sent and received)",
  group: "Feedback sent",
  user: "Feedback received",
};

export interface InsightsFilters {
  startDate: string;
  /** Empty when cleared (an end before the start): the range then runs to today. */
  endDate: string;
  scope: InsightScope;
  /** Workspaces, channels or groups chosen (workspace or channel insights); empty = all of them. */
  groupIds: string[];
}

/** Most groups one request may name: the form offers the company's, a longer list is cut. */
export const MAX_INSIGHT_GROUPS = 100;

const DAY_MS = 86_400_000;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in YYYY-MM-DD, or null. */
export function validDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = YMD.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[0]}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== m[0] ? null : m[0];
}

export const dayString = (at: Date) => at.toISOString().slice(0, 10);

/** 002 §4/§9: the last 3 months up to today. */
export function defaultRange(today: string): { startDate: string; endDate: string } {
  const t = new Date(`${today}T00:00:00.000Z`);
  const start = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 3, t.getUTCDate()));
  // 31 May minus 3 months is 28/29 Feb, not 3 March.
  if (start.getUTCDate() !== t.getUTCDate()) start.setUTCDate(0);
  return { startDate: dayString(start), endDate: today };
}

/**
 * 002 §4: "Default group feedback type is the second option, except for channel or workspace
 * insights outside Slack-type" (there the first).
 */
export function defaultScope(kind: InsightsKind, platform: "slack" | "msteams"): InsightScope {
  return kind === "workspaceOrChannelInsights" && platform !== "slack" ? INSIGHT_SCOPES[0] : INSIGHT_SCOPES[1];
}

export function parseInsightsFilters(
  params: URLSearchParams,
  options: { kind: InsightsKind; platform: "slack" | "msteams"; today: string; groupIds?: readonly string[] }
): InsightsFilters {
  const fallback = defaultRange(options.today);
  const startDate = validDay(params.get("startDate")) ?? fallback.startDate;
  let endDate = params.has("endDate") ? (validDay(params.get("endDate")) ?? fallback.endDate) : fallback.endDate;
  if (params.get("endDate") === "") endDate = "";
  // 002 §5: "choosing an earlier end clears it".
  if (endDate && endDate < startDate) endDate = "";
  const asked = params.get("feedbackType");
  const scope = (INSIGHT_SCOPES as readonly string[]).includes(asked ?? "") ? (asked as InsightScope) : defaultScope(options.kind, options.platform);
  const known = options.groupIds ? new Set(options.groupIds) : null;
  const groupIds = [...new Set(params.getAll("groups"))].filter((id) => id && (!known || known.has(id))).slice(0, MAX_INSIGHT_GROUPS);
  return { startDate, endDate, scope, groupIds };
}

/** The last day the figures cover: the end date, or today when it was cleared. */
export function rangeEnd(filters: Pick<InsightsFilters, "endDate">, today: string): string {
  return filters.endDate || today;
}

/** The query string of filters (for links that keep them: a treemap tile, the PDF). */
export function insightsQuery(filters: InsightsFilters): URLSearchParams {
  const q = new URLSearchParams({ startDate: filters.startDate, endDate: filters.endDate, feedbackType: filters.scope });
  for (const id of filters.groupIds) q.append("groups", id);
  return q;
}

/** Days in a range, both ends included (0 for a reversed one). */
export function daysIn(startDate: string, endDate: string): number {
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / DAY_MS) + 1;
}
