/**
 * Blocks and answers: the one model of the questions an HR team builds and people answer —
 * review questionnaires (000 §3), surveys (001 §3), and next feedback templates and 1-on-1 prep
 * surveys (002). This index is the zod-free kernel; the zod form fields and rules are in
 * blocks.schema.ts, one renderer per block type in components/.
 *
 * - types.ts: the block types and their type titles, and the two stored shapes: value blocks
 *   (`{ id, type, typeTitle, titleValue | textValue | multiSelectValue }`: title, subtitle, short
 *   text, long text, multi-select) and flat blocks (`{ id, type, ...fields }`: static text, text
 *   input, choice, and a group of flat questions).
 * - scales.ts: the answer-scale families and their choices, custom items.
 * - convert.ts: stored ⇄ form conversions of every kernel block type.
 * - answers.ts: answer field names (`a.<id>.value`, `a.<id>.comment`), reading a posted form,
 *   and the answer rules; answer-values.ts what a stored flat answer holds.
 * - components/: HeadingBlock, StaticTextBlock, TextQuestion, ChoiceQuestion (questionnaire look;
 *   ChoiceOptionsControl, CommentBox) and SurveyChoiceQuestion (survey look), GroupBlock, each
 *   with its preview; looks.tsx names the two looks; AnswerScaleField is the builders' scale select.
 * types.ts, scales.ts, convert.ts and answer-values.ts import only each other, by `.ts` path: the
 * seed runs them under Node's own type stripping, so it stores what the builders store.
 *
 * How an area adds its block set:
 * 1. List its types in builder order, kernel types and any of its own, and name them with
 *    `blockTypeTitles(TYPES, { ownType: "Own Title" })` (kernel types keep the kernel's title).
 *    Feedback templates: title, subtitle, short-text, long-text, multi-select (value blocks) and
 *    group; 1-on-1 prep surveys: short-text, long-text, subtitle, choice.
 * 2. Its stored block type is the union of the kernel's block types it uses and its own; its
 *    zod-free `toStoredBlocks` / `toFormBlocks` handle its own types and hand every other block to
 *    `toValueBlock` / `valueBlockFields` or `toFlatQuestion` / `flatQuestionFields`.
 * 3. Its builder schema spreads `valueBlockFields` or `flatQuestionFields` (blocks.schema.ts) into
 *    its block object, adds its own fields, and calls `checkHeading`, `checkLabel`,
 *    `checkChoiceValue` or `checkFlatQuestion` from its `superRefine`.
 * 4. Its answer page and preview render each kernel block with the renderer of components/ in the
 *    area's look, and read the posted form with answers.ts; its own parts add field names under
 *    `a.<id>.` and their own controls (reviews' per-behaviour matrix goes in ChoiceQuestion's
 *    `control`).
 * An area's block set (its types, stored union and conversions) is a zod-free file too, such as
 * reviews/questionnaire-blocks.ts and surveys/blocks.ts: table definitions (app/db/schema) type
 * their JSON columns with it, and never with a `*.schema.ts` file.
 */
export * from "./answers";
export * from "./convert";
export * from "./scales";
export * from "./types";
