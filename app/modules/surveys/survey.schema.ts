import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import {
  AT_LEAST_ONE_CHOICE,
  checkbox,
  checkFlatQuestion,
  checkLabel,
  flatQuestionFields,
  MAX_CHOICES,
  text,
  type Issue,
} from "~/modules/blocks/blocks.schema";
import { flatQuestionFields as formOfFlatQuestion, newFlatQuestion, type Platform } from "~/modules/blocks/convert";
import { MIN_VALUE_0 } from "~/modules/blocks/types";
import { flagsOf, TEMPLATE_NAME_REQUIRED, TEMPLATE_VISIBILITIES, visibilityOf, type TemplateVisibility } from "./library.schema";
import {
  SURVEY_BLOCK_TYPES,
  toSurveyQuestion,
  type ChoiceBlock,
  type GroupBlock,
  type GroupQuestion,
  type SurveyBlock,
  type SurveyBlockType,
} from "./blocks";

/**
 * The survey builder's form (001 §2 "Survey builder", §5): the name and the blocks, and the
 * "Create or Update Template" dialog. One zod schema for browser and server, with the §5 messages.
 * Each block is one flat object (a group's questions a list of them) so Conform's list intents
 * (insert, remove, reorder) work with and without JavaScript.
 *
 * Custom choices: on Slack-type one row per choice (text and a numeric value ≥ 0, 'MinValue0');
 * on Teams-type one per line in a text box, empty lines dropped (001 §5), valued 0, 1, 2… in order.
 */

const REQUIRED = sharedCopy.required;
export { AT_LEAST_ONE_CHOICE, MIN_VALUE_0 };
/** 001 §2: the survey name's label. */
export const NAME_LABEL = "Name *";
export const SURVEY_LIBRARY_PATH = "/surveys/survey-library";
export const surveyBuilderPath = (id: string) => `${SURVEY_LIBRARY_PATH}/${encodeURIComponent(id)}`;
export const surveyAudiencePath = (id: string) => `${surveyBuilderPath(id)}/survey-audience`;

export const MAX_BLOCKS = 200;
export const MAX_GROUP_QUESTIONS = 100;

/** 001 §4: what a locked question refuses, and who may lock or unlock one. */
export const LOCKED_QUESTION = "This question is locked: it cannot be edited, moved, duplicated or deleted.";
export const LOCK_NOT_ALLOWED = "You do not have permission to lock or unlock survey questions.";

/**
 * 001 §2, §6: who sees a custom template. The values and their stored flags are the templates
 * page's (library.schema.ts), so a template written here reads the same there.
 */
export { flagsOf as visibilityFlags, TEMPLATE_VISIBILITIES, visibilityOf, type TemplateVisibility };
export const TEMPLATE_VISIBILITY_LABELS: Record<TemplateVisibility, string> = {
  everyone: "Everyone",
  workspaceAdmins: "Workspace admins",
  superAdmin: "Super admin",
};

// ---------------------------------------------------------------------------------------------
// Form shape
// ---------------------------------------------------------------------------------------------

const questionFields = { ...flatQuestionFields, isLocked: checkbox, track: checkbox };

const QUESTION_TYPES = ["static-text", "text-input", "choice"] as const;

/** What each question type needs (001 §5), on the block so one bad field does not hide another. */
export const QuestionFormSchema = z.object({ ...questionFields, type: z.enum(QUESTION_TYPES) }).superRefine((q, ctx) => {
  checkFlatQuestion(q, (path, message) => ctx.addIssue({ code: "custom", path, message }));
});
export type QuestionForm = z.infer<typeof QuestionFormSchema>;

export const BlockFormSchema = z
  .object({
    ...questionFields,
    type: z.enum(SURVEY_BLOCK_TYPES),
    /** Group only. */
    description: text(2000),
    questions: z.array(QuestionFormSchema).max(MAX_GROUP_QUESTIONS, `Use at most ${MAX_GROUP_QUESTIONS} questions.`).optional(),
  })
  .superRefine((block, ctx) => {
    const at: Issue = (path, message) => ctx.addIssue({ code: "custom", path, message });
    if (block.type === "group") return checkLabel(block, at);
    checkFlatQuestion(block, at);
  });
export type BlockForm = z.infer<typeof BlockFormSchema>;

/** The intents that save (the others are Conform list intents or the no-JavaScript Full Preview). */
export const SAVE_INTENTS = ["save", "next", "template"] as const;
export type SaveIntent = (typeof SAVE_INTENTS)[number];

export const SurveyBuilderSchema = z
  .object({
    intent: z.enum(SAVE_INTENTS).optional(),
    name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
    blocks: z.array(BlockFormSchema).max(MAX_BLOCKS, `Use at most ${MAX_BLOCKS} blocks.`).default([]),
    /** The template dialog: which custom template to update ("" = a new one), its title, desc and visibility. */
    templateId: z.string().max(100).optional(),
    templateTitle: text(200),
    templateDesc: text(2000),
    templateVisibility: z.enum(TEMPLATE_VISIBILITIES).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.intent !== "template") return;
    // 001 §5: "Template name required."
    if (!form.templateTitle) ctx.addIssue({ code: "custom", path: ["templateTitle"], message: TEMPLATE_NAME_REQUIRED });
    if (!form.templateVisibility) ctx.addIssue({ code: "custom", path: ["templateVisibility"], message: REQUIRED });
  });
