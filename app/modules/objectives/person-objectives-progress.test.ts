import { describe, expect, it } from "vitest";
import { keyResultProgress, objectiveProgress } from "./person-objectives-progress";

describe("objective progress", () => {
  it("reads a key result from its start towards its target, clamped", () => {
    expect(keyResultProgress({ target: 20, actual: 15, startValue: 10, direction: "increase" })).toBe(0.5);
    expect(keyResultProgress({ target: 20, actual: 30, startValue: 10, direction: "increase" })).toBe(1);
    expect(keyResultProgress({ target: 20, actual: 5, startValue: 10, direction: "increase" })).toBe(0);
    expect(keyResultProgress({ target: 5, actual: 7, startValue: 10, direction: "decrease" })).toBeCloseTo(0.6);
  });

  it("reads a KPI without a start as actual over target, and nothing without an actual", () => {
    expect(keyResultProgress({ target: 200, actual: 50, startValue: null, direction: null })).toBe(0.25);
    expect(keyResultProgress({ target: 200, actual: null, startValue: null, direction: null })).toBeNull();
    expect(keyResultProgress({ target: null, actual: 3, startValue: null, direction: null })).toBeNull();
  });

  it("averages an objective's key results that can be told, in whole percent", () => {
    const kr = (actual: number | null) => ({ target: 100, actual, startValue: 0, direction: "increase" as const });
    expect(objectiveProgress([kr(50), kr(100), kr(null)])).toBe(75);
    expect(objectiveProgress([kr(null)])).toBeNull();
    expect(objectiveProgress([])).toBeNull();
  });
});
