import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { choicesFor } from "~/modules/blocks/scales";
import {
  answerFieldName,
  answersFromForm,
  DECLINE_CONFIRM,
  objectiveScorecard,
  SAVE_LATER,
  SUBMIT_CONFIRM,
  validateAnswers,
} from "~/modules/reviews/answers";
import { OPTIONAL_SUFFIX, plainText } from "~/modules/blocks";
import type { PairAnswers } from "~/modules/reviews/campaign-machine";
import { AnswerFields } from "~/modules/reviews/components/answer-form";
import { NOT_APPLICABLE_KEY } from "~/modules/reviews/components/pair-answers";
import type { ChoiceValue } from "~/modules/blocks";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";

const REQUIRED = "This is a required field.";

const choiceValue = (over: Partial<ChoiceValue> = {}): ChoiceValue => ({
  label: "How well?",
  selectedOption: "agree-disagree-3",
  choices: choicesFor("agree-disagree-3"),
  numericValue: false,
  commentBox: false,
  commentBoxGuide: "",
  required: true,
  dropdown: false,
  selectedView: "radio",
  isNotApplicableOption: false,
  ...over,
});

const title: StoredBlock = { id: "t", type: "title", typeTitle: "Title", titleValue: { text: "Section one" } };
const subtitle: StoredBlock = { id: "st", type: "subtitle", typeTitle: "Subtitle", titleValue: { text: "About you" } };
const shortText = (required = false): StoredBlock => ({
  id: "s",
  type: "short-text",
  typeTitle: "Short Text",
  textValue: { label: "Your role", placeholder: "Type your answer here", required },
});
const longText = (required = false): StoredBlock => ({
  id: "l",
  type: "long-text",
  typeTitle: "Long Text",
  textValue: { label: "Strengths", placeholder: "Describe", required },
});
const multi = (over: Partial<ChoiceValue> = {}): StoredBlock => ({
  id: "m",
  type: "multi-select",
  typeTitle: "Multiple Choice",
  multiSelectValue: choiceValue(over),
});
const competency = (over: Partial<ChoiceValue> = {}, isBehavior = false): StoredBlock => ({
  id: "c",
  type: "competency-question",
  typeTitle: "Competency Question",
  competencyValue: {
    ...choiceValue({ label: "", ...over }),
    competency: {
      id: "comp1",
      name: "Teamwork",
      description: "Works well with others",
      behaviours: [
        { id: "b1", name: "Shares knowledge" },
        { id: "b2", name: "Helps peers" },
      ],
    },
    showDescription: true,
    showBehaviours: true,
    isBehavior,
  },
});
const objective = (over: Partial<ChoiceValue> = {}, isKPI = false): StoredBlock => ({
  id: "o",
  type: "objective-question",
  typeTitle: "Objective Question",
  objectiveValue: {
    ...choiceValue({ label: "", selectedOption: "score-1-5", choices: choicesFor("score-1-5"), ...over }),
    objective: {
      id: "obj1",
      name: "Grow revenue",
      weight: 30,
      docType: "Income statement",
      kpis: [
        { name: "Revenue", description: "Net revenue", target: "1M", period: "Q1" },
        { name: "Churn", target: "2%" },
      ],
    },
    showKPIs: true,
    isKPI,
    comments: [],
  },
});

const form = (entries: Array<[string, string]>) => new URLSearchParams(entries);
const f = answerFieldName;

describe("answerFieldName", () => {
  it("names each part of a block's answer stably", () => {
    expect(f("q1", "value")).toBe("a.q1.value");
    expect(f("q1", "comment")).toBe("a.q1.comment");
    expect(f("q1", "na")).toBe("a.q1.na");
    expect(f("q1", "kpi.0")).toBe("a.q1.kpi.0");
    expect(f("q1", "b.b7")).toBe("a.q1.b.b7");
  });

  it("keeps the 000 §2 and §5 wording", () => {
    expect(OPTIONAL_SUFFIX).toBe("(optional)");
    expect(DECLINE_CONFIRM).toBe("Are you sure you want to decline this review?");
    expect(SUBMIT_CONFIRM).toBe("Are you sure you want to submit the review?");
    expect(SAVE_LATER).toBe("Save & Finalize later");
  });
});

