import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { feedbackLibraryLoops, feedbackLoopPairs, feedbackLoopRuns, feedbackLoops, notificationOutbox, oneOnOnes, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import { describeDeliveryFailures, type DeliveryFailureNotice } from "~/modules/notifications/failures";
import { frequencyLabel, isFrequency } from "~/modules/surveys/schedule";
import { parseEvery } from "./launch-records";
import type { LoopPair, LoopState, PairState } from "./loop-types";
import type { LoopRequest, ManageAnswer } from "./loop-writes.server";
import { SELF_SELECT } from "./pairs";

/**
 * Manage feedback loops (002 §2.4 "Library and manage lists", §7 list launched, detail launched,
 * reminder, audience-pair action, §8 notification failures): the company's launched loops and
 * one loop's runs, pairs, meetings and undelivered messages. Reads are scoped by the viewer's
 * company (another company's id matches nothing, a 404); changes of a loop go through its
 * Durable Object (`loop:<id>`).
 */

export const MANAGE_LOOPS_PATH = "/workflows/manage-feedback-loops";

/** 002 §9 sort keys, as the list's `sort` parameter. */
export const LOOP_SORT_KEYS = [
  "title",
  "frequency",
  "createdAt",
  "completion",
  "scheduledAt",
  "channel.name",
  "templateName",
  "createdBy.name",
  "workspace.name",
] as const;
export type LoopSortKey = (typeof LOOP_SORT_KEYS)[number];

export const PAIR_STATE_LABELS: Record<PairState, string> = { pending: "Pending", given: "Given", removed: "Removed" };
export const LOOP_STATE_LABELS: Record<LoopState, string> = { scheduled: "Scheduled", live: "Live", ended: "Ended" };

const UNIT_SINGULAR = { minutes: "minute", hours: "hour", days: "day", weeks: "week" } as const;

/** How a loop's frequency reads ("Does not repeat", "Weekly on Monday", "Every 2 hours"). */
export function loopFrequencyLabel(loop: { frequency: string; startAt: number; tzOffsetMinutes: number }) {
  const every = parseEvery(loop.frequency);
  if (every) return every.n === 1 ? `Every ${UNIT_SINGULAR[every.unit]}` : `Every ${every.n} ${every.unit}`;
  if (isFrequency(loop.frequency)) return frequencyLabel({ startAt: loop.startAt, frequency: loop.frequency, tzOffsetMinutes: loop.tzOffsetMinutes });
  return loop.frequency;
}

/** Completion over every run so far, in percent rounded to 2 decimals (002 §9). */
export const completionOf = (given: number, pairs: number) => (pairs > 0 ? Math.round((given / pairs) * 10_000) / 100 : 0);

const creators = alias(users, "creators");

export async function listLaunchedLoops(db: Db, viewer: Viewer, query: { sort: LoopSortKey; dir: "asc" | "desc" }) {
  const completion = sql`CASE WHEN ${feedbackLoops.pairCount} > 0 THEN CAST(${feedbackLoops.givenCount} AS REAL) / ${feedbackLoops.pairCount} ELSE 0 END`;
  const scheduled = sql`coalesce(${feedbackLoops.nextRunAt}, ${feedbackLoops.startAt})`;
  const column: Record<LoopSortKey, SQL> = {
    title: sql`lower(${feedbackLoops.title})`,
    frequency: sql`${feedbackLoops.frequency}`,
    createdAt: sql`${feedbackLoops.createdAt}`,
    completion,
    scheduledAt: scheduled,
    "channel.name": sql`lower(coalesce(${feedbackLoops.audienceName}, ''))`,
    "workspace.name": sql`lower(coalesce(${feedbackLoops.audienceName}, ''))`,
    templateName: sql`lower(${feedbackLoops.templateName})`,
    "createdBy.name": sql`lower(coalesce(${creators.name}, ''))`,
  };
  const order = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: feedbackLoops.id,
      libraryLoopId: feedbackLoops.libraryLoopId,
      templateType: feedbackLoops.templateType,
      title: feedbackLoops.title,
      templateName: feedbackLoops.templateName,
      audienceName: feedbackLoops.audienceName,
      frequency: feedbackLoops.frequency,
      startAt: feedbackLoops.startAt,
      nextRunAt: feedbackLoops.nextRunAt,
      tzOffsetMinutes: feedbackLoops.tzOffsetMinutes,
      createdAt: feedbackLoops.createdAt,
      createdBy: creators.name,
      pairCount: feedbackLoops.pairCount,
      givenCount: feedbackLoops.givenCount,
      state: feedbackLoops.state,
    })
    .from(feedbackLoops)
    .leftJoin(creators, and(eq(creators.id, feedbackLoops.createdBy), eq(creators.companyId, feedbackLoops.companyId)))
    .where(eq(feedbackLoops.companyId, viewer.company.id))
    .orderBy(order(column[query.sort]), desc(feedbackLoops.createdAt), asc(feedbackLoops.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    libraryLoopId: r.libraryLoopId,
    templateType: r.templateType,
    title: r.title,
    templateName: r.templateName,
    audienceName: r.audienceName,
    frequency: loopFrequencyLabel({ frequency: r.frequency, startAt: r.startAt.getTime(), tzOffsetMinutes: r.tzOffsetMinutes }),
    createdAt: r.createdAt.getTime(),
    scheduledAt: (r.nextRunAt ?? r.startAt).getTime(),
    createdBy: r.createdBy,
    completion: completionOf(r.givenCount, r.pairCount),
    state: r.state,
  }));
}

