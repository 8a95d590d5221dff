import { analyseFeedback } from "./analyser";

/**
 * The sentiment of a free-text survey answer, read by the embedded analyser's tone (the rubric in
 * docs/ai-rubric.md): supportive is positive; critical and harsh are negative; constructive (a
 * suggestion) and neutral are neutral. Pure and deterministic, so a share computed on the page
 * and one recomputed by a test or a download agree.
 */
export type Sentiment = "positive" | "neutral" | "negative";

export const SENTIMENTS: readonly Sentiment[] = ["positive", "neutral", "negative"];

export function sentimentOf(text: string): Sentiment {
  const tone = analyseFeedback(text, []).tone.category;
  if (tone === "supportive") return "positive";
  if (tone === "critical" || tone === "harsh") return "negative";
  return "neutral";
}

/**
 * Counts of each sentiment over answers given as (text, how many times), reading each distinct
 * text once: survey answers repeat, and the analyser is the costly part.
 */
export function sentimentCounts(answers: Iterable<{ text: string; count: number }>, cache = new Map<string, Sentiment>()): Record<Sentiment, number> {
  const counts: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0 };
  for (const { text, count } of answers) {
    let sentiment = cache.get(text);
    if (!sentiment) cache.set(text, (sentiment = sentimentOf(text)));
    counts[sentiment] += count;
  }
  return counts;
}
