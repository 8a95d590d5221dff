// Stored ⇄ form conversions of the kernel's blocks. The seed loads this file with Node's own type
// stripping (no bundler), so its run-time imports name the `.ts` files (tsc accepts that only
// with allowImportingTsExtensions, hence the @ts-ignore TS5097).
// @ts-ignore TS5097
import { choicesFor, customItemLines } from "./scales.ts";
import type { Choice, ScaleFamily } from "./scales";
import type { ChoiceBlock, ChoiceValue, ChoiceView, FlatQuestion, HeadingBlock, MultiSelectBlock, TextBlock, ValueBlock } from "./types";
// @ts-ignore TS5097
import { BLOCK_TYPE_TITLES, DEFAULT_PLACEHOLDER } from "./types.ts";

/**
 * A builder form holds one flat object per block (so Conform's list intents — insert, remove,
 * reorder — work on it with or without JavaScript); these turn it into the stored block and back.
 * Custom choices come one per line (`customItems`, values typed beside them in `choiceValues`
 * when `numericValue`) or one row each with text and value (`customChoices`, Slack-type surveys).
 */

const DEFAULT_SCALE: ScaleFamily = "agree-disagree-5";

// ---------------------------------------------------------------------------------------------
// Value blocks (000 §3).
// ---------------------------------------------------------------------------------------------

/** The form fields of a value block (an area's form adds its own). */
export interface ValueBlockFields {
  key: string;
  text?: string;
  label?: string;
  placeholder?: string;
  required?: boolean;
  scale?: ScaleFamily;
  customItems?: string;
  numericValue?: boolean;
  choiceValues?: Array<number | undefined>;
  notApplicable?: boolean;
  commentBox?: boolean;
  commentBoxGuide?: string;
  view?: ChoiceView;
}

/** The stored choice settings of a choice question's form fields. */
export function toChoiceValue(block: ValueBlockFields): ChoiceValue {
  const selectedOption = block.scale ?? DEFAULT_SCALE;
  const view = block.view ?? "radio";
  return {
    label: block.label ?? "",
    selectedOption,
    choices: choicesFor(selectedOption, block.customItems ?? "", Boolean(block.numericValue), block.choiceValues ?? []),
    numericValue: selectedOption === "custom" && Boolean(block.numericValue),
    commentBox: Boolean(block.commentBox),
    commentBoxGuide: block.commentBox ? block.commentBoxGuide ?? "" : "",
    required: Boolean(block.required),
    dropdown: view === "dropdown",
    selectedView: view,
    isNotApplicableOption: Boolean(block.notApplicable),
  };
}

/** The form fields that edit stored choice settings. */
export function choiceValueFields(value: ChoiceValue): Omit<ValueBlockFields, "key"> {
  const custom = value.selectedOption === "custom";
  return {
    label: value.label,
    scale: value.selectedOption,
    customItems: custom ? value.choices.map((c) => c.text).join("\n") : "",
    numericValue: custom && value.numericValue,
    choiceValues: custom && value.numericValue ? value.choices.map((c) => c.value) : [],
    notApplicable: value.isNotApplicableOption,
    commentBox: value.commentBox,
    commentBoxGuide: value.commentBoxGuide,
    required: value.required,
    view: value.selectedView,
  };
}

/** The stored value block of a form block; ids are the form keys. */
export function toValueBlock(block: ValueBlockFields & { type: ValueBlock["type"] }): ValueBlock {
  const id = block.key;
  const typeTitle = BLOCK_TYPE_TITLES[block.type];
  switch (block.type) {
    case "title":
    case "subtitle":
      return { id, type: block.type, typeTitle, titleValue: { text: block.text ?? "" } } satisfies HeadingBlock;
    case "short-text":
    case "long-text":
      return {
        id,
        type: block.type,
        typeTitle,
        textValue: { label: block.label ?? "", placeholder: block.placeholder || DEFAULT_PLACEHOLDER, required: Boolean(block.required) },
      } satisfies TextBlock;
    case "multi-select":
      return { id, type: "multi-select", typeTitle, multiSelectValue: toChoiceValue(block) } satisfies MultiSelectBlock;
  }
}

/** The form fields that edit a stored value block. */
export function valueBlockFields<B extends ValueBlock>(block: B): ValueBlockFields & { type: B["type"] } {
  const base = { key: block.id, type: block.type as B["type"] };
  switch (block.type) {
    case "title":
    case "subtitle":
      return { ...base, text: (block as HeadingBlock).titleValue.text };
    case "short-text":
    case "long-text":
      return { ...base, ...(block as TextBlock).textValue };
    case "multi-select":
      return { ...base, ...choiceValueFields((block as MultiSelectBlock).multiSelectValue) };
  }
  throw new Error(`not a value block: ${(block as { type: string }).type}`);
}

