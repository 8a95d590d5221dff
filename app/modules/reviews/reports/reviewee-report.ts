import { NOT_APPLICABLE, type Choice } from "~/modules/blocks/scales";
import { plainText } from "~/modules/blocks";
import { ratedRows } from "~/modules/reviews/answers";
import type { PairAnswer, PairAnswers } from "~/modules/reviews/campaign-machine";
import { choiceFor, choiceValueOf, isQuestion, questionLabel } from "~/modules/reviews/components/pair-answers";
import type { ChoiceValue } from "~/modules/blocks";
import { withAnsweredObjectives } from "~/modules/reviews/objective-answers";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";

/**
 * The per-reviewee report (000 §2 "Per-reviewee report"): one reviewee across one or
 * more reviews, read from the reviews' questionnaire snapshots and the completed pairs' answers.
 * Pure and client-safe, so the page, the shared view, the PDF and the XLSX shape it the same way.
 *
 * Columns are review × reviewer (completed pairs only, in the order the query gives them); a
 * reviewer whose name may not be shown (an anonymous review, 000 §6) arrives as null and is
 * "Reviewer N" in the columns and "Anonymous" in the comments. The server gives such reviewers in
 * an order unrelated to who or when (app/modules/access/anonymous-reviewers.server.ts), and gives none at all for a
 * review that is `withheld` (fewer completed than the anonymity floor): that review adds no column,
 * score, average or comment. A cell's score is the value of the chosen choice; Not Applicable and
 * unanswered questions score nothing.
 */

/** 000 §2 empty states, quoted exactly. */
export const ANALYTICS_NOT_AVAILABLE = "Analytics not available!";
export const SELECT_REVIEWS_AND_REVIEWEE = "Please select Reviews and Reviewee";
/** The chart's title, on the page and in the PDF. */
export const COMPETENCY_ANALYTICS = "Competency analytics";
export const QUANTITATIVE_ANALYTICS = "Quantitative analytics";
export const COMMENTS = "Comments";
/** The reviewer of a comment in an anonymous review. */
export const ANONYMOUS_REVIEWER = "Anonymous";
export const REVIEWEE_REPORT_PATH = "/reviews/reports/reviewee";

/** A report shared with someone opens read-only here (My Reviews, "Shared with me"). */
export const sharedReportPath = (shareId: string) => `/reviews/my-reviews/shared-reports/${encodeURIComponent(shareId)}`;

/** The per-reviewee report's address (the table's Preview links here too). */
export function revieweeReportPath(revieweeId: string, campaignIds: readonly string[] = []) {
  const query = new URLSearchParams({ revieweeId });
  if (campaignIds.length > 0) query.set("reviewIds", campaignIds.join(","));
  return `${REVIEWEE_REPORT_PATH}?${query}`;
}

export interface ReportCampaignInput {
  id: string;
  title: string;
  anonymous: boolean;
  /** Anonymous, and too few of its reviewers have completed for their answers to be shown. */
  withheld?: boolean;
  blocks: StoredBlock[];
}

export interface ReportReview {
  id: string;
  title: string;
  anonymous: boolean;
  /** Its answers are not shown: fewer reviewers completed than the anonymity minimum. */
  withheld: boolean;
}

export interface ReportPairInput {
  campaignId: string;
  /** Null: the name may not be shown to this viewer. */
  reviewerName: string | null;
  answers: PairAnswers | null;
}

export interface ReportReviewee {
  id: string;
  name: string;
  title: string | null;
  department: string | null;
}

export interface ReportColumn {
  campaignId: string;
  review: string;
  /** The reviewer's name, or "Reviewer N" when it may not be shown. */
  reviewer: string;
}

export interface ScoreRow {
  key: string;
  kind: "competency" | "behaviour";
  name: string;
  /** One per column; null when that reviewer gave no score. */
  scores: Array<number | null>;
  average: number | null;
}

export interface QuantitativeCell {
  answer: string;
  score: number | null;
}

export interface QuantitativeRow {
  key: string;
  question: string;
  cells: Array<QuantitativeCell | null>;
  average: number | null;
}

export interface CommentRow {
  review: string;
  question: string;
  reviewer: string;
  comment: string;
}

export interface ChartSeries {
  name: string;
  data: Array<number | null>;
}

export interface RevieweeReportData {
  reviewee: ReportReviewee;
  reviews: ReportReview[];
  /** How many reviewers of an anonymous review must have completed before its answers show. */
  anonymityMinimum: number;
  columns: ReportColumn[];
  competencies: ScoreRow[];
  quantitative: QuantitativeRow[];
  comments: CommentRow[];
  /** The competency chart: one category per competency or behaviour row, one series per review (its reviewers' mean). */
  chart: { categories: string[]; series: ChartSeries[]; max: number };
}

/** Whether there is anything to show: at least one completed pair. */
export const hasAnalytics = (report: Pick<RevieweeReportData, "columns">) => report.columns.length > 0;

