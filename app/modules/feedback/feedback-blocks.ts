import type { ChoiceBlock, GroupBlock, HeadingBlock, TextBlock, ValueBlock } from "../blocks/types.ts";

/**
 * The block sets of the workflow library (002 §3 "Feedback template"), zod-free so table
 * definitions and the seed type their JSON with it.
 * - A feedback template is made of value blocks (title, subtitle, short text, long text,
 *   multi-select) and, on Slack-type only, a group of them.
 * - A one-on-one agenda (the 1-on-1's prep survey) is made of subtitles, short and long texts and
 *   choice questions.
 */
export type FeedbackTemplateBlock = ValueBlock | GroupBlock<ValueBlock>;
export type OneOnOneAgendaBlock = HeadingBlock | TextBlock | ChoiceBlock;
export type LoopBlock = FeedbackTemplateBlock | OneOnOneAgendaBlock;
