import { describe, expect, it } from "vitest";
import { choicesFor, isScaleFamily } from "~/modules/blocks/scales";
import { SURVEY_BLOCK_TYPES, hasQuestion, type SurveyBlock } from "~/modules/surveys/blocks";
import { flagsOf, visibilityOf, TEMPLATE_VISIBILITIES } from "~/modules/surveys/library.schema";
import {
  PREDEFINED_SURVEY_TEMPLATES,
  TEMPLATE_GROUPS,
  groupedTemplates,
  predefinedTemplate,
  questionCount,
} from "~/modules/surveys/predefined-templates";
import { mayView, withFreshIds } from "~/modules/surveys/templates.server";

const flat = (blocks: SurveyBlock[]) => blocks.flatMap((b) => (b.type === "group" ? [b, ...b.questions] : [b]));

describe("predefined survey templates (001 §2 'Use Templates')", () => {
  it("offers at least eight templates, each with a unique id, a title, a description and a known group", () => {
    expect(PREDEFINED_SURVEY_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    const ids = PREDEFINED_SURVEY_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of PREDEFINED_SURVEY_TEMPLATES) {
      expect(t.id).toMatch(/^[a-z0-9-]+$/);
      expect(t.title.trim()).not.toBe("");
      expect(t.description.trim()).not.toBe("");
      expect(TEMPLATE_GROUPS).toContain(t.group);
    }
  });

  it("covers engagement with eNPS, pulse, onboarding, exit, manager effectiveness, wellbeing, inclusion and remote work", () => {
    const titles = PREDEFINED_SURVEY_TEMPLATES.map((t) => t.title);
    for (const expected of [
      "Employee Engagement",
      "Weekly Pulse",
      "Onboarding (30-day)",
      "Exit Survey",
      "Manager Effectiveness",
      "Wellbeing Check-in",
      "Inclusion & Belonging",
      "Remote Work",
    ]) {
      expect(titles).toContain(expected);
    }
    const engagement = predefinedTemplate("employee-engagement")!;
    const nps = flat(engagement.blocks).find((b) => b.type === "choice" && b.selectedOption === "nps");
    expect(nps).toMatchObject({ type: "choice", track: true });
    expect(nps?.type === "choice" && nps.label).toMatch(/recommend/);
  });

  for (const t of PREDEFINED_SURVEY_TEMPLATES) {
    it(`"${t.title}" is a valid survey: unique block ids, labels, non-empty choices of its family`, () => {
      const blocks = flat(t.blocks);
      const ids = blocks.map((b) => b.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => id.length > 0)).toBe(true);
      expect(hasQuestion(t.blocks)).toBe(true);
      expect(t.blocks[0].type).toBe("static-text");
      for (const block of blocks) {
        expect(SURVEY_BLOCK_TYPES).toContain(block.type);
        switch (block.type) {
          case "static-text":
            expect(block.value.trim()).not.toBe("");
            break;
          case "text-input":
            expect(block.label.trim()).not.toBe("");
            expect(block.placeholder.trim()).not.toBe("");
            break;
          case "choice":
            expect(block.label.trim()).not.toBe("");
            expect(isScaleFamily(block.selectedOption)).toBe(true);
            expect(block.choices.length).toBeGreaterThanOrEqual(2);
            expect(block.choices.every((c) => c.text.trim() !== "" && Number.isInteger(c.value) && c.value >= 0)).toBe(true);
            expect(new Set(block.choices.map((c) => c.text)).size).toBe(block.choices.length);
            if (block.selectedOption !== "custom") expect(block.choices).toEqual(choicesFor(block.selectedOption));
            if (block.commentBox) expect(block.commentBoxGuide.trim()).not.toBe("");
            else expect(block.commentBoxGuide).toBe("");
            expect(block.isLocked ?? false).toBe(false);
            break;
          case "group":
            expect(block.label.trim()).not.toBe("");
            expect(block.questions.length).toBeGreaterThan(0);
            expect(block.questions.some((q) => (q.type as string) === "group")).toBe(false);
            break;
        }
      }
    });
  }

  it("uses every block type, answer-scale families, group blocks and tracked questions across the set", () => {
    const all = PREDEFINED_SURVEY_TEMPLATES.flatMap((t) => flat(t.blocks));
    expect(new Set(all.map((b) => b.type))).toEqual(new Set(SURVEY_BLOCK_TYPES));
    const choices = all.filter((b) => b.type === "choice");
    const families = new Set(choices.map((b) => b.selectedOption));
    for (const family of ["nps", "agree-disagree-5", "score-1-5", "yes-no", "likely-unlikely", "custom"])
      expect(families).toContain(family);
    expect(choices.some((b) => b.track)).toBe(true);
    expect(choices.some((b) => b.multipleAnswers)).toBe(true);
    expect(choices.some((b) => b.dropdown)).toBe(true);
    expect(choices.some((b) => b.commentBox)).toBe(true);
  });

  it("groups the templates in the declared order and counts questions without static text", () => {
    const grouped = groupedTemplates(PREDEFINED_SURVEY_TEMPLATES);
    expect(grouped.map((g) => g.group)).toEqual([...TEMPLATE_GROUPS]);
    expect(grouped.flatMap((g) => g.templates)).toHaveLength(PREDEFINED_SURVEY_TEMPLATES.length);
    expect(groupedTemplates([])).toEqual([]);
    const pulse = predefinedTemplate("weekly-pulse")!;
    expect(questionCount(pulse.blocks)).toBe(pulse.blocks.length - 1);
    expect(predefinedTemplate("no-such-template")).toBeNull();
  });
});

describe("copying template blocks into a survey", () => {
  it("gives every block and group question a new id and leaves the template untouched", () => {
    const template = predefinedTemplate("employee-engagement")!;
    const before = JSON.stringify(template.blocks);
    let n = 0;
    const copy = withFreshIds(template.blocks, () => `new-${++n}`);
    const oldIds = new Set(flat(template.blocks).map((b) => b.id));
    const newIds = flat(copy).map((b) => b.id);
    expect(newIds.some((id) => oldIds.has(id))).toBe(false);
    expect(new Set(newIds).size).toBe(newIds.length);
    expect(JSON.stringify(template.blocks)).toBe(before);
    // Same content apart from the ids.
    const strip = (blocks: SurveyBlock[]) => JSON.stringify(blocks).replace(/"id":"[^"]*"/g, '"id":""');
    expect(strip(copy)).toBe(strip(template.blocks));
  });
});

describe("custom template visibility (001 §2: everyone, workspace admins, super admin)", () => {
  const person = (isSuperAdmin: boolean, isTeamAdmin: boolean) =>
    ({ user: { isSuperAdmin, isTeamAdmin } } as Parameters<typeof mayView>[0]);
  it("maps the three choices to the two flags and back", () => {
    for (const v of TEMPLATE_VISIBILITIES) expect(visibilityOf(flagsOf(v))).toBe(v);
    expect(flagsOf("superAdmin")).toEqual({ visibleToEveryone: false, visibleToWorkspaceAdmin: false });
  });
  it("shows a template to the super admin always, to workspace admins when meant for them, to others when meant for everyone", () => {
    const superOnly = flagsOf("superAdmin");
    const admins = flagsOf("workspaceAdmins");
    const everyone = flagsOf("everyone");
    expect([superOnly, admins, everyone].map((t) => mayView(person(true, false), t))).toEqual([true, true, true]);
    expect([superOnly, admins, everyone].map((t) => mayView(person(false, true), t))).toEqual([false, true, true]);
    expect([superOnly, admins, everyone].map((t) => mayView(person(false, false), t))).toEqual([false, false, true]);
  });
});
