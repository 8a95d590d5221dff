import { groupsToHide } from "~/modules/access/anonymity";
import { choiceFor, choiceValueOf, isQuestion, questionLabel } from "~/modules/reviews/components/pair-answers";
import { NOMINATION_STATES, PAIR_STATES, type NominationState, type PairState } from "~/modules/reviews/campaign-machine";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";

/**
 * Review analytics (000 §7 analytics endpoints; 002 §2.2): a review's completion status and the
 * average score of each of its rated questions, for the whole review (Overview) and broken down
 * by the reviewees' department, role or group (Organization). Pure and client-safe: the server
 * (review-analytics.server.ts) hands it SQL tallies and it shapes the figures the page, its charts
 * and the tests read.
 *
 * A score is read as the review reports read it (app/modules/reviews/reports/reviewee-report.ts):
 * the value of the chosen choice, the mean of the chosen items when several are, nothing for Not
 * Applicable or no answer; each answer's score is rounded to two decimals, then averaged.
 *
 * Anonymous reviews (app/modules/access/anonymity.ts): an average is made of its reviewers' answers,
 * so a slice whose completed reviewers are fewer than the floor shows no average, and the slices
 * of one breakdown are hidden together (complementary suppression) so that the total minus the
 * shown slices never reveals a hidden one.
 */

export const REVIEW_ANALYTICS_PATH = "/analytics/review-analytics";
export const REVIEW_ANALYTICS_TABS = ["overview", "organization"] as const;
export type ReviewAnalyticsTab = (typeof REVIEW_ANALYTICS_TABS)[number];

