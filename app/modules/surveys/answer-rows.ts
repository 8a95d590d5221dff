// The `survey_answers` rows of a response. The seed loads this file with Node's own type stripping
// (no bundler), so its run-time imports name `.ts` files (@ts-ignore TS5097).
// @ts-ignore TS5097
import { choiceOf, pickedValues } from "../blocks/answer-values.ts";
// @ts-ignore TS5097
import { answerableBlocks } from "../blocks/types.ts";
import type { GroupQuestion, SurveyAnswers, SurveyBlock, ChoiceBlock, TextInputBlock } from "./blocks";

/** One row of `survey_answers` (the contract the reports and insights aggregate). */
export interface AnswerRow {
  blockId: string;
  valueNum: number | null;
  valueText: string | null;
  notApplicable: boolean;
  comment: string | null;
}

/**
 * The `survey_answers` rows of a response: a single choice one row (value and text, comment);
 * multiple answers one row per chosen choice (the comment on the first); Not Applicable one row
 * with not_applicable; a text input one row with its text.
 */
export function answerRows(blocks: SurveyBlock[], answers: SurveyAnswers): AnswerRow[] {
  const rows: AnswerRow[] = [];
  for (const block of answerableBlocks<GroupQuestion>(blocks) as Array<TextInputBlock | ChoiceBlock>) {
    const answer = answers[block.id];
    if (!answer) continue;
    if (block.type === "text-input") {
      if (typeof answer.value === "string" && answer.value)
        rows.push({ blockId: block.id, valueNum: null, valueText: answer.value, notApplicable: false, comment: null });
      continue;
    }
    const comment = typeof answer.comment === "string" && answer.comment ? answer.comment : null;
    if (answer.notApplicable) {
      rows.push({ blockId: block.id, valueNum: null, valueText: null, notApplicable: true, comment });
      continue;
    }
    pickedValues(answer).forEach((value, i) =>
      rows.push({
        blockId: block.id,
        valueNum: value,
        valueText: choiceOf(block, value)?.text ?? null,
        notApplicable: false,
        comment: i === 0 ? comment : null,
      })
    );
  }
  return rows;
}
