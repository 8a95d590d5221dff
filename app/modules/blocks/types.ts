import type { Choice, ScaleFamily } from "./scales";

/**
 * The block types the kernel knows, their type titles (000 §3, 001 §3 "typeTitle") and their
 * stored shapes. Two stored shapes exist, because stored questionnaires and surveys must keep
 * reading as they were saved:
 * - value blocks (000 §3; feedback templates too): `{ id, type, typeTitle, <kind>Value }`, one
 *   value object by kind — titleValue, textValue, multiSelectValue;
 * - flat blocks (001 §3; 1-on-1 prep surveys too): `{ id, type, ...fields }` — static text, text
 *   input, choice, and a group holding flat questions.
 * Zod-free and import-free at run time, so table definitions, client code and the seed (loaded
 * by Node without a bundler) use it.
 */

export const BLOCK_TYPE_TITLES = {
  title: "Title",
  subtitle: "Subtitle",
  "short-text": "Short Text",
  "long-text": "Long Text",
  "multi-select": "Multiple Choice",
  "static-text": "Static Text",
  "text-input": "Text Input",
  choice: "Choice",
  group: "Group",
} as const;
export type KernelBlockType = keyof typeof BLOCK_TYPE_TITLES;

/**
 * An area's block set: the kernel types it uses plus its own types' titles, in builder order.
 * The titles of kernel types come from the kernel, so every area names them the same.
 */
export function blockTypeTitles<T extends string>(
  types: readonly T[],
  own: Record<Exclude<T, KernelBlockType>, string>
): Record<T, string> {
  const kernel = BLOCK_TYPE_TITLES as Record<string, string>;
  const extra = own as Record<string, string>;
  return Object.fromEntries(types.map((t) => [t, t in kernel ? kernel[t] : extra[t]])) as Record<T, string>;
}

/** 000 §3 and 001 §5: the default placeholder of a text question. */
export const DEFAULT_PLACEHOLDER = "Type your answer here";
/** After an optional question's label (000 §2). */
export const OPTIONAL_SUFFIX = "(optional)";
/** The message of a custom choice value below 0 (000 §5, 001 §5). */
export const MIN_VALUE_0 = "MinValue0";

/** How a value block's choice question shows its choices (000 §3 "selectedView"). */
export const CHOICE_VIEWS = ["radio", "dropdown", "matrix"] as const;
export type ChoiceView = (typeof CHOICE_VIEWS)[number];
export const CHOICE_VIEW_LABELS: Record<ChoiceView, string> = { radio: "Radio buttons", dropdown: "Dropdown", matrix: "Matrix" };

// ---------------------------------------------------------------------------------------------
// Value blocks (000 §3).
// ---------------------------------------------------------------------------------------------

export interface ChoiceValue {
  label: string;
  selectedOption: ScaleFamily;
  choices: Choice[];
  /** Custom items only: the values were typed, not renumbered from 0. */
  numericValue: boolean;
  commentBox: boolean;
  commentBoxGuide: string;
  required: boolean;
  dropdown: boolean;
  selectedView: ChoiceView;
  isNotApplicableOption: boolean;
}

export interface TextValue {
  label: string;
  placeholder: string;
  required: boolean;
}

export interface HeadingBlock {
  id: string;
  type: "title" | "subtitle";
  typeTitle: string;
  titleValue: { text: string };
}

export interface TextBlock {
  id: string;
  type: "short-text" | "long-text";
  typeTitle: string;
  textValue: TextValue;
}

export interface MultiSelectBlock {
  id: string;
  type: "multi-select";
  typeTitle: string;
  multiSelectValue: ChoiceValue;
}

export type ValueBlock = HeadingBlock | TextBlock | MultiSelectBlock;

// ---------------------------------------------------------------------------------------------
// Flat blocks (001 §3).
// ---------------------------------------------------------------------------------------------

export interface StaticTextBlock {
  id: string;
  type: "static-text";
  value: string;
}

export interface TextInputBlock {
  id: string;
  type: "text-input";
  label: string;
  placeholder: string;
  required: boolean;
}

export interface ChoiceBlock {
  id: string;
  type: "choice";
  label: string;
  /** An answer-scale family, or "custom" with `choices` typed in. */
  selectedOption: ScaleFamily;
  choices: Choice[];
  required: boolean;
  dropdown: boolean;
  multipleAnswers: boolean;
  commentBox: boolean;
  commentBoxGuide: string;
  /** An extra "Not Applicable" answer. */
  notApplicable?: boolean;
}

export type FlatQuestion = StaticTextBlock | TextInputBlock | ChoiceBlock;

/** A group's questions: any flat block but another group. */
export interface GroupBlock<Q extends { id: string; type: string } = FlatQuestion> {
  id: string;
  type: "group";
  label: string;
  description: string;
  questions: Q[];
}

/**
 * One answer to one flat question: a choice's value (several with multiple answers, or "na" for
 * Not Applicable), a text answer, and the comment when the question asks for one.
 */
export interface FlatAnswer {
  value?: number | number[] | string | null;
  notApplicable?: boolean;
  comment?: string | null;
}
export type FlatAnswers = Record<string, FlatAnswer>;

/** The questions a respondent answers, groups opened up (static text answers nothing). */
export function answerableBlocks<Q extends { id: string; type: string }>(
  blocks: Array<Q | GroupBlock<Q>>
): Array<Exclude<Q, { type: "static-text" | "group" }>> {
  return blocks
    .flatMap((b): Q[] => (b.type === "group" ? (b as GroupBlock<Q>).questions : [b as Q]))
    .filter((b): b is Exclude<Q, { type: "static-text" | "group" }> => b.type !== "static-text");
}
