import type { KeyResultDirection } from "./objective-types";

/** What a key result's progress is read from (its columns). */
export interface KeyResultFigures {
  target: number | null;
  actual: number | null;
  startValue: number | null;
  direction: KeyResultDirection | null;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * A key result's progress, 0–1, or null when it cannot be told (no target or no actual yet):
 * with a start value, how far the actual went from the start towards the target (either way, so
 * a decrease counts when the target is below the start); a KPI without one, actual / target
 * (target / actual when it should decrease).
 */
export function keyResultProgress(k: KeyResultFigures): number | null {
  if (k.target == null || k.actual == null) return null;
  if (k.startValue != null) {
    if (k.target === k.startValue) return k.direction === "decrease" ? (k.actual <= k.target ? 1 : 0) : k.actual >= k.target ? 1 : 0;
    return clamp((k.actual - k.startValue) / (k.target - k.startValue));
  }
  if (k.direction === "decrease") return k.actual <= k.target ? 1 : k.actual === 0 ? 1 : clamp(k.target / k.actual);
  if (k.target === 0) return k.actual >= 0 ? 1 : 0;
  return clamp(k.actual / k.target);
}

/** An objective's progress in whole percent: the mean of its key results that can be told; null when none can. */
export function objectiveProgress(keyResults: KeyResultFigures[]): number | null {
  const known = keyResults.map(keyResultProgress).filter((p): p is number => p !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 100);
}
