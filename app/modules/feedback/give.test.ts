import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { FeedbackTemplateBlock } from "./feedback-blocks";
import { answerableTemplateBlocks, dimensionInfosOf, postedValues } from "./give";
import { feedbackOfForm, giveFeedbackSchema } from "./give.schema";

const catalogue = [
  { id: "k1", name: "Communication", behaviours: [{ id: "b1", name: "Listens" }, { id: "b2", name: "Explains" }] },
  { id: "k2", name: "Ownership", behaviours: [{ id: "b3", name: "Follows through" }] },
];

const errorsOf = (submission: object) => (submission as { error?: Record<string, unknown> }).error ?? {};

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [k, v] of fields) data.append(k, v);
  return data;
};

describe("tags as dimension infos", () => {
  it("keeps chosen competencies and the competency of each tagged behaviour; drops unknown ids and untagged behaviours", () => {
    expect(
      dimensionInfosOf({ competencyIds: ["k2", "other-company"], behaviours: { b1: "strength", b2: "developmentArea", b9: "strength", b3: "" } }, catalogue)
    ).toEqual([
      {
        id: "k1",
        focusAreas: [
          { id: "b1", str: true, sug: false, suggestions: [] },
          { id: "b2", str: false, sug: true, suggestions: [] },
        ],
      },
      { id: "k2", focusAreas: [] },
    ]);
    expect(dimensionInfosOf({ competencyIds: [], behaviours: {} }, catalogue)).toEqual([]);
  });
});

describe("the Give Feedback form", () => {
  it("requires the format's fields but its next step, and keeps only that format's texts", () => {
    const shape = { format: "SBI" as const, blocks: [] };
    const bad = parseWithZod(form([["intent", "send"], ["requestId", "r"], ["situationText", "x"]]), { schema: giveFeedbackSchema(shape) });
    expect(bad.status).toBe("error");
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["behaviorText", "impactText"]);
    const good = parseWithZod(
      form([["intent", "send"], ["requestId", "r"], ["situationText", " s "], ["behaviorText", "b"], ["impactText", "i"], ["feedbackText", "ignored"], ["competency", "k1"], ["behaviour.b3", "strength"]]),
      { schema: giveFeedbackSchema(shape) }
    );
    expect(good.status).toBe("success");
    if (good.status !== "success") return;
    const out = feedbackOfForm(good.value, shape);
    expect(out.texts).toEqual({ situationText: "s", behaviorText: "b", impactText: "i", sbiNextStepText: "" });
    expect(out.tags).toEqual({ competencyIds: ["k1"], behaviours: { b3: "strength" } });
  });

  it("asks for a format when the sender chooses it, and refuses an unknown behaviour tag", () => {
    const shape = { format: "choose" as const, blocks: [] };
    const none = parseWithZod(form([["intent", "send"], ["requestId", "r"], ["feedbackText", "x"]]), { schema: giveFeedbackSchema(shape) });
    expect(Object.keys(errorsOf(none))).toContain("format");
    const tag = parseWithZod(form([["intent", "send"], ["requestId", "r"], ["format", "FreeText"], ["feedbackText", "x"], ["behaviour.b1", "great"]]), {
      schema: giveFeedbackSchema(shape),
    });
    expect(tag.status).toBe("error");
  });

  it("checks a template's required blocks and reads their answers by the kernel's names", () => {
    const blocks: FeedbackTemplateBlock[] = [
      { id: "t", type: "title", typeTitle: "Title", titleValue: { text: "About the quarter" } },
      { id: "q1", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well?", placeholder: "", required: true } },
      {
        id: "g",
        type: "group",
        label: "Ratings",
        description: "",
        questions: [
          {
            id: "q2",
            type: "multi-select",
            typeTitle: "Multiple Choice",
            multiSelectValue: {
              label: "Overall",
              selectedOption: "custom" as never,
              choices: [{ text: "Good", value: 2 }, { text: "Fine", value: 1 }] as never,
              numericValue: true,
              commentBox: true,
              commentBoxGuide: "Why?",
              required: true,
              dropdown: false,
              selectedView: "radio",
              isNotApplicableOption: false,
            },
          },
        ],
      },
    ];
    expect(answerableTemplateBlocks(blocks).map((b) => b.id)).toEqual(["q1", "q2"]);
    const shape = { format: null, blocks };
    const bad = parseWithZod(form([["intent", "send"], ["requestId", "r"], ["a.q2.value", "7"]]), { schema: giveFeedbackSchema(shape) });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["a.q1.value", "a.q2.value"]);
    const good = parseWithZod(form([["intent", "send"], ["requestId", "r"], ["a.q1.value", "Shipping"], ["a.q2.value", "2"], ["a.q2.comment", "Steady"]]), {
      schema: giveFeedbackSchema(shape),
    });
    expect(good.status).toBe("success");
    if (good.status !== "success") return;
    expect(feedbackOfForm(good.value, shape).answers).toEqual({ q1: { value: "Shipping" }, q2: { value: 2, comment: "Steady" } });
  });

  it("keeps posted values to show again, repeated names as lists, without the request id", () => {
    expect(postedValues(form([["competency", "k1"], ["competency", "k2"], ["situationText", "s"], ["requestId", "r"]]))).toEqual({
      competency: ["k1", "k2"],
      situationText: "s",
    });
  });
});
