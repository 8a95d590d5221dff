import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  channels,
  companies,
  feedbackLibraryLoops,
  feedbackLoopPairs,
  feedbackLoopRuns,
  feedbackLoops,
  groups,
  oneOnOnes,
  users,
  workspaces,
} from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { auditEvent } from "~/lib/audit.server";
import { sharedCopy } from "~/lib/copy";
import { prepareNotify, readNotifyRoute } from "~/modules/notifications/notify.server";
import { launchBlocker, LAUNCH_MESSAGES } from "./launch-check";
import { launchRecords, nextLoopRunAt, runRecords, type LoopRecord, type OneOnOneRecord, type PairRecord, type RunRecord } from "./launch-records";
import { resolveLoopPairs } from "./loop-audience.server";
import type { LoopPair } from "./loop-types";
import { SELF_SELECT } from "./pairs";
import { planReleaseAnonymous } from "./give-writes.server";

/**
 * The write plans of launched feedback loops (002 §2.4 launch, §4, §7 launch, reminder,
 * audience-pair action): the FeedbackLoop Durable Object (`library:<id>` for a launch,
 * `loop:<id>` for a launched loop) runs them one at a time and commits each in one D1 batch.
 *
 * - A run's pairs are written with INSERT … SELECT FROM json_each(?): one bound JSON array per
 *   PAIRS_PER_INSERT pairs, so 5,000 pairs are a handful of statements.
 * - Its notifications (one per sender, dedupe key `feedback-loop:<runId>`) go in the same batch
 *   when there are at most NOTIFY_IN_BATCH senders; beyond, the plan's answer names the run and
 *   the object queues `feedback.notify-run` jobs of NOTIFY_CHUNK senders each (reminders to many
 *   senders likewise, under the day's reminder key). A job writes
 *   through prepareNotify with the same dedupe key, so a redelivered (or re-sent) job writes nothing twice.
 */

export interface LoopRequest {
  requestId: string;
  companyId: string;
  actorId: string | null;
}

export const PAIRS_PER_INSERT = 1000;
export const NOTIFY_IN_BATCH = 100;
export const NOTIFY_CHUNK = 100;

const DAY_MS = 86_400_000;
const MANAGE_PATH = "/workflows/manage-feedback-loops";

/** The answers shown as toasts (002 §8), in the copy dictionary. */
export const LOOP_TEXTS = sharedCopy.feedbackLoopAnswers;

/** How a run's messages read (the chat preview of 002 §2.4: title, greeting, message, "Feedback is for"). */
const DEFAULT_MESSAGE = (title: string) => `You are invited to give feedback in ${title}.`;
const DEFAULT_MEETING_MESSAGE = (title: string) => `${title}: your 1-on-1 meetings are set up. Prepare the agenda before you meet.`;
const CHOSEN_BY_SENDER = "colleagues of your choice";

export const giveLink = (runId: string, receiverId: string) => `/feedback/give/${encodeURIComponent(runId)}/${encodeURIComponent(receiverId)}`;
export const runFeedbackLink = (runId: string) => `/feedback?run=${encodeURIComponent(runId)}`;
export const meetingLink = (id: string) => `/one-on-ones/${encodeURIComponent(id)}`;
export const manageLoopPath = (loopId: string) => `${MANAGE_PATH}/${encodeURIComponent(loopId)}`;

const ms = (d: Date | null) => (d ? d.getTime() : null);
const idsIn = (column: unknown, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
const activeUser = (companyId: string) => and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false));

/** UTC day of an instant, "YYYY-MM-DD": a reminder's dedupe period. */
export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

function loopValues(loop: LoopRecord): typeof feedbackLoops.$inferInsert {
  return {
    ...loop,
    startAt: new Date(loop.startAt),
    nextRunAt: loop.nextRunAt === null ? null : new Date(loop.nextRunAt),
    createdAt: new Date(loop.createdAt),
  };
}

function runValues(run: RunRecord): typeof feedbackLoopRuns.$inferInsert {
  return { ...run, startedAt: new Date(run.startedAt), deadlineAt: new Date(run.deadlineAt) };
}