/** The loop of the viewer's company, or null (a 404). */
export async function findLoop(db: Db, viewer: Viewer, loopId: string) {
  const [loop] = await db
    .select()
    .from(feedbackLoops)
    .where(and(eq(feedbackLoops.id, loopId), eq(feedbackLoops.companyId, viewer.company.id)))
    .limit(1);
  return loop ?? null;
}

export type LoopRow = NonNullable<Awaited<ReturnType<typeof findLoop>>>;

const senders = alias(users, "senders");
const receivers = alias(users, "receivers");
const reviewers = alias(users, "reviewers");
const reviewees = alias(users, "reviewees");

/** A dedupe-key range of one run's messages of a kind: `feedback-loop:<runId>:…` (the outbox's unique index serves it). */
const keyRange = (kind: string, runId: string) =>
  and(sql`${notificationOutbox.dedupeKey} >= ${`${kind}:${runId}:`}`, sql`${notificationOutbox.dedupeKey} < ${`${kind}:${runId};`}`);

export const PAIRS_PAGE_SIZE = 100;

export async function loopDetail(db: Db, viewer: Viewer, loop: LoopRow, runParam: string | null, page = 1) {
  const runs = await db
    .select()
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.loopId, loop.id), eq(feedbackLoopRuns.companyId, viewer.company.id)))
    .orderBy(desc(feedbackLoopRuns.sequence));
  const run = runs.find((r) => r.id === runParam) ?? runs[0] ?? null;
  const companyName = viewer.company.name;
  let pairs: Array<{ senderId: string; receiverId: string; sender: string; receiver: string; state: PairState; givenAt: number | null }> = [];
  let meetings: Array<{ id: string; reviewer: string; reviewee: string; state: string; scheduledAt: number | null }> = [];
  let failures: DeliveryFailureNotice[] = [];
  let pairTotal = 0;
  if (run) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(feedbackLoopPairs)
      .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.companyId, viewer.company.id)));
    pairTotal = Number(n);
    const rows = await db
      .select({
        senderId: feedbackLoopPairs.senderId,
        receiverId: feedbackLoopPairs.receiverId,
        sender: senders.name,
        receiver: receivers.name,
        state: feedbackLoopPairs.state,
        givenAt: feedbackLoopPairs.givenAt,
      })
      .from(feedbackLoopPairs)
      .leftJoin(senders, and(eq(senders.id, feedbackLoopPairs.senderId), eq(senders.companyId, feedbackLoopPairs.companyId)))
      .leftJoin(receivers, and(eq(receivers.id, feedbackLoopPairs.receiverId), eq(receivers.companyId, feedbackLoopPairs.companyId)))
      .where(and(eq(feedbackLoopPairs.runId, run.id), eq(feedbackLoopPairs.companyId, viewer.company.id)))
      .orderBy(asc(senders.name), asc(receivers.name), asc(feedbackLoopPairs.senderId), asc(feedbackLoopPairs.receiverId))
      .limit(PAIRS_PAGE_SIZE)
      .offset((page - 1) * PAIRS_PAGE_SIZE);
    pairs = rows.map((r) => ({
      senderId: r.senderId,
      receiverId: r.receiverId,
      sender: r.sender ?? "Former colleague",
      receiver: r.receiverId === viewer.company.id ? companyName : r.receiverId === SELF_SELECT ? "Chosen by the sender" : (r.receiver ?? "Former colleague"),
      state: r.state,
      // An anonymous loop never shows when feedback was given (002 §3 anonymity).
      givenAt: loop.anonymous ? null : (r.givenAt?.getTime() ?? null),
    }));
    if (loop.templateType === "one-on-one") {
      const rows = await db
        .select({ id: oneOnOnes.id, reviewer: reviewers.name, reviewee: reviewees.name, state: oneOnOnes.state, scheduledAt: oneOnOnes.scheduledAt })
        .from(oneOnOnes)
        .leftJoin(reviewers, eq(reviewers.id, oneOnOnes.reviewerId))
        .leftJoin(reviewees, eq(reviewees.id, oneOnOnes.revieweeId))
        .where(and(eq(oneOnOnes.runId, run.id), eq(oneOnOnes.companyId, viewer.company.id)))
        .orderBy(asc(reviewers.name), asc(reviewees.name))
        .limit(5000);
      meetings = rows.map((m) => ({
        id: m.id,
        reviewer: m.reviewer ?? "Former colleague",
        reviewee: m.reviewee ?? "Former colleague",
        state: m.state,
        scheduledAt: m.scheduledAt?.getTime() ?? null,
      }));
    }
    const failed = await db
      .select({ kind: notificationOutbox.kind, error: notificationOutbox.error, name: users.name })
      .from(notificationOutbox)
      .leftJoin(users, eq(users.id, notificationOutbox.recipientUserId))
      .where(
        and(
          eq(notificationOutbox.companyId, viewer.company.id),
          or(keyRange("feedback-loop", run.id), keyRange("feedback-loop-reminder", run.id)),
          eq(notificationOutbox.status, "failed")
        )
      )
      .limit(1000);
    for (const kind of ["feedback-loop", "feedback-loop-reminder"] as const) {
      const ofKind = failed.filter((f) => f.kind === kind).map((f) => ({ name: f.name ?? "A former colleague", error: f.error }));
      // One name once per kind, however many channels failed.
      const unique = [...new Map(ofKind.map((f) => [f.name, f])).values()];
      if (unique.length > 0) failures = [...failures, ...describeDeliveryFailures(unique, kind)];
    }
  }
  return {
    runs: runs.map((r) => ({
      id: r.id,
      sequence: r.sequence,
      state: r.state,
      startedAt: r.startedAt.getTime(),
      deadlineAt: r.deadlineAt.getTime(),
      pairCount: r.pairCount,
      givenCount: r.givenCount,
    })),
    run: run
      ? {
          id: run.id,
          sequence: run.sequence,
          state: run.state,
          open: run.state === "open" && run.deadlineAt.getTime() > Date.now(),
          startedAt: run.startedAt.getTime(),
          deadlineAt: run.deadlineAt.getTime(),
          completion: completionOf(run.givenCount, run.pairCount),
          pairCount: run.pairCount,
          givenCount: run.givenCount,
        }
      : null,
    pairs,
    pairTotal,
    pairPages: Math.max(1, Math.ceil(pairTotal / PAIRS_PAGE_SIZE)),
    meetings,
    failures,
  };
}

