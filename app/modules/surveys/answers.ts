import { sharedCopy } from "~/lib/copy";
import { answerableBlocks, type ChoiceBlock, type SurveyAnswer, type SurveyAnswers, type SurveyBlock, type TextInputBlock } from "./blocks";

/**
 * A respondent's answers to a survey run (001 §5 "Text-input answer … required when
 * the question is flagged required"): field names, reading a posted form into `SurveyAnswers`,
 * and the answer rules. Pure and client-safe: the respondent page's action and component read
 * answers the same way, and drafts are stored in the same shape.
 *
 * Field names (one set per question, `<id>` is the block id):
 * - `a.<id>.value`   the typed text, or the chosen choice's value as a string; several entries for
 *                    a multiple-answers choice; `na` picks Not Applicable.
 * - `a.<id>.comment` the comment box text.
 *
 * Stored shape: a single choice keeps its value (a number), multiple answers a number[] in the
 * order of the choices, Not Applicable `{ value: "na", notApplicable: true }`, a text input the
 * trimmed text; `comment` when one was written. Unanswered questions are absent.
 */

export const NOT_APPLICABLE_VALUE = "na";
export const REQUIRED_ANSWER = sharedCopy.required;
export const TEXT_MAX = 5000;
export const COMMENT_MAX = 2000;
export const TEXT_TOO_LONG = `Keep the answer to ${TEXT_MAX} characters or fewer.`;
export const COMMENT_TOO_LONG = `Keep the comment to ${COMMENT_MAX} characters or fewer.`;

/** The respondent page's messages (a closed survey or a second response is refused clearly). */
export const ALREADY_RESPONDED = "You have already responded to this survey. Only one response per person is accepted.";
export const RUN_CLOSED = "This survey has closed: it can no longer be answered.";
export const THANK_YOU = "Thank you! Your response has been submitted.";
export const DRAFT_SAVED = "Your draft has been saved. You can come back and finish it later.";
export const CHECK_ANSWERS = "Please answer the required questions.";

/** Where a recipient answers a run (the notification's link). */
export function respondPath(runId: string) {
  return `/surveys/respond/${encodeURIComponent(runId)}`;
}

export type AnswerPart = "value" | "comment";

export function answerFieldName(blockId: string, part: AnswerPart): string {
  return `a.${blockId}.${part}`;
}

type FormLike = FormData | URLSearchParams;
const strings = (form: FormLike, name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");

/** The choice a stored value stands for (the first choice with that value). */
export function choiceOf(block: ChoiceBlock, value: number) {
  return block.choices.find((c) => c.value === value) ?? null;
}

/** The choice values picked in an answer, in the order of the block's choices. */
export function pickedValues(answer: SurveyAnswer | undefined): number[] {
  if (!answer || answer.notApplicable) return [];
  const raw = Array.isArray(answer.value) ? answer.value : [answer.value];
  return raw.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
}

function readChoice(block: ChoiceBlock, form: FormLike): SurveyAnswer {
  const answer: SurveyAnswer = {};
  const posted = strings(form, answerFieldName(block.id, "value")).map((v) => v.trim());
  const valid = new Map(block.choices.map((c) => [String(c.value), c.value]));
  if (block.notApplicable && posted.includes(NOT_APPLICABLE_VALUE)) {
    // Not Applicable replaces any choice posted beside it (a no-JS form can send both).
    answer.value = NOT_APPLICABLE_VALUE;
    answer.notApplicable = true;
  } else {
    const chosen = new Set(posted.filter((v) => valid.has(v)).map((v) => valid.get(v)!));
    const ordered = [...new Set(block.choices.map((c) => c.value))].filter((v) => chosen.has(v));
    if (block.multipleAnswers) {
      if (ordered.length > 0) answer.value = ordered;
    } else if (ordered.length > 0) {
      // One answer only: the first posted valid value wins.
      answer.value = valid.get(posted.find((v) => valid.has(v))!)!;
    }
  }
  if (block.commentBox) {
    const comment = (strings(form, answerFieldName(block.id, "comment"))[0] ?? "").trim();
    if (comment) answer.comment = comment;
  }
  return answer;
}

function readText(block: TextInputBlock, form: FormLike): SurveyAnswer {
  const text = (strings(form, answerFieldName(block.id, "value"))[0] ?? "").trim();
  return text ? { value: text } : {};
}

/** Reads the run's questions from a posted respondent form; fields of anything else are ignored. */
export function answersFromForm(blocks: SurveyBlock[], form: FormLike): SurveyAnswers {
  const answers: SurveyAnswers = {};
  for (const block of answerableBlocks(blocks)) {
    const answer = block.type === "choice" ? readChoice(block, form) : readText(block, form);
    if (Object.keys(answer).length > 0) answers[block.id] = answer;
  }
  return answers;
}

/** Whether a question has an answer that counts for its required flag. */
export function isAnswered(block: TextInputBlock | ChoiceBlock, answer: SurveyAnswer | undefined): boolean {
  if (!answer) return false;
  if (block.type === "text-input") return typeof answer.value === "string" && answer.value.trim() !== "";
  if (answer.notApplicable) return Boolean(block.notApplicable);
  return pickedValues(answer).length > 0;
}

/**
 * The answer rules, keyed by field name; empty when the answers may be submitted. A question is
 * required only when flagged so: a required text input needs text, a required choice needs a
 * choice (Not Applicable counts when offered). The comment is never required (the spec flags
 * only the question). Lengths are checked on every answer, drafts included.
 */
export function validateAnswers(
  blocks: SurveyBlock[],
  answers: SurveyAnswers,
  options: { draft?: boolean } = {}
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const block of answerableBlocks(blocks)) {
    const answer = answers[block.id];
    const value = answerFieldName(block.id, "value");
    if (block.type === "text-input" && typeof answer?.value === "string" && answer.value.length > TEXT_MAX) errors[value] = [TEXT_TOO_LONG];
    if (typeof answer?.comment === "string" && answer.comment.length > COMMENT_MAX)
      errors[answerFieldName(block.id, "comment")] = [COMMENT_TOO_LONG];
    if (!options.draft && block.required && !isAnswered(block, answer)) errors[value] = [REQUIRED_ANSWER];
  }
  return errors;
}