// ---------------------------------------------------------------------------------------------
// Flat blocks (001 §3).
// ---------------------------------------------------------------------------------------------

/** Where a builder runs: Slack-type forms type custom choices one row each, Teams-type one per line (001 §5). */
export type Platform = "slack" | "msteams";

/** The form fields of a flat question (an area's form adds its own). */
export interface FlatQuestionFields {
  key: string;
  /** Static text. */
  value?: string;
  label?: string;
  placeholder?: string;
  required?: boolean;
  scale?: ScaleFamily;
  /** Custom choices, Slack-type: one row each. */
  customChoices?: Array<{ text?: string; value?: number }>;
  /** Custom choices, Teams-type: one per line. */
  customItems?: string;
  multipleAnswers?: boolean;
  dropdown?: boolean;
  commentBox?: boolean;
  commentBoxGuide?: string;
  notApplicable?: boolean;
}

/** Whether custom choices were typed one per line (Teams-type) rather than one row each. */
export const typedPerLine = (q: Pick<FlatQuestionFields, "customItems" | "customChoices">) =>
  q.customItems !== undefined && q.customChoices === undefined;

/** The choices of a choice question's form fields: its family's, or the custom ones as typed. */
export function flatChoices(q: FlatQuestionFields): Choice[] {
  const family = q.scale ?? DEFAULT_SCALE;
  if (family !== "custom") return choicesFor(family);
  if (typedPerLine(q)) return choicesFor("custom", q.customItems);
  return (q.customChoices ?? []).map((c) => ({ text: c.text ?? "", value: c.value ?? 0 }));
}

/** The custom lines of a Teams-type form, for its "at least one" and "at most" rules. */
export const customLines = (q: FlatQuestionFields) => customItemLines(q.customItems ?? "");

/** A new flat question as a builder adds it: a text input is not required and has the default placeholder (001 §5). */
export function newFlatQuestion(
  type: FlatQuestion["type"],
  key: string,
  platform: Platform
): FlatQuestionFields & { type: FlatQuestion["type"] } {
  switch (type) {
    case "static-text":
      return { key, type, value: "" };
    case "text-input":
      return { key, type, label: "", placeholder: DEFAULT_PLACEHOLDER, required: false };
    case "choice":
      return {
        key,
        type,
        label: "",
        scale: DEFAULT_SCALE,
        required: true,
        ...(platform === "msteams" ? { customItems: "" } : { customChoices: [{ text: "", value: 0 }] }),
      };
  }
}

/** The stored flat question of a form question; its id is the form key. */
export function toFlatQuestion(q: FlatQuestionFields & { type: FlatQuestion["type"] }): FlatQuestion {
  const id = q.key;
  switch (q.type) {
    case "static-text":
      return { id, type: "static-text", value: q.value ?? "" };
    case "text-input":
      return {
        id,
        type: "text-input",
        label: q.label ?? "",
        placeholder: q.placeholder || DEFAULT_PLACEHOLDER,
        required: Boolean(q.required),
      };
    case "choice":
      return {
        id,
        type: "choice",
        label: q.label ?? "",
        selectedOption: q.scale ?? DEFAULT_SCALE,
        choices: flatChoices(q),
        required: Boolean(q.required),
        dropdown: Boolean(q.dropdown),
        multipleAnswers: Boolean(q.multipleAnswers),
        commentBox: Boolean(q.commentBox),
        commentBoxGuide: q.commentBox ? q.commentBoxGuide ?? "" : "",
        notApplicable: Boolean(q.notApplicable),
      } satisfies ChoiceBlock;
  }
}

/** The form fields that edit a stored flat question, custom choices typed as the platform types them. */
export function flatQuestionFields(q: FlatQuestion, platform: Platform): FlatQuestionFields & { type: FlatQuestion["type"] } {
  const key = q.id;
  switch (q.type) {
    case "static-text":
      return { key, type: "static-text", value: q.value };
    case "text-input":
      return { key, type: "text-input", label: q.label, placeholder: q.placeholder, required: q.required };
    case "choice": {
      const custom = q.selectedOption === "custom";
      return {
        key,
        type: "choice",
        label: q.label,
        scale: q.selectedOption,
        ...(platform === "msteams"
          ? { customItems: custom ? q.choices.map((c) => c.text).join("\n") : "" }
          : { customChoices: custom ? q.choices.map((c) => ({ text: c.text, value: c.value })) : [{ text: "", value: 0 }] }),
        required: q.required,
        dropdown: q.dropdown,
        multipleAnswers: q.multipleAnswers,
        commentBox: q.commentBox,
        commentBoxGuide: q.commentBoxGuide,
        notApplicable: Boolean(q.notApplicable),
      };
    }
  }
}
