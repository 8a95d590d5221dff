import { describe, expect, it } from "vitest";
import { FEEDBACK_TEXT_FIELDS } from "./item-record";
import { PREDEFINED_FEEDBACK_TEMPLATES, predefinedFeedbackTemplate, predefinedTemplatesOf } from "./predefined-templates";
import { loopFormSchema, templateFormSchema } from "./template.schema";
import {
  hasAnswerableBlock,
  isTemplateBlockList,
  newTemplateBlock,
  previewTemplateBlocks,
  templateBlockTypesFor,
  toStoredTemplateBlocks,
  toTemplateFormBlocks,
  type TemplateBlockForm,
} from "./template-blocks";
import type { FeedbackTemplateBlock } from "./feedback-blocks";

const group: FeedbackTemplateBlock = {
  id: "g1",
  type: "group",
  label: "Collaboration",
  description: "How they work with others",
  questions: [
    { id: "q1", type: "short-text", typeTitle: "Short Text", textValue: { label: "One word", placeholder: "Type", required: true } },
    {
      id: "q2",
      type: "multi-select",
      typeTitle: "Multiple Choice",
      multiSelectValue: {
        label: "How often?",
        selectedOption: "custom",
        choices: [
          { text: "Daily", value: 0 },
          { text: "Weekly", value: 1 },
        ],
        numericValue: false,
        commentBox: true,
        commentBoxGuide: "Why?",
        required: true,
        dropdown: true,
        selectedView: "dropdown",
        isNotApplicableOption: false,
      },
    },
  ],
};

describe("feedback template blocks: stored ⇄ form", () => {
  it("round-trips value blocks and a group of them", () => {
    const blocks: FeedbackTemplateBlock[] = [
      { id: "t", type: "title", typeTitle: "Title", titleValue: { text: "Quarterly feedback" } },
      { id: "l", type: "long-text", typeTitle: "Long Text", textValue: { label: "Strengths", placeholder: "Type", required: false } },
      group,
    ];
    expect(toStoredTemplateBlocks(toTemplateFormBlocks(blocks))).toEqual(blocks);
  });

  it("renumbers custom choices from 0 without numeric values and keeps typed values with them", () => {
    const form: TemplateBlockForm[] = [
      { key: "a", type: "multi-select", label: "Pick", scale: "custom", customItems: "Low\n\n High \nTop", numericValue: false },
      { key: "b", type: "multi-select", label: "Pick", scale: "custom", customItems: "Low\nHigh", numericValue: true, choiceValues: [5, 10] },
    ];
    const [a, b] = toStoredTemplateBlocks(form);
    expect(a.type === "multi-select" && a.multiSelectValue.choices).toEqual([
      { text: "Low", value: 0 },
      { text: "High", value: 1 },
      { text: "Top", value: 2 },
    ]);
    expect(b.type === "multi-select" && b.multiSelectValue.choices).toEqual([
      { text: "Low", value: 5 },
      { text: "High", value: 10 },
    ]);
  });

  it("reads a half-typed browser form (strings, 'on') as the blocks a sender will see", () => {
    const { stored } = previewTemplateBlocks([
      { key: "n1", type: "short-text", label: "Goal", required: "on" },
      { key: "n2", type: "group", label: "G", questions: [{ key: "n3", type: "multi-select", label: "Q", scale: "yes-no", commentBox: "on", commentBoxGuide: "Say more" }] },
      { key: "n4", type: "bogus" },
    ]);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ type: "short-text", textValue: { label: "Goal", required: true } });
    const g = stored[1];
    expect(g.type === "group" && g.questions[0]).toMatchObject({ multiSelectValue: { commentBox: true, commentBoxGuide: "Say more" } });
  });

  it("offers the group block on Slack-type only (002 §3)", () => {
    expect(templateBlockTypesFor("slack")).toContain("group");
    expect(templateBlockTypesFor("msteams")).not.toContain("group");
  });

  it("knows which blocks a sender answers", () => {
    expect(hasAnswerableBlock([{ id: "t", type: "title", typeTitle: "Title", titleValue: { text: "x" } }])).toBe(false);
    expect(hasAnswerableBlock([group])).toBe(true);
  });
});