export type SurveyBuilderForm = z.infer<typeof SurveyBuilderSchema>;

/** The template dialog on its own (001 §5 "Template name required"), for other pages that write templates. */
export const SurveyTemplateSchema = z.object({
  templateTitle: z.string({ error: TEMPLATE_NAME_REQUIRED }).trim().min(1, TEMPLATE_NAME_REQUIRED).max(200, "Use at most 200 characters."),
  templateDesc: text(2000),
  templateVisibility: z.enum(TEMPLATE_VISIBILITIES, { error: REQUIRED }),
});

// ---------------------------------------------------------------------------------------------
// New blocks, and conversions between the form and the stored blocks (blocks.ts).
// ---------------------------------------------------------------------------------------------

export type { Platform };

/** A new block as the builder adds it: a text input is not required and has the default placeholder (001 §5). */
export function newBlock(type: SurveyBlockType, key: string, platform: Platform): BlockForm {
  if (type === "group") return { key, type, label: "", description: "", questions: [] };
  return newFlatQuestion(type, key, platform);
}

const storedQuestion = (q: QuestionForm | (BlockForm & { type: QuestionForm["type"] })) => toSurveyQuestion(q);

/** The stored blocks of a valid form; ids are the form keys (the server replaces new keys). */
export function toStoredBlocks(blocks: BlockForm[]): SurveyBlock[] {
  return blocks.map((block): SurveyBlock => {
    if (block.type === "group") {
      return {
        id: block.key,
        type: "group",
        label: block.label ?? "",
        description: block.description ?? "",
        questions: (block.questions ?? []).map(storedQuestion),
      };
    }
    return storedQuestion(block as BlockForm & { type: QuestionForm["type"] });
  });
}

function formQuestion(q: GroupQuestion, platform: Platform): QuestionForm {
  const { key, ...fields } = formOfFlatQuestion(q, platform);
  return { key, ...(q.isLocked ? { isLocked: true } : {}), ...fields, ...(q.type === "choice" ? { track: q.track } : {}) };
}

/** The form value that edits stored blocks. */
export function toFormBlocks(blocks: SurveyBlock[], platform: Platform): BlockForm[] {
  return blocks.map((block): BlockForm => {
    if (block.type === "group") {
      return {
        key: block.id,
        type: "group",
        label: block.label,
        description: block.description,
        questions: block.questions.map((q) => formQuestion(q, platform)),
      };
    }
    return formQuestion(block, platform);
  });
}

// ---------------------------------------------------------------------------------------------
// Locking (001 §4): a tracked choice question is locked for good once saved; a person with
// LockUnlockSurveyQuestion may lock or unlock an untracked one. Pure, so the server enforces it
// against the stored blocks and the UI uses the same rules.
// ---------------------------------------------------------------------------------------------

/** Permanently locked: locked and tracked; no one may unlock it. */
export const isPermanentlyLocked = (q: { isLocked?: boolean; track?: boolean } | undefined) => Boolean(q?.isLocked && q.track);

/** What a question says, without its id and lock (two equal contents are the same question). */
export function questionContent(q: GroupQuestion): string {
  switch (q.type) {
    case "static-text":
      return JSON.stringify([q.type, q.value]);
    case "text-input":
      return JSON.stringify([q.type, q.label, q.placeholder, q.required]);
    case "choice":
      return JSON.stringify([
        q.type,
        q.label,
        q.selectedOption,
        q.choices.map((c) => [c.text, c.value]),
        q.required,
        q.dropdown,
        q.multipleAnswers,
        q.commentBox,
        q.commentBoxGuide,
        q.track,
        Boolean(q.notApplicable),
      ]);
  }
}

interface Placed {
  q: GroupQuestion;
  /** null at the top level, else the group's id. */
  parent: string | null;
}

function placedQuestions(blocks: SurveyBlock[]): Placed[] {
  return blocks.flatMap((b): Placed[] => (b.type === "group" ? b.questions.map((q) => ({ q, parent: b.id })) : [{ q: b, parent: null }]));
}

/** The ids of the list a question sits in (the top level, or its group's questions). */
function siblingIds(blocks: SurveyBlock[], parent: string | null): string[] {
  if (parent === null) return blocks.map((b) => b.id);
  const group = blocks.find((b) => b.id === parent);
  return group?.type === "group" ? group.questions.map((q) => q.id) : [];
}

/**
 * The effective lock of each submitted choice question: a tracked one is locked by the save; an
 * untracked one keeps its stored lock unless the person may lock and unlock. `refused` is true when
 * someone without that permission tried to change a lock.
 */
