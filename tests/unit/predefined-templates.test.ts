import { describe, expect, it } from "vitest";
import { customItemLines, SCALE_FAMILIES } from "~/modules/blocks/scales";
import { findPredefinedTemplate, PREDEFINED_TEMPLATES, type PredefinedTemplate } from "~/modules/reviews/predefined-templates";
import { BLOCK_TYPES, isChoiceType, isQuestionType } from "~/modules/reviews/questionnaire-blocks";
import { QuestionnaireFormSchema } from "~/modules/reviews/questionnaire.schema";

const IDS = ["annual-review", "360-peer-review", "manager-upward-review", "self-review", "probation-review", "quarterly-check-in"];
const DEMO_COMPETENCIES = ["Communication", "Collaboration", "Ownership", "Technical Excellence", "Customer Focus", "Leadership"];

const asForm = (t: PredefinedTemplate) => ({
  name: t.title,
  blocks: t.blocks.map((b, i) => ({
    ...b,
    key: `k${i}`,
    competencyId: b.type === "competency-question" ? "c1" : undefined,
    objectiveId: b.type === "objective-question" ? "o1" : undefined,
  })),
});

const allBlocks = PREDEFINED_TEMPLATES.flatMap((t) => t.blocks);

describe("predefined questionnaire templates", () => {
  it("have unique ids, exactly including the six standard templates", () => {
    const ids = PREDEFINED_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(IDS));
    for (const t of PREDEFINED_TEMPLATES) {
      expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.title.trim(), t.id).not.toBe("");
      expect(t.description.trim(), t.id).not.toBe("");
    }
  });

  it.each(PREDEFINED_TEMPLATES.map((t) => [t.id, t] as const))("%s parses as a valid questionnaire", (_id, t) => {
    const result = QuestionnaireFormSchema.safeParse(asForm(t));
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.success).toBe(true);
  });

  it.each(PREDEFINED_TEMPLATES.map((t) => [t.id, t] as const))("%s opens with a title, is sectioned and asks 6–15 questions", (_id, t) => {
    expect(t.blocks[0].type).toBe("title");
    expect(t.blocks.some((b) => b.type === "subtitle")).toBe(true);
    const questions = t.blocks.filter((b) => isQuestionType(b.type));
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.length).toBeLessThanOrEqual(15);
  });

  it("together use every block type", () => {
    const used = new Set(allBlocks.map((b) => b.type));
    expect([...BLOCK_TYPES].filter((type) => !used.has(type))).toEqual([]);
  });

  it("use a variety of answer scales, including custom items with and without numeric values", () => {
    const scales = new Set(allBlocks.map((b) => b.scale).filter(Boolean));
    for (const scale of ["nps", "score-1-5", "agree-disagree-5", "likely-unlikely", "yes-no", "custom"] as const)
      expect(scales).toContain(scale);
    const custom = allBlocks.filter((b) => b.scale === "custom");
    expect(custom.some((b) => !b.numericValue)).toBe(true);
    expect(custom.some((b) => b.numericValue)).toBe(true);
    for (const b of custom) {
      const items = customItemLines(b.customItems ?? "");
      expect(items.length, b.label).toBeGreaterThan(1);
      if (b.numericValue) {
        expect(b.choiceValues, b.label).toHaveLength(items.length);
        for (const value of b.choiceValues ?? []) expect(value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("fill in the fields each block type needs", () => {
    for (const b of allBlocks) {
      if (b.type === "title" || b.type === "subtitle") {
        expect(b.text?.trim()).toBeTruthy();
        continue;
      }
      expect(b.label?.trim()).toBeTruthy();
      expect(typeof b.required, b.label).toBe("boolean");
      expect(b.label, "no template placeholders").not.toMatch(/[{}]/);
      if (!isChoiceType(b.type)) {
        expect(b.placeholder?.trim(), b.label).toBeTruthy();
        continue;
      }
      expect(SCALE_FAMILIES, b.label).toContain(b.scale);
      expect(["radio", "dropdown", "matrix"], b.label).toContain(b.view);
      if (b.commentBox) expect(b.commentBoxGuide?.trim(), b.label).toBeTruthy();
      if (b.scale !== "custom") {
        expect(b.customItems, b.label).toBeUndefined();
        expect(b.numericValue, b.label).toBeUndefined();
        expect(b.choiceValues, b.label).toBeUndefined();
      }
      if (b.type === "competency-question") {
        for (const flag of [b.showDescription, b.showBehaviours, b.isBehavior]) expect(typeof flag, b.label).toBe("boolean");
      }
      if (b.type === "objective-question") {
        for (const flag of [b.showKPIs, b.isKPI]) expect(typeof flag, b.label).toBe("boolean");
      }
    }
  });

  it("name a demo competency on every competency question, and only there", () => {
    for (const b of allBlocks) {
      if (b.type === "competency-question") expect(DEMO_COMPETENCIES).toContain(b.competencyName);
      else expect(b.competencyName).toBeUndefined();
    }
  });

  it("are found by id", () => {
    for (const id of IDS) expect(findPredefinedTemplate(id)?.id).toBe(id);
    expect(findPredefinedTemplate("annual-review")).toBe(PREDEFINED_TEMPLATES.find((t) => t.id === "annual-review"));
    expect(findPredefinedTemplate("no-such-template")).toBeUndefined();
    expect(findPredefinedTemplate("")).toBeUndefined();
  });
});