describe("answersFromForm", () => {
  it("trims text answers and ignores headings and unknown fields", () => {
    const blocks = [title, subtitle, shortText(), longText()];
    const answers = answersFromForm(
      blocks,
      form([
        [f("s", "value"), "  Engineer  "],
        [f("l", "value"), "<p>Great <b>mentor</b></p>"],
        [f("t", "value"), "heading"],
        ["a.other.value", "x"],
      ])
    );
    expect(answers).toEqual({ s: { value: "Engineer" }, l: { value: "<p>Great <b>mentor</b></p>" } });
  });

  it("leaves out questions with nothing answered", () => {
    expect(answersFromForm([shortText(), multi()], form([[f("s", "value"), "   "]]))).toEqual({});
  });

  it("keeps rich text as given even when only tags remain", () => {
    expect(answersFromForm([longText()], form([[f("l", "value"), "<p><br></p>"]]))).toEqual({ l: { value: "<p><br></p>" } });
  });

  it("reads a choice as its value and drops values that are not one of the block's choices", () => {
    expect(answersFromForm([multi()], form([[f("m", "value"), "2"]]))).toEqual({ m: { value: "2" } });
    expect(answersFromForm([multi()], form([[f("m", "value"), "9"]]))).toEqual({});
    expect(answersFromForm([multi()], form([[f("m", "value"), "Agree"]]))).toEqual({});
  });

  it("keeps several posted values of a multi-answer choice as a string[]", () => {
    const answers = answersFromForm(
      [multi()],
      form([
        [f("m", "value"), "0"],
        [f("m", "value"), "2"],
        [f("m", "value"), "7"],
        [f("m", "value"), "2"],
      ])
    );
    expect(answers).toEqual({ m: { value: ["0", "2"] } });
  });

  it("reads competency and objective questions rated once", () => {
    const answers = answersFromForm(
      [competency(), objective()],
      form([
        [f("c", "value"), "1"],
        [f("o", "value"), "4"],
      ])
    );
    expect(answers).toEqual({ c: { value: "1" }, o: { value: "4" } });
  });

  it("reads Not Applicable from the extra choice or the na field, only when the question offers it", () => {
    const na = multi({ isNotApplicableOption: true });
    expect(answersFromForm([na], form([[f("m", "value"), NOT_APPLICABLE_KEY]]))).toEqual({ m: { notApplicable: true } });
    expect(
      answersFromForm(
        [na],
        form([
          [f("m", "value"), "1"],
          [f("m", "na"), "on"],
        ])
      )
    ).toEqual({ m: { notApplicable: true } });
    expect(answersFromForm([multi()], form([[f("m", "value"), NOT_APPLICABLE_KEY]]))).toEqual({});
    expect(answersFromForm([multi()], form([[f("m", "na"), "on"]]))).toEqual({});
  });

  it("reads the comment only when the comment box is on, trimmed", () => {
    const withBox = multi({ commentBox: true, commentBoxGuide: "Why?" });
    expect(answersFromForm([withBox], form([[f("m", "comment"), "  Because  "]]))).toEqual({ m: { comment: "Because" } });
    expect(answersFromForm([multi()], form([[f("m", "comment"), "Because"]]))).toEqual({});
  });

  it("stores per-behaviour ratings as a string[] in behaviour order, '' for a row left out", () => {
    const block = competency({ selectedView: "matrix" }, true);
    expect(
      answersFromForm(
        [block],
        form([
          [f("c", "b.b2"), "2"],
          [f("c", "b.b1"), "0"],
        ])
      )
    ).toEqual({ c: { value: ["0", "2"] } });
    expect(answersFromForm([block], form([[f("c", "b.b2"), "5"]]))).toEqual({});
    expect(answersFromForm([block], form([[f("c", "b.b2"), "1"]]))).toEqual({ c: { value: ["", "1"] } });
  });

  it("stores per-KPI ratings as a string[] in KPI order", () => {
    const block = objective({}, true);
    expect(
      answersFromForm(
        [block],
        form([
          [f("o", "kpi.1"), "3"],
          [f("o", "kpi.0"), "5"],
          [f("o", "value"), "1"],
        ])
      )
    ).toEqual({ o: { value: ["5", "3"] } });
  });
});

