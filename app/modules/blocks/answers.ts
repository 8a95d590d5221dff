import { sharedCopy } from "~/lib/copy";
import { pickedValues } from "./answer-values";
import {
  answerableBlocks,
  type ChoiceBlock,
  type FlatAnswer,
  type FlatAnswers,
  type FlatQuestion,
  type GroupBlock,
  type TextInputBlock,
} from "./types";

export type { FlatAnswer, FlatAnswers };
export { choiceOf, pickedValues } from "./answer-values";

/**
 * Answers to blocks: field names, reading a posted form, and the answer rules. Pure and
 * client-safe, so an area's action and its component read answers the same way.
 *
 * Field names (one set per question, `<id>` is the block id): `a.<id>.value` holds the typed
 * text, or a chosen choice's value as a string (several entries for several answers);
 * `a.<id>.comment` the comment box text. An area may add parts of its own (reviews rate each
 * behaviour or KPI under `a.<id>.b.<behaviourId>` / `a.<id>.kpi.<index>`).
 */

export const REQUIRED_ANSWER = sharedCopy.required;

export function answerFieldName<Part extends string = "value" | "comment">(blockId: string, part: Part): string {
  return `a.${blockId}.${part}`;
}

/** Whether any error belongs to a block's fields. */
export function blockHasError(blockId: string, errors: Record<string, string[]>): boolean {
  const prefix = `a.${blockId}.`;
  return Object.entries(errors).some(([name, messages]) => name.startsWith(prefix) && messages.length > 0);
}

export type FormLike = FormData | URLSearchParams;

/** The string entries posted under a name. */
export const postedStrings = (form: FormLike, name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");

/** The first entry posted under a name, trimmed ("" when none). */
export const postedText = (form: FormLike, name: string) => (postedStrings(form, name)[0] ?? "").trim();

/** Rich text with its tags stripped; empty when only markup (or non-breaking spaces) remains. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a text answer has content; long (rich) text counts only what is left without its tags. */
export function hasText(value: unknown, rich = false): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim();
  return rich ? plainText(text) !== "" : text !== "";
}

// ---------------------------------------------------------------------------------------------
// Flat blocks' answers (001 §5 "Text-input answer … required when the question is flagged
// required"). Stored shape: a single choice keeps its value (a number), multiple answers a
// number[] in the order of the choices, Not Applicable `{ value: "na", notApplicable: true }`,
// a text input the trimmed text; `comment` when one was written. Unanswered questions are absent.
// ---------------------------------------------------------------------------------------------

export const NOT_APPLICABLE_VALUE = "na";
export const TEXT_MAX = 5000;
export const COMMENT_MAX = 2000;
export const TEXT_TOO_LONG = `Keep the answer to ${TEXT_MAX} characters or fewer.`;
export const COMMENT_TOO_LONG = `Keep the comment to ${COMMENT_MAX} characters or fewer.`;

type Answerable = TextInputBlock | ChoiceBlock;
type Blocks = Array<FlatQuestion | GroupBlock<FlatQuestion>>;

function readChoice(block: ChoiceBlock, form: FormLike): FlatAnswer {
  const answer: FlatAnswer = {};
  const posted = postedStrings(form, answerFieldName(block.id, "value")).map((v) => v.trim());
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
    const comment = postedText(form, answerFieldName(block.id, "comment"));
    if (comment) answer.comment = comment;
  }
  return answer;
}

function readText(block: TextInputBlock, form: FormLike): FlatAnswer {
  const text = postedText(form, answerFieldName(block.id, "value"));
  return text ? { value: text } : {};
}

/** Reads the questions' fields from a posted form; fields of anything else are ignored. */
export function answersFromForm(blocks: Blocks, form: FormLike): FlatAnswers {
  const answers: FlatAnswers = {};
  for (const block of answerableBlocks<FlatQuestion>(blocks)) {
    const answer = block.type === "choice" ? readChoice(block, form) : readText(block, form);
    if (Object.keys(answer).length > 0) answers[block.id] = answer;
  }
  return answers;
}

/** Whether a question has an answer that counts for its required flag. */
export function isAnswered(block: Answerable, answer: FlatAnswer | undefined): boolean {
  if (!answer) return false;
  if (block.type === "text-input") return hasText(answer.value);
  if (answer.notApplicable) return Boolean(block.notApplicable);
  return pickedValues(answer).length > 0;
}

/**
 * The answer rules, keyed by field name; empty when the answers may be submitted. A question is
 * required only when flagged so: a required text input needs text, a required choice needs a
 * choice (Not Applicable counts when offered). The comment is never required (the spec flags
 * only the question). Lengths are checked on every answer, drafts included.
 */
export function validateAnswers(blocks: Blocks, answers: FlatAnswers, options: { draft?: boolean } = {}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const block of answerableBlocks<FlatQuestion>(blocks)) {
    const answer = answers[block.id];
    const value = answerFieldName(block.id, "value");
    if (block.type === "text-input" && typeof answer?.value === "string" && answer.value.length > TEXT_MAX) errors[value] = [TEXT_TOO_LONG];
    if (typeof answer?.comment === "string" && answer.comment.length > COMMENT_MAX)
      errors[answerFieldName(block.id, "comment")] = [COMMENT_TOO_LONG];
    if (!options.draft && block.required && !isAnswered(block, answer)) errors[value] = [REQUIRED_ANSWER];
  }
  return errors;
}

/** A stored answer (a draft's) made safe to show again against the blocks: unknown values dropped. */
export function restorableAnswers(blocks: Blocks, stored: FlatAnswers | null | undefined): FlatAnswers {
  if (!stored || typeof stored !== "object") return {};
  const form = new URLSearchParams();
  for (const block of answerableBlocks<FlatQuestion>(blocks)) {
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
