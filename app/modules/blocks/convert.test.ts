import { describe, expect, it } from "vitest";
import { demoSeed, seededQuestionnaireForm } from "~/db/seed/demo";
import { QuestionnaireFormSchema } from "~/modules/reviews/questionnaire.schema";
import { toStoredBlocks as toStoredQuestionnaire, type Catalogue } from "~/modules/reviews/questionnaire-blocks";
import {
  choiceValueFields,
  flatQuestionFields,
  newFlatQuestion,
  toChoiceValue,
  toFlatQuestion,
  toValueBlock,
  valueBlockFields,
} from "./convert";
import type { ChoiceValue, FlatQuestion, ValueBlock } from "./types";

const choiceValue: ChoiceValue = {
  label: "How clear are the goals?",
  selectedOption: "custom",
  choices: [
    { text: "Unclear", value: 0 },
    { text: "Clear", value: 10 },
  ],
  numericValue: true,
  commentBox: true,
  commentBoxGuide: "Why?",
  required: true,
  dropdown: true,
  selectedView: "dropdown",
  isNotApplicableOption: true,
};

describe("value blocks (000 §3): stored ⇄ form", () => {
  it("round-trips every value block type, with its type title", () => {
    const blocks: ValueBlock[] = [
      { id: "a", type: "title", typeTitle: "Title", titleValue: { text: "Welcome" } },
      { id: "b", type: "subtitle", typeTitle: "Subtitle", titleValue: { text: "Part 1" } },
      { id: "c", type: "short-text", typeTitle: "Short Text", textValue: { label: "Goal", placeholder: "Type", required: true } },
      { id: "d", type: "long-text", typeTitle: "Long Text", textValue: { label: "Why", placeholder: "More", required: false } },
      { id: "e", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: choiceValue },
    ];
    expect(blocks.map((b) => toValueBlock(valueBlockFields(b)))).toEqual(blocks);
  });

  it("fills the default placeholder, drops a guide without its comment box and renumbers custom items without numeric values", () => {
    expect(toValueBlock({ key: "t", type: "short-text", label: "Goal" })).toMatchObject({
      textValue: { placeholder: "Type your answer here", required: false },
    });
    const value = toChoiceValue({
      key: "m",
      label: "Pick",
      scale: "custom",
      customItems: "A\n\nB",
      choiceValues: [7, 8],
      commentBoxGuide: "Why?",
    });
    expect(value).toMatchObject({ numericValue: false, commentBox: false, commentBoxGuide: "", selectedView: "radio", dropdown: false });
    expect(value.choices).toEqual([
      { text: "A", value: 0 },
      { text: "B", value: 1 },
    ]);
  });

  it("keeps a predefined family's own choices and gives the form no custom items for it", () => {
    const value = toChoiceValue({ key: "m", label: "Pick", scale: "yes-no", customItems: "ignored" });
    expect(value.choices).toEqual([
      { text: "Yes", value: 1 },
      { text: "No", value: 0 },
    ]);
    expect(choiceValueFields(value)).toMatchObject({ customItems: "", choiceValues: [], numericValue: false });
  });

  it("stores a seeded questionnaire's form as the builder does after its schema parses it", () => {
    const demo = demoSeed(Date.UTC(2026, 10, 26, 12));
    for (const predefined of ["quarterly-check-in", "annual-review"]) {
      const form = seededQuestionnaireForm(demo, "c-acme", predefined, 1, 1);
      const catalogue: Catalogue = {
        competencies: new Map(form.offered.competencies.map((c) => [c.id, c])),
        objectives: new Map(form.offered.objectives.map((o) => [o.id, o])),
      };
      const parsed = QuestionnaireFormSchema.parse({ name: form.title, blocks: form.blocks });
      expect(toStoredQuestionnaire(form, catalogue)).toEqual(toStoredQuestionnaire(parsed, catalogue));
    }
  });
});

describe("flat blocks (001 §3): stored ⇄ form", () => {
  const questions: FlatQuestion[] = [
    { id: "a", type: "static-text", value: "Welcome" },
    { id: "b", type: "text-input", label: "Why?", placeholder: "Type your answer here", required: true },
    {
      id: "c",
      type: "choice",
      label: "Pick",
      selectedOption: "custom",
      choices: [
        { text: "One", value: 0 },
        { text: "Two", value: 1 },
      ],
      required: true,
      dropdown: true,
      multipleAnswers: true,
      commentBox: true,
      commentBoxGuide: "Why",
      notApplicable: true,
    },
    {
      id: "d",
      type: "choice",
      label: "eNPS",
      selectedOption: "nps",
      choices: Array.from({ length: 11 }, (_, i) => ({ text: String(i), value: i })),
      required: false,
      dropdown: false,
      multipleAnswers: false,
      commentBox: false,
      commentBoxGuide: "",
      notApplicable: false,
    },
  ];

  it("round-trips every question type on both platforms", () => {
    for (const platform of ["slack", "msteams"] as const)
      expect(questions.map((q) => toFlatQuestion(flatQuestionFields(q, platform)))).toEqual(questions);
  });

  it("types custom choices one row each on Slack-type, one per line on Teams-type", () => {
    expect(flatQuestionFields(questions[2], "slack")).toMatchObject({
      customChoices: [
        { text: "One", value: 0 },
        { text: "Two", value: 1 },
      ],
    });
    expect(flatQuestionFields(questions[2], "msteams")).toMatchObject({ customItems: "One\nTwo" });
    expect(flatQuestionFields(questions[3], "slack")).toMatchObject({ customChoices: [{ text: "", value: 0 }] });
  });

  it("keeps typed custom values on Slack-type and renumbers Teams-type lines from 0", () => {
    const slack = toFlatQuestion({
      key: "c",
      type: "choice",
      label: "P",
      scale: "custom",
      customChoices: [{ text: "Hi", value: 7 }, { text: "Lo" }],
    });
    expect(slack).toMatchObject({
      choices: [
        { text: "Hi", value: 7 },
        { text: "Lo", value: 0 },
      ],
    });
    const teams = toFlatQuestion({ key: "c", type: "choice", label: "P", scale: "custom", customItems: "Often\n\n  \nNever\n" });
    expect(teams).toMatchObject({
      choices: [
        { text: "Often", value: 0 },
        { text: "Never", value: 1 },
      ],
    });
  });

  it("adds a text input not required, with the default placeholder (001 §5), and a choice required", () => {
    expect(newFlatQuestion("text-input", "n1", "slack")).toMatchObject({ required: false, placeholder: "Type your answer here" });
    expect(newFlatQuestion("choice", "n2", "msteams")).toEqual({
      key: "n2",
      type: "choice",
      label: "",
      scale: "agree-disagree-5",
      required: true,
      customItems: "",
    });
    expect(toFlatQuestion({ key: "n3", type: "text-input", label: "Why", placeholder: "" })).toMatchObject({
      placeholder: "Type your answer here",
    });
  });
});