function pairInserts(db: Db, pairs: readonly PairRecord[]): Writes {
  const writes: Writes = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_INSERT) {
    const chunk = pairs.slice(i, i + PAIRS_PER_INSERT);
    const { companyId, loopId, runId } = chunk[0];
    const json = JSON.stringify(chunk.map((p) => [p.senderId, p.receiverId]));
    // Every column in the table's order: drizzle names them all in INSERT … SELECT.
    writes.push(
      db
        .insert(feedbackLoopPairs)
        .select(
          sql`SELECT ${companyId}, ${loopId}, ${runId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), 'pending', NULL, NULL FROM json_each(${json}) WHERE true`
        )
        .onConflictDoNothing()
    );
  }
  return writes;
}

// one_on_ones binds 11 parameters a row; D1 binds at most 100 a statement.
const MEETINGS_PER_INSERT = 8;

function meetingInserts(db: Db, meetings: readonly OneOnOneRecord[]): Writes {
  const writes: Writes = [];
  for (let i = 0; i < meetings.length; i += MEETINGS_PER_INSERT) {
    writes.push(
      db.insert(oneOnOnes).values(
        meetings.slice(i, i + MEETINGS_PER_INSERT).map((m) => ({ ...m, scheduledAt: new Date(m.scheduledAt), createdAt: new Date(m.createdAt) }))
      )
    );
  }
  return writes;
}

// ---------------------------------------------------------------------------------------------
// Notifications: one per sender of a run
// ---------------------------------------------------------------------------------------------

export interface NoticeLoop {
  id: string;
  companyId: string;
  title: string;
  templateType: "feedback" | "one-on-one";
  notificationMessage: string;
}

/** The people and company a run's messages name. */
async function namesOf(db: Db, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => id && id !== companyId))];
  const out = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 2000) {
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), idsIn(users.id, wanted.slice(i, i + 2000))));
    for (const r of rows) out.set(r.id, r.name);
  }
  return out;
}

/**
 * The outbox inserts that tell each sender of `pairs` about the run: the loop's notification
 * message (or a greeting) and whom the feedback is for, with a link to give it (one receiver),
 * to the run's list (several, or receivers of the sender's choosing) or to the 1-on-1.
 */
export async function runNotices(
  db: Db,
  input: {
    loop: NoticeLoop;
    runId: string;
    pairs: readonly LoopPair[];
    meetings?: ReadonlyMap<string, string>;
    kind: "feedback-loop" | "feedback-loop-reminder";
    dedupeKey: string;
    platform: "slack" | "msteams";
    companyName: string;
    senderUserId?: string | null;
  }
): Promise<Writes> {
  const { loop, runId } = input;
  const bySender = new Map<string, string[]>();
  for (const p of input.pairs) bySender.set(p.senderId, [...(bySender.get(p.senderId) ?? []), p.receiverId]);
  const names = await namesOf(db, loop.companyId, input.pairs.map((p) => p.receiverId));
  const nameOf = (id: string) => (id === loop.companyId ? input.companyName : id === SELF_SELECT ? CHOSEN_BY_SENDER : (names.get(id) ?? "a colleague"));
  const writes: Writes = [];
  // One read of the company's channel choice (and senders' snoozes) for every sender's message.
  const route = bySender.size > 0 ? await readNotifyRoute(db, { companyId: loop.companyId, kind: input.kind, recipientUserIds: [...bySender.keys()] }) : undefined;
  for (const [senderId, receivers] of bySender) {
    const meeting = loop.templateType === "one-on-one";
    const reminder = input.kind === "feedback-loop-reminder";
    const greeting = loop.notificationMessage.trim() || (meeting ? DEFAULT_MEETING_MESSAGE(loop.title) : DEFAULT_MESSAGE(loop.title));
    const forLine = meeting
      ? `1-on-1 with: ${receivers.map(nameOf).join(", ")}.`
      : `Feedback is for: ${receivers.map(nameOf).join(", ")}.`;
    const body = reminder ? `Reminder: your feedback is still missing. ${forLine}` : `${greeting}\n${forLine}`;
    let link: string;
    if (meeting) {
      const ids = receivers.map((r) => input.meetings?.get(`${senderId}\u0000${r}`)).filter((id): id is string => Boolean(id));
      link = ids.length === 1 ? meetingLink(ids[0]) : "/one-on-ones";
    } else {
      link = receivers.length === 1 && receivers[0] !== SELF_SELECT ? giveLink(runId, receivers[0]) : runFeedbackLink(runId);
    }
    writes.push(
      ...(await prepareNotify(db, {
        companyId: loop.companyId,
        recipientUserIds: [senderId],
        kind: input.kind,
        subject: loop.title,
        body,
        link,
        dedupeKey: input.dedupeKey,
        platform: input.platform,
        senderUserId: input.senderUserId ?? null,
        route,
      }))
    );
  }
  return writes;
}

