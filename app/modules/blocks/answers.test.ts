import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { choicesFor } from "~/modules/blocks/scales";
import { answerFieldName, answersFromForm, COMMENT_TOO_LONG, REQUIRED_ANSWER, restorableAnswers, TEXT_MAX, TEXT_TOO_LONG, validateAnswers } from "~/modules/blocks";
import { answerRows } from "~/modules/surveys/answers";
import type { ChoiceBlock, SurveyBlock, TextInputBlock } from "~/modules/surveys/blocks";
import { RespondBlocks } from "~/modules/surveys/components/respond-blocks";

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

describe("survey answers: reading the respondent form", () => {
  it("reads text, a single choice with its comment, NPS, multiple answers (in choice order) and a dropdown", () => {
    const answers = answersFromForm(
      blocks,
      form([
        [v("t1"), "  Great place  "],
        [v("c1"), "2"],
        [c("c1"), " because "],
        [v("nps"), "9"],
        [v("multi"), "2"],
        [v("multi"), "0"],
        [v("multi"), "99"],
        [v("drop"), "0"],
        [v("intro"), "ignored"],
      ])
    );
    expect(answers).toEqual({
      t1: { value: "Great place" },
      c1: { value: 2, comment: "because" },
      nps: { value: 9 },
      multi: { value: [0, 2] },
      drop: { value: 0 },
    });
  });

  it("Not Applicable replaces a choice posted beside it, and only where offered", () => {
    const answers = answersFromForm(
      blocks,
      form([
        [v("nps"), "4"],
        [v("nps"), "na"],
        [v("c1"), "na"],
      ])
    );
    expect(answers.nps).toEqual({ value: "na", notApplicable: true });
    expect(answers.c1).toBeUndefined();
  });

  it("drops values that are not among the choices", () => {
    expect(answersFromForm(blocks, form([[v("c1"), "7"]]))).toEqual({});
  });
});

describe("survey answers: rules", () => {
  it("a required text input needs text and a required choice needs a choice; optional ones may stay empty", () => {
    expect(validateAnswers(blocks, {})).toEqual({
      [v("t1")]: [REQUIRED_ANSWER],
      [v("c1")]: [REQUIRED_ANSWER],
      [v("multi")]: [REQUIRED_ANSWER],
    });
    expect(validateAnswers(blocks, { t1: { value: "x" }, c1: { value: 1 }, multi: { value: [1] } })).toEqual({});
  });

  it("the comment is not required even on a required question", () => {
    expect(validateAnswers(blocks, { t1: { value: "x" }, c1: { value: 0 }, multi: { value: [0] } })).toEqual({});
  });

  it("Not Applicable answers a required choice that offers it", () => {
    const withNa = [choice("q", { required: true, notApplicable: true })];
    expect(validateAnswers(withNa, { q: { value: "na", notApplicable: true } })).toEqual({});
    const withoutNa = [choice("q", { required: true })];
    expect(validateAnswers(withoutNa, { q: { value: "na", notApplicable: true } })).toEqual({ [v("q")]: [REQUIRED_ANSWER] });
  });

  it("a draft may leave required questions empty but not exceed the lengths", () => {
    expect(validateAnswers(blocks, {}, { draft: true })).toEqual({});
    const long = { t1: { value: "x".repeat(TEXT_MAX + 1) }, c1: { value: 0, comment: "y".repeat(2001) } };
    expect(validateAnswers(blocks, long, { draft: true })).toEqual({ [v("t1")]: [TEXT_TOO_LONG], [c("c1")]: [COMMENT_TOO_LONG] });
  });

  it("a stored draft is restored against the blocks, unknown blocks and values dropped", () => {
    const restored = restorableAnswers(blocks, {
      t1: { value: "draft text" },
      multi: { value: [2, 5] },
      nps: { value: "na", notApplicable: true },
      gone: { value: 1 },
    });
    expect(restored).toEqual({ t1: { value: "draft text" }, multi: { value: [2] }, nps: { value: "na", notApplicable: true } });
  });
});

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
