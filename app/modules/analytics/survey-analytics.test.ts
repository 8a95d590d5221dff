import { describe, expect, it } from "vitest";
import { choicesFor } from "~/modules/blocks/scales";
import type { ChoiceBlock, SurveyBlock } from "~/modules/surveys/blocks";
import {
  averageOf,
  choiceCounts,
  enpsOf,
  enpsQuestion,
  openTabs,
  participationOf,
  runGate,
  sentimentShares,
  sliceGate,
  trackedQuestions,
  type GateRun,
} from "./survey-analytics";

const choice = (id: string, family: ChoiceBlock["selectedOption"], extra: Partial<ChoiceBlock> = {}): ChoiceBlock => ({
  id,
  type: "choice",
  label: id,
  selectedOption: family,
  choices: choicesFor(family),
  required: false,
  dropdown: false,
  multipleAnswers: false,
  commentBox: false,
  commentBoxGuide: "",
  track: false,
  ...extra,
});

const closedAnonymous: GateRun = { state: "closed", liveResults: false, anonymous: true, minimum: 3, responses: 12 };

describe("tabs", () => {
  it("opens the tabs whose permission the viewer holds, Timeline first", () => {
    expect(openTabs(["ViewAnalytics", "ViewSurveyAnalyticsOverview", "ViewSurveyAnalyticsQuestionTimeline"])).toEqual([
      "timeline",
      "overview",
      "sentiments",
      "question-timeline",
    ]);
    expect(openTabs(["ViewAnalytics"])).toEqual(["timeline", "sentiments"]);
    expect(openTabs(["ViewSurveys"])).toEqual([]);
  });
});

describe("eNPS", () => {
  it("is % promoters (9–10) minus % detractors (0–6), passives (7–8) counting only in the total", () => {
    // 3 promoters, 2 passives, 5 detractors of 10: 30 − 50 = −20.
    const result = enpsOf(new Map([[10, 2], [9, 1], [8, 1], [7, 1], [6, 3], [0, 2]]));
    expect(result).toMatchObject({ promoters: 3, passives: 2, detractors: 5, total: 10, score: -20 });
    expect(enpsOf(new Map([[10, 4]]))?.score).toBe(100);
  });

  it("has no score without answers, and ignores values off the 0–10 scale", () => {
    expect(enpsOf(new Map())).toBeNull();
    expect(enpsOf(new Map([[11, 5], [9, 1]]))?.total).toBe(1);
  });

  it("is taken of the tracked 0–10 question, else the first single-answer one", () => {
    const blocks: SurveyBlock[] = [
      choice("multi-nps", "nps", { multipleAnswers: true }),
      choice("first-nps", "nps"),
      { id: "g", type: "group", label: "G", description: "", questions: [choice("tracked-nps", "nps", { track: true })] },
    ];
    expect(enpsQuestion(blocks)?.id).toBe("tracked-nps");
    expect(enpsQuestion(blocks.slice(0, 2))?.id).toBe("first-nps");
    expect(enpsQuestion([choice("agree", "agree-disagree-5")])).toBeNull();
    expect(trackedQuestions(blocks).map((q) => [q.id, q.group])).toEqual([["tracked-nps", "G"]]);
  });
});

describe("figures", () => {
  it("averages single-answer values and gives participation to one decimal", () => {
    expect(averageOf(new Map([[4, 2], [3, 1]]))).toBe(3.67);
    expect(averageOf(new Map())).toBeNull();
    expect(participationOf(9, 27)).toBe(33.3);
    expect(participationOf(0, 0)).toBeNull();
  });

  it("counts each choice once, a repeated value going to the first choice", () => {
    const q = { choices: [{ text: "A", value: 0 }, { text: "B", value: 1 }, { text: "B again", value: 1 }] };
    expect(choiceCounts(q, new Map([[0, 1], [1, 3]]), 4)).toEqual([
      { text: "A", value: 0, count: 1, percent: 25 },
      { text: "B", value: 1, count: 3, percent: 75 },
      { text: "B again", value: 1, count: 0, percent: 0 },
    ]);
  });

  it("gives each sentiment's share of the answers", () => {
    expect(sentimentShares({ positive: 1, neutral: 2, negative: 0 })).toEqual([
      { sentiment: "positive", count: 1, percent: 33.3 },
      { sentiment: "neutral", count: 2, percent: 66.7 },
      { sentiment: "negative", count: 0, percent: 0 },
    ]);
  });
});

describe("anonymity", () => {
  it("shows a run once closed, or while open with real-time results when it is named", () => {
    expect(runGate(closedAnonymous)).toBe("shown");
    expect(runGate({ ...closedAnonymous, anonymous: false, minimum: 0, state: "open", liveResults: true })).toBe("shown");
    expect(runGate({ ...closedAnonymous, anonymous: false, minimum: 0, state: "open" })).toBe("not-yet");
    // An open anonymous run would move one response at a time: nothing until it closes.
    expect(runGate({ ...closedAnonymous, state: "open", liveResults: true })).toBe("not-yet");
  });

  it("withholds an anonymous run under its minimum, and never a named one", () => {
    expect(runGate({ ...closedAnonymous, responses: 2 })).toBe("withheld");
    expect(runGate({ ...closedAnonymous, responses: 3 })).toBe("shown");
    expect(runGate({ ...closedAnonymous, anonymous: false, minimum: 0, responses: 1 })).toBe("shown");
  });

  it("withholds a department under the minimum and the next smallest with it, so neither can be subtracted", () => {
    const departments = [
      { key: "d-small", count: 1 },
      { key: "d-mid", count: 4 },
      { key: "d-big", count: 7 },
    ];
    expect(sliceGate(closedAnonymous, departments, "d-small")).toBe("withheld");
    // Shown, d-mid would give away d-small: the run's total minus d-big and d-mid.
    expect(sliceGate(closedAnonymous, departments, "d-mid")).toBe("withheld");
    expect(sliceGate(closedAnonymous, departments, "d-big")).toBe("shown");
    expect(sliceGate(closedAnonymous, departments, null)).toBe("shown");
  });

  it("shows every department of a named run, and no department of a withheld run", () => {
    const departments = [{ key: "d-small", count: 1 }, { key: "d-big", count: 1 }];
    expect(sliceGate({ ...closedAnonymous, anonymous: false, minimum: 0 }, departments, "d-small")).toBe("shown");
    expect(sliceGate({ ...closedAnonymous, responses: 2 }, departments, "d-big")).toBe("withheld");
  });
});