describe("validateAnswers (000 §5 answer rules)", () => {
  it("requires nothing of questions not marked required", () => {
    const blocks = [title, shortText(false), longText(false), multi({ required: false, commentBox: true, commentBoxGuide: "Why?" })];
    expect(validateAnswers(blocks, {})).toEqual({});
  });

  it("requires the text of a required text question", () => {
    expect(validateAnswers([shortText(true)], {})).toEqual({ [f("s", "value")]: [REQUIRED] });
    expect(validateAnswers([shortText(true)], { s: { value: "   " } })).toEqual({ [f("s", "value")]: [REQUIRED] });
    expect(validateAnswers([shortText(true)], { s: { value: "Engineer" } })).toEqual({});
  });

  it("counts rich text with only tags as empty", () => {
    expect(validateAnswers([longText(true)], { l: { value: "<p><br></p>&nbsp;" } })).toEqual({ [f("l", "value")]: [REQUIRED] });
    expect(validateAnswers([longText(true)], { l: { value: "<p>Kind</p>" } })).toEqual({});
    expect(plainText("<p>a</p><p>b</p>")).toBe("a b");
  });

  it("requires a radio or dropdown choice of a required choice question", () => {
    for (const block of [multi(), multi({ selectedView: "dropdown", dropdown: true }), competency(), objective()]) {
      expect(validateAnswers([block], {})).toEqual({ [f(block.id, "value")]: [REQUIRED] });
      expect(validateAnswers([block], { [block.id]: { value: "1" } })).toEqual({});
    }
  });

  it("accepts Not Applicable as the answer to a required choice question", () => {
    expect(validateAnswers([multi({ isNotApplicableOption: true })], { m: { notApplicable: true } })).toEqual({});
  });

  it("requires the comment when the comment box is on and the question is required", () => {
    const block = multi({ commentBox: true, commentBoxGuide: "Why?" });
    expect(validateAnswers([block], { m: { value: "1" } })).toEqual({ [f("m", "comment")]: [REQUIRED] });
    expect(validateAnswers([block], { m: { value: "1", comment: "  " } })).toEqual({ [f("m", "comment")]: [REQUIRED] });
    expect(validateAnswers([block], { m: { value: "1", comment: "Because" } })).toEqual({});
    expect(validateAnswers([block], {})).toEqual({ [f("m", "value")]: [REQUIRED], [f("m", "comment")]: [REQUIRED] });
  });

  it("requires every behaviour or KPI row of a required per-row question", () => {
    const behaviours = competency({ selectedView: "matrix" }, true);
    expect(validateAnswers([behaviours], { c: { value: ["", "1"] } })).toEqual({ [f("c", "b.b1")]: [REQUIRED] });
    expect(validateAnswers([behaviours], { c: { value: ["0", "1"] } })).toEqual({});
    const kpis = objective({ isNotApplicableOption: true }, true);
    expect(validateAnswers([kpis], {})).toEqual({ [f("o", "kpi.0")]: [REQUIRED], [f("o", "kpi.1")]: [REQUIRED] });
    expect(validateAnswers([kpis], { o: { notApplicable: true } })).toEqual({});
  });

  it("round-trips a posted form into no errors", () => {
    const blocks = [shortText(true), multi({ commentBox: true, commentBoxGuide: "Why?" })];
    const answers = answersFromForm(
      blocks,
      form([
        [f("s", "value"), "Engineer"],
        [f("m", "value"), "2"],
        [f("m", "comment"), "Because"],
      ])
    );
    expect(validateAnswers(blocks, answers)).toEqual({});
  });
});

describe("objectiveScorecard", () => {
  it("is the weight times the chosen value, the mean of the KPIs when rated per KPI", () => {
    expect(objectiveScorecard(objective(), { value: "4" })).toEqual({ weight: 30, value: 4, score: 120 });
    expect(objectiveScorecard(objective({}, true), { value: ["5", "3"] })).toEqual({ weight: 30, value: 4, score: 120 });
    expect(objectiveScorecard(objective(), undefined)).toBeNull();
    expect(objectiveScorecard(objective(), { notApplicable: true })).toBeNull();
    expect(objectiveScorecard(multi(), { value: "1" })).toBeNull();
  });
});

const render = (blocks: StoredBlock[], answers: PairAnswers = {}, errors: Record<string, string[]> = {}, readOnly = false) =>
  renderToString(createElement(AnswerFields, { blocks, answers, errors, readOnly }));

/** The attributes of the element whose opening tag contains `needle`. */
const tagWith = (html: string, needle: string) => {
  const at = html.indexOf(needle);
  expect(at, `no ${needle}`).toBeGreaterThanOrEqual(0);
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
};
const labelFor = (html: string, id: string) => html.includes(`for="${id}"`);
const idIn = (tag: string) => /\sid="([^"]+)"/.exec(tag)?.[1] ?? "";

