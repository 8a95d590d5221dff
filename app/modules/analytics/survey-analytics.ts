import type { Permission } from "~/lib/permissions/names";
import { groupsToHide, meetsAnonymityMinimum } from "~/modules/access/anonymity";
import type { Sentiment } from "~/modules/ai/sentiment";
import type { ChoiceBlock, SurveyBlock } from "~/modules/surveys/blocks";
import { npsOf, percentOf, type ChoiceCount, type NpsResult } from "~/modules/surveys/report";
import type { RunState } from "~/modules/surveys/survey-machine";

/**
 * Survey analytics (/analytics/survey-analytics): the tabs, who may open them, and the pure
 * decisions and arithmetic the pages share (client-safe; the reads are in
 * survey-analytics.server.ts). Which runs and which department slices may show figures is decided
 * here, on top of the company floor and complementary suppression of access/anonymity.ts.
 */

export const SURVEY_ANALYTICS_BASE = "/analytics/survey-analytics";
export const SURVEY_ANALYTICS_TABS = ["timeline", "overview", "sentiments", "question-timeline"] as const;
export type SurveyAnalyticsTab = (typeof SURVEY_ANALYTICS_TABS)[number];

/** Each tab's gate (002 §6): Overview and Question Timeline have their own, the others the area's. */
export const SURVEY_ANALYTICS_TAB_PERMISSIONS: Record<SurveyAnalyticsTab, Permission> = {
  timeline: "ViewAnalytics",
  overview: "ViewSurveyAnalyticsOverview",
  sentiments: "ViewAnalytics",
  "question-timeline": "ViewSurveyAnalyticsQuestionTimeline",
};

export const isSurveyAnalyticsTab = (tab: string | undefined): tab is SurveyAnalyticsTab =>
  (SURVEY_ANALYTICS_TABS as readonly string[]).includes(tab ?? "");

/** The tabs the viewer may open, in the bar's order. */
export const openTabs = (permissions: readonly string[]) =>
  SURVEY_ANALYTICS_TABS.filter((tab) => permissions.includes(SURVEY_ANALYTICS_TAB_PERMISSIONS[tab]));

// ---- Questions ---------------------------------------------------------------------------------

export type Question = ChoiceBlock & { group: string | null };

/** The choice questions of a survey's blocks, groups flattened, in order. */
export function choiceQuestions(blocks: SurveyBlock[]): Question[] {
  return blocks.flatMap((b): Question[] => {
    if (b.type === "group") return b.questions.filter((q): q is ChoiceBlock => q.type === "choice").map((q) => ({ ...q, group: b.label }));
    return b.type === "choice" ? [{ ...b, group: null }] : [];
  });
}

/** The questions whose answers have one value each: the ones an average or an eNPS is taken of. */
export const ratedQuestions = (blocks: SurveyBlock[]) => choiceQuestions(blocks).filter((q) => !q.multipleAnswers);

/** The eNPS question: a 0–10 single-answer question, the tracked one first. */
export function enpsQuestion(blocks: SurveyBlock[]): Question | null {
  const nps = ratedQuestions(blocks).filter((q) => q.selectedOption === "nps");
  return nps.find((q) => q.track) ?? nps[0] ?? null;
}

/** The questions the builder's track flag marks for following over runs. */
export const trackedQuestions = (blocks: SurveyBlock[]) => choiceQuestions(blocks).filter((q) => q.track);

// ---- Which runs and slices show figures --------------------------------------------------------

export interface GateRun {
  state: RunState;
  liveResults: boolean;
  anonymous: boolean;
  /** The company floor raised by the run's own minimum (access/anonymity.ts); 0 on a named run. */
  minimum: number;
  /** Submitted responses of the whole run. */
  responses: number;
}

/**
 * - "shown": its figures and answers may be shown;
 * - "not-yet": results are not out: an open run without real-time results, or an open anonymous
 *   run (whose figures would move one response at a time; it shows once closed);
 * - "withheld": an anonymous run with fewer responses than its minimum, or a department slice
 *   hidden to keep answers anonymous.
 */
export type Gate = "shown" | "not-yet" | "withheld";

export function runGate(run: GateRun): Gate {
  if (run.state !== "closed" && (!run.liveResults || run.anonymous)) return "not-yet";
  if (run.anonymous && !meetsAnonymityMinimum(run.responses, run.minimum)) return "withheld";
  return "shown";
}

/**
 * The gate of one department's slice of a run. On an anonymous run the run's responses by
 * department are one breakdown whose total (the whole run) is shown elsewhere, so a department
 * is withheld when complementary suppression hides it: below the minimum, or hidden with the
 * small ones so that they cannot be worked out by subtraction. `department` null: the whole run.
 */
