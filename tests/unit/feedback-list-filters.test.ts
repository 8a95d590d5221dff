import { describe, expect, it } from "vitest";
import {
  answerEntries,
  dayBounds,
  feedbackListQuery,
  hasAdvancedFilters,
  parseFeedbackListFilters,
  previewEntries,
} from "~/modules/profile/feedback-list";

const parse = (query: string, catalogue?: Parameters<typeof parseFeedbackListFilters>[1]) =>
  parseFeedbackListFilters(new URLSearchParams(query), catalogue);

const CATALOGUE = {
  competencies: [
    { id: "cp-a", behaviours: [{ id: "bh-a1" }, { id: "bh-a2" }] },
    { id: "cp-b", behaviours: [{ id: "bh-b1" }] },
  ],
  senderIds: ["u-1", "u-2"],
};

describe("feedback list filters from the query string (002 §2.5)", () => {
  it("reads every filter the form sends", () => {
    expect(
      parse("search=+phoenix+&feedbackType=public-praise&member=u-1&competency=cp-a&behaviour=bh-a2&behaviourType=strength&startDate=2026-01-05&endDate=2026-02-01", CATALOGUE)
    ).toEqual({
      search: "phoenix",
      feedbackType: "public-praise",
      member: "u-1",
      competency: "cp-a",
      behaviour: "bh-a2",
      behaviourType: "strength",
      startDate: "2026-01-05",
      endDate: "2026-02-01",
    });
  });

  it("ignores unknown values instead of failing", () => {
    const f = parse("feedbackType=gossip&behaviourType=weakness&startDate=2026-02-30&endDate=yesterday&member=u-9&competency=cp-x&behaviour=bh-x", CATALOGUE);
    expect(f).toEqual({ search: "", feedbackType: "", member: "", competency: "", behaviour: "", behaviourType: "", startDate: "", endDate: "" });
    expect(hasAdvancedFilters(f)).toBe(false);
  });

  it("keeps a behaviour only under its competency, any behaviour without one", () => {
    expect(parse("competency=cp-b&behaviour=bh-a1", CATALOGUE)).toMatchObject({ competency: "cp-b", behaviour: "" });
    expect(parse("behaviour=bh-a1", CATALOGUE)).toMatchObject({ competency: "", behaviour: "bh-a1" });
  });

  it("drops the sender for a viewer who may not filter by sender", () => {
    expect(parse("member=u-1", { ...CATALOGUE, senderIds: null }).member).toBe("");
  });

  it("clears an end before the start (002 §5) and keeps one-sided ranges", () => {
    expect(parse("startDate=2026-03-10&endDate=2026-03-09")).toMatchObject({ startDate: "2026-03-10", endDate: "" });
    expect(parse("endDate=2026-03-09")).toMatchObject({ startDate: "", endDate: "2026-03-09" });
    expect(parse("startDate=2026-03-10&endDate=2026-03-10")).toMatchObject({ startDate: "2026-03-10", endDate: "2026-03-10" });
  });

  it("round-trips through its query string, set values only", () => {
    const f = parse("search=a%25b&endDate=2026-03-09&behaviourType=developmentArea&feedbackType=");
    expect(feedbackListQuery(f).toString()).toBe("search=a%25b&endDate=2026-03-09&behaviourType=developmentArea");
    expect(parse(feedbackListQuery(f).toString())).toEqual(f);
    expect(hasAdvancedFilters(f)).toBe(true);
  });

  it("bounds a range by whole UTC days", () => {
    expect(dayBounds({ startDate: "2026-03-01", endDate: "2026-03-01" })).toEqual({
      from: Date.UTC(2026, 2, 1),
      before: Date.UTC(2026, 2, 2),
    });
    expect(dayBounds({ startDate: "", endDate: "" })).toEqual({ from: null, before: null });
  });
});

describe("card preview (002 §2.5, §9: at most 2 non-title blocks, or the template text)", () => {
  it("shows the first two filled fields of a format", () => {
    const item = {
      templateType: "SBI" as const,
      texts: { situationText: "At the demo", behaviorText: "", impactText: "The client signed", sbiNextStepText: "Keep going" },
      blocks: [],
      answers: {},
    };
    expect(previewEntries(item)).toEqual([
      { label: "Situation", text: "At the demo" },
      { label: "Impact", text: "The client signed" },
    ]);
    expect(answerEntries(item)).toHaveLength(3);
  });

  it("shows a template's answered non-title blocks, choices by their text", () => {
    const item = {
      templateType: null,
      texts: {},
      blocks: [
        { id: "t", type: "title", typeTitle: "Title", titleValue: { text: "Quarterly" } },
        { id: "q1", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: { label: "How often?", choices: [{ value: 0, text: "Never" }, { value: 1, text: "Often" }] } },
        { id: "q2", type: "long-text", typeTitle: "Long Text", textValue: { label: "Why?", placeholder: "", required: false } },
        { id: "q3", type: "short-text", typeTitle: "Short Text", textValue: { label: "Else?", placeholder: "", required: false } },
      ] as never,
      answers: { q1: { value: 1, comment: "mostly" }, q2: { value: "Because" }, q3: { value: "More" } },
    };
    expect(previewEntries(item)).toEqual([
      { label: "How often?", text: "Often — mostly" },
      { label: "Why?", text: "Because" },
    ]);
  });
});