describe("AnswerFields", () => {
  it("shows titles and subtitles as headings", () => {
    const html = render([title, subtitle, shortText()]);
    expect(html).toMatch(/<h2[^>]*>Section one<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>About you<\/h3>/);
  });

  it("renders labelled text controls with placeholders and '(optional)' only when not required", () => {
    const html = render([shortText(false), longText(true)], { s: { value: "Engineer" } });
    const input = tagWith(html, `name="${f("s", "value")}"`);
    expect(input).toMatch(/^<input/);
    expect(input).toContain('placeholder="Type your answer here"');
    expect(input).toContain('value="Engineer"');
    expect(labelFor(html, idIn(input))).toBe(true);
    const textarea = tagWith(html, `name="${f("l", "value")}"`);
    expect(textarea).toMatch(/^<textarea/);
    expect(textarea).toContain('placeholder="Describe"');
    expect(labelFor(html, idIn(textarea))).toBe(true);
    expect(html.match(/\(optional\)/g)).toHaveLength(1);
    expect(html).not.toContain("<form");
  });

  it("renders a radio group in a fieldset with its legend, Not Applicable last, and the answer checked", () => {
    const html = render([multi({ isNotApplicableOption: true })], { m: { value: "1" } });
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>1<!-- -->. <!-- -->How well\?<\/legend>/);
    const radios = html.match(new RegExp(`<input type="radio" name="${f("m", "value")}"[^>]*>`, "g")) ?? [];
    expect(radios.map((r) => /value="([^"]*)"/.exec(r)?.[1])).toEqual(["0", "1", "2", NOT_APPLICABLE_KEY]);
    expect(radios[1]).toContain("checked");
    expect(html).toContain("Not Applicable");
  });

  it("renders a labelled dropdown with the choices as options", () => {
    const html = render([multi({ selectedView: "dropdown", dropdown: true })], { m: { value: "2" } });
    const select = tagWith(html, `name="${f("m", "value")}"`);
    expect(select).toMatch(/^<select/);
    expect(labelFor(html, idIn(select))).toBe(true);
    expect(html).toMatch(/<option value="2" selected="">Agree<\/option>/);
  });

  it("renders a behaviour matrix with one radio row a behaviour, and the competency's description and behaviours", () => {
    const html = render([competency({ selectedView: "matrix", isNotApplicableOption: true }, true)], { c: { value: ["0", "2"] } });
    expect(html).toContain("Works well with others");
    expect(html).toContain("<li>Shares knowledge</li>");
    for (const b of ["b1", "b2"]) expect(html).toContain(`name="${f("c", `b.${b}`)}"`);
    expect(html).toContain('aria-label="Helps peers: Agree"');
    expect(tagWith(html, 'aria-label="Helps peers: Agree"')).toContain("checked");
    expect(tagWith(html, `name="${f("c", "na")}"`)).toContain('type="checkbox"');
  });

  it("renders per-KPI ratings, the objective's weight, type and KPIs, and the scorecard when answered", () => {
    const html = render([objective({ selectedView: "dropdown", dropdown: true }, true)], { o: { value: ["5", "3"] } });
    expect(html).toContain("Weight 30%");
    expect(html).toContain("Income statement");
    expect(html).toContain("target 1M");
    expect(html).toContain("Q1");
    for (const i of [0, 1]) {
      const select = tagWith(html, `name="${f("o", `kpi.${i}`)}"`);
      expect(labelFor(html, idIn(select))).toBe(true);
    }
    expect(html).toMatch(/Score: 30 × 4 = 120/);
    expect(render([objective()], {})).not.toContain("Score:");
  });

  it("renders the comment box labelled by its guide", () => {
    const html = render([multi({ commentBox: true, commentBoxGuide: "Tell us why" })], { m: { comment: "Because" } });
    const textarea = tagWith(html, `name="${f("m", "comment")}"`);
    expect(textarea).toContain('placeholder="Tell us why"');
    expect(labelFor(html, idIn(textarea))).toBe(true);
    expect(html).toContain(">Because</textarea>");
  });

  it("marks invalid controls, shows the message beside them and flags the first question with an error", () => {
    const blocks = [shortText(true), multi({ commentBox: true, commentBoxGuide: "Why?" })];
    const errors = validateAnswers(blocks, {});
    const html = render(blocks, {}, errors);
    const input = tagWith(html, `name="${f("s", "value")}"`);
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<p id="${describedBy}" class="text-sm text-red-600">${REQUIRED}</p>`);
    expect(tagWith(html, `name="${f("m", "comment")}"`)).toContain('aria-invalid="true"');
    expect(html.match(/data-first-error/g)).toHaveLength(1);
    expect(tagWith(html, "data-first-error")).toContain('data-question="s"');
  });

  it("shows the answers as text when read-only", () => {
    const blocks = [
      shortText(),
      longText(),
      multi({ commentBox: true, commentBoxGuide: "Why?" }),
      competency({ selectedView: "matrix" }, true),
    ];
    const html = render(
      blocks,
      { s: { value: "Engineer" }, l: { value: "<p>Kind</p>" }, m: { value: "2", comment: "Because" }, c: { value: ["1", ""] } },
      {},
      true
    );
    expect(html).not.toMatch(/<(input|select|textarea)/);
    expect(html).toContain("Engineer");
    expect(html).toContain(">Kind<");
    expect(html).toContain(">Agree<");
    expect(html).toContain("Because");
    expect(html).toMatch(/Shares knowledge<\/dt><dd[^>]*>Neutral<\/dd>/);
    expect(html).toMatch(/Helps peers<\/dt><dd[^>]*>Not answered<\/dd>/);
  });

  it("says so when there are no questions", () => {
    expect(render([title])).toContain("No questions available!");
  });
});
