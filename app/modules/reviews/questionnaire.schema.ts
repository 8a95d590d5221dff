import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { choicesFor, customItemLines, SCALE_FAMILIES, type Choice, type ScaleFamily } from "./answer-scales";

const REQUIRED = sharedCopy.required;

/** 000 §2 paths: the library; a row opens at + /{id} ("new" = blank); the gallery; a predefined template. */
export const QUESTIONNAIRES_PATH = "/reviews/review-questionnaires";
export const GALLERY_PATH = `${QUESTIONNAIRES_PATH}/add-new-questionnaire`;

export const BLOCK_TYPES = [
  "title",
  "subtitle",
  "short-text",
  "long-text",
  "multi-select",
  "competency-question",
  "objective-question",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** 000 §3 "typeTitle": how the builder names each block type. */
export const BLOCK_TYPE_TITLES: Record<BlockType, string> = {
  title: "Title",
  subtitle: "Subtitle",
  "short-text": "Short Text",
  "long-text": "Long Text",
  "multi-select": "Multiple Choice",
  "competency-question": "Competency Question",
  "objective-question": "Objective Question",
};

export const CHOICE_VIEWS = ["radio", "dropdown", "matrix"] as const;
export type ChoiceView = (typeof CHOICE_VIEWS)[number];
export const CHOICE_VIEW_LABELS: Record<ChoiceView, string> = { radio: "Radio buttons", dropdown: "Dropdown", matrix: "Matrix" };

export const DEFAULT_PLACEHOLDER = "Type your answer here";
export const AT_LEAST_ONE_QUESTION = "Please add at least one question.";
export const MIN_VALUE_0 = "MinValue0";
/** A questionnaire with 200 questions must save and reopen intact; this leaves room. */
export const MAX_BLOCKS = 300;
/** Only the first 5 competencies or objectives are offered (000 §9). */
export const OFFERED_CHOICES = 5;

export const isQuestionType = (type: BlockType) => type !== "title" && type !== "subtitle";
export const isChoiceType = (type: BlockType) => type === "multi-select" || type === "competency-question" || type === "objective-question";

// ---------------------------------------------------------------------------------------------
// Stored shape (000 §3): id, type, typeTitle and one value object by type.
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

export interface CompetencySnapshot {
  id: string;
  name: string;
  description: string | null;
  behaviours: Array<{ id: string; name: string }>;
}

export interface ObjectiveSnapshot {
  id: string;
  name: string;
  weight: number;
  docType: string;
  kpis: Array<{ name: string; description?: string; target?: string; period?: string }>;
}

export type StoredBlock =
  | { id: string; type: "title" | "subtitle"; typeTitle: string; titleValue: { text: string } }
  | {
      id: string;
      type: "short-text" | "long-text";
      typeTitle: string;
      textValue: { label: string; placeholder: string; required: boolean };
    }
  | { id: string; type: "multi-select"; typeTitle: string; multiSelectValue: ChoiceValue }
  | {
      id: string;
      type: "competency-question";
      typeTitle: string;
      competencyValue: ChoiceValue & {
        competency: CompetencySnapshot | null;
        showDescription: boolean;
        showBehaviours: boolean;
        isBehavior: boolean;
      };
    }
  | {
      id: string;
      type: "objective-question";
      typeTitle: string;
      objectiveValue: ChoiceValue & {
        objective: ObjectiveSnapshot | null;
        showKPIs: boolean;
        isKPI: boolean;
        comments: Array<{ id: string; title: string; value: string }>;
      };
    };

// ---------------------------------------------------------------------------------------------
// Form shape: one flat object per block, so Conform's list intents (insert, remove, reorder)
// work on it with or without JavaScript. `parseQuestionnaire` checks what each type needs.
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).optional();
const checkbox = z.boolean().optional();

export const BlockFormSchema = z
  .object({
    key: z.string().min(1).max(64),
    type: z.enum(BLOCK_TYPES),
    text: text(500),
    label: text(1000),
    placeholder: text(200),
    required: checkbox,
    scale: z.enum(SCALE_FAMILIES).optional(),
    customItems: z.string().max(10_000, "Use at most 10000 characters.").optional(),
    numericValue: checkbox,
    choiceValues: z
      .array(z.number({ error: MIN_VALUE_0 }).min(0, MIN_VALUE_0).max(1_000_000).optional())
      .max(100)
      .optional(),
    notApplicable: checkbox,
    commentBox: checkbox,
    commentBoxGuide: text(500),
    view: z.enum(CHOICE_VIEWS).optional(),
    competencyId: z.string().max(100).optional(),
    showDescription: checkbox,
    showBehaviours: checkbox,
    isBehavior: checkbox,
    objectiveId: z.string().max(100).optional(),
    showKPIs: checkbox,
    isKPI: checkbox,
  })
  // What each type needs (000 §5). On the block, so a bad name does not hide these and back.
  .superRefine((block, ctx) => {
    const at = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (block.type === "title" || block.type === "subtitle") {
      if (!block.text) at("text", REQUIRED);
      return;
    }
    if (!block.label) at("label", REQUIRED);
    if (!isChoiceType(block.type)) return;
    if (!block.scale) at("scale", REQUIRED);
    if (block.scale === "custom") {
      const items = customItemLines(block.customItems ?? "");
      if (items.length === 0) at("customItems", REQUIRED);
      if (items.length > 100) at("customItems", "Use at most 100 choices.");
      if (block.numericValue) {
        items.forEach((_, j) => {
          const value = block.choiceValues?.[j];
          if (value === undefined || value < 0) ctx.addIssue({ code: "custom", path: ["choiceValues", j], message: MIN_VALUE_0 });
        });
      }
    }
    if (block.commentBox && !block.commentBoxGuide) at("commentBoxGuide", REQUIRED);
    if (block.type === "competency-question" && !block.competencyId) at("competencyId", REQUIRED);
    if (block.type === "objective-question" && !block.objectiveId) at("objectiveId", REQUIRED);
  });
