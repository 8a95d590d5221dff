import { and, eq, sql } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { feedbackItems, feedbackLoopPairs, feedbackLoopRuns, feedbackLoops } from "~/db/schema";
import type { GroupPlan, Writes } from "~/db/write-plan";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { countUpserts, itemInserts } from "./count-writes.server";
import { FEEDBACK_KIND_TITLES, GIVE_MESSAGES, LOOP_ITEM_KIND } from "./give";
import { feedbackRecord, type CompetencyIncrement, type DailyIncrement, type FeedbackItemRow, type FeedbackTextField } from "./item-record";
import type { DimensionInfo, FeedbackAnswers, FeedbackFormat, FeedbackFor, LoopType } from "./loop-types";
import { SELF_SELECT } from "./pairs";

/**
 * Feedback given in a loop run, through the loop's single writer (`loop:<loopId>`): each send is
 * checked against the run and its pair in arrival order and the sends that arrive together are
 * committed in one D1 batch (a group commit), so hundreds of senders at a deadline cost a few
 * batches. One item per sender, receiver and run; none after the run's deadline or once closed.
 *
 * An anonymous loop's item keeps no sender and no time but its run's deadline day, its pair no
 * time it was given, and its counts wait for the run to close (planReleaseAnonymous).
 */

/** At most this many sends share one batch (each writes about four statements). */
export const GIVE_GROUP_MAX = 64;

/** Who sends, to which launched loop; `requestId` makes a retried send apply once (for the same person). */
export interface GiveRequest {
  requestId: string;
  companyId: string;
  actorId: string;
  loopId: string;
}

export interface GiveJob {
  runId: string;
  receiverId: string;
  texts: Partial<Record<FeedbackTextField, string>>;
  answers: FeedbackAnswers;
  dimensionInfos: DimensionInfo[];
}

/** One queued send. */
export type GiveCommand = { request: GiveRequest; job: GiveJob };

export type GiveRefusal = "not-found" | "given" | "closed";
export type GiveResult = { ok: true; itemId: string } | { ok: false; reason: GiveRefusal; message: string };

interface RunRow {
  runId: string;
  companyId: string;
  state: string;
  deadlineAt: number;
  loopId: string;
  workflowType: LoopType;
  feedbackFor: FeedbackFor | null;
  anonymous: number;
  templateFormat: FeedbackFormat | null;
  blocks: string;
}

const json = (values: readonly string[]) => JSON.stringify([...new Set(values)]);
const refuse = (reason: GiveRefusal, message: string): GiveResult => ({ ok: false, reason, message });
const NOT_FOUND = refuse("not-found", "Not Found");

/** Whether a run takes feedback now: open and before its deadline. */
export const runIsOpen = (run: { state: string; deadlineAt: number | Date }, now: Date) =>
  run.state === "open" && now.getTime() < new Date(run.deadlineAt).getTime();

