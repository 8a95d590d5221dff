import { describe, expect, it } from "vitest";
import {
  campaignProgress,
  checkSaveWeights,
  checkSubmitWeights,
  incomeStatementMissing,
  keyResultProgress,
  objectiveProgress,
  parseActual,
} from "./objective-rules";

describe("key result progress", () => {
  it("goes from start to target, clamped to 0..1", () => {
    expect(keyResultProgress({ startValue: 10, target: 20, actual: 15, direction: "increase" })).toBe(0.5);
    expect(keyResultProgress({ startValue: 10, target: 20, actual: 30, direction: "increase" })).toBe(1);
    expect(keyResultProgress({ startValue: 10, target: 20, actual: 5, direction: "increase" })).toBe(0);
  });
  it("is reversed for a decrease", () => {
    expect(keyResultProgress({ startValue: 100, target: 50, actual: 75, direction: "decrease" })).toBe(0.5);
    expect(keyResultProgress({ startValue: 100, target: 50, actual: 120, direction: "decrease" })).toBe(0);
  });
  it("is actual/target for a KPI without a start value", () => {
    expect(keyResultProgress({ startValue: null, target: 200, actual: 50, direction: null })).toBe(0.25);
  });
  it("is 0 with no actual or no reachable target", () => {
    expect(keyResultProgress({ startValue: 0, target: 10, actual: null, direction: "increase" })).toBe(0);
    expect(keyResultProgress({ startValue: null, target: 0, actual: 5, direction: null })).toBe(0);
    expect(keyResultProgress({ startValue: 5, target: 5, actual: 5, direction: "increase" })).toBe(0);
  });
});

describe("objective and campaign progress", () => {
  it("an objective is the mean of its key results; none is 0", () => {
    expect(objectiveProgress([0.5, 1, 0])).toBe(0.5);
    expect(objectiveProgress([])).toBe(0);
  });
  it("a campaign is weighted by the objectives' weights", () => {
    expect(campaignProgress([{ weight: 75, progress: 1 }, { weight: 25, progress: 0 }])).toBe(0.75);
    expect(campaignProgress([{ weight: 0, progress: 1 }])).toBe(0);
  });
});

describe("weights", () => {
  it("a save refuses a weight outside 0..100 or a total over 100", () => {
    expect(checkSaveWeights(50, [40])).toBeNull();
    expect(checkSaveWeights(101, [])).toMatch(/between 0 and 100/);
    expect(checkSaveWeights(-1, [])).toMatch(/between 0 and 100/);
    expect(checkSaveWeights(1.5, [])).toMatch(/whole number/);
    expect(checkSaveWeights(61, [40])).toMatch(/more than 100/);
  });
  it("a submit needs exactly 100", () => {
    expect(checkSubmitWeights([60, 40])).toBeNull();
    expect(checkSubmitWeights([60, 30])).toMatch(/add up to exactly 100/);
    expect(checkSubmitWeights([])).toMatch(/at least one objective/i);
  });
});

describe("actuals", () => {
  it("refuses what is not a number", () => {
    expect(parseActual("12.5")).toEqual({ ok: true, value: 12.5 });
    expect(parseActual("abc").ok).toBe(false);
    expect(parseActual("").ok).toBe(false);
    expect(parseActual("Infinity").ok).toBe(false);
  });
  it("an income-statement KPI needs its actual", () => {
    expect(incomeStatementMissing([{ name: "Revenue", incomeStatement: true, actual: null }])).toEqual(["Revenue"]);
    expect(incomeStatementMissing([{ name: "Revenue", incomeStatement: true, actual: 0 }, { name: "x", incomeStatement: false, actual: null }])).toEqual([]);
  });
});
