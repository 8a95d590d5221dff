import { describe, expect, it } from "vitest";
import type { FeedbackAnalysis } from "../ai/types";
import { aiFeedbackRecord, changeCompetency, craftPath, mergeCompetencies, percent, readingOf, shownScore } from "./ai-feedback-rules";
import type { AiCompetency } from "./one-on-one-types";

const ai = (id: string, excerpt = "s"): AiCompetency => ({ id, tag: "ai", excerpt });
const human = (id: string): AiCompetency => ({ id, tag: "human", excerpt: "" });
const suggestion = (id: string, excerpt = "s") => ({ id, name: id, excerpt });

function analysis(overrides: Partial<FeedbackAnalysis> = {}): FeedbackAnalysis {
  return {
    aiScore: 72.9,
    specificity: {
      score: 64.4,
      situation: { text: "In Tuesday's demo", tags: [{ tag: "meeting", expanded: "Meeting", excerpt: "In Tuesday's demo" }] },
      behavior: { text: "you answered every question", tags: [] },
      impact: { text: "the client signed", tags: [] },
    },
    tone: { category: "supportive", openingStatement: "Great demo.", suggestedTone: "supportive", excerpts: ["Great"] },
    focus: { category: "behavior", excerpts: ["you answered"] },
    actionability: { score: 40, steps: [{ text: "Share the deck", excerpt: "share the deck" }] },
    competencies: { strengths: [suggestion("k-comm")], development: [suggestion("k-lead")] },
    ...overrides,
  };
}

describe("a reading as stored", () => {
  it("keeps the text, floors every score into 0–100 and takes the SBI parts, tone, focus and steps", () => {
    const r = readingOf("Great demo.", analysis());
    expect(r).toMatchObject({
      userFeedback: "Great demo.",
      openingStatement: "Great demo.",
      situation: "In Tuesday's demo",
      behavior: "you answered every question",
      impact: "the client signed",
      aiScore: 72,
      specificityScore: 64,
      actionabilityScore: 40,
      toneCategory: "supportive",
      suggestedTone: "supportive",
      focusCategory: "behavior",
      actionableSteps: ["Share the deck"],
    });
    expect(r.situationTags).toEqual([{ tag: "meeting", expanded: "Meeting", excerpt: "In Tuesday's demo" }]);
    expect(r.strengthCompetency).toEqual([ai("k-comm")]);
    expect(r.developmentAreaCompetency).toEqual([ai("k-lead")]);
    expect(readingOf("x", analysis({ aiScore: 140 })).aiScore).toBe(100);
    expect(readingOf("x", analysis({ aiScore: -3 })).aiScore).toBe(0);
  });

  it("keeps the reviewer's competencies through a new reading and drops the analyser's old ones", () => {
    const previous = { strength: [human("k-own"), ai("k-old")], development: [human("k-tech")] };
    const merged = mergeCompetencies(previous, { strengths: [suggestion("k-comm"), suggestion("k-own")], development: [suggestion("k-tech"), suggestion("k-lead")] });
    expect(merged.strength).toEqual([human("k-own"), ai("k-comm")]);
    expect(merged.development).toEqual([human("k-tech"), ai("k-lead")]);
  });

  it("never suggests one competency twice", () => {
    const merged = mergeCompetencies({ strength: [], development: [] }, { strengths: [suggestion("k-a"), suggestion("k-a")], development: [suggestion("k-a")] });
    expect(merged).toEqual({ strength: [ai("k-a")], development: [] });
  });
});

describe("the reviewer's competency changes", () => {
  const current = { strength: [ai("k-comm")], development: [human("k-lead")] };

  it("adds a competency as the reviewer's, taking it out of the other list", () => {
    expect(changeCompetency(current, { op: "add", list: "strength", competencyId: "k-lead" })).toEqual({
      ok: true,
      strength: [ai("k-comm"), human("k-lead")],
      development: [],
    });
  });

  it("turns the analyser's suggestion into the reviewer's when they add it", () => {
    expect(changeCompetency(current, { op: "add", list: "strength", competencyId: "k-comm" })).toEqual({ ok: true, strength: [human("k-comm")], development: [human("k-lead")] });
  });

  it("refuses adding one the reviewer already added, and removing one that is not there", () => {
    expect(changeCompetency(current, { op: "add", list: "development", competencyId: "k-lead" })).toEqual({ ok: false, reason: "alreadyTagged" });
    expect(changeCompetency(current, { op: "remove", list: "strength", competencyId: "k-lead" })).toEqual({ ok: false, reason: "notTagged" });
  });

  it("removes a suggestion or an added one from its list only", () => {
    expect(changeCompetency(current, { op: "remove", list: "strength", competencyId: "k-comm" })).toEqual({ ok: true, strength: [], development: [human("k-lead")] });
    expect(changeCompetency(current, { op: "remove", list: "development", competencyId: "k-lead" })).toEqual({ ok: true, strength: [ai("k-comm")], development: [] });
  });
});

describe("scores as shown (001 §9)", () => {
  it("shows the floor of the AI score out of 100, 0 when missing", () => {
    expect(shownScore(87.9)).toBe(87);
    expect(shownScore(null)).toBe(0);
    expect(shownScore(undefined)).toBe(0);
    expect(shownScore(Number.NaN)).toBe(0);
    expect(percent(55.5)).toBe("55%");
  });
});

describe("records and paths", () => {
  it("makes a first-version row, submitted when given a time", () => {
    const meeting = { id: "oo-1", reviewerId: "u-r", revieweeId: "u-e" };
    const reading = readingOf("Great demo.", analysis());
    const open = aiFeedbackRecord({ id: "af-1", companyId: "c-1", meeting, reading, now: 1000 });
    expect(open).toMatchObject({ oneOnOneId: "oo-1", reviewerId: "u-r", revieweeId: "u-e", version: 1, isSubmitted: false, submittedAt: null, createdAt: 1000 });
    const done = aiFeedbackRecord({ id: "af-1", companyId: "c-1", meeting, reading, now: 1000, submittedAt: 5000 });
    expect(done).toMatchObject({ isSubmitted: true, submittedAt: 5000, updatedAt: 5000 });
  });

  it("opens the empty tool as `new` and an existing one by its id", () => {
    expect(craftPath("oo-1", null)).toBe("/one-on-ones/oo-1/prepare-feedback/new");
    expect(craftPath("oo 1", "af/1")).toBe("/one-on-ones/oo%201/prepare-feedback/af%2F1");
  });
});
