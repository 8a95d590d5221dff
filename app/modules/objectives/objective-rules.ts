import type { KeyResultDirection } from "./objective-types";
import { objectivesCopy } from "~/lib/copy";

/**
 * The rules of a person's objectives in a campaign, pure so the write plans, the pages and the
 * seed agree: weights, progress, actuals and the income-statement KPI (001 §3, 000 §5).
 */

export const WEIGHT_TOTAL = 100;

export const OBJECTIVE_MESSAGES = {
  weightRange: objectivesCopy.weightRange,
  weightWhole: objectivesCopy.weightRange,
  weightOver: objectivesCopy.weightOver,
  weightNotHundred: objectivesCopy.weightNotHundred,
  noObjectives: objectivesCopy.noObjectivesToSubmit,
  actualNotNumber: objectivesCopy.actualNotNumber,
  incomeStatement: (names: string[]) => objectivesCopy.incomeStatementMissing(names),
} as const;

export interface KeyResultValues {
  startValue: number | null;
  target: number | null;
  actual: number | null;
  direction: KeyResultDirection | null;
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);

/**
 * With a start value: the share of the way from start to target (reversed for a decrease, which
 * the sign of target - start already gives); a KPI without a start: actual / target. Clamped to 0..1;
 * 0 when there is no actual or the target cannot be reached.
 */
export function keyResultProgress(kr: KeyResultValues): number {
  if (kr.actual == null || kr.target == null) return 0;
  if (kr.startValue == null) return kr.target === 0 ? 0 : clamp01(kr.actual / kr.target);
  const span = kr.target - kr.startValue;
  if (span === 0) return 0;
  // A decrease whose target sits above the start is read as written: start − actual over start − target.
  const done = kr.direction === "decrease" && span > 0 ? (kr.startValue - kr.actual) / -span : (kr.actual - kr.startValue) / span;
  return clamp01(done);
}

export function objectiveProgress(keyResults: number[]): number {
  if (keyResults.length === 0) return 0;
  return keyResults.reduce((a, b) => a + b, 0) / keyResults.length;
}

export function campaignProgress(objectives: { weight: number; progress: number }[]): number {
  const total = objectives.reduce((a, o) => a + o.weight, 0);
  if (total === 0) return 0;
  return objectives.reduce((a, o) => a + o.weight * o.progress, 0) / total;
}

/** A saved objective's weight with the person's other objectives' weights in the campaign. */
export function checkSaveWeights(weight: number, others: number[]): string | null {
  if (!Number.isFinite(weight) || weight < 0 || weight > WEIGHT_TOTAL) return OBJECTIVE_MESSAGES.weightRange;
  if (!Number.isInteger(weight)) return OBJECTIVE_MESSAGES.weightWhole;
  if (others.reduce((a, b) => a + b, 0) + weight > WEIGHT_TOTAL) return OBJECTIVE_MESSAGES.weightOver;
  return null;
}

export function checkSubmitWeights(weights: number[]): string | null {
  if (weights.length === 0) return OBJECTIVE_MESSAGES.noObjectives;
  if (weights.reduce((a, b) => a + b, 0) !== WEIGHT_TOTAL) return OBJECTIVE_MESSAGES.weightNotHundred;
  return null;
}

export function parseActual(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const text = raw.trim();
  const value = text === "" ? NaN : Number(text);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: OBJECTIVE_MESSAGES.actualNotNumber };
}

/** The names of income-statement KPIs that have no actual yet (000 §5). */
export function incomeStatementMissing(keyResults: { name: string; incomeStatement: boolean; actual: number | null }[]): string[] {
  return keyResults.filter((k) => k.incomeStatement && k.actual == null).map((k) => k.name);
}

/** The UTC day of a check-in, YYYY-MM-DD. */
export const checkInDay = (at: Date) => at.toISOString().slice(0, 10);
