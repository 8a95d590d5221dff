import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AT_LEAST_ONE_CHOICE,
  checkChoiceValue,
  checkFlatQuestion,
  checkHeading,
  checkLabel,
  flatQuestionFields,
  valueBlockFields,
} from "./blocks.schema";
import { MIN_VALUE_0 } from "./types";

const REQUIRED = "This is a required field.";

/** A block schema as an area builds one from the kernel's fields and rules. */
const FlatSchema = z.object({ ...flatQuestionFields, type: z.enum(["static-text", "text-input", "choice"]) }).superRefine((q, ctx) => {
  checkFlatQuestion(q, (path, message) => ctx.addIssue({ code: "custom", path, message }));
});
const ValueSchema = z.object({ ...valueBlockFields, type: z.enum(["title", "short-text", "multi-select"]) }).superRefine((b, ctx) => {
  const at = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
  if (b.type === "title") return checkHeading(b, at);
  checkLabel(b, at);
  if (b.type === "multi-select") checkChoiceValue(b, at);
});

function errorsOf(schema: z.ZodType, value: Record<string, unknown>) {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

const choice = (extra: Record<string, unknown> = {}) => ({ key: "n1", type: "choice", label: "How are you?", scale: "nps", ...extra });

describe("flat question rules (001 §5)", () => {
  it("requires a choice question's label, and at least one custom choice", () => {
    expect(errorsOf(FlatSchema, choice({ label: "" }))).toEqual({ label: [REQUIRED] });
    expect(errorsOf(FlatSchema, choice({ scale: "custom", customChoices: [] }))).toEqual({ customChoices: [AT_LEAST_ONE_CHOICE] });
  });

  it("requires a custom choice's text and a value of at least 0 ('MinValue0')", () => {
    const errors = errorsOf(
      FlatSchema,
      choice({ scale: "custom", customChoices: [{ text: "", value: 1 }, { text: "Fine", value: -1 }, { text: "Ok" }] })
    );
    expect(errors["customChoices.0.text"]).toEqual([REQUIRED]);
    expect(errors["customChoices.1.value"]).toEqual([MIN_VALUE_0]);
    expect(errors["customChoices.2.value"]).toEqual([MIN_VALUE_0]);
  });

  it("requires the comment box guide when the comment box is on", () => {
    expect(errorsOf(FlatSchema, choice({ commentBox: true, commentBoxGuide: " " }))).toEqual({ commentBoxGuide: [REQUIRED] });
    expect(errorsOf(FlatSchema, choice({ commentBox: false }))).toEqual({});
  });

  it("reads Teams-type custom choices one per line and needs one", () => {
    expect(errorsOf(FlatSchema, choice({ scale: "custom", customItems: "Often\n\n  \nSometimes\n" }))).toEqual({});
    expect(errorsOf(FlatSchema, choice({ scale: "custom", customItems: "\n \n" }))).toEqual({ customItems: [AT_LEAST_ONE_CHOICE] });
  });

  it("requires static text's text and a text input's label", () => {
    expect(errorsOf(FlatSchema, { key: "s", type: "static-text", value: " " })).toEqual({ value: [REQUIRED] });
    expect(errorsOf(FlatSchema, { key: "t", type: "text-input", label: "" })).toEqual({ label: [REQUIRED] });
  });
});

describe("value block rules (000 §5)", () => {
  it("requires a title's text and a question's label", () => {
    expect(errorsOf(ValueSchema, { key: "a", type: "title", text: "" })).toEqual({ text: [REQUIRED] });
    expect(errorsOf(ValueSchema, { key: "b", type: "short-text", label: " " })).toEqual({ label: [REQUIRED] });
  });

  it("requires a multi-select's scale, its custom items, and values of at least 0 when numeric", () => {
    expect(errorsOf(ValueSchema, { key: "m", type: "multi-select", label: "Pick" })).toEqual({ scale: [REQUIRED] });
    expect(errorsOf(ValueSchema, { key: "m", type: "multi-select", label: "Pick", scale: "custom", customItems: "\n" })).toEqual({
      customItems: [REQUIRED],
    });
    const errors = errorsOf(ValueSchema, {
      key: "m",
      type: "multi-select",
      label: "Pick",
      scale: "custom",
      customItems: "Low\nHigh",
      numericValue: true,
      choiceValues: [3],
    });
    expect(errors).toEqual({ "choiceValues.1": [MIN_VALUE_0] });
  });

  it("refuses more than 100 custom items and a comment box without its guide", () => {
    const items = Array.from({ length: 101 }, (_, i) => `Item ${i}`).join("\n");
    expect(
      errorsOf(ValueSchema, { key: "m", type: "multi-select", label: "Pick", scale: "custom", customItems: items, commentBox: true })
    ).toEqual({ customItems: ["Use at most 100 choices."], commentBoxGuide: [REQUIRED] });
  });
});
