import {
  answerFieldName as kernelFieldName,
  hasText,
  postedStrings,
  postedText,
  REQUIRED_ANSWER,
  type FormLike,
} from "~/modules/blocks/answers";
import type { PairAnswer, PairAnswers } from "./campaign-machine";
import { choiceValueOf, isQuestion, NOT_APPLICABLE_KEY } from "./components/pair-answers";
import { isRevieweeObjectives } from "./objective-answers";
import type { StoredBlock } from "./questionnaire-blocks";

/**
 * The reviewer's answers to one review (000 §2 "Review completion page", §5 "Answer rules"):
 * field names, reading a posted form into `PairAnswers`, and the answer rules. Pure and
 * client-safe, so the to-do page's action and its component read answers the same way.
 *
 * Field names (one set per question block, `<id>` is the block id):
 * - `a.<id>.value`   the typed text, or the chosen choice's value (as a string). Several entries
 *                    are kept as a string[] (a multi-answer choice); `__na__` picks Not Applicable.
 * - `a.<id>.comment` the comment box text.
 * - `a.<id>.na`      any non-empty value marks the question Not Applicable (the checkbox under a
 *                    per-behaviour or per-KPI rating, where the rows have their own names).
 * - `a.<id>.b.<behaviourId>` a competency question with `isBehavior` rates each behaviour.
 * - `a.<id>.kpi.<index>`     an objective question with `isKPI` rates each KPI (index from 0).
 * - `a.<id>.actual.<index>`  the actual of an income-statement KPI (000 §5) of one of the
 *                            reviewee's objectives, kept in `PairAnswer.actuals`.
 *
 * A question about the reviewee's objectives is answered as one question per objective
 * (objective-answers.ts, ids `<id>~<objectiveId>`); each answer keeps the objective it rated.
 *
 * Per-behaviour and per-KPI ratings are stored in `value` as a string[] in behaviour (or KPI)
 * order, "" for a row left unanswered, since `PairAnswer.value` holds no objects.
 */

export const DECLINE_CONFIRM = "Are you sure you want to decline this review?";
export const SUBMIT_CONFIRM = "Are you sure you want to submit the review?";
export const SAVE_LATER = "Save & Finalize later";
export const NO_QUESTIONS_AVAILABLE = "No questions available!";
const REQUIRED = REQUIRED_ANSWER;

export type AnswerPart = "value" | "comment" | "na" | `kpi.${number}` | `b.${string}` | `actual.${number}`;

export const NOT_A_NUMBER = "Enter a number.";

/** The income-statement KPIs of a rated objective (their index): each needs its actual (000 §5). */
export function incomeStatementKpis(block: StoredBlock): number[] {
  if (block.type !== "objective-question" || !block.objectiveValue.objective) return [];
  return block.objectiveValue.objective.kpis.flatMap((k, i) => (k.incomeStatement ? [i] : []));
}

/** The kernel's field names (app/modules/blocks/answers.ts) with the review's own parts. */
export const answerFieldName = (blockId: string, part: AnswerPart) => kernelFieldName<AnswerPart>(blockId, part);

type QuestionBlock = Extract<
  StoredBlock,
  { type: "short-text" | "long-text" | "multi-select" | "competency-question" | "objective-question" }
>;

export interface RatedRow {
  /** The row's field part: `b.<behaviourId>` or `kpi.<index>`. */
  part: AnswerPart;
  name: string;
}

/**
 * The rows a question is rated on: each behaviour of a competency question with `isBehavior`,
 * or each KPI of an objective question with `isKPI`; null when it is rated once.
 */
export function ratedRows(block: StoredBlock): RatedRow[] | null {
  if (block.type === "competency-question") {
    const v = block.competencyValue;
    const behaviours = v.competency?.behaviours ?? [];
    return v.isBehavior && behaviours.length > 0 ? behaviours.map((b) => ({ part: `b.${b.id}` as const, name: b.name })) : null;
  }
  if (block.type === "objective-question") {
    const v = block.objectiveValue;
    const kpis = v.objective?.kpis ?? [];
    return v.isKPI && kpis.length > 0 ? kpis.map((k, i) => ({ part: `kpi.${i}` as const, name: k.name })) : null;
  }
  return null;
}

function isRequired(block: QuestionBlock): boolean {
  if (block.type === "short-text" || block.type === "long-text") return block.textValue.required;
  return choiceValueOf(block)?.required ?? false;
}

/** Whether a question is answered: text with content (tags stripped for long text), or a choice. */
function hasValue(block: QuestionBlock, value: PairAnswer["value"]): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => v !== "");
  return hasText(String(value), block.type === "long-text");
}

