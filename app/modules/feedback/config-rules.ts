import type { LoopBlock } from "./feedback-blocks";
import type { FeedbackFormat } from "./loop-types";

/**
 * Pure rules of the configuration page: reading an uploaded file's rows as e-mail pairs, and
 * whether a loop asks its senders anything (the launch check's first requirement).
 */

export interface EmailPair {
  sender: string;
  receiver: string;
  /** Which side is not an active member (unverified pairs only). */
  senderOk?: boolean;
  receiverOk?: boolean;
}
export type UploadOutcome =
  | { ok: true; verified: EmailPair[]; unverified: EmailPair[]; added: number }
  | { ok: false; message: string; unverified: EmailPair[] };

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each row's first two e-mails as a pair; a header row (no e-mail in it) is skipped. */
export function emailPairsOf(rows: string[][]): EmailPair[] {
  const out: EmailPair[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const cells = row.map((c) => c.trim().toLowerCase()).filter(Boolean);
    if (cells.length === 0 || !cells.some((c) => EMAIL.test(c))) continue;
    const [sender = "", receiver = ""] = cells;
    const key = `${sender}\u0000${receiver}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ sender, receiver });
  }
  return out;
}


/** Whether the loop asks its senders anything (a predefined format, or a block they answer). */
export function hasQuestions(loop: { templateFormat: FeedbackFormat | null; blocks: readonly LoopBlock[] }): boolean {
  if (loop.templateFormat) return true;
  return loop.blocks.some((b) =>
    b.type === "group" ? b.questions.some((q) => q.type !== "title" && q.type !== "subtitle") : b.type !== "title" && b.type !== "subtitle"
  );
}