async function companyOf(db: Db, companyId: string) {
  const [c] = await db.select({ name: companies.name, platform: companies.platform }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return c!;
}

/**
 * A queued part of a run's notifications: the pending pairs of these senders, told through
 * prepareNotify under the run's dedupe key (a redelivery writes nothing twice).
 */
export async function planRunNoticeChunk(
  db: Db,
  job: { companyId: string; runId: string; senderIds: string[]; reminderDay?: string }
): Promise<Writes> {
  const [run] = await db
    .select({ id: feedbackLoopRuns.id, loopId: feedbackLoopRuns.loopId })
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.id, job.runId), eq(feedbackLoopRuns.companyId, job.companyId)))
    .limit(1);
  if (!run) return [];
  const [loop] = await db.select().from(feedbackLoops).where(eq(feedbackLoops.id, run.loopId)).limit(1);
  if (!loop) return [];
  const pairs = await db
    .select({ senderId: feedbackLoopPairs.senderId, receiverId: feedbackLoopPairs.receiverId })
    .from(feedbackLoopPairs)
    .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.state, "pending"), idsIn(feedbackLoopPairs.senderId, job.senderIds)));
  const meetings = await meetingsOf(db, loop.templateType, run.id);
  const company = await companyOf(db, job.companyId);
  return runNotices(db, {
    loop,
    runId: run.id,
    pairs,
    meetings,
    kind: job.reminderDay ? "feedback-loop-reminder" : "feedback-loop",
    dedupeKey: job.reminderDay ? `feedback-loop-reminder:${run.id}:${job.reminderDay}` : `feedback-loop:${run.id}`,
    platform: company.platform,
    companyName: company.name,
  });
}

async function meetingsOf(db: Db, templateType: string, runId: string) {
  const out = new Map<string, string>();
  if (templateType !== "one-on-one") return out;
  const rows = await db
    .select({ id: oneOnOnes.id, reviewerId: oneOnOnes.reviewerId, revieweeId: oneOnOnes.revieweeId })
    .from(oneOnOnes)
    .where(eq(oneOnOnes.runId, runId));
  for (const r of rows) out.set(`${r.reviewerId}\u0000${r.revieweeId}`, r.id);
  return out;
}

/** The distinct senders of a run (those reminded at `remindedAt`), in chunks of NOTIFY_CHUNK: the queued jobs of a large run. */
export async function noticeChunks(db: Db, runId: string, remindedAt?: number): Promise<string[][]> {
  const rows = await db
    .selectDistinct({ senderId: feedbackLoopPairs.senderId })
    .from(feedbackLoopPairs)
    .where(
      and(
        eq(feedbackLoopPairs.runId, runId),
        remindedAt === undefined ? undefined : and(eq(feedbackLoopPairs.state, "pending"), eq(feedbackLoopPairs.remindedAt, new Date(remindedAt)))
      )
    )
    .orderBy(asc(feedbackLoopPairs.senderId));
  const out: string[][] = [];
  for (let i = 0; i < rows.length; i += NOTIFY_CHUNK) out.push(rows.slice(i, i + NOTIFY_CHUNK).map((r) => r.senderId));
  return out;
}

/** A started run's notices in the batch, or (many senders) the run whose notices the object queues. */
async function startNotices(
  db: Db,
  loop: NoticeLoop,
  run: { id: string },
  pairs: readonly LoopPair[],
  meetings: readonly OneOnOneRecord[],
  senderUserId: string | null = null
): Promise<{ writes: Writes; queueRunId: string | null }> {
  const senders = new Set(pairs.map((p) => p.senderId));
  if (senders.size > NOTIFY_IN_BATCH) return { writes: [], queueRunId: run.id };
  const company = await companyOf(db, loop.companyId);
  const byPair = new Map(meetings.map((m) => [`${m.reviewerId}\u0000${m.revieweeId}`, m.id]));
  const writes = await runNotices(db, {
    loop,
    runId: run.id,
    pairs,
    meetings: byPair,
    kind: "feedback-loop",
    dedupeKey: `feedback-loop:${run.id}`,
    platform: company.platform,
    companyName: company.name,
    senderUserId,
  });
  return { writes, queueRunId: null };
}

