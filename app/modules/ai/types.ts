import type { FocusCategory, SbiTag, ToneCategory } from "~/modules/one-on-ones/one-on-one-types";

/**
 * The AI contract every area uses (zod-free, client-safe types only).
 *
 * Scores, SBI parts, tone, focus, steps and competency suggestions always come from the embedded
 * analyser (`analyser.ts`), so a score never depends on which model is configured and tests are
 * exact. What a provider does is write text: rewrites of a feedback text and assistant replies,
 * streamed in chunks. The provider is chosen by configuration (`AI_PROVIDER`):
 * `embedded` (the default, templates, works offline), `workers-ai` (the `AI` binding) or
 * `openai` (any OpenAI-compatible chat-completions endpoint).
 */
export type AiProviderKind = "embedded" | "workers-ai" | "openai";

/** A competency (with its behaviours) of the asking person's company, for tagging. */
export interface CompetencyRef {
  id: string;
  name: string;
  behaviours: Array<{ id: string; name: string }>;
}

/** A competency the analyser suggests, with the sentence it came from. */
export interface CompetencySuggestion {
  id: string;
  name: string;
  excerpt: string;
}

/** One part of a situation–behaviour–impact reading: the sentence(s) found and their tags. */
export interface SbiReading {
  /** The text of the feedback that reads as this part ("" when none was found). */
  text: string;
  tags: SbiTag[];
}

/** An actionable step found in (or missing from) the text. */
export interface ActionStep {
  text: string;
  /** The sentence it came from ("" for a step the analyser proposes from a template). */
  excerpt: string;
}

/** The analyser's whole reading of a feedback text; every figure 0–100 by the documented rubric. */
export interface FeedbackAnalysis {
  aiScore: number;
  specificity: { score: number; situation: SbiReading; behavior: SbiReading; impact: SbiReading };
  tone: {
    category: ToneCategory;
    /** The text's opening sentence ("" when the text is empty). */
    openingStatement: string;
    /** The tone the analyser suggests for the opening (never harsher than the text's). */
    suggestedTone: ToneCategory;
    /** The words that set the tone. */
    excerpts: string[];
  };
  focus: { category: FocusCategory; excerpts: string[] };
  actionability: { score: number; steps: ActionStep[] };
  competencies: { strengths: CompetencySuggestion[]; development: CompetencySuggestion[] };
}

/** Something the assistant may cite: read through the access module for the asking person. */
export interface AiFact {
  /** The citation key shown in the reply, e.g. "F3". */
  key: string;
  kind: "review" | "feedback" | "goal" | "objective";
  /** Whom the fact is about (a user id). */
  aboutId: string;
  text: string;
  /** How a citation names it, e.g. "Feedback from Eve Evans, 3 Nov 2026". */
  label: string;
  href: string | null;
}

/** A piece of text a provider writes. Each task carries everything the prompt needs. */
export type AiWriteTask =
  | { kind: "refine"; userFeedback: string; selectedText: string; instruction: string }
  | { kind: "specificity"; userFeedback: string; situation: string; behavior: string; impact: string }
  | { kind: "tone"; userFeedback: string; openingStatement: string; suggestedTone: ToneCategory }
  | { kind: "merge-opening"; userFeedback: string; openingStatement: string }
  | { kind: "actionability"; userFeedback: string; actionableSteps: string[] }
  | {
      kind: "chat";
      question: string;
      /** Earlier turns of the same chat, oldest first. */
      history: Array<{ human: string; ai: string }>;
      /** The person the question is about, if any (inputMetaData.profileId). */
      subject: { id: string; name: string } | null;
      facts: AiFact[];
    };

export interface AiProvider {
  readonly kind: AiProviderKind;
  /**
   * The task's text in chunks as it is written. Stops when `signal` aborts. Throws
   * `AiProviderError` when the provider fails, times out or cuts the stream.
   */
  write(task: AiWriteTask, options?: { signal?: AbortSignal }): AsyncIterable<string>;
}

/** A provider that failed, timed out or stopped mid-stream; `message` is safe to show. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly reason: "failed" | "timeout" | "cut" | "refused"
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}