/** A stored answer (a draft's) made safe to show again against the run's blocks: unknown values dropped. */
export function restorableAnswers(blocks: SurveyBlock[], stored: SurveyAnswers | null | undefined): SurveyAnswers {
  if (!stored || typeof stored !== "object") return {};
  const form = new URLSearchParams();
  for (const block of answerableBlocks(blocks)) {
    const answer = stored[block.id];
    if (!answer || typeof answer !== "object") continue;
    if (block.type === "text-input") {
      if (typeof answer.value === "string") form.append(answerFieldName(block.id, "value"), answer.value);
      continue;
    }
    if (answer.notApplicable) form.append(answerFieldName(block.id, "value"), NOT_APPLICABLE_VALUE);
    for (const v of pickedValues(answer)) form.append(answerFieldName(block.id, "value"), String(v));
    if (typeof answer.comment === "string") form.append(answerFieldName(block.id, "comment"), answer.comment);
  }
  return answersFromForm(blocks, form);
}

/** One row of `survey_answers` (the contract the reports and insights aggregate). */
export interface AnswerRow {
  blockId: string;
  valueNum: number | null;
  valueText: string | null;
  notApplicable: boolean;
  comment: string | null;
}

/**
 * The `survey_answers` rows of a response: a single choice one row (value and text, comment);
 * multiple answers one row per chosen choice (the comment on the first); Not Applicable one row
 * with not_applicable; a text input one row with its text.
 */
export function answerRows(blocks: SurveyBlock[], answers: SurveyAnswers): AnswerRow[] {
  const rows: AnswerRow[] = [];
  for (const block of answerableBlocks(blocks)) {
    const answer = answers[block.id];
    if (!answer) continue;
    if (block.type === "text-input") {
      if (typeof answer.value === "string" && answer.value)
        rows.push({ blockId: block.id, valueNum: null, valueText: answer.value, notApplicable: false, comment: null });
      continue;
    }
    const comment = typeof answer.comment === "string" && answer.comment ? answer.comment : null;
    if (answer.notApplicable) {
      rows.push({ blockId: block.id, valueNum: null, valueText: null, notApplicable: true, comment });
      continue;
    }
    pickedValues(answer).forEach((value, i) =>
      rows.push({
        blockId: block.id,
        valueNum: value,
        valueText: choiceOf(block, value)?.text ?? null,
        notApplicable: false,
        comment: i === 0 ? comment : null,
      })
    );
  }
  return rows;
}