export const BREAKDOWNS = ["department", "role", "group"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** The key of people with no department, role or group. */
export const NONE_KEY = "";

/** One row of the answer tally: how many completed answers to a block had this value, in one slice. */
export interface AnswerTally {
  key: string;
  blockId: string;
  /** json_type of the stored value: an array's value arrives as JSON text. */
  valueType: string;
  value: string | number | null;
  n: number;
}

export interface QuantitativeQuestion {
  blockId: string;
  question: string;
}

/** The questions whose answers have scores: multiple choice, competency and objective questions with choices. */
export function quantitativeQuestions(blocks: readonly StoredBlock[] | null): QuantitativeQuestion[] {
  const out: QuantitativeQuestion[] = [];
  for (const block of blocks ?? []) {
    if (!isQuestion(block)) continue;
    const choice = choiceValueOf(block);
    if (!choice || !choice.choices.some((c) => typeof c.value === "number")) continue;
    out.push({ blockId: block.id, question: questionLabel(block) });
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The score of one stored answer value (as the reviewee report scores it), or null. */
export function answerScore(block: StoredBlock, valueType: string, value: string | number | null): number | null {
  const choice = choiceValueOf(block);
  if (!choice || value === null) return null;
  let items: unknown[] = [value];
  if (valueType === "array" && typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      items = Array.isArray(parsed) ? parsed : [];
    } catch {
      items = [];
    }
  }
  const scores = items.map((v) => choiceFor(choice, v)?.value).filter((v): v is number => typeof v === "number");
  if (scores.length === 0) return null;
  return round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

/** Sum and count of scores per slice and question. */
export type ScoreSums = Map<string, Map<string, { sum: number; n: number }>>;

export function scoreSums(blocks: readonly StoredBlock[] | null, tallies: readonly AnswerTally[]): ScoreSums {
  const byId = new Map((blocks ?? []).map((b) => [b.id, b]));
  const out: ScoreSums = new Map();
  for (const t of tallies) {
    const block = byId.get(t.blockId);
    if (!block) continue;
    const score = answerScore(block, t.valueType, t.value);
    if (score === null) continue;
    let slice = out.get(t.key);
    if (!slice) out.set(t.key, (slice = new Map()));
    const cell = slice.get(t.blockId) ?? { sum: 0, n: 0 };
    cell.sum += score * t.n;
    cell.n += t.n;
    slice.set(t.blockId, cell);
  }
  return out;
}

const averageOf = (cell: { sum: number; n: number } | undefined) => (cell && cell.n > 0 ? round(cell.sum / cell.n) : null);

export interface StatusCount {
  key: string;
  state: string;
  n: number;
}

export interface SliceCount {
  key: string;
  n: number;
}

export interface QuestionAverage extends QuantitativeQuestion {
  /** Null: no scored answer, or hidden to keep reviewers anonymous. */
  average: number | null;
  /** Scored answers behind the average (0 when hidden). */
  answers: number;
}

export interface SliceFigures {
  key: string;
  name: string;
  pairs: number;
  completed: number;
  /** Completed pairs as a share of pairs, 0–100 with one decimal. */
  completion: number;
  byState: Array<{ state: PairState; n: number }>;
  nominations: number;
  nominationsSubmitted: number;
  /** Distinct reviewers of the completed pairs: the people an anonymous average is made of. */
  reviewers: number;
  /** The averages are hidden to keep reviewers anonymous. */
  hidden: boolean;
  /** Every rated question's average, in questionnaire order. */
  questions: QuestionAverage[];
  /** The mean of every scored answer of the slice (every question alike). */
  overall: number | null;
}

export interface ReviewFiguresInput {
  blocks: readonly StoredBlock[] | null;
  anonymous: boolean;
  /** The anonymity minimum (company floor). */
  minimum: number;
  /** The slices in display order (one, key NONE_KEY, for the whole review). */
  slices: ReadonlyArray<{ key: string; name: string }>;
  status: readonly StatusCount[];
  reviewers: readonly SliceCount[];
  nominations: readonly StatusCount[];
  /** The answers, tallied by slice; or `sums`, already scored by slice. */
  tallies?: readonly AnswerTally[];
  sums?: ScoreSums;
}

/**
 * Scores by slice from scores by reviewee: `members` pairs each reviewee with the slice they are
 * in (a reviewee in several groups is in each of them).
 */
export function sumsBySlice(byReviewee: ScoreSums, members: ReadonlyArray<{ reviewee: string; key: string }>): ScoreSums {
  const out: ScoreSums = new Map();
  for (const m of members) {
    const own = byReviewee.get(m.reviewee);
    if (!own) continue;
    let slice = out.get(m.key);
    if (!slice) out.set(m.key, (slice = new Map()));
    for (const [block, cell] of own) {
      const into = slice.get(block) ?? { sum: 0, n: 0 };
      into.sum += cell.sum;
      into.n += cell.n;
      slice.set(block, into);
    }
  }
  return out;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The figures of each slice of one breakdown. For an anonymous review the slices to hide are
 * decided over the whole breakdown at once (groupsToHide), so a hidden slice cannot be worked
 * out from the others and the total.
 */
export function sliceFigures(input: ReviewFiguresInput): SliceFigures[] {
  const questions = quantitativeQuestions(input.blocks);
  const sums = input.sums ?? scoreSums(input.blocks, input.tallies ?? []);
  const reviewers = new Map(input.reviewers.map((r) => [r.key, Number(r.n)]));
  const hidden = input.anonymous
    ? groupsToHide(
        input.slices.map((s) => ({ key: s.key, count: reviewers.get(s.key) ?? 0 })),
        input.minimum
      )
    : new Set<string>();
  return input.slices.map((slice) => {
    const states = new Map<string, number>();
    for (const s of input.status) if (s.key === slice.key) states.set(s.state, (states.get(s.state) ?? 0) + Number(s.n));
    const pairs = [...states.values()].reduce((a, b) => a + b, 0);
    const completed = states.get("completed") ?? 0;
    const nominations = input.nominations.filter((s) => s.key === slice.key);
    const count = reviewers.get(slice.key) ?? 0;
    // A slice with no completed reviewer has nothing to hide; one under the floor is always hidden.
    const isHidden = input.anonymous && (hidden.has(slice.key) || (count > 0 && count < input.minimum));
    const mine = sums.get(slice.key);
    const all = { sum: 0, n: 0 };
    const averages = questions.map((q) => {
      const cell = mine?.get(q.blockId);
      if (cell) {
        all.sum += cell.sum;
        all.n += cell.n;
      }
      return isHidden ? { ...q, average: null, answers: 0 } : { ...q, average: averageOf(cell), answers: cell?.n ?? 0 };
    });
    return {
      key: slice.key,
      name: slice.name,
      pairs,
      completed,
      completion: percent(completed, pairs),
      byState: PAIR_STATES.map((state) => ({ state, n: states.get(state) ?? 0 })).filter((s) => s.n > 0),
      nominations: nominations.reduce((a, s) => a + Number(s.n), 0),
      nominationsSubmitted: nominations.filter((s) => s.state === "submitted").reduce((a, s) => a + Number(s.n), 0),
      reviewers: count,
      hidden: isHidden,
      questions: averages,
      overall: isHidden ? null : averageOf(all),
    };
  });
}

/** The nominations of a review by state (000 §9 item states), every state listed. */
export function nominationsByState(rows: readonly StatusCount[]): Array<{ state: NominationState; n: number }> {
  return NOMINATION_STATES.map((state) => ({
    state,
    n: rows.filter((r) => r.state === state).reduce((a, r) => a + Number(r.n), 0),
  }));
}

/** The URL of a tab with the page's query. */
export function reviewAnalyticsHref(tab: ReviewAnalyticsTab, query: Record<string, string | null | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const search = params.toString();
  return `${REVIEW_ANALYTICS_PATH}/${tab}${search ? `?${search}` : ""}`;
}
