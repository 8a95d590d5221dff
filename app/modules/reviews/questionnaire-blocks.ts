// The review questionnaire's block set (000 §3): the kernel's value blocks (app/modules/blocks)
// plus the competency and objective questions only reviews have. Zod-free and loaded by the seed
// with Node's own type stripping, so its run-time imports name `.ts` files (@ts-ignore TS5097).
// @ts-ignore TS5097
import { choiceValueFields, toChoiceValue, toValueBlock, valueBlockFields, type ValueBlockFields } from "../blocks/convert.ts";
// @ts-ignore TS5097
import { blockTypeTitles, DEFAULT_PLACEHOLDER, type ChoiceValue, type ValueBlock } from "../blocks/types.ts";

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
export const BLOCK_TYPE_TITLES: Record<BlockType, string> = blockTypeTitles(BLOCK_TYPES, {
  "competency-question": "Competency Question",
  "objective-question": "Objective Question",
});

/** A questionnaire with 200 questions must save and reopen intact; this leaves room. */
export const MAX_BLOCKS = 300;
/** Only the first 5 competencies or objectives are offered (000 §9). */
export const OFFERED_CHOICES = 5;

export const isQuestionType = (type: BlockType) => type !== "title" && type !== "subtitle";
export const isChoiceType = (type: BlockType) => type === "multi-select" || type === "competency-question" || type === "objective-question";

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
  kpis: Array<{
    name: string;
    description?: string;
    target?: string;
    period?: string;
    subRole?: string;
    client?: string;
    industry?: string;
    /** The key result's actual when rated (its last check-in). */
    actual?: string;
    unit?: string;
    /** An income-statement KPI: its actual is required when it is rated (000 §5). */
    incomeStatement?: boolean;
  }>;
}

/** Stored shape (000 §3): id, type, typeTitle and one value object by type. */
export type StoredBlock =
  | ValueBlock
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
        /** The fixed objective asked about; null when the question is about the reviewee's own. */
        objective: ObjectiveSnapshot | null;
        /**
         * The question is about the reviewee's objectives of the review's period (the first five):
         * each is rated as its own question (objective-answers.ts); absent on older questionnaires.
         */
        revieweeObjectives?: boolean;
        showKPIs: boolean;
        isKPI: boolean;
        comments: Array<{ id: string; title: string; value: string }>;
      };
    };

/** Form shape: one flat object per block; questionnaire.schema.ts checks what each type needs. */
export interface BlockForm extends ValueBlockFields {
  type: BlockType;
  competencyId?: string;
  showDescription?: boolean;
  showBehaviours?: boolean;
  isBehavior?: boolean;
  /** An objective's id, or REVIEWEE_OBJECTIVES for the reviewee's own objectives. */
  objectiveId?: string;
  showKPIs?: boolean;
  isKPI?: boolean;
}

/** The builder's first choice of objective: the reviewee's own objectives of the review's period. */
export const REVIEWEE_OBJECTIVES = "reviewee";

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
  if (type === "objective-question")
    return { ...choice, scale: "score-1-5", objectiveId: defaults.objectiveId ?? REVIEWEE_OBJECTIVES, showKPIs: true };
  return choice;
}

export interface Catalogue {
  competencies: Map<string, CompetencySnapshot>;
  objectives: Map<string, ObjectiveSnapshot>;
}

/**
 * The stored blocks of a valid form. Competency and objective questions keep a snapshot of what
 * was picked, so a questionnaire still reads the same if the competency is renamed later.
 */
export function toStoredBlocks(form: { blocks: BlockForm[] }, catalogue: Catalogue): StoredBlock[] {
  return form.blocks.map((block): StoredBlock => {
    const id = block.key;
    const typeTitle = BLOCK_TYPE_TITLES[block.type];
    switch (block.type) {
      case "competency-question":
        return {
          id,
          type: "competency-question",
          typeTitle,
          competencyValue: {
            ...toChoiceValue(block),
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
            ...toChoiceValue(block),
            objective: block.objectiveId === REVIEWEE_OBJECTIVES ? null : (catalogue.objectives.get(block.objectiveId ?? "") ?? null),
            ...(block.objectiveId === REVIEWEE_OBJECTIVES ? { revieweeObjectives: true } : {}),
            showKPIs: Boolean(block.showKPIs),
            isKPI: Boolean(block.isKPI),
            comments: [],
          },
        };
      default:
        return toValueBlock({ ...block, type: block.type });
    }
  });
}

/** The form value that edits stored blocks. */
export function toFormBlocks(blocks: StoredBlock[]): BlockForm[] {
  return blocks.map((block): BlockForm => {
    switch (block.type) {
      case "competency-question": {
        const v = block.competencyValue;
        return {
          key: block.id,
          type: block.type,
          ...choiceValueFields(v),
          competencyId: v.competency?.id ?? "",
          showDescription: v.showDescription,
          showBehaviours: v.showBehaviours,
          isBehavior: v.isBehavior,
        };
      }
      case "objective-question": {
        const v = block.objectiveValue;
        return {
          key: block.id,
          type: block.type,
          ...choiceValueFields(v),
          objectiveId: v.revieweeObjectives ? REVIEWEE_OBJECTIVES : (v.objective?.id ?? ""),
          showKPIs: v.showKPIs,
          isKPI: v.isKPI,
        };
      }
      default:
        return valueBlockFields(block);
    }
  });
}
