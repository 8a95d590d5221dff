import { escapeCell } from "~/lib/spreadsheet.server";
import { NOT_APPLICABLE, type Choice } from "~/modules/blocks/scales";
import { plainText } from "~/modules/blocks";
import { ratedRows } from "~/modules/reviews/answers";
import type { PairAnswers } from "~/modules/reviews/campaign-machine";
import { choiceValueOf, isQuestion, NOT_ANSWERED, questionLabel } from "~/modules/reviews/components/pair-answers";
import { isRevieweeObjectives, withAnsweredObjectives } from "~/modules/reviews/objective-answers";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import type { AnswerCells } from "./report-table.schema";

/**
 * One completed pair's answers as answer-level rows (Review, Reviewee, Reviewer, Question, Answer,
 * Score, Comment): the super admin's flat table, its streamed download and the bulk XLSX all
 * read answers this way. A question rated per behaviour or per KPI gives one row per behaviour
 * (KPI), "Question — Behaviour". Score is the chosen choice's numeric value when exactly one
 * choice was picked. Every text cell is escaped against formula injection (escapeCell).
 *
 * A review's questions are planned once (`questionPlan`), then applied to each of its pairs:
 * 50,000 rows are a few hundred milliseconds of work.
 */

interface PlannedQuestion {
  blockId: string;
  label: string;
  longText: boolean;
  /** Choices by their value as text (and by their text), for choice questions. */
  choices: Map<string, Choice> | null;
  /** Rated rows' names (behaviours or KPIs), in stored order. */
  rows: string[] | null;
  /** A question about the reviewee's objectives: planned per pair, from the objectives its answers rated. */
  perPair?: StoredBlock;
}

export type QuestionPlan = PlannedQuestion[];

export function questionPlan(blocks: readonly StoredBlock[]): QuestionPlan {
  return blocks.filter(isQuestion).map((block) => {
    if (isRevieweeObjectives(block)) return { blockId: block.id, label: questionLabel(block), longText: false, choices: null, rows: null, perPair: block };
    const choice = choiceValueOf(block);
    let choices: Map<string, Choice> | null = null;
    if (choice) {
      choices = new Map();
      // Text first, so a value equal to another choice's text still names the choice by value.
      for (const c of choice.choices) choices.set(c.text, c);
      for (const c of choice.choices) choices.set(String(c.value), c);
    }
    return {
      blockId: block.id,
      label: questionLabel(block),
      longText: block.type === "long-text",
      choices,
      rows: ratedRows(block)?.map((r) => r.name) ?? null,
    };
  });
}

function choiceOf(q: PlannedQuestion, value: unknown): Choice | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  return q.choices?.get(String(value)) ?? (typeof value === "number" ? q.choices?.get(String(Number(value))) : undefined);
}

type Cell = [question: string, answer: string, score: number | "", comment: string];

function cellsOf(q: PlannedQuestion, answers: PairAnswers | null): Cell[] {
  const answer = answers?.[q.blockId];
  const comment = typeof answer?.comment === "string" ? answer.comment.trim() : "";
  if (!answer) return q.rows ? q.rows.map((name) => [`${q.label} — ${name}`, NOT_ANSWERED, "", ""]) : [[q.label, NOT_ANSWERED, "", ""]];
  if (answer.notApplicable) return [[q.label, NOT_APPLICABLE, "", comment]];
  const value = answer.value;
  if (q.rows) {
    const values = Array.isArray(value) ? value : [];
    return q.rows.map((name, i) => {
      const picked = choiceOf(q, values[i]);
      const raw = values[i];
      const text = picked?.text ?? (raw === undefined || raw === "" ? NOT_ANSWERED : String(raw));
      // The comment belongs to the question: it goes on its first row.
      return [`${q.label} — ${name}`, text, picked ? picked.value : "", i === 0 ? comment : ""];
    });
  }
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return [[q.label, NOT_ANSWERED, "", comment]];
  }
  if (!q.choices) {
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    return [[q.label, q.longText ? plainText(text) : text, "", comment]];
  }
  const values = Array.isArray(value) ? value : [value];
  const picked = values.map((v) => choiceOf(q, v));
  const text = values.map((v, i) => picked[i]?.text ?? String(v)).join(", ");
  const score = values.length === 1 && picked[0] ? picked[0].value : "";
  return [[q.label, text, score, comment]];
}

/** The rows of one completed pair; `reviewer` is the name to show ("Anonymous" when hidden). */
export function answerCells(
  plan: QuestionPlan,
  pair: { review: string; reviewee: string; reviewer: string; answers: PairAnswers | null }
): AnswerCells[] {
  const review = escapeCell(pair.review);
  const reviewee = escapeCell(pair.reviewee);
  const reviewer = escapeCell(pair.reviewer);
  const out: AnswerCells[] = [];
  const planned = plan.flatMap((q) => (q.perPair ? questionPlan(withAnsweredObjectives([q.perPair], [pair.answers])) : [q]));
  for (const q of planned) {
    for (const [question, answer, score, comment] of cellsOf(q, pair.answers)) {
      out.push([review, reviewee, reviewer, escapeCell(question), escapeCell(answer), score, escapeCell(comment)]);
    }
  }
  return out;
}

/** The pair's stored answers (a JSON column), or null when missing or unreadable. */
export function parseAnswers(raw: unknown): PairAnswers | null {
  if (typeof raw !== "string" || !raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as PairAnswers) : null;
  } catch {
    return null;
  }
}
