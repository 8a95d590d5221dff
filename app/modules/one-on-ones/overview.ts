import { ENGAGEMENT_WINDOWS, type EngagementWindow } from "./one-on-one-types";

/**
 * The engagement overview's figures (001 §3, §9) from one aggregate row. Meetings count in a
 * window when their date (a closed one's start, else its schedule, else its creation) is no
 * earlier than the window's first day: the last n months and what is scheduled ahead.
 */
export interface OverviewRow {
  scheduled: number;
  completed: number;
  completed_ai: number;
  avg_ai: number | null;
  avg_specificity: number | null;
  avg_actionability: number | null;
  tone: string | null;
  focus: string | null;
}

export interface EngagementOverview {
  months: EngagementWindow;
  scheduledOneOnOnes: number;
  completedAiOneOnOnes: number;
  completedOneOnOnes: number;
  waitingOneOnOnes: number;
  /** completed AI ÷ scheduled, as a rounded percentage. */
  engagementPercent: number;
  /** Floor of the mean AI score of the submitted AI feedbacks; null when none. */
  averageAiScore: number | null;
  averageSpecificityScore: number | null;
  averageActionabilityScore: number | null;
  commonToneCategory: string | null;
  commonFocusCategory: string | null;
  /** Bar widths (0–100), proportional to the counts against the scheduled total. */
  bars: { completed: number; waiting: number };
}

/** The window asked for in the query string; 3 months unless one of 3, 6, 9 or 12. */
export function engagementWindow(value: string | null): EngagementWindow {
  const n = Number(value);
  return (ENGAGEMENT_WINDOWS as readonly number[]).includes(n) ? (n as EngagementWindow) : ENGAGEMENT_WINDOWS[0];
}

/** The first moment of a window: `months` calendar months before `now` (UTC). */
export function windowStart(now: number, months: EngagementWindow): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const num = (v: unknown) => (typeof v === "number" ? v : v === null || v === undefined ? null : Number(v));

export function overviewOf(row: OverviewRow | undefined, months: EngagementWindow): EngagementOverview {
  const scheduled = Number(row?.scheduled ?? 0);
  const completed = Number(row?.completed ?? 0);
  const completedAi = Number(row?.completed_ai ?? 0);
  const ai = num(row?.avg_ai);
  const spec = num(row?.avg_specificity);
  const act = num(row?.avg_actionability);
  return {
    months,
    scheduledOneOnOnes: scheduled,
    completedAiOneOnOnes: completedAi,
    completedOneOnOnes: completed,
    waitingOneOnOnes: scheduled - completed,
    engagementPercent: pct(completedAi, scheduled),
    averageAiScore: ai === null ? null : Math.floor(ai),
    averageSpecificityScore: spec === null ? null : Math.round(spec),
    averageActionabilityScore: act === null ? null : Math.round(act),
    commonToneCategory: row?.tone ?? null,
    commonFocusCategory: row?.focus ?? null,
    bars: { completed: pct(completed, scheduled), waiting: pct(scheduled - completed, scheduled) },
  };
}