const round = (n: number) => Math.round(n * 100) / 100;

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return round(values.reduce((a, b) => a + b, 0) / values.length);
}

const present = (values: ReadonlyArray<number | null>) => values.filter((v): v is number => v !== null);

const asList = (value: PairAnswer["value"]): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

/** The score of a rated answer (the mean of several chosen items); null when not answered or Not Applicable. */
function scoreOf(choice: ChoiceValue, answer: PairAnswer | undefined): number | null {
  if (!answer || answer.notApplicable) return null;
  return mean(
    asList(answer.value)
      .map((v) => choiceFor(choice, v)?.value)
      .filter((v): v is number => typeof v === "number")
  );
}

function answerOf(choice: ChoiceValue, answer: PairAnswer | undefined): QuantitativeCell | null {
  if (!answer) return null;
  if (answer.notApplicable) return { answer: NOT_APPLICABLE, score: null };
  const picked = asList(answer.value)
    .map((v) => choiceFor(choice, v))
    .filter((c): c is Choice => c !== null);
  if (picked.length === 0) return null;
  return { answer: picked.map((c) => c.text).join(", "), score: mean(picked.map((c) => c.value)) };
}

/** Cells gathered per column, then reduced to one number (several blocks of one competency in one review are averaged). */
class Tally {
  readonly values = new Map<number, number[]>();
  add(column: number, score: number | null) {
    if (score === null) return;
    const list = this.values.get(column);
    if (list) list.push(score);
    else this.values.set(column, [score]);
  }
  scores(columns: number): Array<number | null> {
    return Array.from({ length: columns }, (_, i) => mean(this.values.get(i) ?? []));
  }
}

interface CompetencyEntry {
  name: string;
  tally: Tally;
  behaviours: Map<string, { name: string; tally: Tally }>;
}

/**
 * The report from the chosen reviews (in display order) and their completed pairs (grouped by
 * review, in column order). Reviews without completed pairs keep their place in `reviews` but
 * add no column.
 */
