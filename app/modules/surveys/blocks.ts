// Loaded by the seed with Node's own type stripping (no bundler): its run-time imports name `.ts`
// files (@ts-ignore TS5097).
// @ts-ignore TS5097
import { toFlatQuestion, type FlatQuestionFields } from "../blocks/convert.ts";
import type {
  ChoiceBlock as KernelChoiceBlock,
  FlatAnswer,
  FlatAnswers,
  GroupBlock as KernelGroupBlock,
  StaticTextBlock as KernelStaticTextBlock,
  TextInputBlock as KernelTextInputBlock,
} from "../blocks/types";
// @ts-ignore TS5097
import { answerableBlocks as answerableOf, blockTypeTitles } from "../blocks/types.ts";

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

// @ts-ignore TS5097
export { DEFAULT_PLACEHOLDER } from "../blocks/types.ts";

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

/** A question's form fields as the survey builder holds them: the kernel's, plus tracking and the lock. */
export type SurveyQuestionFields = FlatQuestionFields & { type: GroupQuestion["type"]; isLocked?: boolean; track?: boolean };

/** The stored question of its form fields (the kernel's flat question, with the lock and tracking). */
export function toSurveyQuestion(q: SurveyQuestionFields): GroupQuestion {
  const stored = toFlatQuestion(q);
  const base = { id: stored.id, ...(q.isLocked ? { isLocked: true } : {}) };
  if (stored.type !== "choice") return { ...base, ...stored };
  const { notApplicable, ...rest } = stored;
  return { ...base, ...rest, track: Boolean(q.track), notApplicable };
}

/** The blocks a respondent answers, groups opened up (static text answers nothing). */
export const answerableBlocks = (blocks: SurveyBlock[]): Array<TextInputBlock | ChoiceBlock> => answerableOf<GroupQuestion>(blocks);

/** Whether a survey has at least one question (001 §5 launch rule). */
export const hasQuestion = (blocks: SurveyBlock[]) => answerableBlocks(blocks).length > 0;

/** One respondent's answer to one question (the kernel's flat answer). */
export type SurveyAnswer = FlatAnswer;
export type SurveyAnswers = FlatAnswers;
