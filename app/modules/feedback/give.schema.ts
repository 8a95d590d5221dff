import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { COMMENT_MAX, TEXT_MAX } from "~/modules/blocks/answers";
import type { FeedbackTemplateBlock } from "./feedback-blocks";
import { answerableTemplateBlocks, FORMAT_FIELDS, REQUIRED_FIELDS, type Tags } from "./give";
import { FEEDBACK_TEXT_FIELDS } from "./item-record";
import { FEEDBACK_FORMATS, type FeedbackAnswers, type FeedbackFormat } from "./loop-types";

/**
 * The Give Feedback form (browser and server parse it with the same schema): `intent=send`, the
 * format's texts by their item names, template answers as `a.<blockId>.value` / `.comment`,
 * competency tags `competency` (repeatable) and `behaviour.<behaviourId>` = strength |
 * developmentArea. A form with a format to choose (feedback outside loops) sends `format` too.
 */

export const TEXT_TOO_LONG = `Keep it to ${TEXT_MAX} characters or fewer.`;
const REQUIRED = sharedCopy.required;

const text = z.string().max(TEXT_MAX, TEXT_TOO_LONG).optional();
const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

const tagFields = {
  competency: many.pipe(z.array(z.string().max(100)).max(200)),
  // "" is the "Not tagged" radio.
  behaviour: z.record(z.string(), z.enum(["strength", "developmentArea", ""]).optional()).optional(),
};

export interface GiveFormShape {
  /** The loop's format; null for a template of blocks; "choose" when the sender picks it. */
  format: FeedbackFormat | null | "choose";
  blocks: readonly FeedbackTemplateBlock[];
}

export function giveFeedbackSchema(shape: GiveFormShape) {
  const answerable = answerableTemplateBlocks(shape.format === null ? shape.blocks : []);
  return z
    .object({
      intent: z.literal("send"),
      requestId: z.string().min(1).max(100),
      format: shape.format === "choose" ? z.enum(FEEDBACK_FORMATS, { message: REQUIRED }) : z.string().optional(),
      ...Object.fromEntries(FEEDBACK_TEXT_FIELDS.map((f) => [f, text])),
      a: z
        .record(
          z.string(),
          z.object({
            value: z.union([z.string().max(TEXT_MAX, TEXT_TOO_LONG), z.array(z.string())]).optional(),
            comment: z.string().max(COMMENT_MAX, `Keep the comment to ${COMMENT_MAX} characters or fewer.`).optional(),
          })
        )
        .optional(),
      ...tagFields,
    })
    .superRefine((data, ctx) => {
      const values = data as Record<string, unknown>;
      const format = shape.format === "choose" ? (data.format as FeedbackFormat | undefined) : shape.format;
      if (format) {
        for (const f of REQUIRED_FIELDS[format]) {
          if (!String(values[f] ?? "").trim()) ctx.addIssue({ code: "custom", path: [f], message: REQUIRED });
        }
      }
      for (const block of answerable) {
        const answer = data.a?.[block.id];
        const value = Array.isArray(answer?.value) ? answer.value[0] : answer?.value;
        if (block.type === "multi-select") {
          const v = block.multiSelectValue;
          const valid = v.choices.some((c) => String(c.value) === value) || (v.isNotApplicableOption && value === "na");
          if (value !== undefined && value !== "" && !valid) ctx.addIssue({ code: "custom", path: ["a", block.id, "value"], message: "Choose one of the options." });
          else if (v.required && !valid) ctx.addIssue({ code: "custom", path: ["a", block.id, "value"], message: REQUIRED });
        } else if (block.textValue.required && !String(value ?? "").trim()) {
          ctx.addIssue({ code: "custom", path: ["a", block.id, "value"], message: REQUIRED });
        }
      }
    });
}
export type GiveFeedbackForm = z.output<ReturnType<typeof giveFeedbackSchema>>;

/** What a parsed form gives: the chosen format's texts only, the template's answers only, the tags. */
export function feedbackOfForm(form: GiveFeedbackForm, shape: GiveFormShape) {
  const values = form as Record<string, unknown>;
  const format = shape.format === "choose" ? (form.format as FeedbackFormat) : shape.format;
  const texts = format ? Object.fromEntries(FORMAT_FIELDS[format].map((f) => [f, String(values[f] ?? "").trim()])) : {};
  const answers: FeedbackAnswers = {};
  if (shape.format === null) {
    for (const block of answerableTemplateBlocks(shape.blocks)) {
      const posted = form.a?.[block.id];
      const raw = Array.isArray(posted?.value) ? posted.value[0] : posted?.value;
      const value = raw?.trim();
      const comment = block.type === "multi-select" && block.multiSelectValue.commentBox ? posted?.comment?.trim() : undefined;
      if (!value && !comment) continue;
      const choice = block.type === "multi-select" ? block.multiSelectValue.choices.find((c) => String(c.value) === value) : undefined;
      answers[block.id] = {
        value: block.type === "multi-select" ? (choice ? choice.value : value === "na" ? "na" : null) : (value ?? null),
        ...(comment ? { comment } : {}),
      };
    }
  }
  const tags: Tags = { competencyIds: form.competency, behaviours: form.behaviour ?? {} };
  return { format, texts, answers, tags };
}

/** A request for feedback (/feedback/request). */
export const REQUEST_MESSAGE_MAX = 1000;
export const RequestFeedbackSchema = z.object({
  intent: z.literal("request"),
  requestId: z.string().min(1).max(100),
  recipientId: z.string({ message: sharedCopy.feedbackChooseColleague }).min(1, sharedCopy.feedbackChooseColleague).max(100),
  message: z.string().max(REQUEST_MESSAGE_MAX, `Keep the message to ${REQUEST_MESSAGE_MAX} characters or fewer.`).optional(),
});

/** Declining a request (/feedback/requests/:id). */
export const DeclineRequestSchema = z.object({ intent: z.literal("decline") });

/** Praise (/feedback/praise): a message to a colleague the company sees. */
export const PraiseSchema = z.object({
  intent: z.literal("praise"),
  requestId: z.string().min(1).max(100),
  receiverId: z.string({ message: sharedCopy.feedbackChooseColleague }).min(1, sharedCopy.feedbackChooseColleague).max(100),
  feedbackText: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(TEXT_MAX, TEXT_TOO_LONG),
  ...tagFields,
});
