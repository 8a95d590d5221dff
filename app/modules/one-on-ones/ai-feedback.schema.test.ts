import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { sharedCopy } from "~/lib/copy";
import { AI_FEEDBACK_INTENTS, aiFeedbackSchema, competencyIntent } from "./ai-feedback.schema";

const E = sharedCopy.aiCrafting.errors;

function parse(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return parseWithZod(form, { schema: aiFeedbackSchema }) as unknown as { status: string; value?: any; error?: Record<string, string[] | null> };
}
const base = { id: "af-1", version: "3", userFeedback: "You ran the demo well." };

describe("the crafting tool's one union of intents", () => {
  it("names every call of 001 §7 from create to submit", () => {
    expect(AI_FEEDBACK_INTENTS).toEqual([
      "create",
      "refreshScore",
      "enhanceSpecificity",
      "changeOpening",
      "mergeOpening",
      "addActionability",
      "refineText",
      "aiCompetency",
      "addStrength",
      "removeStrength",
      "addDevelopment",
      "removeDevelopment",
      "submit",
    ]);
  });

  it("refuses an unknown or missing intent", () => {
    expect(parse({ ...base }).status).toBe("error");
    expect(parse({ ...base, intent: "delete" }).status).toBe("error");
  });

  it("refuses empty or blank feedback text for every call that reads it (001 §5)", () => {
    for (const intent of ["create", "refreshScore", "aiCompetency", "submit", "mergeOpening"]) {
      const s = parse({ ...base, intent, userFeedback: "   ", openingStatement: "Hi" });
      expect(s.status, intent).toBe("error");
      expect(s.error?.userFeedback, intent).toEqual([E.empty]);
    }
  });

  it("needs the opening statement for tone Generate and Merge, a tone for Generate", () => {
    expect(parse({ ...base, intent: "mergeOpening", openingStatement: " " }).error?.openingStatement).toEqual([E.emptyOpening]);
    expect(parse({ ...base, intent: "changeOpening", openingStatement: "Thanks", suggestedTone: "harsh" }).status).toBe("success");
    expect(parse({ ...base, intent: "changeOpening", openingStatement: "Thanks", suggestedTone: "angry" }).status).toBe("error");
  });

  it("needs at least one actionable step; blank rows are dropped", () => {
    expect(parse({ ...base, intent: "addActionability", actionableSteps: ["", " "] }).error?.actionableSteps).toEqual([E.noSteps]);
    const ok = parse({ ...base, intent: "addActionability", actionableSteps: [" Share the deck ", ""] });
    expect(ok.status).toBe("success");
    expect(ok.value.actionableSteps).toEqual(["Share the deck"]);
  });

  it("needs the selected text and an instruction to refine", () => {
    const s = parse({ ...base, intent: "refineText" });
    expect(s.error?.selectedText).toEqual([E.noSelection]);
    expect(s.error?.modificationInstruction).toEqual([E.noInstruction]);
    expect(parse({ ...base, intent: "refineText", selectedText: "the demo", modificationInstruction: "shorter" }).status).toBe("success");
  });

  it("needs one of situation, behaviour or impact for the specificity enhancer", () => {
    expect(parse({ ...base, intent: "enhanceSpecificity" }).error?.situation).toEqual([E.emptySbi]);
    expect(parse({ ...base, intent: "enhanceSpecificity", impact: "The client signed." }).status).toBe("success");
  });

  it("reads a competency from the select for add, and from the button's value for remove", () => {
    expect(parse({ ...base, intent: "addStrength" }).error?.competencyId).toEqual([E.noCompetency]);
    expect(parse({ ...base, intent: "addDevelopment", competencyId: "k-lead" }).value).toMatchObject({ intent: "addDevelopment", competencyId: "k-lead" });
    const remove = parse({ ...base, intent: competencyIntent("removeStrength", "k-comm"), competencyId: "" });
    expect(remove.status).toBe("success");
    expect(remove.value).toMatchObject({ intent: "removeStrength", competencyId: "k-comm" });
  });

  it("lets a competency change go without text (the stored text stays)", () => {
    expect(parse({ ...base, userFeedback: "", intent: "addStrength", competencyId: "k-comm" }).status).toBe("success");
  });

  it("refuses text over the limit", () => {
    expect(parse({ ...base, intent: "refreshScore", userFeedback: "x".repeat(5001) }).error?.userFeedback).toEqual([E.tooLong(5000)]);
  });
});