/** Reads the question blocks' fields of a posted answer form; fields of other blocks are ignored. */
export function answersFromForm(blocks: StoredBlock[], form: FormLike): PairAnswers {
  const answers: PairAnswers = {};
  for (const block of blocks) {
    // A question about the reviewee's objectives with none to rate asks nothing.
    if (!isQuestion(block) || isRevieweeObjectives(block)) continue;
    const answer: PairAnswer = {};
    const choice = choiceValueOf(block);
    if (!choice) {
      const text = postedText(form, answerFieldName(block.id, "value"));
      if (text) answer.value = text;
    } else {
      const valid = new Set(choice.choices.map((c) => String(c.value)));
      const pick = (name: string) => postedStrings(form, name).map((v) => v.trim());
      const rows = ratedRows(block);
      let notApplicable = choice.isNotApplicableOption && postedStrings(form, answerFieldName(block.id, "na")).some((v) => v !== "");
      if (rows) {
        const values = rows.map((row) => pick(answerFieldName(block.id, row.part)).find((v) => valid.has(v)) ?? "");
        if (values.some((v) => v !== "")) answer.value = values;
      } else {
        const posted = pick(answerFieldName(block.id, "value"));
        if (choice.isNotApplicableOption && posted.includes(NOT_APPLICABLE_KEY)) notApplicable = true;
        const values = [...new Set(posted.filter((v) => valid.has(v)))];
        if (values.length === 1) answer.value = values[0];
        else if (values.length > 1) answer.value = values;
      }
      // Not Applicable replaces any rating posted beside it (a no-JS form can send both).
      if (notApplicable) {
        delete answer.value;
        answer.notApplicable = true;
      }
      if (choice.commentBox) {
        const comment = postedText(form, answerFieldName(block.id, "comment"));
        if (comment) answer.comment = comment;
      }
      const incomeStatement = incomeStatementKpis(block);
      if (incomeStatement.length > 0 && block.type === "objective-question" && block.objectiveValue.objective) {
        const actuals = block.objectiveValue.objective.kpis.map((_, i) =>
          incomeStatement.includes(i) ? postedText(form, answerFieldName(block.id, `actual.${i}`))?.trim() || null : null
        );
        if (actuals.some((a) => a !== null)) answer.actuals = actuals;
      }
    }
    if (Object.keys(answer).length > 0) {
      // One of the reviewee's objectives: the answer keeps the objective as it was rated.
      if (block.type === "objective-question" && block.objectiveValue.objective && block.id.includes("~"))
        answer.objective = block.objectiveValue.objective;
      answers[block.id] = answer;
    }
  }
  return answers;
}

/**
 * The answer rules (000 §5), keyed by field name: a question is required only when marked so;
 * a required one needs its text, its choice (Not Applicable counts) or a rating on every row;
 * a required question with a comment box also needs the comment. Empty when valid.
 */
export function validateAnswers(blocks: StoredBlock[], answers: PairAnswers): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (name: string, message: string = REQUIRED) => (errors[name] = [message]);
  for (const block of blocks) {
    if (!isQuestion(block) || isRevieweeObjectives(block)) continue;
    const answer = answers[block.id] ?? {};
    // An income-statement KPI needs its actual whenever its objective is rated (or must be), not when Not Applicable.
    const incomeStatement = incomeStatementKpis(block);
    const rated = answer.value !== undefined && answer.value !== null && !(Array.isArray(answer.value) && answer.value.every((v) => v === ""));
    if (incomeStatement.length > 0 && !answer.notApplicable && (rated || isRequired(block)))
      for (const i of incomeStatement) {
        const actual = answer.actuals?.[i];
        if (actual === undefined || actual === null || actual === "") fail(answerFieldName(block.id, `actual.${i}`));
        else if (!Number.isFinite(Number(actual))) fail(answerFieldName(block.id, `actual.${i}`), NOT_A_NUMBER);
      }
    if (!isRequired(block)) continue;
    const choice = choiceValueOf(block);
    const rows = ratedRows(block);
    if (choice && answer.notApplicable && choice.isNotApplicableOption) {
      // Not Applicable answers the choice; the comment rule still applies.
    } else if (rows) {
      const values = Array.isArray(answer.value) ? answer.value : [];
      rows.forEach((row, i) => {
        if (!values[i]) fail(answerFieldName(block.id, row.part));
      });
    } else if (!hasValue(block, answer.value)) {
      fail(answerFieldName(block.id, "value"));
    }
    if (choice?.commentBox && !(typeof answer.comment === "string" && answer.comment.trim())) fail(answerFieldName(block.id, "comment"));
  }
  return errors;
}

export interface Scorecard {
  weight: number;
  value: number;
  score: number;
}

/**
 * An objective question's scorecard: its weight times the chosen value (the mean of the rated
 * KPIs when rated per KPI). Null until answered, and for Not Applicable.
 */
export function objectiveScorecard(block: StoredBlock, answer: PairAnswer | undefined): Scorecard | null {
  if (block.type !== "objective-question" || !block.objectiveValue.objective || !answer || answer.notApplicable) return null;
  const raw = Array.isArray(answer.value) ? answer.value.filter((v) => v !== "") : answer.value == null ? [] : [answer.value];
  const numbers = raw.map(Number).filter((n) => Number.isFinite(n));
  if (numbers.length === 0 || (!Array.isArray(answer.value) && numbers.length !== 1)) return null;
  const value = Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100;
  const weight = block.objectiveValue.objective.weight;
  return { weight, value, score: Math.round(weight * value * 100) / 100 };
}
