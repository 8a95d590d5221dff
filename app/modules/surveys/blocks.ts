import {
  answerableBlocks as answerableOf,
  blockTypeTitles,
  type ChoiceBlock as KernelChoiceBlock,
  type FlatAnswer,
  type FlatAnswers,
  type GroupBlock as KernelGroupBlock,
  type StaticTextBlock as KernelStaticTextBlock,
  type TextInputBlock as KernelTextInputBlock,
} from "~/modules/blocks/types";

/**
 * Survey blocks (001 §3 "Survey block"): the questions of a survey, a survey template and a
 * launched run (whose blocks are a snapshot). The kernel's flat blocks (app/modules/blocks) —
 * static text, text input, choice, group — plus what only surveys have: a choice question may be
 * tracked over time, and a tracked choice question is locked for good once saved (001 §4
 * "Locking"). Zod-free, so client code and table definitions import it cheaply; the builder's
 * schema (with the §5 messages) lives in survey.schema.ts.
 */

export const SURVEY_BLOCK_TYPES = ["static-text", "text-input", "choice", "group"] as const;
export type SurveyBlockType = (typeof SURVEY_BLOCK_TYPES)[number];

export const SURVEY_BLOCK_TYPE_TITLES: Record<SurveyBlockType, string> = blockTypeTitles(SURVEY_BLOCK_TYPES, {});

export { DEFAULT_PLACEHOLDER } from "~/modules/blocks/types";

interface Lockable {
  /** Locked questions cannot be edited, moved, duplicated or deleted (001 §4). */
  isLocked?: boolean;
}

export type StaticTextBlock = KernelStaticTextBlock & Lockable;
export type TextInputBlock = KernelTextInputBlock & Lockable;
export type ChoiceBlock = KernelChoiceBlock &
  Lockable & {
    /** Tracked over time (survey analytics); locks the question once saved. */
    track: boolean;
  };

/** A group's questions: any block but another group. */
export type GroupQuestion = StaticTextBlock | TextInputBlock | ChoiceBlock;
export type GroupBlock = KernelGroupBlock<GroupQuestion> & Lockable;

export type SurveyBlock = GroupQuestion | GroupBlock;

/** The blocks a respondent answers, groups opened up (static text answers nothing). */
export const answerableBlocks = (blocks: SurveyBlock[]): Array<TextInputBlock | ChoiceBlock> => answerableOf<GroupQuestion>(blocks);

/** Whether a survey has at least one question (001 §5 launch rule). */
export const hasQuestion = (blocks: SurveyBlock[]) => answerableBlocks(blocks).length > 0;

/** One respondent's answer to one question (the kernel's flat answer). */
export type SurveyAnswer = FlatAnswer;
export type SurveyAnswers = FlatAnswers;