export async function planGiveFeedback(db: Db, commands: GiveCommand[]): Promise<GroupPlan<GiveResult>> {
  const loopId = commands[0].request.loopId;
  const runIds = commands.map((c) => c.job.runId);
  const senders = commands.map((c) => c.request.actorId);
  const receivers = commands.map((c) => c.job.receiverId);
  const [runs, pairs, people] = await db.$client.batch([
    d1Statement(
      db,
      sql`SELECT r.id AS runId, r.company_id AS companyId, r.state, r.deadline_at AS deadlineAt, l.id AS loopId,
        l.workflow_type AS workflowType, l.feedback_for AS feedbackFor, l.anonymous, l.template_format AS templateFormat, l.blocks
      FROM feedback_loop_runs r JOIN feedback_loops l ON l.id = r.loop_id AND l.company_id = r.company_id
      WHERE r.loop_id = ${loopId} AND l.template_type = 'feedback' AND r.id IN (SELECT value FROM json_each(${json(runIds)}))`
    ),
    d1Statement(
      db,
      sql`SELECT run_id AS runId, sender_id AS senderId, receiver_id AS receiverId, state FROM feedback_loop_pairs
      WHERE run_id IN (SELECT value FROM json_each(${json(runIds)})) AND sender_id IN (SELECT value FROM json_each(${json(senders)}))`
    ),
    // Self-select receivers: active people of the company (checked against each run's company below).
    d1Statement(
      db,
      sql`SELECT id, company_id AS companyId FROM users WHERE id IN (SELECT value FROM json_each(${json(receivers)})) AND is_deleted = 0 AND is_excluded = 0`
    ),
  ]);
  const runOf = new Map((runs.results as RunRow[]).map((r) => [r.runId, r]));
  const pairState = new Map(
    (pairs.results as Array<{ runId: string; senderId: string; receiverId: string; state: string }>).map((p) => [
      JSON.stringify([p.runId, p.senderId, p.receiverId]),
      p.state,
    ])
  );
  const activePeople = new Map((people.results as Array<{ id: string; companyId: string }>).map((p) => [p.id, p.companyId]));

  const now = new Date();
  const answers: GiveResult[] = [];
  const items: FeedbackItemRow[] = [];
  const daily: DailyIncrement[] = [];
  const competencies: CompetencyIncrement[] = [];
  const writes: Writes = [];
  const givenPerRun = new Map<string, number>();
  // The pairs given, marked with one statement per run (and anonymity) rather than one per send.
  const givenPairs: Array<{ runId: string; anonymous: boolean; senderId: string; receiverId: string }> = [];
  for (const { request, job } of commands) {
    const run = runOf.get(job.runId);
    const sender = request.actorId;
    if (!run || run.companyId !== request.companyId || run.loopId !== request.loopId) {
      answers.push(NOT_FOUND);
      continue;
    }
    const selfSelect = run.workflowType !== "company-feedback" && run.feedbackFor === "self-select";
    const company = run.workflowType === "company-feedback";
    const key = (receiver: string) => JSON.stringify([run.runId, sender, receiver]);
    const assigned = pairState.get(key(selfSelect ? SELF_SELECT : job.receiverId));
    const receiverOk = selfSelect
      ? activePeople.get(job.receiverId) === run.companyId && job.receiverId !== sender
      : company
        ? job.receiverId === run.companyId
        : true;
    if (!assigned || assigned === "removed" || !receiverOk) {
      answers.push(NOT_FOUND);
      continue;
    }
    const given = selfSelect ? pairState.has(key(job.receiverId)) : assigned === "given";
    if (given) {
      answers.push(refuse("given", company ? GIVE_MESSAGES.alreadyGivenCompany : GIVE_MESSAGES.alreadyGiven));
      continue;
    }
    if (!runIsOpen(run, now)) {
      answers.push(refuse("closed", GIVE_MESSAGES.closed));
      continue;
    }
    const anonymous = Boolean(run.anonymous);
    const kind = LOOP_ITEM_KIND[run.workflowType];
    const record = feedbackRecord({
      companyId: run.companyId,
      source: "loop",
      feedbackType: kind,
      feedbackTypeTitle: FEEDBACK_KIND_TITLES[kind],
      templateType: run.templateFormat,
      texts: job.texts,
      blocks: run.templateFormat ? [] : JSON.parse(run.blocks),
      answers: job.answers,
      dimensionInfos: job.dimensionInfos,
      senderId: sender,
      receiverId: job.receiverId,
      loopId: run.loopId,
      runId: run.runId,
      anonymous,
      at: now,
      runDeadline: new Date(run.deadlineAt),
      receiverIsPerson: !company,
    });
    items.push(record.item);
    // An anonymous item's counts are held until its run closes with enough others.
    if (!anonymous) {
      daily.push(...record.daily);
      competencies.push(...record.competencies);
    }
    const givenAt = anonymous ? null : now;
    let counted = true;
    if (selfSelect) {
      writes.push(
        db
          .insert(feedbackLoopPairs)
          .values({ companyId: run.companyId, loopId: run.loopId, runId: run.runId, senderId: sender, receiverId: job.receiverId, state: "given", givenAt })
          .onConflictDoNothing()
      );
      // The sender's own pair counts as given from their first colleague on.
      counted = assigned === "pending";
      if (counted) givenPairs.push({ runId: run.runId, anonymous, senderId: sender, receiverId: SELF_SELECT });
      pairState.set(key(SELF_SELECT), "given");
    } else {
      givenPairs.push({ runId: run.runId, anonymous, senderId: sender, receiverId: job.receiverId });
    }
    pairState.set(key(job.receiverId), "given");
    if (counted) givenPerRun.set(run.runId, (givenPerRun.get(run.runId) ?? 0) + 1);
    answers.push({ ok: true, itemId: record.item.id });
  }
  if (items.length === 0) return { writes: [], answers };
  const all: Writes = [...itemInserts(db, items), ...writes, ...countUpserts(db, daily, competencies)];
  const marks = new Map<string, typeof givenPairs>();
  for (const p of givenPairs) {
    const key = JSON.stringify([p.runId, p.anonymous]);
    marks.set(key, [...(marks.get(key) ?? []), p]);
  }
  for (const list of marks.values()) {
    const { runId, anonymous } = list[0];
    const pairs = JSON.stringify(list.map((p) => [p.senderId, p.receiverId]));
    all.push(
      db
        .update(feedbackLoopPairs)
        .set({ state: "given", givenAt: anonymous ? null : now })
        .where(
          sql`${feedbackLoopPairs.runId} = ${runId} AND ${feedbackLoopPairs.state} = 'pending'
            AND (${feedbackLoopPairs.senderId}, ${feedbackLoopPairs.receiverId}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs}))`
        )
    );
  }
  let loopGiven = 0;
  for (const [runId, n] of givenPerRun) {
    loopGiven += n;
    all.push(
      db
        .update(feedbackLoopRuns)
        .set({ givenCount: sql`${feedbackLoopRuns.givenCount} + ${n}` })
        .where(and(eq(feedbackLoopRuns.id, runId), eq(feedbackLoopRuns.loopId, loopId)))
    );
  }
  if (loopGiven > 0) all.push(db.update(feedbackLoops).set({ givenCount: sql`${feedbackLoops.givenCount} + ${loopGiven}` }).where(eq(feedbackLoops.id, loopId)));
  return { writes: all, answers };
}

