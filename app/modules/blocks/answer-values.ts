import type { ChoiceBlock, FlatAnswer } from "./types";

/**
 * What a stored flat answer holds, read against its question. Import-free, so the seed (loaded
 * by Node without a bundler) writes answer rows with the same rules as a submission.
 */

/** The choice a stored value stands for (the first choice with that value). */
export function choiceOf(block: ChoiceBlock, value: number) {
  return block.choices.find((c) => c.value === value) ?? null;
}

/** The choice values picked in an answer, in the order of the block's choices. */
export function pickedValues(answer: FlatAnswer | undefined): number[] {
  if (!answer || answer.notApplicable) return [];
  const raw = Array.isArray(answer.value) ? answer.value : [answer.value];
  return raw.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
}
