import { describe, expect, it } from "vitest";
import { engagementWindow, overviewOf, windowStart } from "./overview";

describe("engagement overview figures", () => {
  it("takes 3, 6, 9 or 12 months and 3 for anything else", () => {
    expect(engagementWindow("6")).toBe(6);
    expect(engagementWindow("12")).toBe(12);
    expect(engagementWindow("4")).toBe(3);
    expect(engagementWindow(null)).toBe(3);
  });

  it("starts a window whole calendar months back", () => {
    expect(new Date(windowStart(Date.UTC(2026, 10, 27, 1), 3)).toISOString()).toBe("2026-08-27T01:00:00.000Z");
    expect(new Date(windowStart(Date.UTC(2026, 1, 15), 12)).toISOString()).toBe("2025-02-15T00:00:00.000Z");
  });

  it("rounds the engagement, floors the AI score and rounds the percentages", () => {
    const o = overviewOf(
      { scheduled: 3, completed: 2, completed_ai: 1, avg_ai: 71.9, avg_specificity: 66.5, avg_actionability: 40.4, tone: "supportive", focus: "behavior" },
      3
    );
    expect(o).toMatchObject({
      scheduledOneOnOnes: 3,
      completedOneOnOnes: 2,
      completedAiOneOnOnes: 1,
      waitingOneOnOnes: 1,
      engagementPercent: 33,
      averageAiScore: 71,
      averageSpecificityScore: 67,
      averageActionabilityScore: 40,
      commonToneCategory: "supportive",
      commonFocusCategory: "behavior",
      bars: { completed: 67, waiting: 33 },
    });
  });

  it("shows nothing to average and no division by zero when there are no meetings", () => {
    const o = overviewOf(undefined, 9);
    expect(o).toMatchObject({ months: 9, scheduledOneOnOnes: 0, engagementPercent: 0, averageAiScore: null, bars: { completed: 0, waiting: 0 } });
  });
});