export function buildRevieweeReport(
  reviewee: ReportReviewee,
  campaigns: readonly ReportCampaignInput[],
  pairs: readonly ReportPairInput[],
  anonymityMinimum: number
): RevieweeReportData {
  const columns: ReportColumn[] = [];
  const columnPairs: ReportPairInput[] = [];
  for (const campaign of campaigns) {
    // A withheld review's answers never reach the report, whatever the caller passed.
    if (campaign.withheld) continue;
    let n = 0;
    for (const pair of pairs) {
      if (pair.campaignId !== campaign.id) continue;
      n++;
      columns.push({ campaignId: campaign.id, review: campaign.title, reviewer: pair.reviewerName ?? `Reviewer ${n}` });
      columnPairs.push(pair);
    }
  }

  const competencies = new Map<string, CompetencyEntry>();
  const quantitative = new Map<string, { question: string; cells: Map<number, QuantitativeCell> }>();
  const comments: CommentRow[] = [];
  let max = 0;

  for (const campaign of campaigns) {
    if (campaign.withheld) continue;
    const mine = columnPairs.map((pair, column) => ({ pair, column })).filter((c) => c.pair.campaignId === campaign.id);
    const seenLabels = new Map<string, number>();
    // A question about the reviewee's objectives reads as one question per objective its answers rated.
    for (const block of withAnsweredObjectives(campaign.blocks, mine.map((m) => m.pair.answers))) {
      if (!isQuestion(block)) continue;
      const label = questionLabel(block);
      const choice = choiceValueOf(block);

      if (block.type === "competency-question") {
        const v = block.competencyValue;
        max = Math.max(max, ...v.choices.map((c) => c.value));
        const key = v.competency ? `c:${v.competency.id}` : `c:block:${block.id}`;
        let entry = competencies.get(key);
        if (!entry) {
          entry = { name: v.competency?.name || label, tally: new Tally(), behaviours: new Map() };
          competencies.set(key, entry);
        }
        const rows = ratedRows(block);
        const behaviours = v.competency?.behaviours ?? [];
        for (const { pair, column } of mine) {
          const answer = pair.answers?.[block.id];
          if (rows) {
            const values = answer && !answer.notApplicable && Array.isArray(answer.value) ? answer.value : [];
            const rated: number[] = [];
            behaviours.forEach((b, i) => {
              const bKey = `${key}/b:${b.id}`;
              let row = entry.behaviours.get(bKey);
              if (!row) {
                row = { name: b.name, tally: new Tally() };
                entry.behaviours.set(bKey, row);
              }
              const score = choiceFor(choice!, values[i])?.value ?? null;
              row.tally.add(column, score);
              if (score !== null) rated.push(score);
            });
            entry.tally.add(column, mean(rated));
          } else {
            entry.tally.add(column, scoreOf(choice!, answer));
          }
        }
      } else if (block.type === "multi-select" || block.type === "objective-question") {
        const rows = ratedRows(block);
        const objective = block.type === "objective-question" ? block.objectiveValue.objective : null;
        const baseKey =
          block.type === "objective-question"
            ? `o:${objective?.id ?? `block:${block.id}`}`
            : `q:${label.trim().toLowerCase()}#${(seenLabels.get(label) ?? 0) + 1}`;
        if (block.type === "multi-select") seenLabels.set(label, (seenLabels.get(label) ?? 0) + 1);
        const question = objective && !label.endsWith(objective.name) ? `${label} (${objective.name})` : label;
        const lines = rows
          ? rows.map((r, i) => ({
              key: `${baseKey}/k:${i}`,
              question: `${objective?.name ?? label}: ${r.name}`,
              index: i as number | null,
            }))
          : [{ key: baseKey, question, index: null as number | null }];
        for (const line of lines) {
          let row = quantitative.get(line.key);
          if (!row) {
            row = { question: line.question, cells: new Map() };
            quantitative.set(line.key, row);
          }
          for (const { pair, column } of mine) {
            const answer = pair.answers?.[block.id];
            const cell =
              line.index === null
                ? answerOf(choice!, answer)
                : answer?.notApplicable
                ? { answer: NOT_APPLICABLE, score: null }
                : answerOf(choice!, answer && Array.isArray(answer.value) ? { value: answer.value[line.index] } : undefined);
            if (cell) row.cells.set(column, cell);
          }
        }
      }

      // Comments: the text questions' answers and the comment boxes of the rated ones.
      for (const { pair, column } of mine) {
        const answer = pair.answers?.[block.id];
        if (!answer) continue;
        let text = "";
        if (block.type === "short-text" || block.type === "long-text") {
          const value = typeof answer.value === "string" ? answer.value : "";
          text = block.type === "long-text" ? plainText(value) : value.trim();
        } else if (typeof answer.comment === "string") {
          text = answer.comment.trim();
        }
        if (!text) continue;
        comments.push({
          review: campaign.title,
          question: label,
          reviewer: columnPairs[column].reviewerName ?? ANONYMOUS_REVIEWER,
          comment: text,
        });
      }
    }
  }

  const n = columns.length;
  const scoreRows: ScoreRow[] = [];
  for (const [key, entry] of competencies) {
    const scores = entry.tally.scores(n);
    scoreRows.push({ key, kind: "competency", name: entry.name, scores, average: mean(present(scores)) });
    for (const [bKey, b] of entry.behaviours) {
      const bScores = b.tally.scores(n);
      scoreRows.push({ key: bKey, kind: "behaviour", name: b.name, scores: bScores, average: mean(present(bScores)) });
    }
  }
  // Rows nobody scored (every answer Not Applicable) say nothing; they are left out.
  const competencyRows = scoreRows.filter((r) => r.average !== null);

  const quantitativeRows: QuantitativeRow[] = [];
  for (const [key, row] of quantitative) {
    const cells = Array.from({ length: n }, (_, i) => row.cells.get(i) ?? null);
    if (cells.every((c) => c === null)) continue;
    quantitativeRows.push({ key, question: row.question, cells, average: mean(present(cells.map((c) => c?.score ?? null))) });
  }

  const reviews: ReportReview[] = campaigns.map((c) => ({
    id: c.id,
    title: c.title,
    anonymous: c.anonymous,
    withheld: Boolean(c.withheld),
  }));
  const series: ChartSeries[] = reviews
    .filter((r) => columns.some((c) => c.campaignId === r.id))
    .map((r) => ({
      name: r.title,
      data: competencyRows.map((row) => mean(present(row.scores.filter((_, i) => columns[i].campaignId === r.id)))),
    }));

  return {
    reviewee,
    reviews,
    anonymityMinimum,
    columns,
    competencies: competencyRows,
    quantitative: quantitativeRows,
    comments,
    chart: { categories: competencyRows.map((r) => r.name), series, max: Math.max(1, max) },
  };
}

/** The reviews whose anonymous answers are not shown (the page, the PDF and the XLSX say so). */
export const withheldReviews = (report: Pick<RevieweeReportData, "reviews">) => report.reviews.filter((r) => r.withheld);

/** Consecutive columns of one review, for the header's first row. */
export function reviewGroups(columns: readonly ReportColumn[]) {
  const groups: Array<{ campaignId: string; review: string; span: number }> = [];
  for (const c of columns) {
    const last = groups[groups.length - 1];
    if (last && last.campaignId === c.campaignId) last.span++;
    else groups.push({ campaignId: c.campaignId, review: c.review, span: 1 });
  }
  return groups;
}

/** A score as the tables show it: up to two decimals, "—" for none. */
export const shownScore = (score: number | null) => (score === null ? "—" : String(score));

/** A rated answer as the tables show it: the choice, and its score when the choice's text is not already the number. */
export const shownAnswer = (cell: QuantitativeCell | null) =>
  !cell ? "—" : cell.score === null || cell.answer === String(cell.score) ? cell.answer : `${cell.answer} (${cell.score})`;