/** The company's active people (the audience-pair form's choices). */
export async function activePeople(db: Db, companyId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false)))
    .orderBy(asc(users.name))
    .limit(5000);
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

function loopObject(context: AppLoadContext, viewer: Viewer, loopId: string, requestId: string) {
  const namespace = context.cloudflare.env.FEEDBACK_LOOP;
  const stub = namespace.get(namespace.idFromName(`loop:${loopId}`));
  const request: LoopRequest = { requestId, companyId: viewer.company.id, actorId: viewer.user.id };
  return { stub, request };
}

export async function remind(context: AppLoadContext, viewer: Viewer, loopId: string, runId: string, pair: LoopPair | null, requestId: string) {
  const { stub, request } = loopObject(context, viewer, loopId, requestId);
  return (await stub.remind(request, { loopId, runId, pair, now: Date.now() })) as ManageAnswer;
}

export async function changeAudiencePair(
  context: AppLoadContext,
  viewer: Viewer,
  loopId: string,
  runId: string,
  action: "add" | "remove",
  pair: LoopPair,
  requestId: string
) {
  const { stub, request } = loopObject(context, viewer, loopId, requestId);
  return (await stub.changePair(request, { loopId, runId, action, pair, now: Date.now() })) as ManageAnswer;
}

export async function deleteLaunchedLoop(context: AppLoadContext, viewer: Viewer, loopId: string, requestId: string) {
  const { stub, request } = loopObject(context, viewer, loopId, requestId);
  return (await stub.deleteLoop(request, { loopId })) as ManageAnswer;
}

