import type { FeedbackAnalysis } from "../ai/types";
import type { AiCompetency, FocusCategory, SbiTag, ToneCategory } from "./one-on-one-types";

/**
 * The rules of an AI feedback (001 §3–§5), zod-free and pure so the write plan, the page and the
 * seed share them: what a reading stores, how the reviewer's competencies survive a new reading,
 * and how a competency is added or removed.
 */

/** Longest feedback text accepted (a few paragraphs; the analyser reads 2,000 characters in well under 50 ms). */
export const MAX_FEEDBACK_LENGTH = 5000;
/** Longest SBI part, opening statement, step, selection or instruction. */
export const MAX_PART_LENGTH = 1000;
export const MAX_STEPS = 10;

export type CompetencyList = "strength" | "development";

/** The columns of `ai_feedbacks` a text and its reading set. */
export interface AiFeedbackReading {
  userFeedback: string;
  openingStatement: string;
  situation: string;
  behavior: string;
  impact: string;
  situationTags: SbiTag[];
  behaviorTags: SbiTag[];
  impactTags: SbiTag[];
  actionableSteps: string[];
  strengthCompetency: AiCompetency[];
  developmentAreaCompetency: AiCompetency[];
  aiScore: number;
  specificityScore: number;
  toneCategory: ToneCategory;
  suggestedTone: ToneCategory;
  focusCategory: FocusCategory;
  actionabilityScore: number;
}

const score = (n: number) => Math.max(0, Math.min(100, Math.floor(Number.isFinite(n) ? n : 0)));

/**
 * A reading's competencies with the reviewer's kept: every competency the reviewer added stays
 * where they put it, and the analyser's suggestions follow, each once, never one the reviewer has
 * put in the other list.
 */
export function mergeCompetencies(
  previous: { strength: readonly AiCompetency[]; development: readonly AiCompetency[] },
  suggested: FeedbackAnalysis["competencies"]
): { strength: AiCompetency[]; development: AiCompetency[] } {
  const humanStrength = previous.strength.filter((c) => c.tag === "human");
  const humanDevelopment = previous.development.filter((c) => c.tag === "human");
  const taken = new Set([...humanStrength, ...humanDevelopment].map((c) => c.id));
  const add = (into: AiCompetency[], list: FeedbackAnalysis["competencies"]["strengths"]) => {
    for (const s of list) {
      if (taken.has(s.id)) continue;
      taken.add(s.id);
      into.push({ id: s.id, tag: "ai", excerpt: s.excerpt });
    }
    return into;
  };
  return { strength: add([...humanStrength], suggested.strengths), development: add([...humanDevelopment], suggested.development) };
}

/** What a text and the analyser's reading of it store; the reviewer's competencies are kept. */
export function readingOf(
  text: string,
  analysis: FeedbackAnalysis,
  previous: { strength: readonly AiCompetency[]; development: readonly AiCompetency[] } = { strength: [], development: [] }
): AiFeedbackReading {
  const competencies = mergeCompetencies(previous, analysis.competencies);
  const s = analysis.specificity;
  return {
    userFeedback: text,
    openingStatement: analysis.tone.openingStatement,
    situation: s.situation.text,
    behavior: s.behavior.text,
    impact: s.impact.text,
    situationTags: s.situation.tags,
    behaviorTags: s.behavior.tags,
    impactTags: s.impact.tags,
    actionableSteps: analysis.actionability.steps.map((step) => step.text),
    strengthCompetency: competencies.strength,
    developmentAreaCompetency: competencies.development,
    aiScore: score(analysis.aiScore),
    specificityScore: score(s.score),
    toneCategory: analysis.tone.category,
    suggestedTone: analysis.tone.suggestedTone,
    focusCategory: analysis.focus.category,
    actionabilityScore: score(analysis.actionability.score),
  };
}

export type CompetencyChange =
  | { ok: true; strength: AiCompetency[]; development: AiCompetency[] }
  | { ok: false; reason: "alreadyTagged" | "notTagged" };

/**
 * The reviewer adds a competency to a list (tagged "human"; it leaves the other list, since a
 * competency is either a strength or a development area) or removes one from a list.
 */
export function changeCompetency(
  current: { strength: readonly AiCompetency[]; development: readonly AiCompetency[] },
  change: { op: "add" | "remove"; list: CompetencyList; competencyId: string }
): CompetencyChange {
  const mine = change.list === "strength" ? current.strength : current.development;
  const other = change.list === "strength" ? current.development : current.strength;
  let nextMine: AiCompetency[];
  let nextOther = [...other];
  if (change.op === "add") {
    if (mine.some((c) => c.id === change.competencyId && c.tag === "human")) return { ok: false, reason: "alreadyTagged" };
    nextMine = [...mine.filter((c) => c.id !== change.competencyId), { id: change.competencyId, tag: "human", excerpt: "" }];
    nextOther = other.filter((c) => c.id !== change.competencyId);
  } else {
    if (!mine.some((c) => c.id === change.competencyId)) return { ok: false, reason: "notTagged" };
    nextMine = mine.filter((c) => c.id !== change.competencyId);
  }
  return change.list === "strength" ? { ok: true, strength: nextMine, development: nextOther } : { ok: true, strength: nextOther, development: nextMine };
}

/** The AI score as shown: the floor of the stored score out of 100, 0 when missing (001 §9). */
export function shownScore(aiScore: number | null | undefined): number {
  return aiScore === null || aiScore === undefined || !Number.isFinite(aiScore) ? 0 : Math.max(0, Math.min(100, Math.floor(aiScore)));
}

/** A score shown as a percentage (specificity, actionability: 001 §9). */
export const percent = (n: number | null | undefined) => `${shownScore(n)}%`;

/** Where the tool lives for a meeting and an AI feedback id (`new` before there is one). */
export const craftPath = (oneOnOneId: string, aiFeedbackId: string | null) =>
  `/one-on-ones/${encodeURIComponent(oneOnOneId)}/prepare-feedback/${aiFeedbackId === null ? "new" : encodeURIComponent(aiFeedbackId)}`;

/** One `ai_feedbacks` row (camelCase, as drizzle inserts it): the write plan's insert and the seed's rows. */
export interface AiFeedbackRecord extends AiFeedbackReading {
  id: string;
  companyId: string;
  oneOnOneId: string;
  reviewerId: string;
  revieweeId: string;
  isSubmitted: boolean;
  submittedAt: number | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A new AI feedback for a meeting, holding a text and its reading (version 1: it has been read once). */
export function aiFeedbackRecord(input: {
  id: string;
  companyId: string;
  meeting: { id: string; reviewerId: string; revieweeId: string };
  reading: AiFeedbackReading;
  now: number;
  submittedAt?: number | null;
}): AiFeedbackRecord {
  return {
    id: input.id,
    companyId: input.companyId,
    oneOnOneId: input.meeting.id,
    reviewerId: input.meeting.reviewerId,
    revieweeId: input.meeting.revieweeId,
    ...input.reading,
    isSubmitted: input.submittedAt !== null && input.submittedAt !== undefined,
    submittedAt: input.submittedAt ?? null,
    version: 1,
    createdAt: input.now,
    updatedAt: input.submittedAt ?? input.now,
  };
}
