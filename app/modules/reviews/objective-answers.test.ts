import { describe, expect, it } from "vitest";
import type { PairAnswers } from "./campaign-machine";
import { withAnsweredObjectives, withRevieweeObjectives } from "./objective-answers";
import type { ObjectiveSnapshot, StoredBlock } from "./questionnaire-blocks";

const scale = {
  label: "Rate",
  selectedOption: "score-1-5",
  choices: [1, 2, 3].map((v) => ({ text: String(v), value: v })),
  numericValue: false,
  commentBox: false,
  commentBoxGuide: "",
  required: true,
  dropdown: false,
  selectedView: "radio",
  isNotApplicableOption: false,
};
const question = (extra: Record<string, unknown>) =>
  ({ id: "q", type: "objective-question", typeTitle: "Objective Question", objectiveValue: { ...scale, objective: null, showKPIs: true, isKPI: false, comments: [], ...extra } }) as StoredBlock;
const objective = (id: string, name = id): ObjectiveSnapshot => ({ id, name, weight: 10, docType: "okr", kpis: [] });

describe("objective questions about the reviewee's objectives", () => {
  it("become one question per objective, the first five, labelled with each", () => {
    const blocks = withRevieweeObjectives([question({ revieweeObjectives: true })], ["a", "b", "c", "d", "e", "f"].map((id) => objective(id)));
    expect(blocks.map((b) => b.id)).toEqual(["q~a", "q~b", "q~c", "q~d", "q~e"]);
    const first = blocks[0] as Extract<StoredBlock, { type: "objective-question" }>;
    expect(first.objectiveValue).toMatchObject({ label: "Rate — a", objective: { id: "a" }, revieweeObjectives: false });
  });

  it("stay as they are without objectives, and leave a fixed objective's question alone", () => {
    const about = question({ revieweeObjectives: true });
    expect(withRevieweeObjectives([about], [])).toEqual([about]);
    const fixed = question({ objective: objective("x") });
    expect(withRevieweeObjectives([fixed], [objective("a")])).toEqual([fixed]);
  });

  it("are read back from the snapshots the answers keep, across pairs, in order", () => {
    const answers: PairAnswers[] = [
      { "q~a": { value: "1", objective: objective("a", "Old name") }, other: { value: "x" } },
      { "q~b": { value: "2", objective: objective("b") }, "q~a": { value: "3", objective: objective("a", "New name") } },
    ];
    const blocks = withAnsweredObjectives([question({ revieweeObjectives: true })], answers) as Array<Extract<StoredBlock, { type: "objective-question" }>>;
    expect(blocks.map((b) => b.id)).toEqual(["q~a", "q~b"]);
    expect(blocks[0].objectiveValue.objective?.name).toBe("Old name");
    expect(withAnsweredObjectives([question({ revieweeObjectives: true })], [null])).toEqual([]);
  });
});