export type BlockForm = z.infer<typeof BlockFormSchema>;

export const QuestionnaireFormSchema = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
  hideCompetencySelector: checkbox,
  blocks: z
    .array(BlockFormSchema)
    .max(MAX_BLOCKS, `Use at most ${MAX_BLOCKS} blocks.`)
    .default([])
    .refine((blocks) => blocks.some((b) => isQuestionType(b.type)), AT_LEAST_ONE_QUESTION),
});
export type QuestionnaireForm = z.infer<typeof QuestionnaireFormSchema>;

/** A new block of a type, as the builder adds it (a new text question is not required, 000 §3). */
export function newBlock(type: BlockType, key: string, defaults: { competencyId?: string; objectiveId?: string } = {}): BlockForm {
  const base: BlockForm = { key, type };
  if (type === "title" || type === "subtitle") return { ...base, text: "" };
  if (type === "short-text" || type === "long-text") return { ...base, label: "", placeholder: DEFAULT_PLACEHOLDER, required: false };
  const choice: BlockForm = {
    ...base,
    label: "",
    scale: "agree-disagree-5",
    view: "radio",
    required: true,
    customItems: "",
    choiceValues: [],
  };
  if (type === "competency-question")
    return { ...choice, competencyId: defaults.competencyId ?? "", showDescription: true, showBehaviours: true };
  if (type === "objective-question") return { ...choice, scale: "score-1-5", objectiveId: defaults.objectiveId ?? "", showKPIs: true };
  return choice;
}

// ---------------------------------------------------------------------------------------------
// Conversions between the form and the stored blocks.
// ---------------------------------------------------------------------------------------------

function choiceValueOf(block: BlockForm): ChoiceValue {
  const selectedOption = block.scale ?? "agree-disagree-5";
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

export interface Catalogue {
  competencies: Map<string, CompetencySnapshot>;
  objectives: Map<string, ObjectiveSnapshot>;
}

/**
 * The stored blocks of a valid form. Competency and objective questions keep a snapshot of what
 * was picked, so a questionnaire still reads the same if the competency is renamed later.
 */
export function toStoredBlocks(form: QuestionnaireForm, catalogue: Catalogue): StoredBlock[] {
  return form.blocks.map((block): StoredBlock => {
    const id = block.key;
    const typeTitle = BLOCK_TYPE_TITLES[block.type];
    switch (block.type) {
      case "title":
      case "subtitle":
        return { id, type: block.type, typeTitle, titleValue: { text: block.text ?? "" } };
      case "short-text":
      case "long-text":
        return {
          id,
          type: block.type,
          typeTitle,
          textValue: { label: block.label ?? "", placeholder: block.placeholder || DEFAULT_PLACEHOLDER, required: Boolean(block.required) },
        };
      case "multi-select":
        return { id, type: "multi-select", typeTitle, multiSelectValue: choiceValueOf(block) };
      case "competency-question":
        return {
          id,
          type: "competency-question",
          typeTitle,
          competencyValue: {
            ...choiceValueOf(block),
            competency: catalogue.competencies.get(block.competencyId ?? "") ?? null,
            showDescription: Boolean(block.showDescription),
            showBehaviours: Boolean(block.showBehaviours),
            isBehavior: Boolean(block.isBehavior),
          },
        };
      case "objective-question":
        return {
          id,
          type: "objective-question",
          typeTitle,
          objectiveValue: {
            ...choiceValueOf(block),
            objective: catalogue.objectives.get(block.objectiveId ?? "") ?? null,
            showKPIs: Boolean(block.showKPIs),
            isKPI: Boolean(block.isKPI),
            comments: [],
          },
        };
    }
  });
}

function choiceFormOf(value: ChoiceValue): Partial<BlockForm> {
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

/** The form value that edits stored blocks. */
export function toFormBlocks(blocks: StoredBlock[]): BlockForm[] {
  return blocks.map((block): BlockForm => {
    const base = { key: block.id, type: block.type };
    switch (block.type) {
      case "title":
      case "subtitle":
        return { ...base, text: block.titleValue.text };
      case "short-text":
      case "long-text":
        return { ...base, ...block.textValue };
      case "multi-select":
        return { ...base, ...choiceFormOf(block.multiSelectValue) };
      case "competency-question": {
        const v = block.competencyValue;
        return {
          ...base,
          ...choiceFormOf(v),
          competencyId: v.competency?.id ?? "",
          showDescription: v.showDescription,
          showBehaviours: v.showBehaviours,
          isBehavior: v.isBehavior,
        };
      }
      case "objective-question": {
        const v = block.objectiveValue;
        return { ...base, ...choiceFormOf(v), objectiveId: v.objective?.id ?? "", showKPIs: v.showKPIs, isKPI: v.isKPI };
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Library actions (000 §2 "Questionnaire library", §7 duplicate / delete with a check first).
// ---------------------------------------------------------------------------------------------

export const QuestionnaireLibraryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("duplicate"), id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(100) }),
  z.object({
    intent: z.literal("delete"),
    id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(100),
    initialCheck: z.enum(["true", "false"]).default("true"),
  }),
]);

export const QUESTIONNAIRE_SORTS = ["title", "createdAt"] as const;
export type QuestionnaireSort = (typeof QUESTIONNAIRE_SORTS)[number];