// ---------------------------------------------------------------------------------------------
// Launch (object `library:<libraryLoopId>`)
// ---------------------------------------------------------------------------------------------

export type LaunchAnswer =
  | { ok: true; loopId: string; message: string; errorInfo: string[]; queueRunId: string | null }
  | { ok: false; message: string };

type LibraryRow = typeof feedbackLibraryLoops.$inferSelect;

/** A library loop's blocks hold a question a sender answers, or it has a predefined format. */
export function hasQuestions(row: Pick<LibraryRow, "templateFormat" | "blocks">) {
  if (row.templateFormat) return true;
  const answerable = (b: { type: string; questions?: Array<{ type: string }> }): boolean =>
    b.type === "group" ? (b.questions ?? []).some(answerable) : b.type !== "title" && b.type !== "subtitle" && b.type !== "static-text";
  return (row.blocks ?? []).some((b) => answerable(b as { type: string }));
}

/** The audience as the manage list names it (002 §9 sort keys channel.name, workspace.name). */
async function audienceNameOf(db: Db, row: LibraryRow, memberCount: number): Promise<string | null> {
  const ids = row.audienceIds;
  switch (row.audienceType) {
    case "channels": {
      const rows = await db.select({ name: channels.name }).from(channels).where(and(eq(channels.companyId, row.companyId), idsIn(channels.id, ids)));
      return rows.map((r) => `#${r.name}`).sort().join(", ") || null;
    }
    case "groups": {
      const rows = await db.select({ name: groups.name }).from(groups).where(and(eq(groups.companyId, row.companyId), idsIn(groups.id, ids)));
      return rows.map((r) => r.name).sort().join(", ") || null;
    }
    case "workspace": {
      if (!row.workspaceId) return null;
      const [w] = await db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(and(eq(workspaces.companyId, row.companyId), eq(workspaces.id, row.workspaceId)));
      return w?.name ?? null;
    }
    case "users":
      return memberCount === 1 ? "1 person" : `${memberCount} people`;
    case "upload":
      return "Uploaded pairs";
    default:
      return null;
  }
}

/** Per-person problems of the launch (002 §8 errorInfo): members who get no pair because they have no manager. */
async function launchProblems(db: Db, row: LibraryRow, members: readonly string[], pairs: readonly LoopPair[]): Promise<string[]> {
  if (row.workflowType === "company-feedback") return [];
  const upward = row.feedbackFor === "manager-upward";
  if (!upward && row.feedbackFor !== "manager-downward") return [];
  const covered = new Set(pairs.map((p) => (upward ? p.senderId : p.receiverId)));
  const missing = members.filter((m) => !covered.has(m));
  if (missing.length === 0) return [];
  const names = await namesOf(db, row.companyId, missing);
  return missing.map((id) => LOOP_TEXTS.noManager(names.get(id) ?? id)).sort();
}

