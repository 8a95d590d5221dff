import { describe, expect, it } from "vitest";
import {
  answerFieldName,
  answersFromForm,
  blockHasError,
  COMMENT_TOO_LONG,
  hasText,
  plainText,
  postedText,
  REQUIRED_ANSWER,
  restorableAnswers,
  TEXT_MAX,
  TEXT_TOO_LONG,
  validateAnswers,
} from "./answers";
import { choicesFor } from "./scales";
import type { ChoiceBlock, FlatQuestion, GroupBlock, TextInputBlock } from "./types";

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
  ...over,
});

const blocks: Array<FlatQuestion | GroupBlock> = [
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

describe("flat answers: reading the posted form", () => {
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

describe("flat answers: rules (001 §5)", () => {
  it("a required text input needs text and a required choice needs a choice; optional ones may stay empty", () => {
    expect(validateAnswers(blocks, {})).toEqual({
      [v("t1")]: [REQUIRED_ANSWER],
      [v("c1")]: [REQUIRED_ANSWER],
      [v("multi")]: [REQUIRED_ANSWER],
    });
    expect(validateAnswers(blocks, { t1: { value: "x" }, c1: { value: 1 }, multi: { value: [1] } })).toEqual({});
  });

  it("blank text, a choice's text instead of its value or Not Applicable where not offered does not answer a required question", () => {
    const answered = { multi: { value: [0] } };
    expect(validateAnswers(blocks, { ...answered, t1: { value: "   " }, c1: { value: "Agree" } })).toEqual({
      [v("t1")]: [REQUIRED_ANSWER],
      [v("c1")]: [REQUIRED_ANSWER],
    });
    expect(validateAnswers(blocks, { ...answered, t1: { value: "x" }, c1: { value: "na", notApplicable: true } })).toEqual({
      [v("c1")]: [REQUIRED_ANSWER],
    });
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

describe("answer helpers", () => {
  it("names a block's answer fields under a.<id>.", () => {
    expect(answerFieldName("b1", "value")).toBe("a.b1.value");
    expect(answerFieldName("b1", "comment")).toBe("a.b1.comment");
  });

  it("reads the first posted text, trimmed", () => {
    expect(
      postedText(
        form([
          [v("t1"), "  one "],
          [v("t1"), "two"],
        ]),
        v("t1")
      )
    ).toBe("one");
    expect(postedText(form([]), v("t1"))).toBe("");
  });

  it("strips rich text's tags and non-breaking spaces; markup alone is no text", () => {
    expect(plainText("<p>Hello&nbsp;<b>world</b></p>")).toBe("Hello world");
    expect(hasText("<p>&nbsp;</p>", true)).toBe(false);
    expect(hasText("<p>&nbsp;</p>")).toBe(true);
    expect(hasText("   ")).toBe(false);
    expect(hasText(3)).toBe(false);
  });

  it("finds a block's errors by its field names only", () => {
    const errors = { "a.b1.comment": ["Bad."], "a.b10.value": ["Bad."], "a.b2.value": [] };
    expect(blockHasError("b1", errors)).toBe(true);
    expect(blockHasError("b2", errors)).toBe(false);
    expect(blockHasError("b", errors)).toBe(false);
  });
});
