// The feedback template's block set (002 §3 "Feedback template"): the kernel's value blocks and,
// on Slack-type only, a group of them. Zod-free and loaded by the seed with Node's own type
// stripping, so its run-time imports name `.ts` files (@ts-ignore TS5097).
// @ts-ignore TS5097
import { toValueBlock, valueBlockFields, type ValueBlockFields } from "../blocks/convert.ts";
import type { Platform } from "../blocks/convert";
import { isScaleFamily } from "../blocks/scales";
// @ts-ignore TS5097
import { blockTypeTitles, DEFAULT_PLACEHOLDER } from "../blocks/types.ts";
import type { ChoiceView, GroupBlock, ValueBlock } from "../blocks/types";
import type { FeedbackTemplateBlock, LoopBlock } from "./feedback-blocks";

/** Builder order (app/modules/blocks/index.ts): the value blocks, then the group (Slack-type only). */
export const TEMPLATE_BLOCK_TYPES = ["title", "subtitle", "short-text", "long-text", "multi-select", "group"] as const;
export type TemplateBlockType = (typeof TEMPLATE_BLOCK_TYPES)[number];
export const TEMPLATE_QUESTION_TYPES = ["title", "subtitle", "short-text", "long-text", "multi-select"] as const;
export type TemplateQuestionType = (typeof TEMPLATE_QUESTION_TYPES)[number];

export const TEMPLATE_BLOCK_TYPE_TITLES: Record<TemplateBlockType, string> = blockTypeTitles(TEMPLATE_BLOCK_TYPES, {});

/** 002 §3: the group block is absent on Teams-type. */
export function templateBlockTypesFor(platform: Platform): readonly TemplateBlockType[] {
  return platform === "slack" ? TEMPLATE_BLOCK_TYPES : TEMPLATE_QUESTION_TYPES;
}

/** A template of 300 blocks must still save and reopen; a group holds at most 50. */
export const MAX_TEMPLATE_BLOCKS = 300;
export const MAX_GROUP_BLOCKS = 50;

/** A multi-select shows its choices as radios or a dropdown (002 §3 "dropdown"); a matrix has no rows here. */
export const TEMPLATE_CHOICE_VIEWS = ["radio", "dropdown"] as const satisfies readonly ChoiceView[];

/** A value block's form fields (the kernel's), typed by the block it edits. */
export interface TemplateQuestionForm extends ValueBlockFields {
  type: TemplateQuestionType;
}

/** One flat object per block, so Conform's list intents work on it with or without JavaScript; a group holds its questions. */
export interface TemplateBlockForm extends ValueBlockFields {
  type: TemplateBlockType;
  /** Group only. */
  description?: string;
  questions?: TemplateQuestionForm[];
}

/** A new block as the builder adds it: a text question is not required and has the default placeholder (002 §9). */
export function newTemplateBlock(type: TemplateBlockType, key: string): TemplateBlockForm {
  switch (type) {
    case "title":
    case "subtitle":
      return { key, type, text: "" };
    case "short-text":
    case "long-text":
      return { key, type, label: "", placeholder: DEFAULT_PLACEHOLDER, required: false };
    case "multi-select":
      return { key, type, label: "", scale: "agree-disagree-5", view: "radio", required: true, customItems: "", choiceValues: [] };
    case "group":
      return { key, type, label: "", description: "", questions: [] };
  }
}

const storedQuestion = (q: TemplateQuestionForm | TemplateBlockForm): ValueBlock =>
  toValueBlock({ ...q, type: q.type as TemplateQuestionType });

/** The stored blocks of a valid form; ids are the form keys. */
export function toStoredTemplateBlocks(blocks: TemplateBlockForm[]): FeedbackTemplateBlock[] {
  return blocks.map((block): FeedbackTemplateBlock => {
    if (block.type !== "group") return storedQuestion(block);
    return {
      id: block.key,
      type: "group",
      label: block.label ?? "",
      description: block.description ?? "",
      questions: (block.questions ?? []).map(storedQuestion),
    } satisfies GroupBlock<ValueBlock>;
  });
}

/** The form value that edits stored blocks. */
export function toTemplateFormBlocks(blocks: FeedbackTemplateBlock[]): TemplateBlockForm[] {
  return blocks.map((block): TemplateBlockForm => {
    if (block.type !== "group") return valueBlockFields(block);
    return {
      key: block.id,
      type: "group",
      label: block.label,
      description: block.description,
      questions: block.questions.map((q) => valueBlockFields(q)),
    };
  });
}

/** Whether stored blocks are a feedback template's (value blocks and groups of them), which the builder edits. */
export function isTemplateBlockList(blocks: LoopBlock[]): blocks is FeedbackTemplateBlock[] {
  const value = (b: { type: string }) => (TEMPLATE_QUESTION_TYPES as readonly string[]).includes(b.type);
  return blocks.every((b) => value(b) || (b.type === "group" && (b as GroupBlock<{ id: string; type: string }>).questions.every(value)));
}

/** Whether blocks hold something a sender answers (the launch check's "questions required", 002 §5). */
export function hasAnswerableBlock(blocks: LoopBlock[]): boolean {
  return blocks.some((b) =>
    b.type === "group" ? hasAnswerableBlock(b.questions as LoopBlock[]) : b.type !== "title" && b.type !== "subtitle"
  );
}

// ---------------------------------------------------------------------------------------------
// The builder's live form value (strings as typed, "on" for a ticked box) as blocks to preview.
// ---------------------------------------------------------------------------------------------

const on = (v: unknown) => v === true || v === "on" || v === "true";
const str = (v: unknown) => (typeof v === "string" ? v : "");

function formQuestionOf(raw: unknown, types: readonly string[]): TemplateBlockForm | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (!types.includes(r.type as string)) return null;
  const values = Array.isArray(r.choiceValues) ? r.choiceValues.map((v) => (v === "" || v == null ? undefined : Number(v))) : [];
  return {
    key: str(r.key),
    type: r.type as TemplateBlockType,
    text: str(r.text),
    label: str(r.label),
    placeholder: str(r.placeholder),
    required: on(r.required),
    scale: isScaleFamily(r.scale) ? r.scale : undefined,
    customItems: str(r.customItems),
    numericValue: on(r.numericValue),
    choiceValues: values.map((v) => (v !== undefined && Number.isFinite(v) ? v : undefined)),
    notApplicable: on(r.notApplicable),
    commentBox: on(r.commentBox),
    commentBoxGuide: str(r.commentBoxGuide),
    view: r.view === "dropdown" ? "dropdown" : "radio",
  };
}

/**
 * The blocks a half-typed builder form stands for, to preview as a sender will see them. The
 * browser's form value holds strings; the server's booleans and numbers; both read the same.
 */
export function previewTemplateBlocks(raw: unknown): { form: TemplateBlockForm[]; stored: FeedbackTemplateBlock[] } {
  const list = Array.isArray(raw) ? raw : [];
  const form = list
    .map((item): TemplateBlockForm | null => {
      const block = formQuestionOf(item, TEMPLATE_BLOCK_TYPES);
      if (!block || block.type !== "group") return block;
      const r = item as Record<string, unknown>;
      const questions = (Array.isArray(r.questions) ? r.questions : [])
        .map((q) => formQuestionOf(q, TEMPLATE_QUESTION_TYPES))
        .filter((q): q is TemplateQuestionForm => q !== null);
      return { key: block.key, type: "group", label: block.label, description: str(r.description), questions };
    })
    .filter((b): b is TemplateBlockForm => b !== null);
  return { form, stored: toStoredTemplateBlocks(form) };
}
