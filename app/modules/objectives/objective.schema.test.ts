import { describe, expect, it } from "vitest";
import { okrPageSchema } from "./objective.schema";

const rid = "0b8a3f7e-6c1d-4f2a-9b3e-5d7c8e9f0a1b";

describe("the OKR page's forms", () => {
  it("an objective with key results, numbers from the form's strings, empty optionals null", () => {
    const r = okrPageSchema.safeParse({
      intent: "saveObjective",
      requestId: rid,
      name: " Grow ",
      weight: "40",
      kind: "okr",
      keyResults: [{ name: "Signups", target: "120.5", startValue: "", direction: "increase" }],
    });
    expect(r.success && r.data).toMatchObject({ name: "Grow", weight: 40, keyResults: [{ name: "Signups", target: 120.5, startValue: null, incomeStatement: false }] });
  });
  it("refuses a weight outside 0–100 or not whole, and a missing name", () => {
    for (const weight of ["101", "-1", "2.5", "abc"]) {
      const r = okrPageSchema.safeParse({ intent: "saveObjective", requestId: rid, name: "x", weight, kind: "okr" });
      expect(r.success ? "" : r.error.issues[0]!.message).toBe("Weight must be a whole number between 0 and 100.");
    }
    const r = okrPageSchema.safeParse({ intent: "saveObjective", requestId: rid, name: " ", weight: "1", kind: "okr" });
    expect(r.success ? "" : r.error.issues[0]!.message).toBe("This is a required field.");
  });
  it("an actual must be a number", () => {
    for (const actual of ["", "abc", "Infinity"]) {
      const r = okrPageSchema.safeParse({ intent: "saveActual", requestId: rid, keyResultId: "k", actual });
      expect(r.success ? "" : r.error.issues[0]!.message).toBe("Actual must be a number.");
    }
    const ok = okrPageSchema.safeParse({ intent: "saveActual", requestId: rid, keyResultId: "k", actual: "12.34" });
    expect(ok.success && ok.data).toMatchObject({ actual: 12.34 });
  });
});
