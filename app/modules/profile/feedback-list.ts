import { validDay } from "~/modules/insights/filters";
import type { LoopBlock } from "~/modules/feedback/feedback-blocks";
import { FIELD_LABELS, FORMAT_FIELDS } from "~/modules/feedback/give";
import { FEEDBACK_TEXT_FIELDS, type FeedbackTextField } from "~/modules/feedback/item-record";
import {
  BEHAVIOUR_TYPES,
  FEEDBACK_KINDS,
  type BehaviourType,
  type FeedbackAnswers,
  type FeedbackFormat,
  type FeedbackKind,
} from "~/modules/feedback/loop-types";

/**
 * The filters of a profile's Feedback tab (002 §2.5 "Advanced filters"), read from the page's query
 * string so the tab works as a GET form without JavaScript: search, feedbackType, member,
 * competency, behaviour, behaviourType, startDate, endDate. Lenient on purpose: a missing,
 * malformed or unknown value is ignored (never an error page); an end before the start is
 * cleared (002 §5). No dates = all time. Pure and client-safe: the form shows what the loader used.
 */

export interface FeedbackListFilters {
  search: string;
  feedbackType: FeedbackKind | "";
  /** A sender's id: honoured only for a viewer with ViewFeedbackSenderFilter. */
  member: string;
  competency: string;
  behaviour: string;
  behaviourType: BehaviourType | "";
  startDate: string;
  endDate: string;
}

export const EMPTY_FEEDBACK_FILTERS: FeedbackListFilters = {
  search: "",
  feedbackType: "",
  member: "",
  competency: "",
  behaviour: "",
  behaviourType: "",
  startDate: "",
  endDate: "",
};

/** 002 §9 "Feedback list page limit 5000". */
export const FEEDBACK_LIST_LIMIT = 5000;
/** 002 §9 "feedback card previews at most 2 non-title blocks". */
export const PREVIEW_BLOCKS = 2;
/** Longest search text honoured; a longer one is cut. */
export const SEARCH_MAX = 200;
/** The query parameter that opens an item's Details dialog. */
export const DETAIL_PARAM = "feedback";
/** The gate of the sender filter (002 §6 named gates). */
export const SENDER_FILTER_GATE = "ViewFeedbackSenderFilter";

/** What the viewer's company holds, to drop ids that name nothing (optional: without it ids are kept as typed). */
export interface FilterCatalogue {
  competencies: ReadonlyArray<{ id: string; behaviours: ReadonlyArray<{ id: string }> }>;
  /** The senders the viewer may filter by; null when the viewer may not filter by sender. */
  senderIds: readonly string[] | null;
}

const ID_MAX = 200;
const cleanId = (value: string | null) => {
  const v = (value ?? "").trim();
  return v && v.length <= ID_MAX ? v : "";
};

export function parseFeedbackListFilters(params: URLSearchParams, catalogue?: FilterCatalogue): FeedbackListFilters {
  const search = (params.get("search") ?? "").trim().slice(0, SEARCH_MAX);
  const askedType = params.get("feedbackType") ?? "";
  const feedbackType = (FEEDBACK_KINDS as readonly string[]).includes(askedType) ? (askedType as FeedbackKind) : "";
  const askedBehaviourType = params.get("behaviourType") ?? "";
  const behaviourType = (BEHAVIOUR_TYPES as readonly string[]).includes(askedBehaviourType) ? (askedBehaviourType as BehaviourType) : "";
  let competency = cleanId(params.get("competency"));
  let behaviour = cleanId(params.get("behaviour"));
  let member = cleanId(params.get("member"));
  if (catalogue) {
    const chosen = catalogue.competencies.find((c) => c.id === competency);
    if (!chosen) competency = "";
    const behaviours = chosen ? chosen.behaviours : catalogue.competencies.flatMap((c) => c.behaviours);
    if (!behaviours.some((b) => b.id === behaviour)) behaviour = "";
    if (!catalogue.senderIds || !catalogue.senderIds.includes(member)) member = "";
  }
  const startDate = validDay(params.get("startDate")) ?? "";
  let endDate = validDay(params.get("endDate")) ?? "";
  // 002 §5: "choosing an earlier end clears it".
  if (startDate && endDate && endDate < startDate) endDate = "";
  return { search, feedbackType, member, competency, behaviour, behaviourType, startDate, endDate };
}

