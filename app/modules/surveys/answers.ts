/**
 * What only surveys add to the kernel's answers (app/modules/blocks/answers.ts, whose field
 * names, reading and rules the respondent page uses): the respondent page's path and messages,
 * and the `survey_answers` rows a submission writes.
 */

/** The respondent page's messages (a closed survey or a second response is refused clearly). */
export const ALREADY_RESPONDED = "You have already responded to this survey. Only one response per person is accepted.";
export const RUN_CLOSED = "This survey has closed: it can no longer be answered.";
export const THANK_YOU = "Thank you! Your response has been submitted.";
export const DRAFT_SAVED = "Your draft has been saved. You can come back and finish it later.";
export const CHECK_ANSWERS = "Please answer the required questions.";

/** Where a recipient answers a run (the notification's link). */
export function respondPath(runId: string) {
  return `/surveys/respond/${encodeURIComponent(runId)}`;
}

export { answerRows, type AnswerRow } from "./answer-rows";
