import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { customLines, typedPerLine, type FlatQuestionFields, type ValueBlockFields } from "./convert";
import { customItemLines, SCALE_FAMILIES } from "./scales";
import { CHOICE_VIEWS, MIN_VALUE_0 } from "./types";

/**
 * The zod side of the kernel: the form fields of each block kind and what each kind needs (000 §5,
 * 001 §5), for an area's builder schema to spread into its own block object and call from its
 * `superRefine`, so one bad field never hides another.
 */

const REQUIRED = sharedCopy.required;

export const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).optional();
export const checkbox = z.boolean().optional();

/** Where an issue goes (a path inside the block) and its message. */
export type Issue = (path: Array<string | number>, message: string) => void;

// ---------------------------------------------------------------------------------------------
// Value blocks (000 §3).
// ---------------------------------------------------------------------------------------------

export const valueBlockFields = {
  key: z.string().min(1).max(64),
  text: text(500),
  label: text(1000),
  placeholder: text(200),
  required: checkbox,
  scale: z.enum(SCALE_FAMILIES).optional(),
  customItems: z.string().max(10_000, "Use at most 10000 characters.").optional(),
  numericValue: checkbox,
  choiceValues: z
    .array(z.number({ error: MIN_VALUE_0 }).min(0, MIN_VALUE_0).max(1_000_000).optional())
    .max(100)
    .optional(),
  notApplicable: checkbox,
  commentBox: checkbox,
  commentBoxGuide: text(500),
  view: z.enum(CHOICE_VIEWS).optional(),
};

/** A title or subtitle needs its text. */
export function checkHeading(block: ValueBlockFields, at: Issue) {
  if (!block.text) at(["text"], REQUIRED);
}

/** A question needs its label. */
export function checkLabel(block: { label?: string }, at: Issue) {
  if (!block.label) at(["label"], REQUIRED);
}

/** A value block's choice settings: a scale; custom items (values ≥ 0 when typed); the comment box's guide. */
export function checkChoiceValue(block: ValueBlockFields, at: Issue) {
  if (!block.scale) at(["scale"], REQUIRED);
  if (block.scale === "custom") {
    const items = customItemLines(block.customItems ?? "");
    if (items.length === 0) at(["customItems"], REQUIRED);
    if (items.length > 100) at(["customItems"], "Use at most 100 choices.");
    if (block.numericValue) {
      items.forEach((_, j) => {
        const value = block.choiceValues?.[j];
        if (value === undefined || value < 0) at(["choiceValues", j], MIN_VALUE_0);
      });
    }
  }
  if (block.commentBox && !block.commentBoxGuide) at(["commentBoxGuide"], REQUIRED);
}

// ---------------------------------------------------------------------------------------------
// Flat blocks (001 §3).
// ---------------------------------------------------------------------------------------------

export const AT_LEAST_ONE_CHOICE = "Please add at least one choice.";
export const MAX_CHOICES = 100;

const CustomChoiceSchema = z.object({
  text: text(200),
  value: z.number({ error: MIN_VALUE_0 }).min(0, MIN_VALUE_0).max(1_000_000, "Use at most 1000000.").optional(),
});

export const flatQuestionFields = {
  key: z.string().min(1).max(64),
  /** Static text. */
  value: text(2000),
  label: text(1000),
  placeholder: text(200),
  required: checkbox,
  scale: z.enum(SCALE_FAMILIES).optional(),
  /** Custom choices, Slack-type: one row each. */
  customChoices: z.array(CustomChoiceSchema).max(MAX_CHOICES, `Use at most ${MAX_CHOICES} choices.`).optional(),
  /** Custom choices, Teams-type: one per line. */
  customItems: z.string().max(10_000, "Use at most 10000 characters.").optional(),
  multipleAnswers: checkbox,
  dropdown: checkbox,
  commentBox: checkbox,
  commentBoxGuide: text(500),
  notApplicable: checkbox,
};

/** What each flat question type needs (001 §5). */
export function checkFlatQuestion(q: FlatQuestionFields & { type: string }, at: Issue) {
  if (q.type === "static-text") {
    if (!q.value) at(["value"], REQUIRED);
    return;
  }
  checkLabel(q, at);
  if (q.type !== "choice") return;
  if (!q.scale) at(["scale"], REQUIRED);
  if (q.scale === "custom") {
    if (typedPerLine(q)) {
      const items = customLines(q);
      if (items.length === 0) at(["customItems"], AT_LEAST_ONE_CHOICE);
      if (items.length > MAX_CHOICES) at(["customItems"], `Use at most ${MAX_CHOICES} choices.`);
    } else {
      const rows = q.customChoices ?? [];
      if (rows.length === 0) at(["customChoices"], AT_LEAST_ONE_CHOICE);
      rows.forEach((row, k) => {
        if (!row.text) at(["customChoices", k, "text"], REQUIRED);
        if (row.value === undefined) at(["customChoices", k, "value"], MIN_VALUE_0);
      });
    }
  }
  if (q.commentBox && !q.commentBoxGuide) at(["commentBoxGuide"], REQUIRED);
}
