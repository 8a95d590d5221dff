import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviewPairs } from "~/db/schema";
import type { GroupPlan, Writes } from "~/db/write-plan";
import type { AuditEventInput } from "~/lib/audit.server";
import { auditEventsOf } from "~/lib/audit.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { pairTransition, type PairOutcome, type PairState, type ReviewState, type ShareConfig } from "./campaign-machine";
import { conflict, notFound, REVIEWER_EVENTS, type CampaignRequest, type ChangeResult, type PairChange } from "./campaign-commands";
import { bumpVersion } from "./campaign-writes.server";
import { prepareShareMessages, sharesAutomatically } from "./result-sharing.server";

/** At most this many pair changes share one D1 batch (each writes about three statements). */
export const PAIR_GROUP_MAX = 64;

/** One queued pair change (remove, remind, change reviewer, reopen, share, the reviewer's save/submit/decline). */
export type PairCommand = { request: CampaignRequest; job: { pairId: string; change: PairChange } };

/** A pair with what checking a change needs (its campaign's state) and its company's platform (for messages). */
type PairRow = {
  id: string;
  companyId: string;
  state: PairState;
  reviewerId: string;
  revieweeId: string;
  campaignState: ReviewState;
  title: string;
  version: number;
  platform: "slack" | "msteams";
  shareConfig: string | null;
  sharedAt: number | null;
};

/**
 * Pair changes of one campaign, planned together (a group commit): one D1 read for all their
 * pairs, each change checked in arrival order against the state the changes before it left, one
 * batch of writes for all. Every change still gets its own answer, version step, audit event and
 * messages, exactly as if it ran alone.
 */
export async function planPairChanges(db: Db, commands: PairCommand[]): Promise<GroupPlan<ChangeResult<PairOutcome>>> {
  const campaignId = commands[0].request.campaignId;
  const rows = await db.all<PairRow>(sql`
    SELECT rp.id, rp.company_id AS companyId, rp.state, rp.reviewer_id AS reviewerId, rp.reviewee_id AS revieweeId,
      c.state AS campaignState, c.title, c.version, co.platform, c.share_config AS shareConfig, rp.shared_at AS sharedAt
    FROM review_pairs rp
    JOIN review_campaigns c ON c.id = rp.campaign_id AND c.company_id = rp.company_id
    JOIN companies co ON co.id = rp.company_id
    WHERE rp.campaign_id = ${campaignId} AND rp.id IN (SELECT value FROM json_each(${JSON.stringify(commands.map((c) => c.job.pairId))}))`);
  const pairs = new Map<string, PairRow | null>(rows.map((r) => [r.id, r]));
  // Who already reviews whom, for the reviewees whose reviewer changes (a pair is unique).
  const changing = commands.filter((c) => c.job.change.type === "changeReviewer").map((c) => pairs.get(c.job.pairId)?.revieweeId);
  const taken = new Set<string>();
  if (changing.some(Boolean)) {
    const existing = await db.all<{ revieweeId: string; reviewerId: string }>(sql`
      SELECT reviewee_id AS revieweeId, reviewer_id AS reviewerId FROM review_pairs
      WHERE campaign_id = ${campaignId} AND reviewee_id IN (SELECT value FROM json_each(${JSON.stringify(changing.filter(Boolean))}))`);
    for (const e of existing) taken.add(`${e.revieweeId}\u0000${e.reviewerId}`);
  }
  const base = rows[0];
  const answers: ChangeResult<PairOutcome>[] = [];
  const writes: Writes = [];
  const audits: AuditEventInput[] = [];
  const messages = new Map<string, NonNullable<ReturnType<typeof pairMessage>> & { senderUserId: string | null }>();
  const now = new Date();
  let wins = 0;
  const submitted: string[] = [];
  for (const { request, job } of commands) {
    const { pairId, change } = job;
    const row = pairs.get(pairId);
    if (!row || row.companyId !== request.companyId) {
      answers.push(notFound);
      continue;
    }
    const outcome = pairChange(db, request, row, change, taken, now);
    if (!outcome.ok) {
      answers.push(outcome);
      continue;
    }
    wins++;
    if (change.type === "submit") submitted.push(pairId);
    writes.push(...outcome.writes);
    if (outcome.audit) audits.push(outcome.audit);
    // The same message to several people (a group of reminders) is one outbox insert for all of them.
    if (outcome.message) {
      const key = JSON.stringify([outcome.message.kind, outcome.message.subject, outcome.message.body, outcome.message.link]);
      const same = messages.get(key);
      if (same) same.recipientUserIds.push(...outcome.message.recipientUserIds);
      else messages.set(key, { ...outcome.message, senderUserId: request.actorId, recipientUserIds: [...outcome.message.recipientUserIds] });
    }
    answers.push({ ok: true, state: outcome.next, version: base.version + wins });
    if (outcome.next === "removed") pairs.set(pairId, null);
    else
      pairs.set(pairId, {
        ...row,
        state: outcome.next,
        reviewerId: change.type === "changeReviewer" ? change.reviewerId! : row.reviewerId,
        sharedAt: change.type === "share" || change.type === "shareWithReviewee" ? now.getTime() : row.sharedAt,
      });
  }
  if (wins > 0) {
    for (const message of messages.values()) {
      writes.push(...(await prepareNotify(db, { companyId: base.companyId, platform: base.platform, ...message })));
    }
    // Results shared automatically on submit: the people they are now shared with are told.
    const config = base.shareConfig ? (JSON.parse(base.shareConfig) as ShareConfig) : null;
    if (submitted.length > 0 && sharesAutomatically(config, "submit")) {
      const pairs = sql`p.id IN (SELECT value FROM json_each(${JSON.stringify(submitted)}))`;
      writes.push(...(await prepareShareMessages(db, { companyId: base.companyId, campaignId, title: base.title, config, pairs, submitted })));
    }
    if (audits.length > 0) writes.push(...auditEventsOf(db, audits));
    // Every pair change is a change of the campaign: its version moves once per change, so readers can tell.
    writes.push(bumpVersion(db, { ...commands[0].request, companyId: base.companyId }, now, wins));
  }
  return { writes, answers };
}

