/**
 * Answer scales of a choice question (000 §9): each family's real choices and the values they
 * score. Zod-free so the builder's client code imports it cheaply.
 */
export interface Choice {
  text: string;
  value: number;
}

export const SCALE_FAMILIES = [
  "yes-no",
  "true-false",
  "correct-incorrect",
  "agree-disagree-2",
  "agree-disagree-3",
  "agree-disagree-4",
  "agree-disagree-5",
  "score-1-5",
  "score-1-5-reversed",
  "nps",
  "likely-unlikely",
  "custom",
] as const;

export type ScaleFamily = (typeof SCALE_FAMILIES)[number];

const scored = (texts: string[], values = texts.map((_, i) => i)): Choice[] => texts.map((text, i) => ({ text, value: values[i] }));

const PREDEFINED: Record<Exclude<ScaleFamily, "custom">, { label: string; choices: Choice[] }> = {
  "yes-no": { label: "Yes / No", choices: scored(["Yes", "No"], [1, 0]) },
  "true-false": { label: "True / False", choices: scored(["True", "False"], [1, 0]) },
  "correct-incorrect": { label: "Correct / Incorrect", choices: scored(["Correct", "Incorrect"], [1, 0]) },
  "agree-disagree-2": { label: "Agree / Disagree (2 points)", choices: scored(["Disagree", "Agree"]) },
  "agree-disagree-3": { label: "Agree / Disagree (3 points)", choices: scored(["Disagree", "Neutral", "Agree"]) },
  "agree-disagree-4": {
    label: "Agree / Disagree (4 points)",
    choices: scored(["Strongly Disagree", "Disagree", "Agree", "Strongly Agree"]),
  },
  "agree-disagree-5": {
    label: "Agree / Disagree (5 points)",
    choices: scored(["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"]),
  },
  "score-1-5": { label: "Score 1–5", choices: scored(["1", "2", "3", "4", "5"], [1, 2, 3, 4, 5]) },
  "score-1-5-reversed": { label: "Score 5–1 (reversed)", choices: scored(["5", "4", "3", "2", "1"], [5, 4, 3, 2, 1]) },
  nps: {
    label: "Net Promoter Score (0–10)",
    choices: scored(Array.from({ length: 11 }, (_, i) => String(i))),
  },
  "likely-unlikely": {
    label: "Likely / Unlikely",
    choices: scored(["Very Unlikely", "Unlikely", "Neutral", "Likely", "Very Likely"]),
  },
};

export const SCALE_LABELS: Record<ScaleFamily, string> = {
  ...(Object.fromEntries(Object.entries(PREDEFINED).map(([k, v]) => [k, v.label])) as Record<Exclude<ScaleFamily, "custom">, string>),
  custom: "Custom items",
};

export function isScaleFamily(value: unknown): value is ScaleFamily {
  return typeof value === "string" && (SCALE_FAMILIES as readonly string[]).includes(value);
}

/** The label of the extra choice a question shows when its not-applicable option is on. */
export const NOT_APPLICABLE = "Not Applicable";

/** Custom items are typed one per line; empty lines are dropped (000 §5). */
export function customItemLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The choices of a question: a predefined family's own, or the custom items with their values.
 * Without numeric values, custom items are renumbered from 0 in order (000 §5); with them, each
 * item takes the value typed beside it (a missing one is 0, the value of a new choice, 000 §9).
 */
export function choicesFor(family: ScaleFamily, customItems = "", numericValue = false, values: Array<number | undefined> = []): Choice[] {
  if (family !== "custom") return PREDEFINED[family].choices.map((c) => ({ ...c }));
  return customItemLines(customItems).map((text, i) => ({ text, value: numericValue ? values[i] ?? 0 : i }));
}
