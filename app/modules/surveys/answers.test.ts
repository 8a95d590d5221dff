import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { answerFieldName, REQUIRED_ANSWER } from "~/modules/blocks";
import { choicesFor } from "~/modules/blocks/scales";
import { answerRows } from "./answers";
import type { ChoiceBlock, SurveyBlock, TextInputBlock } from "./blocks";
import { RespondBlocks } from "./components/respond-blocks";

const text = (id: string, required: boolean): TextInputBlock => ({
  id,
  type: "text-input",
  label: `Text ${id}`,
  placeholder: "",
  required,
});
const choice = (id: string, over: Partial<ChoiceBlock> = {}): ChoiceBlock => ({
  id,
  type: "choice",
  label: `Choice ${id}`,
  selectedOption: "agree-disagree-3",
  choices: choicesFor("agree-disagree-3"),
  required: false,
  dropdown: false,
  multipleAnswers: false,
  commentBox: false,
  commentBoxGuide: "",
  track: false,
  ...over,
});

const blocks: SurveyBlock[] = [
  { id: "intro", type: "static-text", value: "Welcome <b>all</b>" },
  text("t1", true),
  choice("c1", { required: true, commentBox: true, commentBoxGuide: "Why?" }),
  choice("nps", { selectedOption: "nps", choices: choicesFor("nps"), notApplicable: true }),
  {
    id: "g",
    type: "group",
    label: "Team",
    description: "About your team",
    questions: [
      choice("multi", { multipleAnswers: true, required: true }),
      choice("drop", { dropdown: true, selectedOption: "yes-no", choices: choicesFor("yes-no") }),
    ],
  },
];

const form = (entries: Array<[string, string]>) => new URLSearchParams(entries);
const v = (id: string) => answerFieldName(id, "value");
const c = (id: string) => answerFieldName(id, "comment");

describe("survey answers: rows for survey_answers", () => {
  it("one row per single choice, per chosen choice of multiple answers (comment on the first), N/A and text", () => {
    const rows = answerRows([...blocks, choice("m2", { multipleAnswers: true, commentBox: true, commentBoxGuide: "More" })], {
      t1: { value: "Great" },
      c1: { value: 2, comment: "because" },
      nps: { value: "na", notApplicable: true },
      multi: { value: [0, 1] },
      m2: { value: [1, 2], comment: "both" },
    });
    expect(rows).toEqual([
      { blockId: "t1", valueNum: null, valueText: "Great", notApplicable: false, comment: null },
      { blockId: "c1", valueNum: 2, valueText: "Agree", notApplicable: false, comment: "because" },
      { blockId: "nps", valueNum: null, valueText: null, notApplicable: true, comment: null },
      { blockId: "multi", valueNum: 0, valueText: "Disagree", notApplicable: false, comment: null },
      { blockId: "multi", valueNum: 1, valueText: "Neutral", notApplicable: false, comment: null },
      { blockId: "m2", valueNum: 1, valueText: "Neutral", notApplicable: false, comment: "both" },
      { blockId: "m2", valueNum: 2, valueText: "Agree", notApplicable: false, comment: null },
    ]);
  });
});

describe("respondent blocks", () => {
  it("renders every block type as plain form controls, restored answers checked", () => {
    const html = renderToString(
      createElement(RespondBlocks, { blocks, answers: { t1: { value: "hello" }, nps: { value: 9 }, multi: { value: [0, 2] } }, errors: {} })
    );
    expect(html).toContain("Welcome all");
    expect(html).not.toContain("<b>");
    expect(html).toMatch(/<textarea[^>]*name="a.t1.value"[^>]*required=""[^>]*>hello<\/textarea>/);
    expect(html).toContain("Type your answer here");
    expect(html.match(/type="radio" name="a.c1.value"/g)).toHaveLength(3);
    expect(html.match(/type="radio" name="a.nps.value"/g)).toHaveLength(12);
    expect(html).toMatch(/name="a.nps.value" class="sr-only" checked="" value="9"/);
    expect(html).toContain("Not Applicable");
    expect(html.match(/type="checkbox" name="a.multi.value"/g)).toHaveLength(3);
    expect(html).toMatch(/<select[^>]*name="a.drop.value"/);
    expect(html).toContain("Why?");
    expect(html).toContain('name="a.c1.comment"');
    expect(html).toContain("About your team");
  });

  it("marks a field with an error as invalid and describes it", () => {
    const html = renderToString(createElement(RespondBlocks, { blocks, answers: {}, errors: { [v("t1")]: [REQUIRED_ANSWER] } }));
    expect(html).toMatch(/aria-invalid="true" aria-describedby="survey-a-t1-value-error"/);
    expect(html).toContain(REQUIRED_ANSWER);
  });
});