/** One pair change against the state the group has reached: its writes, or why not. */
function pairChange(db: Db, request: CampaignRequest, row: PairRow, change: PairChange, taken: Set<string>, now: Date) {
  // A review is only ever answered by its reviewer: anyone else is told it does not exist.
  if (REVIEWER_EVENTS.has(change.type) && request.actorId !== row.reviewerId) return notFound;
  const result = pairTransition(row.state, change, { reviewState: row.campaignState, sharePairResult: change.sharePairResult === true });
  if (!result.ok) return conflict(result.conflict);
  if (change.type === "shareWithReviewee") {
    const config = row.shareConfig ? (JSON.parse(row.shareConfig) as ShareConfig) : null;
    if (config?.type !== "manual" || !config.canShare.includes("reviewer")) return conflict("This review's results are not shared by reviewers.");
    if (row.sharedAt !== null) return conflict("This review is already shared.");
  }
  if (change.type === "changeReviewer") {
    if (!change.reviewerId || change.reviewerId === row.reviewerId) return conflict("Reviewer is required");
    const pair = `${row.revieweeId}\u0000${change.reviewerId}`;
    if (taken.has(pair)) return conflict("This reviewer already reviews this person in this review.");
    taken.delete(`${row.revieweeId}\u0000${row.reviewerId}`);
    taken.add(pair);
  }
  const where = and(eq(reviewPairs.id, row.id), eq(reviewPairs.companyId, request.companyId));
  const writes: Writes = [];
  if (result.next === "removed") writes.push(db.delete(reviewPairs).where(where));
  // A reminder changes nothing on the pair: its message and audit event are the whole change.
  else if (change.type !== "sendReminder") {
    const set: Partial<typeof reviewPairs.$inferInsert> = { state: result.next, updatedAt: now };
    if (change.type === "changeReviewer") {
      set.reviewerId = change.reviewerId;
      // Without "Save draft review" the new reviewer starts from a blank form.
      if (result.next === "pending") set.answers = null;
    }
    if (change.type === "reopen") Object.assign(set, { declineComment: null, completedAt: null });
    if (change.type === "submit") set.completedAt = now;
    if (change.type === "share" || change.type === "shareWithReviewee") set.sharedAt = now;
    if (change.type === "save" || change.type === "submit") set.answers = change.answers ?? {};
    if (change.type === "decline") set.declineComment = change.declineReason?.trim() || null;
    writes.push(db.update(reviewPairs).set(set).where(where));
  }
  // An auto-save of a started review changes no state: its answers are the whole change, no audit row.
  const audit: AuditEventInput | null =
    change.type === "save" && row.state === result.next
      ? null
      : {
          companyId: request.companyId,
          actorId: request.actorId,
          action: `review.pair.${change.type}`,
          entityType: "review_pair",
          entityId: row.id,
          data: {
            campaignId: request.campaignId,
            from: row.state,
            to: result.next,
            ...(change.type === "changeReviewer" ? { reviewerId: change.reviewerId, retainDraft: change.retainDraft } : {}),
          },
          requestId: request.requestId,
        };
  return { ok: true as const, next: result.next, writes, audit, message: pairMessage(change, row) };
}

/** The message a pair change sends, if any: a reminder, a new reviewer's task, a shared result. */
function pairMessage(change: PairChange, row: { reviewerId: string; revieweeId: string; title: string }) {
  switch (change.type) {
    case "sendReminder":
      return {
        recipientUserIds: [row.reviewerId],
        kind: "reminder" as const,
        subject: `Reminder: ${row.title}`,
        body: `Please complete your review in ${row.title}.`,
        link: "/reviews/todos",
      };
    case "changeReviewer":
      return {
        recipientUserIds: [change.reviewerId!],
        kind: "performance-review" as const,
        subject: `You have a review to complete: ${row.title}`,
        body: `Please complete your review in ${row.title}.`,
        link: "/reviews/todos",
      };
    case "share":
    case "shareWithReviewee":
      return {
        recipientUserIds: [row.revieweeId],
        kind: "performance-review" as const,
        subject: `A review of you was shared: ${row.title}`,
        body: `A completed review from ${row.title} has been shared with you.`,
        link: "/reviews/my-reviews",
      };
    default:
      return null;
  }
}