/** Duplicate: a new library loop with the launched loop's settings, ready to configure (002 §2.4). */
export async function duplicateLoop(db: Db, viewer: Viewer, loop: LoopRow) {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(feedbackLibraryLoops).values({
    id,
    companyId: viewer.company.id,
    templateType: loop.templateType,
    templateId: null,
    templateName: loop.templateName,
    templateFormat: loop.templateFormat,
    title: `${loop.title} (copy)`,
    workflowType: loop.workflowType,
    audienceType: loop.audienceType,
    audienceIds: loop.audienceIds,
    workspaceId: loop.workspaceId,
    feedbackFor: loop.feedbackFor,
    pairs: loop.pairs,
    anonymous: loop.anonymous,
    // The dates are the new loop's to choose: the default deadline, no schedule (it launches at once).
    deadlineAt: new Date(now.getTime() + loop.runSpanMs),
    tzOffsetMinutes: loop.tzOffsetMinutes,
    notificationMessage: loop.notificationMessage,
    delivery: loop.delivery,
    startAt: null,
    frequency: loop.frequency,
    blocks: loop.blocks,
    hideCompetencySelector: loop.hideCompetencySelector,
    createdBy: viewer.user.id,
    createdAt: now,
    updatedAt: now,
  });
  return { id, templateType: loop.templateType };
}

/** The configuration page of a library loop (Launch on manage reopens it: 002 §2.4). */
export const configPath = (templateType: string, libraryLoopId: string) =>
  `/workflows/library/${encodeURIComponent(templateType)}/${encodeURIComponent(libraryLoopId)}/config`;

/** Whether the library loop a launched loop came from still exists in the company. */
export async function libraryLoopExists(db: Db, companyId: string, libraryLoopId: string) {
  const [row] = await db
    .select({ id: feedbackLibraryLoops.id })
    .from(feedbackLibraryLoops)
    .where(and(eq(feedbackLibraryLoops.id, libraryLoopId), eq(feedbackLibraryLoops.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}
