import type { ScaleFamily } from "~/modules/blocks/scales";
import type { RunState } from "./survey-machine";

/**
 * Survey reports and insights by department: the texts, shapes and pure arithmetic the pages and
 * their components share (client-safe; the queries are in report.server.ts and insights.server.ts).
 */

export const NO_RESULT = "No result available for the selected survey.";
export const RESULTS_ONCE_CLOSED = "Results of this survey will be available once it is closed.";
export const withheldMessage = (min: number) =>
  `Results are withheld: this anonymous survey shows results once at least ${min} ${
    min === 1 ? "response has" : "responses have"
  } been submitted.`;
export const SELECT_SURVEY = "Select a survey to view its report.";

export interface ReportPlace {
  id: string;
  name: string;
}

export interface RunListItem {
  id: string;
  title: string;
  state: RunState;
  launchedAt: number;
  sequence: number;
}

export interface ChoiceCount {
  text: string;
  value: number;
  count: number;
  /** Of the question's respondents who picked a choice (multiple answers: of its respondents). */
  percent: number;
}

export interface NpsResult {
  promoters: number;
  passives: number;
  detractors: number;
  total: number;
  promotersPercent: number;
  passivesPercent: number;
  detractorsPercent: number;
  /** % promoters − % detractors, rounded, −100 … 100. */
  score: number;
}

export interface TextList {
  total: number;
  items: string[];
}

export type QuestionReport =
  | {
      kind: "choice";
      id: string;
      label: string;
      group: string | null;
      family: ScaleFamily;
      multipleAnswers: boolean;
      /** Respondents who picked at least one choice. */
      respondents: number;
      notApplicable: number | null;
      choices: ChoiceCount[];
      nps: NpsResult | null;
      comments: TextList | null;
    }
  | { kind: "text"; id: string; label: string; group: string | null; answers: TextList };

export type ReportResult =
  | { status: "closed-only"; participants: number }
  | {
      status: "withheld";
      participants: number;
      min: number;
      /** Open anonymous run in real time: results move in steps of this many responses, and there is no whole step yet. */
      step?: number;
    }
  | { status: "empty"; participants: 0 }
  | {
      status: "ready";
      participants: number;
      questions: QuestionReport[];
      /** Open anonymous run in real time: how many of the responses (the first ones) the figures cover; null when all. */
      covered?: number | null;
    };

export const percentOf = (n: number, total: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);

export function npsOf(counts: Map<number, number>): NpsResult {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [value, n] of counts) {
    if (value >= 9) promoters += n;
    else if (value >= 7) passives += n;
    else detractors += n;
  }
  const total = promoters + passives + detractors;
  return {
    promoters,
    passives,
    detractors,
    total,
    promotersPercent: percentOf(promoters, total),
    passivesPercent: percentOf(passives, total),
    detractorsPercent: percentOf(detractors, total),
    score: total === 0 ? 0 : Math.round(((promoters - detractors) / total) * 100),
  };
}

export const NO_INSIGHTS = "No insights available for the selected survey.";
export const NO_SURVEYS = "No surveys available to view the insights.";
export const NO_DEPARTMENT = "No department";

export type ColorScale = "default" | "reverse";

export interface InsightCell {
  departmentId: string;
  value: number | null;
  /** The cell's background (inline style) and text colour; null when no one in the department answered. */
  color: string | null;
  textColor: string | null;
}

export interface InsightRow {
  id: string;
  question: string;
  min: number;
  max: number;
  departments: InsightCell[];
}

export interface InsightsResult {
  status: "closed-only" | "withheld" | "empty" | "ready";
  departments: Array<{ id: string; name: string; responses: number }>;
  rows: InsightRow[];
  /** How many departments are left out to keep an anonymous run's answers anonymous (below the minimum, or hidden with them so they cannot be subtracted). */
  hidden: number;
}

/**
 * The colour of a value on the company's scale (`companies.analytics_color_scale`): Default runs
 * from blue (low) to red (high), Reverse from red (low) to blue (high); `t` is the value's place
 * between the question's lowest and highest choice value.
 */
export function scaleColor(t: number, scale: ColorScale): { background: string; text: string } {
  const x = Math.min(1, Math.max(0, scale === "reverse" ? 1 - t : t));
  const hue = Math.round(220 * (1 - x));
  // Mid hues (yellow, green) are light: dark text there, white text at both ends.
  const light = hue > 35 && hue < 190;
  return { background: `hsl(${hue} 75% ${light ? 55 : 50}%)`, text: light ? "#0f172a" : "#ffffff" };
}