describe("predefined feedback templates", () => {
  it("have unique stable keys and include the formats and agendas", () => {
    const ids = PREDEFINED_FEEDBACK_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(["sbi", "sad", "free-text", "manager-feedback", "upward-feedback", "peer-360", "praise", "weekly-check-in", "career-conversation", "performance-check-in"])
    );
    expect(predefinedFeedbackTemplate("sbi")?.format).toBe("SBI");
    expect(predefinedFeedbackTemplate("sad")?.format).toBe("SaD");
    expect(predefinedFeedbackTemplate("free-text")?.format).toBe("FreeText");
    expect(predefinedTemplatesOf("one-on-one").map((t) => t.id)).toEqual(["weekly-check-in", "career-conversation", "performance-check-in"]);
  });

  it("name each format's blocks by the feedback item's text fields", () => {
    expect(predefinedFeedbackTemplate("sbi")!.blocks.map((b) => b.id)).toEqual(["situationText", "behaviorText", "impactText", "sbiNextStepText"]);
    expect(predefinedFeedbackTemplate("sad")!.blocks.map((b) => b.id)).toEqual(["strengthText", "developmentAreaText", "sdNextStepText"]);
    expect(predefinedFeedbackTemplate("free-text")!.blocks.map((b) => b.id)).toEqual(["feedbackText"]);
    for (const t of PREDEFINED_FEEDBACK_TEMPLATES.filter((t) => t.format))
      for (const b of t.blocks) expect(FEEDBACK_TEXT_FIELDS).toContain(b.id);
  });

  it("feedback templates pass the builder's own rules on both platforms (what a custom one must pass)", () => {
    for (const t of predefinedTemplatesOf("feedback")) {
      expect(isTemplateBlockList(t.blocks)).toBe(true);
      const blocks = toTemplateFormBlocks(t.blocks as FeedbackTemplateBlock[]);
      for (const platform of ["slack", "msteams"] as const) {
        const parsed = templateFormSchema(platform).safeParse({ title: t.title, desc: t.desc, blocks });
        expect(parsed.error?.issues ?? [], `${t.id} on ${platform}`).toEqual([]);
      }
    }
  });

  it("one-on-one agendas are subtitles, short and long texts and choice questions, each with a label", () => {
    for (const t of predefinedTemplatesOf("one-on-one")) {
      expect(hasAnswerableBlock(t.blocks)).toBe(true);
      for (const b of t.blocks) {
        expect(["subtitle", "short-text", "long-text", "choice"]).toContain(b.type);
        if (b.type === "choice") expect(b.label && b.choices.length).toBeTruthy();
        if (b.type === "short-text" || b.type === "long-text") expect(b.textValue.label).toBeTruthy();
      }
    }
  });
});

describe("template rules (002 §5)", () => {
  const schema = templateFormSchema("slack");
  // A field's own check and its block's rule may both name a bad value: the page shows one message per field.
  const issues = (value: unknown) => [...new Set((schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`))];

  it("requires a trimmed name and each question's label, and a comment guide with the comment box", () => {
    expect(
      issues({
        title: "   ",
        blocks: [
          { key: "a", type: "short-text", label: "  " },
          { key: "b", type: "multi-select", label: "Q", scale: "yes-no", commentBox: true, commentBoxGuide: " " },
        ],
      })
    ).toEqual(["title: This is a required field.", "blocks.0.label: This is a required field.", "blocks.1.commentBoxGuide: This is a required field."]);
  });

  it("needs at least one custom choice and values of at least 0", () => {
    expect(
      issues({
        title: "T",
        blocks: [
          { key: "a", type: "multi-select", label: "Q", scale: "custom", customItems: "\n \n" },
          { key: "b", type: "multi-select", label: "Q", scale: "custom", customItems: "A\nB", numericValue: true, choiceValues: [1, -2] },
        ],
      })
    ).toEqual(["blocks.0.customItems: This is a required field.", "blocks.1.choiceValues.1: MinValue0"]);
  });

  it("defaults the visibility to super admin only and refuses a group on Teams-type", () => {
    const ok = schema.parse({ title: "T", blocks: [newTemplateBlock("long-text", "a")].map((b) => ({ ...b, label: "Q" })) });
    expect(ok.visibility).toBe("superAdmin");
    const withGroup = { title: "T", blocks: [{ key: "g", type: "group", label: "G", questions: [{ key: "q", type: "long-text", label: "Q" }] }] };
    expect(templateFormSchema("slack").safeParse(withGroup).success).toBe(true);
    expect(templateFormSchema("msteams").safeParse(withGroup).success).toBe(false);
    expect(loopFormSchema("msteams").safeParse({ ...withGroup, title: "L" }).success).toBe(false);
  });
});
