import type { LoopBlock } from "./feedback-blocks.ts";
import type { DimensionInfo, FeedbackAnswers, FeedbackFormat, FeedbackKind, FeedbackSource } from "./loop-types.ts";

/**
 * What one piece of feedback writes (002 §3 "Feedback item"): the item row and the count
 * increments it makes, as plain data. The server turns the increments into upserts in the same D1
 * batch as the item; the seed, which writes through the same function, sums them. So the counts
 * insights read are always the counts of the items.
 *
 * Anonymity: an anonymous item keeps no sender and carries its run's deadline day (midnight UTC)
 * as its only time, so neither a column nor an order of rows says who sent it or when; it starts
 * hidden until its run closes with enough others (app/modules/access/feedback.server.ts), and its
 * increments (dated that day too) are applied when it is released, never when it is sent.
 */

export const FEEDBACK_TEXT_FIELDS = [
  "feedbackText",
  "situationText",
  "behaviorText",
  "impactText",
  "sbiNextStepText",
  "strengthText",
  "developmentAreaText",
  "sdNextStepText",
] as const;
export type FeedbackTextField = (typeof FEEDBACK_TEXT_FIELDS)[number];

export interface FeedbackInput {
  id?: string;
  companyId: string;
  source: FeedbackSource;
  feedbackType: FeedbackKind;
  feedbackTypeTitle: string;
  templateType: FeedbackFormat | null;
  texts: Partial<Record<FeedbackTextField, string | null>>;
  blocks?: LoopBlock[];
  answers?: FeedbackAnswers;
  dimensionInfos?: DimensionInfo[];
  senderId: string;
  receiverId: string;
  loopId?: string | null;
  runId?: string | null;
  requestId?: string | null;
  anonymous: boolean;
  isPublic?: boolean;
  /** When it was sent. */
  at: Date;
  /** An anonymous item's only time: its run's deadline. */
  runDeadline?: Date | null;
  /** Receiver is a person (false for feedback to the company). */
  receiverIsPerson?: boolean;
}

export interface FeedbackItemRow {
  id: string;
  companyId: string;
  source: FeedbackSource;
  feedbackType: FeedbackKind;
  feedbackTypeTitle: string;
  templateType: FeedbackFormat | null;
  feedbackText: string | null;
  situationText: string | null;
  behaviorText: string | null;
  impactText: string | null;
  sbiNextStepText: string | null;
  strengthText: string | null;
  developmentAreaText: string | null;
  sdNextStepText: string | null;
  blocks: LoopBlock[];
  answers: FeedbackAnswers;
  dimensionInfos: DimensionInfo[];
  senderId: string | null;
  receiverId: string;
  loopId: string | null;
  runId: string | null;
  requestId: string | null;
  anonymous: boolean;
  isPublic: boolean;
  visible: boolean;
  createdAt: Date;
  sentAt: Date;
}

export type DailyCountField = "sent" | "received" | "requested" | "praiseSent" | "praiseReceived";
export interface DailyIncrement {
  companyId: string;
  userId: string;
  day: string;
  field: DailyCountField;
}
export interface CompetencyIncrement {
  companyId: string;
  userId: string;
  day: string;
  competencyId: string;
  behaviourId: string;
  behaviourType: "strength" | "developmentArea" | "";
}

export interface FeedbackRecord {
  item: FeedbackItemRow;
  daily: DailyIncrement[];
  competencies: CompetencyIncrement[];
}

/** YYYY-MM-DD of a time, UTC (002 §9 dates in requests). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const midnightUtc = (at: Date) => new Date(`${dayOf(at)}T00:00:00.000Z`);

export function feedbackRecord(input: FeedbackInput): FeedbackRecord {
  const anonymous = input.anonymous;
  const stamp = anonymous ? midnightUtc(input.runDeadline ?? input.at) : input.at;
  const texts = Object.fromEntries(
    FEEDBACK_TEXT_FIELDS.map((f) => [f, (input.texts[f] ?? "").trim() || null])
  ) as Record<FeedbackTextField, string | null>;
  const item: FeedbackItemRow = {
    id: input.id ?? crypto.randomUUID(),
    companyId: input.companyId,
    source: input.source,
    feedbackType: input.feedbackType,
    feedbackTypeTitle: input.feedbackTypeTitle,
    templateType: input.templateType,
    ...texts,
    blocks: input.blocks ?? [],
    answers: input.answers ?? {},
    dimensionInfos: input.dimensionInfos ?? [],
    senderId: anonymous ? null : input.senderId,
    receiverId: input.receiverId,
    loopId: input.loopId ?? null,
    runId: input.runId ?? null,
    requestId: input.requestId ?? null,
    anonymous,
    isPublic: input.isPublic ?? false,
    // An anonymous loop item waits for its run to close; anonymous feedback outside a run has no group to hide in and is never made.
    visible: !(anonymous && input.runId),
    createdAt: stamp,
    sentAt: stamp,
  };
  const day = dayOf(stamp);
  const praise = input.source === "praise";
  const daily: DailyIncrement[] = [{ companyId: input.companyId, userId: input.senderId, day, field: praise ? "praiseSent" : "sent" }];
  const receiverIsPerson = input.receiverIsPerson ?? true;
  if (receiverIsPerson) daily.push({ companyId: input.companyId, userId: input.receiverId, day, field: praise ? "praiseReceived" : "received" });
  const competencies: CompetencyIncrement[] = [];
  if (receiverIsPerson) {
    for (const d of item.dimensionInfos) {
      competencies.push({ companyId: input.companyId, userId: input.receiverId, day, competencyId: d.id, behaviourId: "", behaviourType: "" });
      for (const f of d.focusAreas) {
        const behaviourType = f.str ? "strength" : f.sug ? "developmentArea" : "";
        competencies.push({ companyId: input.companyId, userId: input.receiverId, day, competencyId: d.id, behaviourId: f.id, behaviourType });
      }
    }
  }
  return { item, daily, competencies };
}

/** The increment a request for feedback makes: the requester has requested one more. */
export function requestIncrement(companyId: string, requesterId: string, at: Date): DailyIncrement {
  return { companyId, userId: requesterId, day: dayOf(at), field: "requested" };
}
