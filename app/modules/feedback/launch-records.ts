import type { LoopBlock } from "./feedback-blocks";
import type {
  Delivery,
  FeedbackFor,
  FeedbackFormat,
  FrequencyUnit,
  LoopAudienceType,
  LoopPair,
  LoopState,
  LoopType,
  PairState,
  TemplateType,
} from "./loop-types.ts";
// @ts-ignore TS5097: Node loads the seed (and so this file) without a bundler.
import { isFrequency, nextOccurrence } from "../surveys/schedule.ts";
// @ts-ignore TS5097
import { DEFAULT_DEADLINE_MS, FREQUENCY_MAX, FREQUENCY_MIN, FREQUENCY_UNITS } from "./loop-types.ts";

/**
 * The rows a launch writes (002 §2.4 Launch Now, §4): the launched loop with a copy of the library
 * loop's settings and, when it starts now, its first run with the run's pairs and, for a
 * one-on-one loop, one meeting per pair. Pure and import-free at run time (but the schedule), so
 * the launch's write plan and the demo seed build the same rows. Times are UTC milliseconds.
 *
 * A loop's frequency is either a repeat option of the scheduler (app/modules/surveys/schedule.ts:
 * "weekly", "monthly-day", …) or "every-<n>-<unit>" with n in 1–60 and a unit of minutes, hours,
 * days or weeks (002 §9). A one-on-one loop never repeats (002 §4).
 */

export interface LibraryLoopSettings {
  id: string;
  companyId: string;
  templateType: TemplateType;
  templateName: string;
  templateFormat: FeedbackFormat | null;
  title: string;
  workflowType: LoopType;
  feedbackFor: FeedbackFor | null;
  audienceType: LoopAudienceType;
  audienceIds: string[];
  workspaceId: string | null;
  pairs: LoopPair[];
  anonymous: boolean;
  notificationMessage: string;
  delivery: Delivery;
  blocks: LoopBlock[];
  hideCompetencySelector: boolean;
  startAt: number | null;
  frequency: string;
  tzOffsetMinutes: number;
  deadlineAt: number | null;
}

export interface LoopRecord {
  id: string;
  companyId: string;
  libraryLoopId: string;
  templateType: TemplateType;
  templateName: string;
  templateFormat: FeedbackFormat | null;
  title: string;
  workflowType: LoopType;
  feedbackFor: FeedbackFor | null;
  audienceType: LoopAudienceType;
  audienceIds: string[];
  audienceName: string | null;
  workspaceId: string | null;
  pairs: LoopPair[];
  anonymous: boolean;
  notificationMessage: string;
  delivery: Delivery;
  blocks: LoopBlock[];
  hideCompetencySelector: boolean;
  startAt: number;
  frequency: string;
  tzOffsetMinutes: number;
  runSpanMs: number;
  nextRunAt: number | null;
  state: LoopState;
  runCount: number;
  pairCount: number;
  givenCount: number;
  createdBy: string | null;
  createdAt: number;
}

export interface RunRecord {
  id: string;
  companyId: string;
  loopId: string;
  sequence: number;
  state: "open";
  startedAt: number;
  deadlineAt: number;
  pairCount: number;
  givenCount: number;
}

export interface PairRecord {
  companyId: string;
  loopId: string;
  runId: string;
  senderId: string;
  receiverId: string;
  state: PairState;
}

export interface OneOnOneRecord {
  id: string;
  companyId: string;
  loopId: string;
  runId: string;
  reviewerId: string;
  revieweeId: string;
  state: "prep";
  scheduledAt: number;
  frequency: string;
  blocks: LoopBlock[];
  createdAt: number;
}

const UNIT_MS: Record<FrequencyUnit, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 7 * 86_400_000 };
const EVERY = /^every-(\d{1,2})-(minutes|hours|days|weeks)$/;

/** "every-<n>-<unit>" as n and unit, or null when it is not one (or n is out of 1–60). */
export function parseEvery(frequency: string): { n: number; unit: FrequencyUnit } | null {
  const m = EVERY.exec(frequency);
  if (!m) return null;
  const n = Number(m[1]);
  if (n < FREQUENCY_MIN || n > FREQUENCY_MAX || !(FREQUENCY_UNITS as readonly string[]).includes(m[2])) return null;
  return { n, unit: m[2] as FrequencyUnit };
}

/** Whether a loop's frequency is one it may be saved with. */
export function isLoopFrequency(frequency: string): boolean {
  return isFrequency(frequency) || parseEvery(frequency) !== null;
}

/** The first run strictly after `after`, or null when the loop does not repeat (or its frequency is unknown). */
export function nextLoopRunAt(loop: { templateType: TemplateType; startAt: number; frequency: string; tzOffsetMinutes: number }, after: number) {
  if (loop.templateType === "one-on-one") return loop.startAt > after ? loop.startAt : null;
  const every = parseEvery(loop.frequency);
  if (every) {
    if (loop.startAt > after) return loop.startAt;
    const period = every.n * UNIT_MS[every.unit];
    return loop.startAt + (Math.floor((after - loop.startAt) / period) + 1) * period;
  }
  if (!isFrequency(loop.frequency)) return loop.startAt > after ? loop.startAt : null;
  return nextOccurrence({ startAt: loop.startAt, frequency: loop.frequency, tzOffsetMinutes: loop.tzOffsetMinutes }, after) as number | null;
}

