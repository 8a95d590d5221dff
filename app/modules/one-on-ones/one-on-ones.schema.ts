import { z } from "zod";
import { oneOnOnesCopy as t, sharedCopy } from "~/lib/copy";
import { TEXT_MAX } from "~/modules/blocks/answers";
import { prepQuestions, type PrepBlock } from "./prep-blocks";

/** Each note (shared, private) at most this long. */
export const NOTES_MAX = 10_000;

const requestId = z.string().min(1).max(100);

/** The prep survey form (browser on change and blur, and the action): a side's answers as `a.<blockId>.value`. */
export function prepSchema(blocks: readonly PrepBlock[]) {
  const questions = prepQuestions(blocks);
  return z
    .object({
      intent: z.literal("prep"),
      requestId,
      a: z
        .record(z.string(), z.object({ value: z.union([z.string().max(TEXT_MAX, `Keep the answer to ${TEXT_MAX} characters or fewer.`), z.array(z.string())]).optional() }))
        .optional(),
    })
    .superRefine((data, ctx) => {
      for (const q of questions) {
        const raw = data.a?.[q.id]?.value;
        const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) => v.trim()).filter(Boolean);
        const path = ["a", q.id, "value"];
        if (q.type === "choice") {
          const valid = new Set(q.choices.map((c) => String(c.value)));
          if (values.some((v) => !valid.has(v))) ctx.addIssue({ code: "custom", path, message: t.chooseOption });
          else if (q.required && values.length === 0) ctx.addIssue({ code: "custom", path, message: sharedCopy.required });
        } else if (q.textValue.required && values.length === 0) {
          ctx.addIssue({ code: "custom", path, message: sharedCopy.required });
        }
      }
    });
}

const note = z.string().max(NOTES_MAX, t.notesTooLong(NOTES_MAX)).optional();

/** 001 §5: notes need at least one of shared or private. */
export const NotesSchema = z
  .object({ intent: z.literal("notes"), requestId, sharedNotes: note, privateNotes: note })
  .superRefine((data, ctx) => {
    if (!data.sharedNotes?.trim() && !data.privateNotes?.trim()) {
      ctx.addIssue({ code: "custom", path: ["sharedNotes"], message: t.notesNeedOne });
    }
  });

export const CloseSchema = z.object({ intent: z.literal("close"), requestId });

/** The meeting page's one form union: prep answers, notes, close. */
export function meetingActionSchema(blocks: readonly PrepBlock[]) {
  return z.discriminatedUnion("intent", [prepSchema(blocks), NotesSchema, CloseSchema]);
}