/** The advanced filters are in use ('Advanced View' opens by itself). */
export function hasAdvancedFilters(filters: FeedbackListFilters): boolean {
  return Boolean(
    filters.feedbackType || filters.member || filters.competency || filters.behaviour || filters.behaviourType || filters.startDate || filters.endDate
  );
}

/** The query string of the filters, set values only, in the form's order (links, the PDF request, the way back after a download). */
export function feedbackListQuery(filters: FeedbackListFilters): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of ["search", "startDate", "endDate", "feedbackType", "member", "competency", "behaviour", "behaviourType"] as const) {
    if (filters[key]) q.set(key, filters[key]);
  }
  return q;
}

/** The first UTC millisecond of a day and of the day after it: a range over sent_at by UTC day. */
export function dayBounds(filters: Pick<FeedbackListFilters, "startDate" | "endDate">): { from: number | null; before: number | null } {
  return {
    from: filters.startDate ? Date.parse(`${filters.startDate}T00:00:00.000Z`) : null,
    before: filters.endDate ? Date.parse(`${filters.endDate}T00:00:00.000Z`) + 86_400_000 : null,
  };
}

// ---------------------------------------------------------------------------------------------
// What a card and the Details dialog say of an item's answers.
// ---------------------------------------------------------------------------------------------

/** An item's answers as stored: the format's texts, or the template's blocks and their answers. */
export interface ItemAnswers {
  templateType: FeedbackFormat | null;
  texts: Partial<Record<FeedbackTextField, string | null>>;
  blocks: readonly LoopBlock[];
  answers: FeedbackAnswers;
}

export interface AnswerEntry {
  label: string;
  text: string;
}

type AnyBlock = { id: string; type: string } & Record<string, unknown>;

function blockLabel(block: AnyBlock): string {
  for (const key of ["textValue", "multiSelectValue", "shortTextValue", "longTextValue"]) {
    const value = block[key] as { label?: unknown } | undefined;
    if (value && typeof value.label === "string") return value.label;
  }
  return typeof block.label === "string" ? block.label : "";
}

function choiceTexts(block: AnyBlock): Array<{ value: number; text: string }> {
  const holder = (block.multiSelectValue as { choices?: unknown } | undefined) ?? block;
  const choices = (holder as { choices?: unknown }).choices;
  return Array.isArray(choices) ? (choices as Array<{ value: number; text: string }>) : [];
}

function answerOf(block: AnyBlock, answer: FeedbackAnswers[string] | undefined): string {
  if (!answer) return "";
  const value = answer.value;
  let text = "";
  if (typeof value === "string") text = value.trim();
  else if (typeof value === "number" || Array.isArray(value)) {
    const choices = choiceTexts(block);
    text = (Array.isArray(value) ? value : [value]).map((v) => choices.find((c) => c.value === v)?.text ?? String(v)).join(", ");
  }
  const comment = typeof answer.comment === "string" ? answer.comment.trim() : "";
  return [text, comment].filter(Boolean).join(" — ");
}

const HEADINGS = new Set(["title", "subtitle", "static-text"]);

/**
 * Every answer of an item, in order: the template's non-title blocks that were answered (groups
 * opened up), or else the filled fields of its format (SBI, SaD, free text) with their labels.
 */
export function answerEntries(item: ItemAnswers): AnswerEntry[] {
  const blocks = (item.blocks as unknown as AnyBlock[]).flatMap((b) =>
    b.type === "group" && Array.isArray(b.questions) ? (b.questions as AnyBlock[]) : [b]
  );
  const fromBlocks = blocks
    .filter((b) => !HEADINGS.has(b.type))
    .map((b) => ({ label: blockLabel(b), text: answerOf(b, item.answers[b.id]) }))
    .filter((e) => e.text);
  if (fromBlocks.length > 0) return fromBlocks;
  const fields: readonly FeedbackTextField[] = item.templateType ? FORMAT_FIELDS[item.templateType] : FEEDBACK_TEXT_FIELDS;
  return fields.map((f) => ({ label: FIELD_LABELS[f], text: (item.texts[f] ?? "").trim() })).filter((e) => e.text);
}

/** A card's preview: the first PREVIEW_BLOCKS answers (002 §2.5, §9). */
export function previewEntries(item: ItemAnswers): AnswerEntry[] {
  return answerEntries(item).slice(0, PREVIEW_BLOCKS);
}