export async function planLaunch(
  db: Db,
  request: LoopRequest,
  input: { libraryLoopId: string; loopId: string; runId: string; now: number }
): Promise<WritePlan<LaunchAnswer>> {
  const [row] = await db
    .select()
    .from(feedbackLibraryLoops)
    .where(and(eq(feedbackLibraryLoops.id, input.libraryLoopId), eq(feedbackLibraryLoops.companyId, request.companyId)))
    .limit(1);
  if (!row) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  const { members, pairs } = await resolveLoopPairs(db, row.companyId, row);
  const blocked = launchBlocker({
    templateType: row.templateType,
    hasQuestions: hasQuestions(row),
    workflowType: row.workflowType,
    audienceType: row.audienceType,
    audienceCount: members.length,
    feedbackFor: row.feedbackFor,
    definedPairCount: row.feedbackFor === "manually-define" ? pairs.length : row.pairs.length,
    audiencePairCount: row.feedbackFor === "360" ? pairs.length : 0,
    delivery: row.delivery,
  });
  if (blocked) return answered({ ok: false, message: blocked.message });
  // Every requirement met and still nobody to pair (e.g. no member has a manager): nothing to launch.
  if (pairs.length === 0) return answered({ ok: false, message: LAUNCH_MESSAGES.pairs });
  const audienceName = await audienceNameOf(db, row, members.length);
  const records = launchRecords({
    library: {
      ...row,
      workflowType: row.workflowType!,
      audienceType: row.audienceType!,
      delivery: row.delivery!,
      startAt: ms(row.startAt),
      deadlineAt: ms(row.deadlineAt),
    },
    loopId: input.loopId,
    runId: input.runId,
    now: input.now,
    createdBy: request.actorId,
    audienceName,
    pairs,
    meetingId: () => crypto.randomUUID(),
  });
  if (!records) return answered({ ok: false, message: LOOP_TEXTS.deadlineBeforeStart });
  const errorInfo = await launchProblems(db, row, members, pairs);
  const { loop, run } = records;
  const writes: Writes = [db.insert(feedbackLoops).values(loopValues(loop))];
  let queueRunId: string | null = null;
  if (run) {
    writes.push(db.insert(feedbackLoopRuns).values(runValues(run)), ...pairInserts(db, records.pairs), ...meetingInserts(db, records.oneOnOnes));
    const notices = await startNotices(db, loop, run, pairs, records.oneOnOnes, request.actorId);
    writes.push(...notices.writes);
    queueRunId = notices.queueRunId;
  }
  writes.push(
    auditEvent(db, {
      companyId: row.companyId,
      actorId: request.actorId,
      action: run ? "feedback-loop.launched" : "feedback-loop.scheduled",
      entityType: "feedback-loop",
      entityId: loop.id,
      data: { libraryLoopId: row.id, pairs: records.pairs.length, startAt: loop.startAt },
      requestId: request.requestId,
    })
  );
  const message = run ? LOOP_TEXTS.launched(loop.title) : LOOP_TEXTS.scheduled(loop.title);
  return { writes, answer: { ok: true, loopId: loop.id, message, errorInfo, queueRunId } };
}

// ---------------------------------------------------------------------------------------------
// Runs of a launched loop (object `loop:<loopId>`): start a due run, close a run at its deadline
// ---------------------------------------------------------------------------------------------

export type RunAnswer = { ok: true; runId: string | null; queueRunId: string | null; state: string } | { ok: false; message: string };

/**
 * Starts the run due at `dueAt` (the cron's claim: the loop's next_run_at must still be that time,
 * and the run's (loop_id, sequence) is unique, so a second fire starts nothing): the audience is
 * resolved now; the loop moves its next run on, or to none. An occurrence whose audience has
 * nobody to pair any more is skipped.
 */
export async function planStartRun(
  db: Db,
  request: LoopRequest,
  input: { loopId: string; dueAt: number; runId: string; now: number }
): Promise<WritePlan<RunAnswer>> {
  const [loop] = await db
    .select()
    .from(feedbackLoops)
    .where(and(eq(feedbackLoops.id, input.loopId), eq(feedbackLoops.companyId, request.companyId)))
    .limit(1);
  if (!loop || ms(loop.nextRunAt) !== input.dueAt) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  const record = { ...loop, startAt: loop.startAt.getTime() };
  // An occurrence missed while nothing ran (an outage) is not started late as well: the next is after now.
  const next = nextLoopRunAt(record, Math.max(input.dueAt, input.now));
  const { pairs } = await resolveLoopPairs(db, loop.companyId, loop);
  const claim = and(eq(feedbackLoops.id, loop.id), eq(feedbackLoops.nextRunAt, loop.nextRunAt!));
  if (pairs.length === 0) {
    const open = await openRunCount(db, loop.id);
    const state = next === null && open === 0 ? "ended" : loop.state;
    return {
      writes: [
        db
          .update(feedbackLoops)
          .set({ nextRunAt: next === null ? null : new Date(next), state, version: sql`${feedbackLoops.version} + 1` })
          .where(claim),
      ],
      answer: { ok: true, runId: null, queueRunId: null, state },
    };
  }
  const sequence = loop.runCount + 1;
  const started = runRecords(
    { ...loop, templateType: loop.templateType },
    { runId: input.runId, sequence, startedAt: input.now, pairs, meetingId: () => crypto.randomUUID() }
  );
  const writes: Writes = [
    db
      .update(feedbackLoops)
      .set({
        nextRunAt: next === null ? null : new Date(next),
        state: "live",
        runCount: sequence,
        pairCount: sql`${feedbackLoops.pairCount} + ${pairs.length}`,
        version: sql`${feedbackLoops.version} + 1`,
      })
      .where(claim),
    db.insert(feedbackLoopRuns).values(runValues(started.run)),
    ...pairInserts(db, started.pairs),
    ...meetingInserts(db, started.oneOnOnes),
  ];
  const notices = await startNotices(db, loop, started.run, pairs, started.oneOnOnes);
  writes.push(...notices.writes);
  return { writes, answer: { ok: true, runId: started.run.id, queueRunId: notices.queueRunId, state: "live" } };
}

