import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { checkbox, checkChoiceValue, checkHeading, checkLabel, valueBlockFields, type Issue } from "~/modules/blocks/blocks.schema";
import { BLOCK_TYPES, isChoiceType, isQuestionType, MAX_BLOCKS, type BlockForm } from "./questionnaire-blocks";

const REQUIRED = sharedCopy.required;

/** 000 §2 paths: the library; a row opens at + /{id} ("new" = blank); the gallery; a predefined template. */
export const QUESTIONNAIRES_PATH = "/reviews/review-questionnaires";
export const GALLERY_PATH = `${QUESTIONNAIRES_PATH}/add-new-questionnaire`;

export const AT_LEAST_ONE_QUESTION = "Please add at least one question.";

// Form shape: one flat object per block (questionnaire-blocks.ts), so Conform's list intents
// (insert, remove, reorder) work on it with or without JavaScript.

export const BlockFormSchema = z
  .object({
    ...valueBlockFields,
    type: z.enum(BLOCK_TYPES),
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
    const at: Issue = (path, message) => ctx.addIssue({ code: "custom", path, message });
    if (block.type === "title" || block.type === "subtitle") return checkHeading(block, at);
    checkLabel(block, at);
    if (!isChoiceType(block.type)) return;
    checkChoiceValue(block, at);
    if (block.type === "competency-question" && !block.competencyId) at(["competencyId"], REQUIRED);
    if (block.type === "objective-question" && !block.objectiveId) at(["objectiveId"], REQUIRED);
  }) satisfies z.ZodType<BlockForm>;

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
