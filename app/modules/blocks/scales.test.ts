import { describe, expect, it } from "vitest";
import { choicesFor, customItemLines, isScaleFamily, SCALE_FAMILIES, SCALE_LABELS } from "./scales";

describe("answer scales and families (000 §9)", () => {
  it("name every family, custom items last", () => {
    expect(SCALE_FAMILIES.at(-1)).toBe("custom");
    for (const family of SCALE_FAMILIES) expect(SCALE_LABELS[family]).toBeTruthy();
    expect(SCALE_LABELS.nps).toBe("Net Promoter Score (0–10)");
    expect(SCALE_LABELS.custom).toBe("Custom items");
  });

  it("score two-way families 1 and 0, agreement from 0 up, scores as their number", () => {
    expect(choicesFor("yes-no")).toEqual([
      { text: "Yes", value: 1 },
      { text: "No", value: 0 },
    ]);
    expect(choicesFor("agree-disagree-5").map((c) => c.value)).toEqual([0, 1, 2, 3, 4]);
    expect(choicesFor("agree-disagree-5").map((c) => c.text)).toEqual([
      "Strongly Disagree",
      "Disagree",
      "Neutral",
      "Agree",
      "Strongly Agree",
    ]);
    expect(choicesFor("score-1-5").map((c) => c.value)).toEqual([1, 2, 3, 4, 5]);
    expect(choicesFor("score-1-5-reversed").map((c) => c.value)).toEqual([5, 4, 3, 2, 1]);
  });

  it("give NPS eleven choices, 0 to 10", () => {
    expect(choicesFor("nps")).toEqual(Array.from({ length: 11 }, (_, i) => ({ text: String(i), value: i })));
  });

  it("hand out copies, so a question cannot change its family's choices", () => {
    choicesFor("yes-no")[0].value = 99;
    expect(choicesFor("yes-no")[0].value).toBe(1);
  });

  it("read custom items one per line, empty lines dropped, renumbered from 0 (000 §5)", () => {
    expect(customItemLines("  Often \r\n\n Never\n  \n")).toEqual(["Often", "Never"]);
    expect(choicesFor("custom", "Often\n\nNever")).toEqual([
      { text: "Often", value: 0 },
      { text: "Never", value: 1 },
    ]);
  });

  it("give custom items with numeric values the typed value, 0 where none was typed", () => {
    expect(choicesFor("custom", "Low\nHigh\nTop", true, [5, undefined])).toEqual([
      { text: "Low", value: 5 },
      { text: "High", value: 0 },
      { text: "Top", value: 0 },
    ]);
    expect(choicesFor("custom", "Low\nHigh", false, [5, 9]).map((c) => c.value)).toEqual([0, 1]);
  });

  it("recognise only the known families", () => {
    expect(isScaleFamily("likely-unlikely")).toBe(true);
    expect(isScaleFamily("score-1-10")).toBe(false);
    expect(isScaleFamily(undefined)).toBe(false);
  });
});
