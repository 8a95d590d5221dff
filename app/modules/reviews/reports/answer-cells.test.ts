import { describe, expect, it } from "vitest";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { answerCells, questionPlan } from "./answer-cells.server";

describe("answerCells (answer-level rows)", () => {
  const blocks = [
    { id: "h", type: "title", typeTitle: "Title", titleValue: { text: "Heading" } },
    {
      id: "c",
      type: "multi-select",
      typeTitle: "Multiple Choice",
      multiSelectValue: {
        label: "On time?",
        selectedOption: "custom",
        choices: [
          { text: "No", value: 0 },
          { text: "Yes", value: 1 },
        ],
        numericValue: false,
        commentBox: true,
        commentBoxGuide: "",
        required: true,
        dropdown: false,
        selectedView: "radio",
        isNotApplicableOption: true,
      },
    },
    { id: "t", type: "long-text", typeTitle: "Long Text", textValue: { label: "=Notes", placeholder: "", required: false } },
  ] as unknown as StoredBlock[];
  const plan = questionPlan(blocks);
  const pair = { review: "Review", reviewee: "@Rae", reviewer: "Anonymous" };

  it("one row per question (headings left out) with the choice's text and score, comments, escaped cells", () => {
    expect(
      answerCells(plan, { ...pair, answers: { c: { value: "1", comment: "-late once" }, t: { value: "<p>Good <b>work</b></p>" } } })
    ).toEqual([
      ["Review", "'@Rae", "Anonymous", "On time?", "Yes", 1, "'-late once"],
      ["Review", "'@Rae", "Anonymous", "'=Notes", "Good work", "", ""],
    ]);
  });

  it("says Not answered and Not Applicable, without a score", () => {
    const rows = answerCells(plan, { ...pair, answers: { c: { notApplicable: true } } });
    expect(rows.map((r) => [r[4], r[5]])).toEqual([
      ["Not Applicable", ""],
      ["Not answered", ""],
    ]);
  });
});
