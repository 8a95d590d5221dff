import type { Choice, ScaleFamily } from "~/modules/reviews/answer-scales";

/**
 * Survey blocks (001 §3 "Survey block"): the questions of a survey, a survey template and a
 * launched run (whose blocks are a snapshot). Zod-free types so client code imports them cheaply;
 * the builder's schema (with the §5 messages) lives in survey.schema.ts.
 *
 * Block types (001 §9 names): static text, text input, choice, group. A choice question uses the
 * answer-scale families of the review builder (NPS included) or custom items, and may allow
 * multiple answers, render as a dropdown, ask for a comment, and be tracked. A tracked choice
 * question is locked for good once saved (001 §4 "Locking").
 */

export const SURVEY_BLOCK_TYPES = ["static-text", "text-input", "choice", "group"] as const;
export type SurveyBlockType = (typeof SURVEY_BLOCK_TYPES)[number];

export const SURVEY_BLOCK_TYPE_TITLES: Record<SurveyBlockType, string> = {
  "static-text": "Static Text",
  "text-input": "Text Input",
  choice: "Choice",
  group: "Group",
};

/** 001 §5: the text input's default placeholder. */
export const DEFAULT_PLACEHOLDER = "Type your answer here";

interface BlockBase {
  id: string;
  /** Locked questions cannot be edited, moved, duplicated or deleted (001 §4). */
  isLocked?: boolean;
}

export interface StaticTextBlock extends BlockBase {
  type: "static-text";
  value: string;
}

export interface TextInputBlock extends BlockBase {
  type: "text-input";
  label: string;
  placeholder: string;
  required: boolean;
}

export interface ChoiceBlock extends BlockBase {
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
  /** Tracked over time (survey analytics); locks the question once saved. */
  track: boolean;
  /** An extra "Not Applicable" answer. */
  notApplicable?: boolean;
}

/** A group's questions: any block but another group. */
export type GroupQuestion = StaticTextBlock | TextInputBlock | ChoiceBlock;

export interface GroupBlock extends BlockBase {
  type: "group";
  label: string;
  description: string;
  questions: GroupQuestion[];
}

export type SurveyBlock = GroupQuestion | GroupBlock;

/** The blocks a respondent answers, groups opened up (static text answers nothing). */
export function answerableBlocks(blocks: SurveyBlock[]): Array<TextInputBlock | ChoiceBlock> {
  return blocks
    .flatMap((b) => (b.type === "group" ? b.questions : [b]))
    .filter((b): b is TextInputBlock | ChoiceBlock => b.type !== "static-text");
}

/** Whether a survey has at least one question (001 §5 launch rule). */
export const hasQuestion = (blocks: SurveyBlock[]) => answerableBlocks(blocks).length > 0;

/**
 * One respondent's answer to one question: a choice's value (several with multiple answers, or
 * "na" for Not Applicable), a text answer, and the comment when the question asks for one.
 */
export interface SurveyAnswer {
  value?: number | number[] | string | null;
  notApplicable?: boolean;
  comment?: string | null;
}
export type SurveyAnswers = Record<string, SurveyAnswer>;