/**
 * How long each run stays open: the configured deadline less the start; the default deadline
 * (two weeks) when none is set. Null when the deadline is not after the start (the launch refuses).
 */
export function runSpanOf(startAt: number, deadlineAt: number | null): number | null {
  if (deadlineAt === null) return DEFAULT_DEADLINE_MS;
  return deadlineAt > startAt ? deadlineAt - startAt : null;
}

/** A run of a launched loop started at `startedAt`: its row, its pairs and (one-on-one loops) its meetings. */
export function runRecords(
  loop: Pick<LoopRecord, "id" | "companyId" | "templateType" | "runSpanMs" | "blocks" | "frequency">,
  input: { runId: string; sequence: number; startedAt: number; pairs: readonly LoopPair[]; meetingId: (pair: LoopPair, index: number) => string }
): { run: RunRecord; pairs: PairRecord[]; oneOnOnes: OneOnOneRecord[] } {
  const run: RunRecord = {
    id: input.runId,
    companyId: loop.companyId,
    loopId: loop.id,
    sequence: input.sequence,
    state: "open",
    startedAt: input.startedAt,
    deadlineAt: input.startedAt + loop.runSpanMs,
    pairCount: input.pairs.length,
    givenCount: 0,
  };
  const pairs = input.pairs.map((p) => ({
    companyId: loop.companyId,
    loopId: loop.id,
    runId: input.runId,
    senderId: p.senderId,
    receiverId: p.receiverId,
    state: "pending" as const,
  }));
  const oneOnOnes =
    loop.templateType === "one-on-one"
      ? input.pairs.map((p, i) => ({
          id: input.meetingId(p, i),
          companyId: loop.companyId,
          loopId: loop.id,
          runId: input.runId,
          reviewerId: p.senderId,
          revieweeId: p.receiverId,
          state: "prep" as const,
          scheduledAt: input.startedAt,
          frequency: "does-not-repeat",
          blocks: loop.blocks,
          createdAt: input.startedAt,
        }))
      : [];
  return { run, pairs, oneOnOnes };
}

export interface LaunchRecordsInput {
  library: LibraryLoopSettings;
  loopId: string;
  /** The first run's id, used when the loop starts now. */
  runId: string;
  now: number;
  createdBy: string | null;
  audienceName: string | null;
  /** The run's pairs (app/modules/feedback/pairs.ts), resolved at launch. */
  pairs: readonly LoopPair[];
  meetingId: (pair: LoopPair, index: number) => string;
}

/**
 * The launched loop and, when its start is now (no start, or a start not in the future), its
 * first run: the loop is then live, else scheduled with its first run at the start. Null when the
 * deadline is not after the start.
 */
export function launchRecords(input: LaunchRecordsInput): {
  loop: LoopRecord;
  run: RunRecord | null;
  pairs: PairRecord[];
  oneOnOnes: OneOnOneRecord[];
} | null {
  const { library, now } = input;
  const later = library.startAt !== null && library.startAt > now;
  const startAt = later ? library.startAt! : now;
  // The span is measured from the configured start, so a late launch keeps the chosen length.
  const runSpanMs = runSpanOf(library.startAt ?? now, library.deadlineAt);
  if (runSpanMs === null) return null;
  const frequency = library.templateType === "one-on-one" ? "does-not-repeat" : library.frequency;
  const loop: LoopRecord = {
    id: input.loopId,
    companyId: library.companyId,
    libraryLoopId: library.id,
    templateType: library.templateType,
    templateName: library.templateName,
    templateFormat: library.templateFormat,
    title: library.title,
    workflowType: library.workflowType,
    feedbackFor: library.workflowType === "company-feedback" ? null : library.feedbackFor,
    audienceType: library.audienceType,
    audienceIds: library.audienceIds,
    audienceName: input.audienceName,
    workspaceId: library.workspaceId,
    pairs: library.pairs,
    anonymous: library.templateType === "feedback" && library.anonymous,
    notificationMessage: library.notificationMessage,
    delivery: library.delivery,
    blocks: library.blocks,
    hideCompetencySelector: library.hideCompetencySelector,
    startAt,
    frequency,
    tzOffsetMinutes: library.tzOffsetMinutes,
    runSpanMs,
    nextRunAt: null,
    state: later ? "scheduled" : "live",
    runCount: later ? 0 : 1,
    pairCount: later ? 0 : input.pairs.length,
    givenCount: 0,
    createdBy: input.createdBy,
    createdAt: now,
  };
  if (later) {
    loop.nextRunAt = startAt;
    return { loop, run: null, pairs: [], oneOnOnes: [] };
  }
  loop.nextRunAt = nextLoopRunAt(loop, now);
  const first = runRecords(loop, { runId: input.runId, sequence: 1, startedAt: now, pairs: input.pairs, meetingId: input.meetingId });
  return { loop, ...first };
}
