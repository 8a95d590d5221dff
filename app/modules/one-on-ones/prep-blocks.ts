import { BLOCK_TYPE_TITLES, DEFAULT_PLACEHOLDER, type ChoiceBlock, type HeadingBlock, type TextBlock } from "../blocks/types";
import type { PrepAnswers } from "./one-on-one-types";

/**
 * A meeting's prep survey (its agenda's blocks, 001 §3 "Prep survey answer": sub-title, short
 * text, long text, choice) as the kernel's block types. Agendas are stored as the workflow
 * library stores them (value blocks for headings and texts, the flat choice block); an agenda
 * written with the older per-type value keys (`subtitleValue`, `longTextValue`, `shortTextValue`)
 * is read the same way, so every stored meeting renders. Zod-free: the pages, the schema and the
 * write plan share it.
 */
export type PrepBlock = HeadingBlock | TextBlock | ChoiceBlock;
export type PrepQuestion = TextBlock | ChoiceBlock;

type Loose = Record<string, unknown> & { id?: unknown; type?: unknown };

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === "string" ? v : "");

export function prepBlocks(stored: readonly unknown[] | null | undefined): PrepBlock[] {
  const out: PrepBlock[] = [];
  for (const raw of stored ?? []) {
    const b = obj(raw) as Loose;
    const id = str(b.id);
    if (!id) continue;
    if (b.type === "title" || b.type === "subtitle") {
      const value = obj(b.titleValue ?? b[`${b.type}Value`]);
      out.push({ id, type: b.type, typeTitle: BLOCK_TYPE_TITLES[b.type], titleValue: { text: str(value.text) } });
    } else if (b.type === "short-text" || b.type === "long-text") {
      const value = obj(b.textValue ?? b[b.type === "short-text" ? "shortTextValue" : "longTextValue"]);
      out.push({
        id,
        type: b.type,
        typeTitle: BLOCK_TYPE_TITLES[b.type],
        textValue: { label: str(value.label), placeholder: str(value.placeholder) || DEFAULT_PLACEHOLDER, required: value.required === true },
      });
    } else if (b.type === "choice" && Array.isArray(b.choices)) {
      out.push(b as unknown as ChoiceBlock);
    }
  }
  return out;
}

export function prepQuestions(blocks: readonly PrepBlock[]): PrepQuestion[] {
  return blocks.filter((b): b is PrepQuestion => b.type !== "title" && b.type !== "subtitle");
}

/** A question's field name in the prep form (the kernel's answer names). */
export const prepFieldName = (blockId: string) => `a.${blockId}.value`;

/** A parsed form's answers (`a[blockId].value`) as stored answers: texts trimmed, choices as their numbers, unknown ids dropped. */
export function prepAnswersOf(blocks: readonly PrepBlock[], posted: Record<string, { value?: string | string[] } | undefined> | undefined): PrepAnswers {
  const answers: PrepAnswers = {};
  for (const q of prepQuestions(blocks)) {
    const raw = posted?.[q.id]?.value;
    const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) => v.trim()).filter(Boolean);
    if (q.type === "choice") {
      const valid = new Set(q.choices.map((c) => c.value));
      const picked = values.map(Number).filter((n) => valid.has(n));
      answers[q.id] = { value: q.multipleAnswers ? (picked.length ? picked : null) : (picked[0] ?? null) };
    } else {
      answers[q.id] = { value: values[0] ?? null };
    }
  }
  return answers;
}

/** How a stored answer reads: the text, or the chosen options' texts; empty when unanswered. */
export function answerText(q: PrepQuestion, answer: { value: unknown } | undefined): string {
  const v = answer?.value;
  if (v === null || v === undefined || v === "") return "";
  if (q.type !== "choice") return String(v);
  const picked = Array.isArray(v) ? v : [v];
  return q.choices
    .filter((c) => picked.includes(c.value))
    .map((c) => c.text)
    .join(", ");
}

export const isHeading = (b: PrepBlock): b is HeadingBlock => b.type === "title" || b.type === "subtitle";