export function sliceGate(run: GateRun, byDepartment: ReadonlyArray<{ key: string | null; count: number }>, department: string | null): Gate {
  const gate = runGate(run);
  if (gate !== "shown" || department === null || !run.anonymous) return gate;
  return groupsToHide(byDepartment, run.minimum).has(department) ? "withheld" : "shown";
}

// ---- Figures -----------------------------------------------------------------------------------

/** Responses as a share of recipients, one decimal; null without recipients. */
export const participationOf = (responded: number, recipients: number) => (recipients === 0 ? null : percentOf(responded, recipients));

/** The mean of single-answer values (value → how many), two decimals; null without answers. */
export function averageOf(perValue: ReadonlyMap<number, number>): number | null {
  let n = 0;
  let sum = 0;
  for (const [value, count] of perValue) {
    n += count;
    sum += value * count;
  }
  return n === 0 ? null : Math.round((sum / n) * 100) / 100;
}

/**
 * eNPS of a 0–10 question: % promoters (9–10) − % detractors (0–6), the survey report's NPS
 * (surveys/report.ts npsOf); null without answers.
 */
export function enpsOf(perValue: ReadonlyMap<number, number>): NpsResult | null {
  const valid = new Map([...perValue].filter(([v]) => Number.isInteger(v) && v >= 0 && v <= 10));
  const result = npsOf(valid);
  return result.total === 0 ? null : result;
}

/**
 * A question's choices with their counts and shares of the question's respondents (two choices
 * sharing a value: the count is the first's, as in the survey report).
 */
export function choiceCounts(q: Pick<ChoiceBlock, "choices">, perValue: ReadonlyMap<number, number>, respondents: number): ChoiceCount[] {
  const seen = new Set<number>();
  return q.choices.map((c) => {
    const count = seen.has(c.value) ? 0 : perValue.get(c.value) ?? 0;
    seen.add(c.value);
    return { text: c.text, value: c.value, count, percent: percentOf(count, respondents) };
  });
}

export interface SentimentShare {
  sentiment: Sentiment;
  count: number;
  percent: number;
}

export function sentimentShares(counts: Record<Sentiment, number>): SentimentShare[] {
  const total = counts.positive + counts.neutral + counts.negative;
  return (["positive", "neutral", "negative"] as const).map((sentiment) => ({
    sentiment,
    count: counts[sentiment],
    percent: percentOf(counts[sentiment], total),
  }));
}

// ---- Page data ---------------------------------------------------------------------------------

export interface SurveyOption {
  id: string;
  title: string;
  /** Its tracked questions (the Question Timeline's picker). */
  tracked: Array<{ id: string; label: string }>;
}

export interface SurveyAnalyticsFilters {
  surveyId: string | null;
  departmentId: string | null;
  questionId: string | null;
}

/** One run of a survey with its participation (of the department's people when one is picked). */
export interface RunPoint {
  id: string;
  sequence: number;
  state: RunState;
  launchedAt: number;
  gate: Gate;
  /** Null (with the slice withheld): not shown. */
  recipients: number | null;
  responded: number | null;
  participation: number | null;
}

export interface TimelineData {
  questions: Array<{ id: string; label: string }>;
  enpsQuestion: { id: string; label: string } | null;
  runs: Array<RunPoint & { enps: number | null; averages: Record<string, number | null> }>;
}

export interface OverviewRow {
  survey: { id: string; title: string };
  runs: number;
  latest: RunPoint;
  /** eNPS of the newest run whose results may be shown; null when none has any. */
  enps: { score: number; answers: number; launchedAt: number; sequence: number } | null;
  hasEnpsQuestion: boolean;
}

export interface SentimentAnswer {
  text: string;
  /** The respondent, on a named survey only. */
  name: string | null;
  launchedAt: number;
}

export interface SentimentsData {
  shares: SentimentShare[];
  total: number;
  /** The answers behind each share (the first ones, newest run first). */
  answers: Record<Sentiment, SentimentAnswer[]>;
  runsShown: number;
  runsHidden: number;
}

export interface QuestionTimelineData {
  question: { id: string; label: string; family: ChoiceBlock["selectedOption"]; multipleAnswers: boolean } | null;
  runs: Array<RunPoint & { respondents: number | null; average: number | null; nps: NpsResult | null; choices: ChoiceCount[] }>;
}

export type SurveyAnalyticsView =
  | { tab: "timeline"; data: TimelineData | null }
  | { tab: "overview"; data: OverviewRow[] }
  | { tab: "sentiments"; data: SentimentsData | null }
  | { tab: "question-timeline"; data: QuestionTimelineData | null };
