import { describe, expect, it } from "vitest";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { answerScore, NONE_KEY, quantitativeQuestions, sliceFigures, type AnswerTally } from "./review-analytics";

const scale = (label: string) => ({
  label,
  selectedOption: "score-1-5",
  choices: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })),
  numericValue: false,
  commentBox: false,
  required: true,
  dropdown: false,
  selectedView: "radio",
  isNotApplicableOption: true,
});
const BLOCKS = [
  { id: "t", type: "title", titleValue: { title: "Part one" } },
  { id: "q1", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: scale("Delivery") },
  { id: "q2", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: scale("Teamwork") },
  { id: "txt", type: "short-text", typeTitle: "Short Text", textValue: { label: "Anything else?", placeholder: "", required: false } },
] as unknown as StoredBlock[];

const tally = (key: string, blockId: string, value: number | string, n: number, valueType = "integer"): AnswerTally => ({ key, blockId, valueType, value, n });

describe("review analytics figures", () => {
  it("lists only the rated questions", () => {
    expect(quantitativeQuestions(BLOCKS).map((q) => q.blockId)).toEqual(["q1", "q2"]);
  });

  it("scores an answer as the reports do: the choice's value, the mean of several, by text when stored as text", () => {
    expect(answerScore(BLOCKS[1], "integer", 4)).toBe(4);
    expect(answerScore(BLOCKS[1], "text", "3")).toBe(3);
    expect(answerScore(BLOCKS[1], "array", "[1,2,2]")).toBe(1.67);
    expect(answerScore(BLOCKS[1], "array", "not json")).toBeNull();
    expect(answerScore(BLOCKS[1], "integer", 9)).toBeNull();
  });

  it("averages by answer and counts pairs by state", () => {
    const [total] = sliceFigures({
      blocks: BLOCKS,
      anonymous: false,
      minimum: 3,
      slices: [{ key: NONE_KEY, name: "All" }],
      status: [
        { key: NONE_KEY, state: "completed", n: 3 },
        { key: NONE_KEY, state: "pending", n: 1 },
      ],
      reviewers: [{ key: NONE_KEY, n: 2 }],
      nominations: [],
      tallies: [tally(NONE_KEY, "q1", 5, 2), tally(NONE_KEY, "q1", 2, 1), tally(NONE_KEY, "q2", "[1,3]", 1, "array")],
    });
    expect(total).toMatchObject({ pairs: 4, completed: 3, completion: 75, hidden: false });
    expect(total.questions.map((q) => q.average)).toEqual([4, 2]);
    expect(total.overall).toBe(3.5);
  });

  it("hides a slice under the floor and the next smallest with it, only for anonymous reviews", () => {
    const input = {
      blocks: BLOCKS,
      minimum: 3,
      slices: [
        { key: "a", name: "A" },
        { key: "b", name: "B" },
        { key: "c", name: "C" },
      ],
      status: [],
      reviewers: [
        { key: "a", n: 6 },
        { key: "b", n: 2 },
        { key: "c", n: 4 },
      ],
      nominations: [],
      tallies: [tally("a", "q1", 5, 6), tally("b", "q1", 1, 2), tally("c", "q1", 3, 4)],
    };
    const anonymous = sliceFigures({ ...input, anonymous: true });
    expect(anonymous.map((s) => s.hidden)).toEqual([false, true, true]);
    expect(anonymous.map((s) => s.questions[0].average)).toEqual([5, null, null]);
    expect(anonymous.map((s) => s.overall)).toEqual([5, null, null]);
    const named = sliceFigures({ ...input, anonymous: false });
    expect(named.map((s) => s.questions[0].average)).toEqual([5, 1, 3]);
  });
});

describe("scores by slice from scores by reviewee", () => {
  it("adds each reviewee's scores into every slice they are in", async () => {
    const { sumsBySlice } = await import("./review-analytics");
    const byReviewee = new Map([
      ["r1", new Map([["q1", { sum: 8, n: 2 }]])],
      ["r2", new Map([["q1", { sum: 3, n: 1 }]])],
    ]);
    const sums = sumsBySlice(byReviewee, [
      { reviewee: "r1", key: "a" },
      { reviewee: "r2", key: "a" },
      { reviewee: "r2", key: "b" },
      { reviewee: "unknown", key: "b" },
    ]);
    expect(sums.get("a")!.get("q1")).toEqual({ sum: 11, n: 3 });
    expect(sums.get("b")!.get("q1")).toEqual({ sum: 3, n: 1 });
  });
});