export function applyLocks(
  stored: SurveyBlock[],
  next: SurveyBlock[],
  canLockUnlock: boolean
): { blocks: SurveyBlock[]; refused: boolean } {
  const before = new Map(placedQuestions(stored).map((p) => [p.q.id, p.q]));
  let refused = false;
  const lock = <Q extends GroupQuestion>(q: Q): Q => {
    const old = before.get(q.id);
    const wanted = Boolean(q.isLocked);
    const had = Boolean(old?.isLocked);
    let locked: boolean;
    if (q.type === "choice" && q.track) locked = true;
    else if (q.type !== "choice") locked = wanted && had;
    else if (canLockUnlock) locked = wanted;
    else {
      if (wanted !== had) refused = true;
      locked = had;
    }
    // Locking is for choice questions; a stored lock on anything else is kept as it was.
    if (q.type !== "choice" && wanted !== had && !canLockUnlock) refused = true;
    const { isLocked: _drop, ...rest } = q;
    return (locked ? { ...rest, isLocked: true } : rest) as Q;
  };
  const blocks = next.map((b): SurveyBlock => (b.type === "group" ? { ...b, questions: b.questions.map(lock) } : lock(b)));
  return { blocks, refused };
}

/**
 * The locked questions the submitted blocks would change (001 §4): each stored question that is
 * still locked after the save must be there once, in the same list, saying the same thing, with
 * the other stored blocks of its list on the same side of it, and with no new copy of it. A group
 * holding a locked question keeps its place at the top level the same way and cannot be removed.
 * `content` reads a submitted question as the stored one would read after a round trip through
 * the form, so a lossless edit is not mistaken for a change. Returns the ids refused.
 */
export function lockViolations(stored: SurveyBlock[], next: SurveyBlock[], content = questionContent): string[] {
  const bad = new Set<string>();
  const nextPlaced = placedQuestions(next);
  const storedIds = new Set([...stored.map((b) => b.id), ...placedQuestions(stored).map((p) => p.q.id)]);
  const samePlace = (id: string, storedList: string[], nextList: string[]) => {
    const present = new Set(nextList);
    const kept = storedList.filter((x) => present.has(x));
    const nextKept = nextList.filter((x) => storedIds.has(x));
    const i = kept.indexOf(id);
    const j = nextKept.indexOf(id);
    if (i < 0 || j < 0) return false;
    const a = new Set(kept.slice(0, i));
    const b = nextKept.slice(0, j);
    return b.length === a.size && b.every((x) => a.has(x));
  };
  for (const { q, parent } of placedQuestions(stored)) {
    if (!q.isLocked) continue;
    const found = nextPlaced.filter((p) => p.q.id === q.id);
    // Unlocked by someone allowed to (applyLocks decided): no longer protected.
    if (found.length === 1 && !found[0].q.isLocked && !isPermanentlyLocked(q)) continue;
    const expected = content(q);
    if (found.length !== 1) bad.add(q.id);
    else if (found[0].parent !== parent || !found[0].q.isLocked || content(found[0].q) !== expected) bad.add(q.id);
    else if (!samePlace(q.id, siblingIds(stored, parent), siblingIds(next, parent))) bad.add(q.id);
    else if (
      parent !== null &&
      !samePlace(
        parent,
        stored.map((b) => b.id),
        next.map((b) => b.id)
      )
    )
      bad.add(q.id);
    // A copy: a new question that says exactly what the locked one says.
    if (nextPlaced.some((p) => !storedIds.has(p.q.id) && content(p.q) === expected)) bad.add(q.id);
  }
  return [...bad];
}

/** Every id in the blocks, groups' questions included. */
export function allIds(blocks: SurveyBlock[]): string[] {
  return blocks.flatMap((b) => (b.type === "group" ? [b.id, ...b.questions.map((q) => q.id)] : [b.id]));
}

/**
 * Fresh ids for what the builder added (short keys) and for any repeated id; stored ids are kept.
 * Template copies get fresh ids throughout (`all`), and no lock.
 */
export function withIds(blocks: SurveyBlock[], keep: Set<string>, fresh: () => string = () => crypto.randomUUID()): SurveyBlock[] {
  const seen = new Set<string>();
  const idFor = (id: string) => {
    const out = keep.has(id) && !seen.has(id) ? id : fresh();
    seen.add(out);
    return out;
  };
  return blocks.map((b): SurveyBlock => {
    if (b.type === "group") return { ...b, id: idFor(b.id), questions: b.questions.map((q) => ({ ...q, id: idFor(q.id) })) };
    return { ...b, id: idFor(b.id) };
  });
}

/** A template's copy of the blocks: fresh ids and no lock (a survey made from it locks its tracked questions on save). */
export function templateBlocks(blocks: SurveyBlock[]): SurveyBlock[] {
  const strip = <Q extends GroupQuestion>(q: Q): Q => {
    const { isLocked: _drop, ...rest } = q;
    return rest as Q;
  };
  return withIds(
    blocks.map((b): SurveyBlock => (b.type === "group" ? { ...b, questions: b.questions.map(strip) } : strip(b))),
    new Set()
  );
}

export type { ChoiceBlock, GroupBlock, GroupQuestion };
export type { ScaleFamily } from "~/modules/blocks/scales";
