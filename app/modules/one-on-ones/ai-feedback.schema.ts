import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { MAX_FEEDBACK_LENGTH, MAX_PART_LENGTH, MAX_STEPS } from "./ai-feedback-rules";
import { TONE_CATEGORIES } from "./one-on-one-types";

/**
 * Every call of the crafting tool (001 §7, from /create-…-ai-one-on-one-service to
 * /submit-aiFeedback) as one intent of one zod union, read by Conform in the browser and by the
 * page's action. A button that acts on one competency carries it in its value
 * (`removeStrength:<competencyId>`), so the page stays one form without JavaScript.
 */

const E = sharedCopy.aiCrafting.errors;

export const AI_FEEDBACK_INTENTS = [
  "create",
  "refreshScore",
  "enhanceSpecificity",
  "changeOpening",
  "mergeOpening",
  "addActionability",
  "refineText",
  "aiCompetency",
  "addStrength",
  "removeStrength",
  "addDevelopment",
  "removeDevelopment",
  "submit",
] as const;
export type AiFeedbackIntent = (typeof AI_FEEDBACK_INTENTS)[number];

/** A button's value for an intent about one competency. */
export const competencyIntent = (intent: "removeStrength" | "removeDevelopment", competencyId: string) => `${intent}:${competencyId}`;

const text = (max: number) => z.string().max(max).optional().default("");
const feedbackText = z
  .string({ error: E.empty })
  .max(MAX_FEEDBACK_LENGTH, E.tooLong(MAX_FEEDBACK_LENGTH))
  .refine((v) => v.trim().length > 0, E.empty);
/** Text kept as typed by a change that does not need it (a competency change saves it when given). */
const optionalFeedbackText = z.string().max(MAX_FEEDBACK_LENGTH, E.tooLong(MAX_FEEDBACK_LENGTH)).optional().default("");
const required = (message: string, max = MAX_PART_LENGTH) =>
  z
    .string({ error: message })
    .max(max)
    .refine((v) => v.trim().length > 0, message);
const competencyId = z.string({ error: E.noCompetency }).trim().min(1, E.noCompetency).max(100);

const base = {
  /** The AI feedback id (`new` before there is one). */
  id: z.string().trim().min(1).max(100),
  version: z.coerce.number().int().min(0).default(0),
  js: z.string().optional(),
};

const sbi = { situation: text(MAX_PART_LENGTH), behavior: text(MAX_PART_LENGTH), impact: text(MAX_PART_LENGTH) };

const union = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...base, userFeedback: feedbackText }),
  z.object({ intent: z.literal("refreshScore"), ...base, userFeedback: feedbackText }),
  z
    .object({ intent: z.literal("enhanceSpecificity"), ...base, userFeedback: feedbackText, ...sbi })
    .refine((v) => [v.situation, v.behavior, v.impact].some((p) => p.trim()), { message: E.emptySbi, path: ["situation"] }),
  z.object({
    intent: z.literal("changeOpening"),
    ...base,
    userFeedback: feedbackText,
    openingStatement: required(E.emptyOpening),
    suggestedTone: z.enum(TONE_CATEGORIES),
  }),
  z.object({ intent: z.literal("mergeOpening"), ...base, userFeedback: feedbackText, openingStatement: required(E.emptyOpening) }),
  z.object({
    intent: z.literal("addActionability"),
    ...base,
    userFeedback: feedbackText,
    actionableSteps: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(MAX_PART_LENGTH).optional()))
      .transform((steps) => steps.map((s) => (s ?? "").trim()).filter(Boolean))
      .pipe(z.array(z.string()).min(1, E.noSteps).max(MAX_STEPS)),
  }),
  z.object({
    intent: z.literal("refineText"),
    ...base,
    userFeedback: feedbackText,
    selectedText: required(E.noSelection, MAX_FEEDBACK_LENGTH),
    modificationInstruction: required(E.noInstruction),
  }),
  z.object({ intent: z.literal("aiCompetency"), ...base, userFeedback: feedbackText }),
  z.object({ intent: z.literal("addStrength"), ...base, userFeedback: optionalFeedbackText, competencyId }),
  z.object({ intent: z.literal("removeStrength"), ...base, userFeedback: optionalFeedbackText, competencyId }),
  z.object({ intent: z.literal("addDevelopment"), ...base, userFeedback: optionalFeedbackText, competencyId }),
  z.object({ intent: z.literal("removeDevelopment"), ...base, userFeedback: optionalFeedbackText, competencyId }),
  z.object({ intent: z.literal("submit"), ...base, userFeedback: feedbackText }),
]);

/** A remove button's `intent:<competencyId>` value becomes the intent and its competency. */
export const aiFeedbackSchema = z.preprocess((input) => {
  if (!input || typeof input !== "object") return input;
  const value = input as Record<string, unknown>;
  const intent = value.intent;
  if (typeof intent === "string" && intent.includes(":")) {
    const at = intent.indexOf(":");
    return { ...value, intent: intent.slice(0, at), competencyId: intent.slice(at + 1) };
  }
  return value;
}, union);

export type AiFeedbackFormValue = z.infer<typeof union>;
