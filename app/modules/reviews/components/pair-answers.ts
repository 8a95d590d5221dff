import { NOT_APPLICABLE, type Choice } from "~/modules/blocks/scales";
import { NOMINATION_STATES, type NominationState, type PairAnswer, type PairAnswers } from "../campaign-machine";
import type { ChoiceValue } from "~/modules/blocks";
import { withAnsweredObjectives } from "../objective-answers";
import type { StoredBlock } from "../questionnaire-blocks";

/**
 * A pair's answers read against the questionnaire snapshot the review took at launch, and the
 * analytics of a review's answers: pure and client-safe, so the result view, the pair report
 * (queue job) and the analytics tab read answers the same way.
 */

export const NOT_ANSWERED = "Not answered";
/** The analytics query's key for a not-applicable answer. */
export const NOT_APPLICABLE_KEY = "__na__";

type QuestionBlock = Exclude<StoredBlock, { type: "title" | "subtitle" }>;

export function isQuestion(block: StoredBlock): block is QuestionBlock {
  return block.type !== "title" && block.type !== "subtitle";
}

/** The choice settings of a multiple-choice, competency or objective question; null for text questions and headings. */
export function choiceValueOf(block: StoredBlock): ChoiceValue | null {
  switch (block.type) {
    case "multi-select":
      return block.multiSelectValue;
    case "competency-question":
      return block.competencyValue;
    case "objective-question":
      return block.objectiveValue;
    default:
      return null;
  }
}

/** A question's label; a competency or objective question without one is named after its pick. */
export function questionLabel(block: QuestionBlock): string {
  switch (block.type) {
    case "short-text":
    case "long-text":
      return block.textValue.label;
    case "multi-select":
      return block.multiSelectValue.label;
    case "competency-question":
      return block.competencyValue.label || block.competencyValue.competency?.name || "Competency";
    case "objective-question":
      return block.objectiveValue.label || block.objectiveValue.objective?.name || "Objective";
  }
}

/** The choice an answer's value names: by its value (as stored, or as text from SQL), failing that by its text. */
export function choiceFor(choice: ChoiceValue, value: unknown): Choice | null {
  if (value === undefined || value === null || value === "") return null;
  return (
    choice.choices.find((c) => String(value) === String(c.value) || Number(value) === c.value) ??
    choice.choices.find((c) => String(value) === c.text) ??
    null
  );
}

/** The text of an answer: the chosen choices' labels, the typed text, Not Applicable, or Not answered. */
export function answerText(block: QuestionBlock, answer: PairAnswer | undefined): string {
  if (!answer) return NOT_ANSWERED;
  if (answer.notApplicable) return NOT_APPLICABLE;
  const value = answer.value;
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return NOT_ANSWERED;
  const choice = choiceValueOf(block);
  if (!choice) return Array.isArray(value) ? value.join(", ") : String(value);
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => choiceFor(choice, v)?.text ?? String(v)).join(", ");
}

export interface AnswerRow {
  blockId: string;
  question: string;
  answer: string;
  comment: string | null;
}

/** One row per question of the snapshot, in questionnaire order (headings are left out). */
export function answerRows(blocks: readonly StoredBlock[], answers: PairAnswers | null): AnswerRow[] {
  // A question about the reviewee's objectives reads as one question per objective the answers rated.
  return withAnsweredObjectives(blocks, [answers]).filter(isQuestion).map((block) => {
    const answer = answers?.[block.id];
    const comment = typeof answer?.comment === "string" && answer.comment.trim() ? answer.comment : null;
    return { blockId: block.id, question: questionLabel(block), answer: answerText(block, answer), comment };
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics (000 §2 "a per-question stacked percentage bar").
// ---------------------------------------------------------------------------------------------

export interface Segment {
  label: string;
  count: number;
  /** Share of all the question's selections, 0–100 with one decimal. */
  percent: number;
}

export interface QuestionBreakdown {
  blockId: string;
  question: string;
  /** Selections counted (a multi-select answer counts each chosen item). */
  total: number;
  segments: Segment[];
}

/** What the analytics query returns: selections per question and choice value (or NOT_APPLICABLE_KEY). */
export interface ChoiceCount {
  blockId: string;
  choice: string;
  n: number;
}

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);

/** Every choice-like question of the snapshot with the share of each of its choices among the counted answers. */
export function questionBreakdowns(blocks: readonly StoredBlock[], counts: readonly ChoiceCount[]): QuestionBreakdown[] {
  const byBlock = new Map<string, ChoiceCount[]>();
  for (const c of counts) byBlock.set(c.blockId, [...(byBlock.get(c.blockId) ?? []), c]);
  const out: QuestionBreakdown[] = [];
  for (const block of blocks) {
    if (!isQuestion(block)) continue;
    const choice = choiceValueOf(block);
    if (!choice || choice.choices.length === 0) continue;
    const rows = byBlock.get(block.id) ?? [];
    const tally = choice.choices.map((c) => ({ label: c.text, count: 0 }));
    const notApplicable = { label: NOT_APPLICABLE, count: 0 };
    for (const row of rows) {
      if (row.choice === NOT_APPLICABLE_KEY) {
        notApplicable.count += row.n;
        continue;
      }
      const named = choiceFor(choice, row.choice);
      if (named) tally[choice.choices.indexOf(named)].count += row.n;
    }
    if (choice.isNotApplicableOption || notApplicable.count > 0) tally.push(notApplicable);
    const total = tally.reduce((n, t) => n + t.count, 0);
    out.push({
      blockId: block.id,
      question: questionLabel(block),
      total,
      segments: tally.map((t) => ({ ...t, percent: percentOf(t.count, total) })),
    });
  }
  return out;
}

export const NOMINATION_STATE_LABELS: Record<NominationState, string> = {
  open: "Open",
  submitted: "Submitted",
  declined: "Declined",
  expired: "Expired",
  canceled: "Canceled",
};

/** The nominations of a review by state (000 §9 item states), as one stacked bar. */
export function nominationBreakdown(counts: Partial<Record<NominationState, number>>): QuestionBreakdown {
  const tally = NOMINATION_STATES.map((state) => ({ label: NOMINATION_STATE_LABELS[state], count: Number(counts[state] ?? 0) }));
  const total = tally.reduce((n, t) => n + t.count, 0);
  return {
    blockId: "nominations",
    question: "Nomination status",
    total,
    segments: tally.map((t) => ({ ...t, percent: percentOf(t.count, total) })),
  };
}
