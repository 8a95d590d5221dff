import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiFeedbacks, oneOnOnes } from "~/db/schema";
import { answered, type WritePlan } from "~/db/write-plan";
import { sharedCopy } from "~/lib/copy";
import { analyseFeedback } from "~/modules/ai/analyser";
import type { CompetencyRef } from "~/modules/ai/types";
import { tagCatalogue } from "~/modules/feedback/give.server";
import { aiFeedbackRecord, changeCompetency, MAX_FEEDBACK_LENGTH, readingOf, type CompetencyList } from "./ai-feedback-rules";
import type { MeetingRequest } from "./writer-types";

/**
 * The AI feedback's write plans (001 §4, §5, §7), run by the meeting's single writer
 * (OneOnOneMeeting, `one-on-one:<id>`), so a version check and its write cannot race.
 *
 * Every change carries the text as it now stands (a rewrite was already written by the provider
 * in the action: a slow model never holds the meeting's queue) and the version the form was
 * built on. The plan checks the reviewer, the company, the meeting, that the feedback is not
 * submitted and that the version is current, then reads the text with the embedded analyser
 * against the company's competencies and stores the text with its whole reading, version + 1.
 * A refusal writes nothing.
 */

const E = sharedCopy.aiCrafting.errors;

export type AiFeedbackCommand =
  | { type: "create"; oneOnOneId: string; aiFeedbackId: string; text: string; now: number }
  | { type: "save"; oneOnOneId: string; aiFeedbackId: string; expectedVersion: number; text: string; now: number }
  | {
      type: "competency";
      oneOnOneId: string;
      aiFeedbackId: string;
      expectedVersion: number;
      op: "add" | "remove";
      list: CompetencyList;
      competencyId: string;
      /** The text as typed, saved with the change when given (nothing typed is lost without JavaScript). */
      text: string;
      now: number;
    }
  | { type: "submit"; oneOnOneId: string; aiFeedbackId: string; expectedVersion: number; text: string; now: number };

export type AiFeedbackRefusal = "notFound" | "stale" | "submitted" | "empty" | "exists" | "invalid";

export type AiFeedbackAnswer =
  | { ok: true; aiFeedbackId: string; version: number }
  | { ok: false; reason: AiFeedbackRefusal; error: string; aiFeedbackId?: string };

const refuse = (reason: AiFeedbackRefusal, error: string, aiFeedbackId?: string): WritePlan<AiFeedbackAnswer> =>
  answered({ ok: false, reason, error, ...(aiFeedbackId ? { aiFeedbackId } : {}) });

export type AiFeedbackRow = typeof aiFeedbacks.$inferSelect;

/** The company's competencies with their behaviours: what the analyser tags with. */
export function companyCompetencies(db: Db, companyId: string): Promise<CompetencyRef[]> {
  return tagCatalogue(db, companyId);
}

function textError(text: string): string | null {
  if (!text.trim()) return E.empty;
  if (text.length > MAX_FEEDBACK_LENGTH) return E.tooLong(MAX_FEEDBACK_LENGTH);
  return null;
}

export async function planAiFeedbackCommand(db: Db, request: MeetingRequest, command: AiFeedbackCommand): Promise<WritePlan<AiFeedbackAnswer>> {
  const [meeting] = await db
    .select({ id: oneOnOnes.id, reviewerId: oneOnOnes.reviewerId, revieweeId: oneOnOnes.revieweeId })
    .from(oneOnOnes)
    .where(and(eq(oneOnOnes.id, command.oneOnOneId), eq(oneOnOnes.companyId, request.companyId)))
    .limit(1);
  // The reviewer alone crafts (app/modules/access/one-on-ones.server.ts mayCraft): anyone else finds nothing.
  if (!meeting || request.actorId === null || meeting.reviewerId !== request.actorId) return refuse("notFound", E.notReviewer);
  const [existing] = await db
    .select()
    .from(aiFeedbacks)
    .where(and(eq(aiFeedbacks.oneOnOneId, meeting.id), eq(aiFeedbacks.companyId, request.companyId)))
    .limit(1);

  if (command.type === "create") {
    if (existing) return refuse("exists", E.exists, existing.id);
    const error = textError(command.text);
    if (error) return refuse("empty", error);
    const reading = readingOf(command.text, analyseFeedback(command.text, await companyCompetencies(db, request.companyId)));
    const record = aiFeedbackRecord({ id: command.aiFeedbackId, companyId: request.companyId, meeting, reading, now: command.now });
    return {
      writes: [db.insert(aiFeedbacks).values({ ...record, createdAt: new Date(record.createdAt), updatedAt: new Date(record.updatedAt), submittedAt: null })],
      answer: { ok: true, aiFeedbackId: record.id, version: record.version },
    };
  }

  if (!existing || existing.id !== command.aiFeedbackId) return refuse("notFound", E.notReviewer);
  if (existing.isSubmitted) return refuse("submitted", E.submitted);
  if (existing.version !== command.expectedVersion) return refuse("stale", E.stale);

  let text = command.text;
  if (command.type === "competency" && !text.trim()) text = existing.userFeedback;
  const error = textError(text);
  if (error) return refuse("empty", error);

  const catalogue = await companyCompetencies(db, request.companyId);
  const previous = { strength: existing.strengthCompetency, development: existing.developmentAreaCompetency };
  const reading = readingOf(text, analyseFeedback(text, catalogue), previous);
  if (command.type === "competency") {
    if (command.op === "add" && !catalogue.some((c) => c.id === command.competencyId)) return refuse("invalid", E.unknownCompetency);
    const changed = changeCompetency({ strength: reading.strengthCompetency, development: reading.developmentAreaCompetency }, command);
    if (!changed.ok) return refuse("invalid", changed.reason === "alreadyTagged" ? E.alreadyTagged : E.notTagged);
    reading.strengthCompetency = changed.strength;
    reading.developmentAreaCompetency = changed.development;
  }
  const submitting = command.type === "submit";
  const version = existing.version + 1;
  const now = new Date(command.now);
  return {
    writes: [
      db
        .update(aiFeedbacks)
        .set({ ...reading, version, updatedAt: now, ...(submitting ? { isSubmitted: true, submittedAt: now } : {}) })
        .where(and(eq(aiFeedbacks.id, existing.id), eq(aiFeedbacks.companyId, request.companyId), eq(aiFeedbacks.version, existing.version))),
    ],
    answer: { ok: true, aiFeedbackId: existing.id, version },
  };
}
