import { sharedCopy } from "~/lib/copy";
import type { FeedbackTemplateBlock } from "./feedback-blocks.ts";
import type { FeedbackTextField } from "./item-record.ts";
import type { BehaviourType, DimensionInfo, FeedbackFormat, FeedbackKind, LoopType } from "./loop-types.ts";

/**
 * Giving feedback (002 §3 "Feedback item", §9 formats and behaviour types): which fields each
 * format asks for, which kind an item of a loop is, and the competency tags as dimension infos.
 * Pure and client-safe, so the pages, their schema and the write plans agree.
 */

/** The text fields of each format, in form order (names as item-record.ts stores them). */
export const FORMAT_FIELDS: Record<FeedbackFormat, readonly FeedbackTextField[]> = {
  SBI: ["situationText", "behaviorText", "impactText", "sbiNextStepText"],
  SaD: ["strengthText", "developmentAreaText", "sdNextStepText"],
  FreeText: ["feedbackText"],
};

/** Every format's fields but its next step are required. */
export const REQUIRED_FIELDS: Record<FeedbackFormat, readonly FeedbackTextField[]> = {
  SBI: ["situationText", "behaviorText", "impactText"],
  SaD: ["strengthText", "developmentAreaText"],
  FreeText: ["feedbackText"],
};

export const FIELD_LABELS: Record<FeedbackTextField, string> = {
  situationText: "Situation",
  behaviorText: "Behaviour",
  impactText: "Impact",
  sbiNextStepText: "Next step",
  strengthText: "Strengths",
  developmentAreaText: "Development areas",
  sdNextStepText: "Next step",
  feedbackText: "Feedback",
};

export const FIELD_HINTS: Partial<Record<FeedbackTextField, string>> = {
  situationText: "When and where did it happen?",
  behaviorText: "What did they do or say?",
  impactText: "What did it lead to?",
  sbiNextStepText: "What could they do next?",
  strengthText: "What do they do well?",
  developmentAreaText: "Where could they grow?",
  sdNextStepText: "What could they do next?",
};

export const FORMAT_LABELS: Record<FeedbackFormat, string> = {
  SBI: "Situation, behaviour, impact",
  SaD: "Strengths and development areas",
  FreeText: "Free text",
};

export const isFeedbackFormat = (value: unknown): value is FeedbackFormat => value === "SBI" || value === "SaD" || value === "FreeText";

export { FEEDBACK_KIND_TITLES, LOOP_ITEM_KIND } from "./loop-types";

export const BEHAVIOUR_TYPE_LABELS: Record<BehaviourType, string> = { strength: "Strength", developmentArea: "Development area" };

/** The form's tags: the competencies chosen (`competency`) and each behaviour's tag (`behaviour.<id>`). */
export interface Tags {
  competencyIds: readonly string[];
  behaviours: Readonly<Record<string, BehaviourType | "" | undefined>>;
}

export interface TagCatalogue {
  id: string;
  name: string;
  behaviours: Array<{ id: string; name: string }>;
}

/**
 * The dimension infos of the tags (002 §3): each chosen competency, and each competency of a
 * tagged behaviour, with its tagged behaviours as focus areas (str for a strength, sug for a
 * development area). Ids the catalogue does not hold (another company's, made up) are dropped.
 */
export function dimensionInfosOf(tags: Tags, catalogue: readonly TagCatalogue[]): DimensionInfo[] {
  const chosen = new Set(tags.competencyIds);
  const out: DimensionInfo[] = [];
  for (const competency of catalogue) {
    const focusAreas = competency.behaviours
      .filter((b) => tags.behaviours[b.id] === "strength" || tags.behaviours[b.id] === "developmentArea")
      .map((b) => ({ id: b.id, str: tags.behaviours[b.id] === "strength", sug: tags.behaviours[b.id] === "developmentArea", suggestions: [] }));
    if (chosen.has(competency.id) || focusAreas.length > 0) out.push({ id: competency.id, focusAreas });
  }
  return out;
}

/** The value blocks of a template, groups opened up, that take an answer (titles and subtitles do not). */
export function answerableTemplateBlocks(blocks: readonly FeedbackTemplateBlock[]) {
  return blocks
    .flatMap((b) => (b.type === "group" ? b.questions : [b]))
    .filter((b): b is Extract<FeedbackTemplateBlock, { type: "short-text" | "long-text" | "multi-select" }> =>
      b.type === "short-text" || b.type === "long-text" || b.type === "multi-select"
    );
}

/** Messages of giving feedback (the copy dictionary's). */
export const GIVE_MESSAGES = {
  sent: sharedCopy.feedbackSent,
  oncePerRun: sharedCopy.feedbackOncePerRun,
  alreadyGiven: sharedCopy.feedbackAlreadyGiven,
  alreadyGivenCompany: sharedCopy.feedbackAlreadyGivenCompany,
  closed: sharedCopy.feedbackRunClosed,
  checkForm: sharedCopy.feedbackCheckForm,
  chooseColleague: sharedCopy.feedbackChooseColleague,
  anonymous: sharedCopy.feedbackAnonymousNote,
  requestSent: sharedCopy.feedbackRequestSent,
  requestAnswered: sharedCopy.feedbackRequestAnswered,
  requestDeclined: sharedCopy.feedbackRequestDeclined,
  praiseSent: sharedCopy.feedbackPraiseSent,
} as const;

/** A posted form as field name → its value (several for a repeated name), to show it again with its errors. */
export function postedValues(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === "requestId") continue;
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}
