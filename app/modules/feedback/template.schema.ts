import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { FEEDBACK_TEMPLATE_VISIBILITIES } from "~/modules/access/feedback-templates";
import { checkChoiceValue, checkHeading, checkLabel, text, valueBlockFields, type Issue } from "~/modules/blocks/blocks.schema";
import type { Platform, ValueBlockFields } from "~/modules/blocks/convert";
import { TEMPLATE_TYPES, type TemplateType } from "./loop-types";
import {
  MAX_GROUP_BLOCKS,
  MAX_TEMPLATE_BLOCKS,
  TEMPLATE_CHOICE_VIEWS,
  TEMPLATE_QUESTION_TYPES,
  templateBlockTypesFor,
  type TemplateBlockForm,
} from "./template-blocks";

/**
 * The forms of the workflow library (002 §2.1 Workflows, §5, §7): the template builder and the
 * library loop's blocks (one form shape, the blocks kernel's), and each page's row actions. One
 * zod schema per action, a discriminated union on `intent`: a missing or unknown intent is refused.
 */

const REQUIRED = sharedCopy.required;
const Id = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100);

// ---------------------------------------------------------------------------------------------
// Paths (002 §2.1 Workflows).
// ---------------------------------------------------------------------------------------------

export const LIBRARY_PATH = "/workflows/library";
export const TEMPLATE_TYPES_PATH = `${LIBRARY_PATH}/template-types`;
export const templateTypePath = (type: TemplateType) => `${TEMPLATE_TYPES_PATH}/${type}`;
export const templatePath = (type: TemplateType, id: string) => `${templateTypePath(type)}/${encodeURIComponent(id)}`;
export const libraryLoopPath = (type: TemplateType, id: string) => `${LIBRARY_PATH}/${type}/${encodeURIComponent(id)}`;
export const libraryLoopConfigPath = (type: TemplateType, id: string) => `${libraryLoopPath(type, id)}/config`;
/** The builder of a new custom template. */
export const NEW_TEMPLATE_ID = "new";

export const TemplateTypeParam = z.enum(TEMPLATE_TYPES);

// ---------------------------------------------------------------------------------------------
// Blocks (app/modules/blocks/index.ts "How an area adds its block set").
// ---------------------------------------------------------------------------------------------

const blockFields = { ...valueBlockFields, view: z.enum(TEMPLATE_CHOICE_VIEWS).optional() };

/** What each value block needs (002 §5): a heading its text; a question its label; a multi-select its choices and comment guide. */
function checkValueBlock(block: ValueBlockFields & { type: string }, at: Issue) {
  if (block.type === "title" || block.type === "subtitle") return checkHeading(block, at);
  checkLabel(block, at);
  if (block.type === "multi-select") checkChoiceValue(block, at);
}

export const QuestionFormSchema = z.object({ ...blockFields, type: z.enum(TEMPLATE_QUESTION_TYPES) }).superRefine((q, ctx) => {
  checkValueBlock(q, (path, message) => ctx.addIssue({ code: "custom", path, message }));
});

/** A block of the platform's set: the group only on Slack-type (002 §3). */
function blockSchema(platform: Platform) {
  const types = templateBlockTypesFor(platform) as [TemplateBlockForm["type"], ...TemplateBlockForm["type"][]];
  return z
    .object({
      ...blockFields,
      type: z.enum(types),
      description: text(2000),
      questions: z.array(QuestionFormSchema).max(MAX_GROUP_BLOCKS, `Use at most ${MAX_GROUP_BLOCKS} blocks in a group.`).optional(),
    })
    .superRefine((block, ctx) => {
      const at: Issue = (path, message) => ctx.addIssue({ code: "custom", path, message });
      if (block.type === "group") {
        checkLabel(block, at);
        if (!block.questions?.some((q) => q.type !== "title" && q.type !== "subtitle")) at(["questions"], AT_LEAST_ONE_QUESTION);
        return;
      }
      checkValueBlock(block, at);
    });
}

export const AT_LEAST_ONE_QUESTION = "Please add at least one question.";

const isQuestion = (b: { type: string; questions?: Array<{ type: string }> }) =>
  b.type === "group" ? Boolean(b.questions?.some(isQuestion)) : b.type !== "title" && b.type !== "subtitle";

const blocksSchema = (platform: Platform) =>
  z
    .array(blockSchema(platform))
    .max(MAX_TEMPLATE_BLOCKS, `Use at most ${MAX_TEMPLATE_BLOCKS} blocks.`)
    .default([])
    .refine((blocks) => blocks.some(isQuestion), AT_LEAST_ONE_QUESTION);

/**
 * A custom template (002 §3 "Feedback template"; §5 "Template name and label required (trimmed)";
 * §6 visibility chosen by the super admin, "otherwise visibility defaults": super admin only).
 */
export function templateFormSchema(platform: Platform) {
  return z.object({
    title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
    desc: z.string().trim().max(2000, "Use at most 2000 characters.").default(""),
    visibility: z.enum(FEEDBACK_TEMPLATE_VISIBILITIES).default("superAdmin"),
    blocks: blocksSchema(platform),
  });
}
export type TemplateForm = z.infer<ReturnType<typeof templateFormSchema>>;

/** A library loop's title and, for a loop of blocks, its blocks (002 §7 "update blocks"). */
export function loopFormSchema(platform: Platform) {
  return z.object({
    title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
    blocks: blocksSchema(platform),
  });
}
export type LoopForm = z.infer<ReturnType<typeof loopFormSchema>>;

/**
 * A builder form's submission: the form with the button that saved it, or (without JavaScript)
 * Full Preview, which carries no intent and saves nothing.
 */
function withPreview<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(
    (payload) =>
      payload && typeof payload === "object" && !("intent" in payload) && (payload as { preview?: unknown }).preview === "full"
        ? { ...payload, intent: "preview" }
        : payload,
    schema
  );
}

// ---------------------------------------------------------------------------------------------
// Each page's action.
// ---------------------------------------------------------------------------------------------

/** /workflows/library rows: duplicate, and delete in two steps (initialCheck "true" first, then "false"). */
export const LibraryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("duplicate"), id: Id }),
  z.object({ intent: z.literal("delete"), id: Id, initialCheck: z.enum(["true", "false"]).default("true") }),
]);

/** /template-types/:templateType: use a template (predefined key or custom id), or start from scratch. */
export const TemplateTypeActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("use"), templateId: Id }),
  z.object({ intent: z.literal("scratch") }),
]);

/** /template-types/:templateType/:templateId: use it, or (super admin, custom templates) save the builder. */
export function templateActionSchema(platform: Platform) {
  const form = templateFormSchema(platform);
  return withPreview(
    z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("use") }),
      form.extend({ intent: z.literal("save") }),
      form.extend({ intent: z.literal("preview") }),
    ])
  );
}

/** A library loop's title on its own (a loop whose questions are its template's). */
export const LoopTitleSchema = z.object({
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
});

/** /workflows/library/:templateType/:id: rename, or save the blocks (and go on to the configuration with "next"). */
export function libraryLoopActionSchema(platform: Platform) {
  const form = loopFormSchema(platform);
  return withPreview(
    z.discriminatedUnion("intent", [
      LoopTitleSchema.extend({ intent: z.literal("rename"), next: z.enum(["true", "false"]).default("false") }),
      form.extend({ intent: z.enum(["save", "next"]) }),
      form.extend({ intent: z.literal("preview") }),
    ])
  );
}