async function openRunCount(db: Db, loopId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)` })
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.loopId, loopId), eq(feedbackLoopRuns.state, "open")));
  return Number(r?.n ?? 0);
}

/**
 * Closes a run whose deadline has passed: pending pairs stay pending (they can no longer be
 * given), planReleaseAnonymous (give-writes.server.ts) releases the run's anonymous items, and a
 * loop with no next run and no other open run has ended.
 */
export async function planCloseRun(db: Db, request: LoopRequest, input: { runId: string; now: number }): Promise<WritePlan<RunAnswer>> {
  const [run] = await db
    .select()
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.id, input.runId), eq(feedbackLoopRuns.companyId, request.companyId)))
    .limit(1);
  if (!run || run.state !== "open" || run.deadlineAt.getTime() > input.now) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  const [loop] = await db.select().from(feedbackLoops).where(eq(feedbackLoops.id, run.loopId)).limit(1);
  const othersOpen = (await openRunCount(db, run.loopId)) - 1;
  const ends = loop && loop.nextRunAt === null && othersOpen === 0;
  const writes: Writes = [
    db
      .update(feedbackLoopRuns)
      .set({ state: "closed", closedAt: new Date(input.now) })
      .where(and(eq(feedbackLoopRuns.id, run.id), eq(feedbackLoopRuns.state, "open"))),
    ...(await planReleaseAnonymous(db, { id: run.id, companyId: run.companyId, deadlineAt: run.deadlineAt })),
  ];
  if (ends) {
    writes.push(
      db
        .update(feedbackLoops)
        .set({ state: "ended", version: sql`${feedbackLoops.version} + 1` })
        .where(and(eq(feedbackLoops.id, run.loopId), sql`${feedbackLoops.nextRunAt} IS NULL`))
    );
  }
  return { writes, answer: { ok: true, runId: run.id, queueRunId: null, state: ends ? "ended" : (loop?.state ?? "live") } };
}

// ---------------------------------------------------------------------------------------------
// Manage: reminders and the audience-pair action (object `loop:<loopId>`)
// ---------------------------------------------------------------------------------------------

export type ManageAnswer =
  | { ok: true; message: string; count: number; queueReminder?: { runId: string; day: string; at: number } }
  | { ok: false; message: string };

async function openRunOf(db: Db, companyId: string, loopId: string, runId: string) {
  const [run] = await db
    .select()
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.id, runId), eq(feedbackLoopRuns.loopId, loopId), eq(feedbackLoopRuns.companyId, companyId)))
    .limit(1);
  return run ?? null;
}

/**
 * Send Reminder (002 §7 reminder): to one pending pair's sender or to every pending sender of the
 * run, at most once per sender and day (the outbox's dedupe key names the day; a sender reminded
 * today is not counted again).
 */
export async function planRemind(
  db: Db,
  request: LoopRequest,
  input: { loopId: string; runId: string; pair: LoopPair | null; now: number }
): Promise<WritePlan<ManageAnswer>> {
  const run = await openRunOf(db, request.companyId, input.loopId, input.runId);
  if (!run) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  if (run.state !== "open" || run.deadlineAt.getTime() <= input.now) return answered({ ok: false, message: LOOP_TEXTS.runClosed });
  const [loop] = await db.select().from(feedbackLoops).where(eq(feedbackLoops.id, run.loopId)).limit(1);
  const pending = await db
    .select({ senderId: feedbackLoopPairs.senderId, receiverId: feedbackLoopPairs.receiverId, remindedAt: feedbackLoopPairs.remindedAt })
    .from(feedbackLoopPairs)
    .where(
      and(
        eq(feedbackLoopPairs.runId, run.id),
        eq(feedbackLoopPairs.state, "pending"),
        input.pair ? and(eq(feedbackLoopPairs.senderId, input.pair.senderId), eq(feedbackLoopPairs.receiverId, input.pair.receiverId)) : undefined
      )
    );
  if (pending.length === 0) return answered({ ok: false, message: input.pair ? LOOP_TEXTS.pairNotPending : LOOP_TEXTS.nothingToRemind });
  const today = dayOf(input.now);
  const remindedToday = new Set(pending.filter((p) => p.remindedAt && dayOf(p.remindedAt.getTime()) === today).map((p) => p.senderId));
  const due = pending.filter((p) => !remindedToday.has(p.senderId));
  if (due.length === 0) return answered({ ok: false, message: LOOP_TEXTS.remindedToday });
  const senders = [...new Set(due.map((p) => p.senderId))];
  // Many senders: the object queues their reminders (by the pairs reminded now) after this batch.
  const queued = senders.length > NOTIFY_IN_BATCH;
  const company = await companyOf(db, request.companyId);
  const writes: Writes = queued
    ? []
    : await runNotices(db, {
        loop: loop!,
        runId: run.id,
        pairs: due,
        meetings: await meetingsOf(db, loop!.templateType, run.id),
        kind: "feedback-loop-reminder",
        dedupeKey: `feedback-loop-reminder:${run.id}:${today}`,
        senderUserId: request.actorId,
        platform: company.platform,
        companyName: company.name,
      });
  writes.push(
    db
      .update(feedbackLoopPairs)
      .set({ remindedAt: new Date(input.now) })
      .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.state, "pending"), idsIn(feedbackLoopPairs.senderId, senders)))
  );
  const queueReminder = queued ? { runId: run.id, day: today, at: input.now } : undefined;
  return { writes, answer: { ok: true, message: LOOP_TEXTS.reminded(senders.length), count: senders.length, queueReminder } };
}

/** The audience-pair action (002 §7): add a sender–receiver pair to the open run, or remove a pending one. */
export async function planAudiencePair(
  db: Db,
  request: LoopRequest,
  input: { loopId: string; runId: string; action: "add" | "remove"; pair: LoopPair; now: number }
): Promise<WritePlan<ManageAnswer>> {
  const run = await openRunOf(db, request.companyId, input.loopId, input.runId);
  if (!run) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  if (run.state !== "open" || run.deadlineAt.getTime() <= input.now) return answered({ ok: false, message: LOOP_TEXTS.runClosed });
  const { senderId, receiverId } = input.pair;
  const [existing] = await db
    .select({ state: feedbackLoopPairs.state })
    .from(feedbackLoopPairs)
    .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.senderId, senderId), eq(feedbackLoopPairs.receiverId, receiverId)));
  const counts = (delta: number) => [
    db
      .update(feedbackLoopRuns)
      .set({ pairCount: sql`${feedbackLoopRuns.pairCount} + ${delta}` })
      .where(eq(feedbackLoopRuns.id, run.id)),
    db
      .update(feedbackLoops)
      .set({ pairCount: sql`${feedbackLoops.pairCount} + ${delta}`, version: sql`${feedbackLoops.version} + 1` })
      .where(eq(feedbackLoops.id, run.loopId)),
  ];
  const audit = (action: string) =>
    auditEvent(db, {
      companyId: run.companyId,
      actorId: request.actorId,
      action,
      entityType: "feedback-loop",
      entityId: run.loopId,
      data: { runId: run.id, senderId, receiverId },
      requestId: request.requestId,
    });
  if (input.action === "remove") {
    if (!existing || existing.state !== "pending") return answered({ ok: false, message: LOOP_TEXTS.pairNotPending });
    return {
      writes: [
        db
          .update(feedbackLoopPairs)
          .set({ state: "removed" })
          .where(
            and(
              eq(feedbackLoopPairs.runId, run.id),
              eq(feedbackLoopPairs.senderId, senderId),
              eq(feedbackLoopPairs.receiverId, receiverId),
              eq(feedbackLoopPairs.state, "pending")
            )
          ),
        ...counts(-1),
        audit("feedback-loop.pair-removed"),
      ],
      answer: { ok: true, message: LOOP_TEXTS.pairRemoved, count: 1 },
    };
  }
  if (senderId === receiverId) return answered({ ok: false, message: LOOP_TEXTS.samePerson });
  if (existing && existing.state !== "removed") return answered({ ok: false, message: LOOP_TEXTS.pairExists });
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(and(activeUser(request.companyId), idsIn(users.id, [senderId, receiverId])));
  if (known.length !== 2) return answered({ ok: false, message: LOOP_TEXTS.unknownPerson });
  const [loop] = await db.select().from(feedbackLoops).where(eq(feedbackLoops.id, run.loopId)).limit(1);
  const writes: Writes = existing
    ? [
        db
          .update(feedbackLoopPairs)
          .set({ state: "pending", remindedAt: null })
          .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.senderId, senderId), eq(feedbackLoopPairs.receiverId, receiverId))),
      ]
    : pairInserts(db, [{ companyId: run.companyId, loopId: run.loopId, runId: run.id, senderId, receiverId, state: "pending" }]);
  let meetings = new Map<string, string>();
  const [kept] =
    loop!.templateType === "one-on-one"
      ? await db
          .select({ id: oneOnOnes.id })
          .from(oneOnOnes)
          .where(and(eq(oneOnOnes.runId, run.id), eq(oneOnOnes.reviewerId, senderId), eq(oneOnOnes.revieweeId, receiverId)))
      : [];
  if (kept) {
    // A pair removed and added again keeps its 1-on-1.
    meetings = new Map([[`${senderId}\u0000${receiverId}`, kept.id]]);
  } else if (loop!.templateType === "one-on-one") {
    const meeting = runRecords(loop!, { runId: run.id, sequence: run.sequence, startedAt: input.now, pairs: [input.pair], meetingId: () => crypto.randomUUID() })
      .oneOnOnes[0];
    meeting.scheduledAt = run.startedAt.getTime();
    writes.push(db.insert(oneOnOnes).values({ ...meeting, scheduledAt: new Date(meeting.scheduledAt), createdAt: new Date(input.now) }).onConflictDoNothing());
    meetings = new Map([[`${senderId}\u0000${receiverId}`, meeting.id]]);
  }
  const company = await companyOf(db, request.companyId);
  writes.push(
    ...counts(1),
    ...(await runNotices(db, {
      loop: loop!,
      runId: run.id,
      pairs: [input.pair],
      meetings,
      kind: "feedback-loop",
      // The sender may have been told about the run already: this message is about the added pair.
      dedupeKey: `feedback-loop:${run.id}:${receiverId}`,
      senderUserId: request.actorId,
      platform: company.platform,
      companyName: company.name,
    })),
    audit("feedback-loop.pair-added")
  );
  return { writes, answer: { ok: true, message: LOOP_TEXTS.pairAdded, count: 1 } };
}

/**
 * Delete (manage feedback loops, with confirmation): the launched loop, its runs and their pairs.
 * Feedback already given stays with its receivers, and the 1-on-1s a loop set up stay with their
 * people; the library loop it came from is not touched.
 */
export async function planDeleteLoop(db: Db, request: LoopRequest, input: { loopId: string }): Promise<WritePlan<ManageAnswer>> {
  const [loop] = await db
    .select({ id: feedbackLoops.id, title: feedbackLoops.title })
    .from(feedbackLoops)
    .where(and(eq(feedbackLoops.id, input.loopId), eq(feedbackLoops.companyId, request.companyId)))
    .limit(1);
  if (!loop) return answered({ ok: false, message: LOOP_TEXTS.notFound });
  return {
    writes: [
      db.delete(feedbackLoopPairs).where(and(eq(feedbackLoopPairs.loopId, loop.id), eq(feedbackLoopPairs.companyId, request.companyId))),
      db.delete(feedbackLoopRuns).where(and(eq(feedbackLoopRuns.loopId, loop.id), eq(feedbackLoopRuns.companyId, request.companyId))),
      db.delete(feedbackLoops).where(and(eq(feedbackLoops.id, loop.id), eq(feedbackLoops.companyId, request.companyId))),
      auditEvent(db, {
        companyId: request.companyId,
        actorId: request.actorId,
        action: "feedback-loop.deleted",
        entityType: "feedback-loop",
        entityId: loop.id,
        data: { title: loop.title },
        requestId: request.requestId,
      }),
    ],
    answer: { ok: true, message: LOOP_TEXTS.deleted(loop.title), count: 1 },
  };
}