/**
 * Releases a closed run's anonymous items: per receiver, when at least the company's anonymity
 * floor of them exist, they become visible and their held count increments are applied, dated the
 * run's deadline day as the items are (the receiver's received and competency counts, and one
 * sent for each sender whose pair to that receiver is given). A receiver with fewer keeps them
 * hidden and uncounted, so no count or list can single anyone out. Releasing again finds nothing.
 */
export async function planReleaseAnonymous(db: Db, run: { id: string; companyId: string; deadlineAt: Date }): Promise<Writes> {
  const [company, items, pairs] = await db.$client.batch([
    d1Statement(db, sql`SELECT anonymity_floor AS floor FROM companies WHERE id = ${run.companyId}`),
    d1Statement(
      db,
      sql`SELECT id, receiver_id AS receiverId, source, feedback_type AS feedbackType, dimension_infos AS dimensionInfos FROM feedback_items
      WHERE run_id = ${run.id} AND company_id = ${run.companyId} AND anonymous = 1 AND visible = 0 ORDER BY receiver_id, id`
    ),
    d1Statement(
      db,
      sql`SELECT sender_id AS senderId, receiver_id AS receiverId FROM feedback_loop_pairs
      WHERE run_id = ${run.id} AND company_id = ${run.companyId} AND state = 'given' AND receiver_id <> ${SELF_SELECT} ORDER BY receiver_id, sender_id`
    ),
  ]);
  const floor = anonymityMinimum((company.results[0] as { floor: number } | undefined)?.floor);
  const byReceiver = new Map<string, Array<{ id: string; dimensionInfos: string; feedbackType: string }>>();
  for (const item of items.results as Array<{ id: string; receiverId: string; dimensionInfos: string; feedbackType: string }>) {
    byReceiver.set(item.receiverId, [...(byReceiver.get(item.receiverId) ?? []), item]);
  }
  const sendersOf = new Map<string, string[]>();
  for (const p of pairs.results as Array<{ senderId: string; receiverId: string }>) sendersOf.set(p.receiverId, [...(sendersOf.get(p.receiverId) ?? []), p.senderId]);
  const released: string[] = [];
  const daily: DailyIncrement[] = [];
  const competencies: CompetencyIncrement[] = [];
  for (const [receiverId, list] of byReceiver) {
    if (list.length < floor) continue;
    released.push(receiverId);
    const senders = sendersOf.get(receiverId) ?? [];
    list.forEach((item, i) => {
      // Which sender wrote which item is not known (nor needed): the totals are the same.
      const record = feedbackRecord({
        companyId: run.companyId,
        source: "loop",
        feedbackType: "company",
        feedbackTypeTitle: "",
        templateType: null,
        texts: {},
        dimensionInfos: JSON.parse(item.dimensionInfos) as DimensionInfo[],
        senderId: senders[i] ?? "",
        receiverId,
        runId: run.id,
        anonymous: true,
        at: run.deadlineAt,
        runDeadline: run.deadlineAt,
        receiverIsPerson: receiverId !== run.companyId,
      });
      daily.push(...record.daily.filter((d) => d.userId !== ""));
      competencies.push(...record.competencies);
    });
  }
  if (released.length === 0) return [];
  return [
    db
      .update(feedbackItems)
      .set({ visible: true })
      .where(
        sql`${feedbackItems.runId} = ${run.id} AND ${feedbackItems.companyId} = ${run.companyId} AND ${feedbackItems.anonymous} = 1 AND ${feedbackItems.visible} = 0
          AND ${feedbackItems.receiverId} IN (SELECT value FROM json_each(${json(released)}))`
      ),
    ...countUpserts(db, daily, competencies),
  ];
}
