import { DurableObject } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createDb, type Db } from "../app/db/client.server";
import { reviewCampaigns, reviewNominations, reviewPairs, reviewTemplates, userManagers } from "../app/db/schema";
import { auditEvent, auditEventsOf, type AuditEventInput } from "../app/lib/audit.server";
import type { SendAs } from "../app/modules/notifications/kinds";
import { prepareNotify } from "../app/modules/notifications/notify.server";
import { uniquePairs, type PairSuggestion } from "../app/modules/reviews/audience.server";
import { nominationApprover } from "../app/modules/access/nominations.server";
import { managerApprovePath, ownerTodoPath, reviewerApprovePath } from "../app/modules/reviews/nomination-rules";
import { prepareShareMessages, sharesAutomatically } from "../app/modules/reviews/result-sharing.server";
import type { DraftFields } from "../app/modules/reviews/launch.schema";
import {
  AUDIENCE_REQUIRED,
  NOMINATIONS_NOT_STARTED,
  NOMINEES_REQUIRED,
  nominationResponse,
  type NominationAnswer,
  pairTransition,
  reviewTransition,
  type PairEvent,
  type PairAnswers,
  type PairOutcome,
  type PairState,
  type ReviewEvent,
  type ReviewOutcome,
  type ReviewState,
  type ShareConfig,
} from "../app/modules/reviews/campaign-machine";

const ANSWERS_KEPT_MS = 24 * 60 * 60 * 1000;
// D1 binds at most 100 parameters per statement: a pair row binds 8, an id list at most 90.
const PAIRS_PER_INSERT = 12;
const IDS_PER_STATEMENT = 90;

/** Who asks, for which campaign; `requestId` makes a retried request apply once. */
export interface CampaignRequest {
  requestId: string;
  companyId: string;
  campaignId: string;
  actorId: string | null;
}

/** A row of an upload that was not added (the invalid-pairs dialog lists them). */
export type RejectedRow = { row: number; reviewee?: string; reviewer?: string; email?: string; reason: string };

export type ChangeResult<T> =
  | { ok: true; state: T; version: number; count?: number; rejected?: RejectedRow[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; conflict: string };

/** A pair event as the DO takes it: a new reviewer goes with changeReviewer. */
/**
 * A pair event as the DO takes it: a new reviewer goes with changeReviewer; the reviewer's answers
 * with save and submit; the reason with decline. The reviewer's own events are refused (as not
 * found) for anyone but the pair's reviewer.
 */
export type PairChange = PairEvent & {
  reviewerId?: string;
  answers?: PairAnswers;
  declineReason?: string | null;
  /** The caller holds SharePairResult (the object has no viewer; without it a share is refused). */
  sharePairResult?: boolean;
};

const REVIEWER_EVENTS = new Set<PairEvent["type"]>(["save", "submit", "decline", "shareWithReviewee"]);

/** What a Send Reminders request carries (000 §3 "Reminder": note, sendAs). */
export interface ReminderOptions {
  note?: string | null;
  sendAs?: SendAs[];
}

export type Pair = PairSuggestion;

/** Changes of a campaign's audience and nomination phase. */
export type AudienceChange =
  /** Draft: the pairs join quietly; live: their reviewers are told (the page asked first). */
  | { type: "addPairs"; pairs: Pair[]; rejected?: RejectedRow[] }
  | { type: "removePairs"; pairIds: string[] }
  | { type: "clearPairs" }
  | { type: "addNominees"; userIds: string[]; rejected?: RejectedRow[] }
  | { type: "removeNominees"; userIds: string[] }
  | { type: "clearNominees" }
  /** Start Nomination: every nominee gets an open nomination and a message. */
  | { type: "startNominations" }
  /** Cancel nominations: open ones are cancelled and the audience can be edited again. */
  | { type: "cancelNominations" }
  /** Bulk action on the participants: cancel the chosen reviewees' open nominations. */
  | { type: "cancelNominees"; userIds: string[] };

/** One answer to a nominated pair (000 §3 "Nomination" responses: id, value, reason). */
export type NominationResponseInput = { pairId: string; value: NominationAnswer; reason?: string | null };

/** The people's side of the nomination phase (000 §4 "Nomination flow"). */
export type NominationChange =
  /** The nominee submits the reviewers they propose. */
  | { type: "nominate"; reviewerIds: string[] }
  /** The nominee declines to nominate (000 §9 nomination item state declined). */
  | { type: "declineNomination"; reason?: string | null }
  /** A manager of the reviewee (the review's owner when the reviewee has none) approves or denies (with a reason) nominated pairs. */
  | { type: "managerRespond"; revieweeId: string; responses: NominationResponseInput[] }
  /** A manager of the reviewee adds reviewers, approved at once. */
  | { type: "managerAdd"; revieweeId: string; reviewerIds: string[] }
  /** The pair's reviewer accepts (a review to complete) or declines. */
  | { type: "reviewerRespond"; responses: NominationResponseInput[] };

export type NominationResult =
  | { ok: true; version: number; count: number; existing?: string[]; added?: string[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; conflict: string };

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
type PairJob = {
  request: CampaignRequest;
  pairId: string;
  change: PairChange;
  resolve: (result: ChangeResult<PairOutcome>) => void;
  reject: (error: unknown) => void;
};
/** At most this many pair changes share one D1 batch (each writes about three statements). */
const PAIR_GROUP_MAX = 64;
/**
 * A kept answer belongs to one company and one person: a request id comes from the browser (a
 * form's hidden field), so another person sending the same id must get their own change applied,
 * never the first person's answer. Work without a person (cron) has its own key space.
 */
type AnswerOwner = Pick<CampaignRequest, "companyId" | "actorId" | "requestId">;
const answerKey = (request: AnswerOwner) => JSON.stringify([request.companyId, request.actorId ?? null, request.requestId]);

type CampaignRow = NonNullable<Awaited<ReturnType<ReviewCampaign["campaign"]>>>;
type Writes = BatchItem<"sqlite">[];

const conflict = (message: string) => ({ ok: false, reason: "conflict", conflict: message } as const);
const notFound = { ok: false, reason: "not-found" } as const;
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * One per review campaign (`idFromName(campaignId)`): the only writer of the campaign's state,
 * its pairs and its nominations (DESIGN.md). Each change runs alone (a queue of promises, since D1
 * reads and writes are awaited and would otherwise interleave): read from D1, check against the
 * pure state machine, write the change with its audit event and notifications in one D1 batch.
 * The answer is kept under the request id and the person asking, so a retry gets the same answer and
 * changes nothing more.
 */
export class ReviewCampaign extends DurableObject<Env> {
  #queue: Promise<unknown> = Promise.resolve();
  #pairJobs: PairJob[] = [];
  #prunedAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS answered (request_id TEXT PRIMARY KEY, result TEXT NOT NULL, at INTEGER NOT NULL)"
      );
      this.ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS answered_at ON answered (at)");
    });
  }

  /**
   * The Launch Review form's auto-save: creates the draft on its first save (the id is the one
   * this object is named by), then updates it while it is a draft.
   */
  saveDraft(request: CampaignRequest, fields: DraftFields): Promise<ChangeResult<"draft"> & { created?: boolean }> {
    return this.#once(request, async () => {
      const db = createDb(this.env.DB);
      const campaign = await this.campaign(db, request);
      const now = new Date();
      const values = { ...fields, startAt: toDate(fields.startAt), endAt: toDate(fields.endAt), updatedAt: now };
      if (!campaign) {
        // A new draft: its id must be free in every company (ids are global).
        const [taken] = await db.select({ id: reviewCampaigns.id }).from(reviewCampaigns).where(eq(reviewCampaigns.id, request.campaignId));
        if (taken) return notFound;
        await db.batch([
          db.insert(reviewCampaigns).values({
            id: request.campaignId,
            companyId: request.companyId,
            state: "draft",
            createdBy: request.actorId,
            ...values,
          }),
          this.#audit(db, request, "review.draft.create", "review_campaign", request.campaignId, { title: fields.title }),
        ]);
        return { ok: true, state: "draft", version: 0, created: true } as const;
      }
      if (campaign.state !== "draft") return conflict(`A ${campaign.state} review cannot be edited as a draft.`);
      await db.batch([
        db
          .update(reviewCampaigns)
          .set({ ...values, version: sql`${reviewCampaigns.version} + 1` })
          .where(this.#where(request)),
      ]);
      return { ok: true, state: "draft", version: campaign.version + 1, created: false } as const;
    });
  }

  /** A change of the campaign's own state (launch, schedule, finalize, reopen, …). */
  changeCampaign(request: CampaignRequest, event: ReviewEvent, reminder: ReminderOptions = {}): Promise<ChangeResult<ReviewOutcome>> {
    return this.#once(request, async () => {
      const db = createDb(this.env.DB);
      const campaign = await this.campaign(db, request);
      if (!campaign) return notFound;
      // Launch takes the start the draft saved, so the form and the row cannot disagree.
      const checked = event.type === "launch" ? { ...event, startAt: campaign.startAt?.getTime() ?? null } : event;
      const result = reviewTransition(campaign.state, checked);
      if (!result.ok) return conflict(result.conflict);
      const now = new Date();
      const writes: Writes = [];
      const set: Partial<typeof reviewCampaigns.$inferInsert> = {};
      if (event.type === "launch") {
        const refused = await this.#launchChecks(db, request, campaign, set);
        if (refused) return conflict(refused);
        set.launchedAt = now;
      }
      if (result.next === "deleted") {
        const inCampaign = (table: typeof reviewPairs | typeof reviewNominations) =>
          and(eq(table.companyId, request.companyId), eq(table.campaignId, request.campaignId));
        writes.push(db.delete(reviewPairs).where(inCampaign(reviewPairs)));
        writes.push(db.delete(reviewNominations).where(inCampaign(reviewNominations)));
        writes.push(db.delete(reviewCampaigns).where(this.#where(request)));
      } else {
        writes.push(
          db
            .update(reviewCampaigns)
            .set({ ...set, state: result.next, version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
            .where(this.#where(request))
        );
      }
      if (result.next === "closed") {
        // Nominations still open when the review closes can no longer be answered (000 §9 expired).
        writes.push(
          db
            .update(reviewNominations)
            .set({ state: "expired", updatedAt: now })
            .where(
              and(
                eq(reviewNominations.companyId, request.companyId),
                eq(reviewNominations.campaignId, request.campaignId),
                eq(reviewNominations.state, "open")
              )
            )
        );
        // Results shared automatically at close: the people they are now shared with are told.
        if (sharesAutomatically(campaign.shareConfig, "close")) {
          const pairs = sql`p.state = 'completed'`;
          const config = campaign.shareConfig;
          writes.push(...(await prepareShareMessages(db, { ...request, title: campaign.title, config, pairs })));
        }
      }
      let told: number | undefined;
      // Going live (now or when the schedule comes due) tells every reviewer; a reminder, the unfinished ones.
      if ((result.next === "live" && (event.type === "launch" || event.type === "start")) || event.type === "remind") {
        const message = await this.#tellReviewers(db, request, campaign.title, event.type === "remind" ? reminder : null);
        writes.push(...message.writes);
        told = message.recipients;
      }
      writes.push(
        this.#audit(db, request, `review.${event.type}`, "review_campaign", request.campaignId, { from: campaign.state, to: result.next })
      );
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { ok: true, state: result.next, version: campaign.version + 1, count: told } as const;
    });
  }

  /**
   * A change of one pair (remove, remind, change reviewer, reopen, share, the reviewer's
   * save/submit/decline). Pair changes that arrive while the object is busy are applied together
   * (a group commit): one D1 read for all their pairs, each change checked in arrival order
   * against the state the changes before it left, one D1 batch for all the writes. Every change
   * still gets its own answer, version step, audit event and messages, exactly as if it ran alone.
   */
  changePair(request: CampaignRequest, pairId: string, change: PairChange): Promise<ChangeResult<PairOutcome>> {
    return new Promise((resolve, reject) => {
      this.#pairJobs.push({ request, pairId, change, resolve, reject });
      if (this.#pairJobs.length === 1) this.#enqueue(() => this.#flushPairs());
    });
  }

  async #flushPairs() {
    const jobs = this.#pairJobs.splice(0, PAIR_GROUP_MAX);
    // More than one group waiting: the rest go next, still before anything queued after them.
    if (this.#pairJobs.length > 0) this.#enqueue(() => this.#flushPairs());
    try {
      const results = await this.#applyPairs(jobs);
      jobs.forEach((job, i) => job.resolve(results[i]));
    } catch (error) {
      for (const job of jobs) job.reject(error);
    }
  }

  async #applyPairs(jobs: PairJob[]): Promise<ChangeResult<PairOutcome>[]> {
    const results: Array<ChangeResult<PairOutcome> | undefined> = jobs.map((job) => this.#kept(job.request));
    const firstOfKey = new Map<string, number>();
    const todo = jobs.flatMap((job, i) => {
      const key = answerKey(job.request);
      if (results[i] || firstOfKey.has(key)) return [];
      firstOfKey.set(key, i);
      return [i];
    });
    if (todo.length > 0) {
      const db = createDb(this.env.DB);
      const campaignId = jobs[0].request.campaignId;
      const rows = await db.all<PairRow>(sql`
        SELECT rp.id, rp.company_id AS companyId, rp.state, rp.reviewer_id AS reviewerId, rp.reviewee_id AS revieweeId,
          c.state AS campaignState, c.title, c.version, co.platform, c.share_config AS shareConfig, rp.shared_at AS sharedAt
        FROM review_pairs rp
        JOIN review_campaigns c ON c.id = rp.campaign_id AND c.company_id = rp.company_id
        JOIN companies co ON co.id = rp.company_id
        WHERE rp.campaign_id = ${campaignId} AND rp.id IN (SELECT value FROM json_each(${JSON.stringify(
        todo.map((i) => jobs[i].pairId)
      )}))`);
      const pairs = new Map<string, PairRow | null>(rows.map((r) => [r.id, r]));
      // Who already reviews whom, for the reviewees whose reviewer changes (a pair is unique).
      const changing = todo.filter((i) => jobs[i].change.type === "changeReviewer").map((i) => pairs.get(jobs[i].pairId)?.revieweeId);
      const taken = new Set<string>();
      if (changing.some(Boolean)) {
        const existing = await db.all<{ revieweeId: string; reviewerId: string }>(sql`
          SELECT reviewee_id AS revieweeId, reviewer_id AS reviewerId FROM review_pairs
          WHERE campaign_id = ${campaignId} AND reviewee_id IN (SELECT value FROM json_each(${JSON.stringify(changing.filter(Boolean))}))`);
        for (const e of existing) taken.add(`${e.revieweeId}\u0000${e.reviewerId}`);
      }
      const base = rows[0];
      const writes: Writes = [];
      const audits: AuditEventInput[] = [];
      const messages = new Map<string, NonNullable<ReturnType<typeof pairMessage>>>();
      const now = new Date();
      let wins = 0;
      const submitted: string[] = [];
      for (const i of todo) {
        const { request, pairId, change } = jobs[i];
        const row = pairs.get(pairId);
        if (!row || row.companyId !== request.companyId) {
          results[i] = notFound;
          continue;
        }
        const outcome = this.#pairChange(db, request, row, change, taken, now);
        if (!outcome.ok) {
          results[i] = outcome;
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
          else messages.set(key, { ...outcome.message, recipientUserIds: [...outcome.message.recipientUserIds] });
        }
        results[i] = { ok: true, state: outcome.next, version: base.version + wins };
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
          writes.push(
            ...(await prepareShareMessages(db, { companyId: base.companyId, campaignId, title: base.title, config, pairs, submitted }))
          );
        }
        if (audits.length > 0) writes.push(...auditEventsOf(db, audits));
        // Every pair change is a change of the campaign: its version moves once per change, so readers can tell.
        writes.push(
          db
            .update(reviewCampaigns)
            .set({ version: sql`${reviewCampaigns.version} + ${wins}`, updatedAt: now })
            .where(this.#where({ ...jobs[0].request, companyId: base.companyId }))
        );
        await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      }
    }
    for (const [key, i] of firstOfKey) this.#keep(key, results[i]!);
    // A repeated request id inside the group gets the first one's answer.
    return jobs.map((job, i) => results[i] ?? results[firstOfKey.get(answerKey(job.request))!]!);
  }

  /** One pair change against the state the group has reached: its writes, or why not. */
  #pairChange(db: Db, request: CampaignRequest, row: PairRow, change: PairChange, taken: Set<string>, now: Date) {
    // A review is only ever answered by its reviewer: anyone else is told it does not exist.
    if (REVIEWER_EVENTS.has(change.type) && request.actorId !== row.reviewerId) return notFound;
    const result = pairTransition(row.state, change, { reviewState: row.campaignState, sharePairResult: change.sharePairResult === true });
    if (!result.ok) return conflict(result.conflict);
    if (change.type === "shareWithReviewee") {
      const config = row.shareConfig ? (JSON.parse(row.shareConfig) as ShareConfig) : null;
      if (config?.type !== "manual" || !config.canShare.includes("reviewer"))
        return conflict("This review's results are not shared by reviewers.");
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

  /** The audience and the nomination phase (000 §2 "Launch review audience", §4 "Nomination flow"). */
  changeAudience(request: CampaignRequest, change: AudienceChange): Promise<ChangeResult<ReviewState>> {
    return this.#once(request, async () => {
      const db = createDb(this.env.DB);
      const campaign = await this.campaign(db, request);
      if (!campaign) return notFound;
      const now = new Date();
      const started = campaign.nominationStartedAt !== null;
      const inCampaign = <T extends typeof reviewPairs | typeof reviewNominations>(table: T) =>
        and(eq(table.companyId, request.companyId), eq(table.campaignId, request.campaignId));
      const writes: Writes = [];
      /** Statements whose RETURNING rows are the answer's count (rows really written: duplicates are skipped). */
      const counted = new Set<BatchItem<"sqlite">>();
      const count$ = <T extends BatchItem<"sqlite">>(statement: T) => (counted.add(statement), statement);
      let count = 0;
      const editable = (what: string) =>
        campaign.state === "draft" ? null : `The audience of a ${campaign.state} review cannot be ${what}.`;
      const nomineesEditable = () =>
        editable("changed") ?? (started ? "Nominations have started: cancel them to change the nomination audience." : null);
      switch (change.type) {
        case "addPairs": {
          if (campaign.state !== "draft" && campaign.state !== "live") return conflict(editable("extended")!);
          const fresh = uniquePairs(change.pairs.filter((p) => p.revieweeId && p.reviewerId));
          count = fresh.length;
          for (const part of chunks(fresh, PAIRS_PER_INSERT)) {
            writes.push(
              count$(
                db
                  .insert(reviewPairs)
                  .values(
                    part.map((p) => ({
                      companyId: request.companyId,
                      campaignId: request.campaignId,
                      ...p,
                      state: "pending" as const,
                      updatedAt: now,
                    }))
                  )
                  .onConflictDoNothing()
                  .returning({ reviewerId: reviewPairs.reviewerId })
              )
            );
          }
          if (campaign.state === "live" && fresh.length > 0) {
            writes.push(
              ...(await prepareNotify(db, {
                companyId: request.companyId,
                recipientUserIds: fresh.map((p) => p.reviewerId),
                kind: "performance-review",
                subject: `You have a review to complete: ${campaign.title}`,
                body: `You have been added as a reviewer in ${campaign.title}.`,
                link: "/reviews/todos",
              }))
            );
          }
          break;
        }
        case "removePairs": {
          const refused = editable("reduced this way");
          if (refused) return conflict(refused);
          for (const ids of chunks([...new Set(change.pairIds)], IDS_PER_STATEMENT)) {
            writes.push(
              count$(
                db
                  .delete(reviewPairs)
                  .where(and(inCampaign(reviewPairs), inArray(reviewPairs.id, ids)))
                  .returning({ id: reviewPairs.id })
              )
            );
          }
          break;
        }
        case "clearPairs": {
          const refused = editable("cleared");
          if (refused) return conflict(refused);
          writes.push(count$(db.delete(reviewPairs).where(inCampaign(reviewPairs)).returning({ id: reviewPairs.id })));
          break;
        }
        case "addNominees":
        case "removeNominees":
        case "clearNominees": {
          const refused = nomineesEditable();
          if (refused) return conflict(refused);
          const current = campaign.nominationAudience;
          const next =
            change.type === "clearNominees"
              ? []
              : change.type === "addNominees"
              ? [...new Set([...current, ...change.userIds])]
              : current.filter((id) => !change.userIds.includes(id));
          count = Math.abs(next.length - current.length);
          writes.push(db.update(reviewCampaigns).set({ nominationAudience: next }).where(this.#where(request)));
          break;
        }
        case "startNominations": {
          if (campaign.state !== "draft" && campaign.state !== "live") return conflict(editable("nominated")!);
          if (started) return conflict("Nominations have already started.");
          if (campaign.nominationAudience.length === 0) return conflict("Please add the nomination audience first.");
          count = campaign.nominationAudience.length;
          for (const part of chunks(campaign.nominationAudience, PAIRS_PER_INSERT)) {
            writes.push(
              db
                .insert(reviewNominations)
                .values(
                  part.map((revieweeId) => ({ companyId: request.companyId, campaignId: request.campaignId, revieweeId, updatedAt: now }))
                )
                .onConflictDoUpdate({
                  target: [reviewNominations.campaignId, reviewNominations.revieweeId],
                  set: { state: "open", updatedAt: now },
                })
            );
          }
          writes.push(db.update(reviewCampaigns).set({ nominationStartedAt: now }).where(this.#where(request)));
          writes.push(
            ...(await prepareNotify(db, {
              companyId: request.companyId,
              recipientUserIds: campaign.nominationAudience,
              kind: "performance-review",
              subject: `Nominate your reviewers: ${campaign.title}`,
              body: `Please choose who should review you in ${campaign.title}.`,
              link: `/reviews/todos/awaiting-nomination/${request.campaignId}`,
            }))
          );
          break;
        }
        case "cancelNominations": {
          if (!started) return conflict("Nominations have not started.");
          writes.push(
            db
              .update(reviewNominations)
              .set({ state: "canceled", updatedAt: now })
              .where(and(inCampaign(reviewNominations), eq(reviewNominations.state, "open")))
          );
          writes.push(db.update(reviewCampaigns).set({ nominationStartedAt: null }).where(this.#where(request)));
          break;
        }
        case "cancelNominees": {
          if (!started) return conflict("Nominations have not started.");
          for (const ids of chunks([...new Set(change.userIds)], IDS_PER_STATEMENT)) {
            writes.push(
              count$(
                db
                  .update(reviewNominations)
                  .set({ state: "canceled", updatedAt: now })
                  .where(
                    and(inCampaign(reviewNominations), eq(reviewNominations.state, "open"), inArray(reviewNominations.revieweeId, ids))
                  )
                  .returning({ id: reviewNominations.id })
              )
            );
          }
          break;
        }
      }
      writes.push(
        db
          .update(reviewCampaigns)
          .set({ version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
          .where(this.#where(request))
      );
      const audited = change.type === "addPairs" ? { added: count } : change.type === "startNominations" ? { nominees: count } : {};
      writes.push(this.#audit(db, request, `review.audience.${change.type}`, "review_campaign", request.campaignId, audited));
      const results = await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      if (counted.size > 0) count = countReturned(results.filter((_, i) => counted.has(writes[i])));
      // An upload's refused rows are kept with the answer, so the page it redirects to can list them.
      const rejected = "rejected" in change ? change.rejected : undefined;
      return { ok: true, state: campaign.state, version: campaign.version + 1, count, ...(rejected ? { rejected } : {}) } as const;
    });
  }

  /**
   * The people's side of the nomination phase (000 §4 "Nomination flow"): the nominee submits
   * reviewers, the nominee's manager approves, denies or adds, each reviewer accepts or declines.
   * Each change is checked whole before anything is written, then written in one D1 batch with
   * its audit event and messages. Someone with no part in it is told it does not exist.
   */
  changeNomination(request: CampaignRequest, change: NominationChange): Promise<NominationResult> {
    return this.#once(request, async (): Promise<NominationResult> => {
      const db = createDb(this.env.DB);
      const campaign = await this.campaign(db, request);
      const actor = request.actorId;
      if (!campaign || !actor) return notFound;
      if (campaign.state === "closed") return conflict("A closed review takes no more nominations.");
      const now = new Date();
      const writes: Writes = [];
      const inCampaign = and(eq(reviewPairs.companyId, request.companyId), eq(reviewPairs.campaignId, request.campaignId));
      const tellReviewers = async (reviewerIds: string[]) =>
        reviewerIds.length === 0
          ? []
          : prepareNotify(db, {
              companyId: request.companyId,
              recipientUserIds: reviewerIds,
              kind: "performance-review",
              subject: `You have been nominated as a reviewer: ${campaign.title}`,
              body: `Please accept or decline your nomination as a reviewer in ${campaign.title}.`,
              link: reviewerApprovePath(request.campaignId),
            });
      const insertPairs = (revieweeId: string, reviewerIds: string[], state: PairState) => {
        for (const part of chunks(reviewerIds, PAIRS_PER_INSERT)) {
          writes.push(
            db
              .insert(reviewPairs)
              .values(
                part.map((reviewerId) => ({
                  companyId: request.companyId,
                  campaignId: request.campaignId,
                  revieweeId,
                  reviewerId,
                  state,
                  fromNominations: true,
                  updatedAt: now,
                }))
              )
              .onConflictDoNothing()
          );
        }
      };
      let count = 0;
      let answer: Pick<Extract<NominationResult, { ok: true }>, "existing" | "added"> = {};
      let entity = { type: "review_campaign", id: request.campaignId };
      let audited: Record<string, unknown> = {};
      switch (change.type) {
        case "nominate":
        case "declineNomination": {
          const [nomination] = await db
            .select({ id: reviewNominations.id, state: reviewNominations.state })
            .from(reviewNominations)
            .where(
              and(
                eq(reviewNominations.companyId, request.companyId),
                eq(reviewNominations.campaignId, request.campaignId),
                eq(reviewNominations.revieweeId, actor)
              )
            )
            .limit(1);
          if (!nomination) return notFound;
          if (nomination.state !== "open") return conflict(`Your nomination is ${nomination.state}: it cannot be answered again.`);
          entity = { type: "review_nomination", id: nomination.id };
          if (change.type === "declineNomination") {
            const reason = change.reason?.trim().slice(0, 2000) || null;
            writes.push(
              db
                .update(reviewNominations)
                .set({ state: "declined", declineReason: reason, updatedAt: now })
                .where(eq(reviewNominations.id, nomination.id))
            );
            audited = { campaignId: request.campaignId, reason };
            break;
          }
          const chosen = await this.#eligible(db, request, actor, change.reviewerIds);
          if (chosen.length === 0) return conflict(NOMINEES_REQUIRED);
          const existing = new Set(await this.#reviewersOf(db, request, actor, chosen));
          const fresh = chosen.filter((id) => !existing.has(id));
          insertPairs(actor, fresh, "nominated");
          writes.push(
            db.update(reviewNominations).set({ state: "submitted", updatedAt: now }).where(eq(reviewNominations.id, nomination.id))
          );
          // The nominee's managers approve; when there are none, the review's owner does (000 §2 owner to-do).
          const managers = await db
            .select({ id: userManagers.managerId })
            .from(userManagers)
            .where(and(eq(userManagers.companyId, request.companyId), eq(userManagers.userId, actor)));
          const approvers = managers.length > 0 ? managers.map((m) => m.id) : campaign.createdBy ? [campaign.createdBy] : [];
          writes.push(
            ...(await prepareNotify(db, {
              companyId: request.companyId,
              recipientUserIds: approvers,
              kind: "performance-review",
              subject: `Nominations to approve: ${campaign.title}`,
              body: `Please approve or deny the reviewers nominated in ${campaign.title}.`,
              link: (managers.length > 0 ? managerApprovePath : ownerTodoPath)(request.campaignId, actor),
            }))
          );
          count = fresh.length;
          audited = { campaignId: request.campaignId, reviewerIds: fresh };
          break;
        }
        case "managerRespond":
        case "reviewerRespond": {
          const by = change.type === "managerRespond" ? "manager" : "reviewer";
          if (by === "manager" && !(await this.#approves(db, request, campaign, actor, (change as { revieweeId: string }).revieweeId)))
            return notFound;
          const responses = change.responses.filter((r) => r.pairId);
          if (responses.length === 0) return conflict("Please answer at least one nomination.");
          const ids = [...new Set(responses.map((r) => r.pairId))];
          const rows = await db
            .select({
              id: reviewPairs.id,
              state: reviewPairs.state,
              reviewerId: reviewPairs.reviewerId,
              revieweeId: reviewPairs.revieweeId,
            })
            .from(reviewPairs)
            .where(and(inCampaign, inArray(reviewPairs.id, ids.slice(0, IDS_PER_STATEMENT))));
          const pairs = new Map(rows.map((r) => [r.id, r]));
          const moves: Array<{ pairId: string; reviewerId: string; from: PairState; next: PairState; reason: string | null }> = [];
          for (const r of responses) {
            const row = pairs.get(r.pairId);
            const mine =
              row && (by === "manager" ? row.revieweeId === (change as { revieweeId: string }).revieweeId : row.reviewerId === actor);
            if (!row || !mine) return notFound;
            if (moves.some((m) => m.pairId === row.id)) continue;
            const result = nominationResponse(by, row.state, r.value, r.reason);
            if (!result.ok) return conflict(result.conflict);
            moves.push({
              pairId: row.id,
              reviewerId: row.reviewerId,
              from: row.state,
              next: result.next,
              reason: r.reason?.trim() || null,
            });
          }
          for (const m of moves) {
            const set: Partial<typeof reviewPairs.$inferInsert> = { state: m.next, updatedAt: now };
            if (m.next === "nomination-manager-declined" || m.next === "nomination-reviewer-declined") set.declineComment = m.reason;
            writes.push(
              db
                .update(reviewPairs)
                .set(set)
                .where(and(inCampaign, eq(reviewPairs.id, m.pairId)))
            );
          }
          if (by === "manager")
            writes.push(...(await tellReviewers(moves.filter((m) => m.next === "nomination-manager-approved").map((m) => m.reviewerId))));
          count = moves.length;
          audited = { campaignId: request.campaignId, responses: moves.map(({ pairId, from, next }) => ({ pairId, from, to: next })) };
          break;
        }
        case "managerAdd": {
          if (!(await this.#approves(db, request, campaign, actor, change.revieweeId))) return notFound;
          const chosen = await this.#eligible(db, request, change.revieweeId, change.reviewerIds);
          if (chosen.length === 0) return conflict(NOMINEES_REQUIRED);
          const existing = new Set(await this.#reviewersOf(db, request, change.revieweeId, chosen));
          const added = chosen.filter((id) => !existing.has(id));
          insertPairs(change.revieweeId, added, "nomination-manager-approved");
          writes.push(...(await tellReviewers(added)));
          count = added.length;
          answer = { existing: chosen.filter((id) => existing.has(id)), added };
          audited = { campaignId: request.campaignId, revieweeId: change.revieweeId, added };
          break;
        }
      }
      writes.push(
        db
          .update(reviewCampaigns)
          .set({ version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
          .where(this.#where(request))
      );
      writes.push(this.#audit(db, request, `review.nomination.${change.type}`, entity.type, entity.id, audited));
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { ok: true, version: campaign.version + 1, count, ...answer };
    });
  }

  /**
   * Whether `actorId` approves `revieweeId`'s nominations in this campaign: `revieweeId` has a
   * nomination here, and `actorId` is one of their managers, or the review's owner when they have none.
   */
  async #approves(db: Db, request: CampaignRequest, campaign: CampaignRow, actorId: string, revieweeId: string) {
    const row = await db.get<{ n: number }>(sql`
      SELECT count(*) AS n FROM review_nominations n
      WHERE n.company_id = ${request.companyId} AND n.campaign_id = ${request.campaignId} AND n.reviewee_id = ${revieweeId}
        AND ${nominationApprover(request.companyId, actorId, campaign.createdBy, revieweeId)}`);
    return (row?.n ?? 0) > 0;
  }

  /** Of `ids`, the people who may review `revieweeId` here: active, in the campaign's workspace or group, not the reviewee. */
  async #eligible(db: Db, request: CampaignRequest, revieweeId: string, ids: string[]) {
    const wanted = [...new Set(ids.filter((id) => typeof id === "string" && id.length > 0 && id !== revieweeId))];
    if (wanted.length === 0) return [];
    const rows = await db.all<{ id: string }>(sql`
      SELECT u.id FROM users u JOIN review_campaigns c ON c.id = ${request.campaignId} AND c.company_id = u.company_id
      WHERE u.company_id = ${request.companyId} AND u.is_deleted = 0
        AND u.id IN (SELECT value FROM json_each(${JSON.stringify(wanted)}))
        AND (c.workspace_id IS NULL OR EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.workspace_id = c.workspace_id AND wm.user_id = u.id))
        AND (c.group_id IS NULL OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = c.group_id AND gm.user_id = u.id))`);
    const found = new Set(rows.map((r) => r.id));
    return wanted.filter((id) => found.has(id));
  }

  /** Of `reviewerIds`, those who already review `revieweeId` in this campaign. */
  async #reviewersOf(db: Db, request: CampaignRequest, revieweeId: string, reviewerIds: string[]) {
    const rows = await db.all<{ reviewerId: string }>(sql`
      SELECT reviewer_id AS reviewerId FROM review_pairs
      WHERE company_id = ${request.companyId} AND campaign_id = ${request.campaignId} AND reviewee_id = ${revieweeId}
        AND reviewer_id IN (SELECT value FROM json_each(${JSON.stringify(reviewerIds)}))`);
    return rows.map((r) => r.reviewerId);
  }

  /** The kept answer to the same person's earlier request (for the page a change redirected to), or null. */
  answerOf(request: AnswerOwner): ChangeResult<unknown> | null {
    const kept = this.ctx.storage.sql
      .exec<{ result: string }>("SELECT result FROM answered WHERE request_id = ?", answerKey(request))
      .toArray()[0];
    return kept ? (JSON.parse(kept.result) as ChangeResult<unknown>) : null;
  }

  /** The campaign row this object guards, in the asking company, or null. */
  async campaign(db: Db, request: CampaignRequest) {
    const [row] = await db
      .select({
        state: reviewCampaigns.state,
        title: reviewCampaigns.title,
        version: reviewCampaigns.version,
        templateId: reviewCampaigns.templateId,
        startAt: reviewCampaigns.startAt,
        nominationAudience: reviewCampaigns.nominationAudience,
        nominationStartedAt: reviewCampaigns.nominationStartedAt,
        shareConfig: reviewCampaigns.shareConfig,
        createdBy: reviewCampaigns.createdBy,
      })
      .from(reviewCampaigns)
      .where(this.#where(request))
      .limit(1);
    return row ? { ...row, state: row.state as ReviewState } : null;
  }

  /** What launching needs beyond the state (000 §4, §5); fills the questionnaire snapshot into `set`. */
  async #launchChecks(db: Db, request: CampaignRequest, campaign: CampaignRow, set: Partial<typeof reviewCampaigns.$inferInsert>) {
    if (campaign.nominationAudience.length > 0 && campaign.nominationStartedAt === null) return NOMINATIONS_NOT_STARTED;
    const [template] = campaign.templateId
      ? await db
          .select({ title: reviewTemplates.title, blocks: reviewTemplates.blocks })
          .from(reviewTemplates)
          .where(and(eq(reviewTemplates.id, campaign.templateId), eq(reviewTemplates.companyId, request.companyId)))
          .limit(1)
      : [];
    if (!template) return "The questionnaire of this review no longer exists: choose another one.";
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(reviewPairs)
      .where(and(eq(reviewPairs.companyId, request.companyId), eq(reviewPairs.campaignId, request.campaignId)));
    if (n === 0 && campaign.nominationStartedAt === null) return AUDIENCE_REQUIRED;
    set.templateTitle = template.title;
    set.templateBlocks = template.blocks;
    return null;
  }

  /** Outbox rows for the reviewers who have not finished (all of them at launch); a reminder when `reminder` is given. */
  async #tellReviewers(db: Db, request: CampaignRequest, title: string, reminder: ReminderOptions | null) {
    const kind = reminder ? "reminder" : "performance-review";
    const open = await db
      .selectDistinct({ reviewerId: reviewPairs.reviewerId })
      .from(reviewPairs)
      .where(
        and(
          eq(reviewPairs.companyId, request.companyId),
          eq(reviewPairs.campaignId, request.campaignId),
          sql`${reviewPairs.state} IN ('pending', 'started', 'review-progress')`
        )
      );
    const note = reminder?.note?.trim();
    const writes = await prepareNotify(db, {
      companyId: request.companyId,
      recipientUserIds: open.map((p) => p.reviewerId),
      kind,
      subject: kind === "reminder" ? `Reminder: ${title}` : `You have reviews to complete: ${title}`,
      body: note
        ? note
        : kind === "reminder"
        ? `Please complete your reviews for ${title}.`
        : `${title} has started. Please complete your reviews.`,
      link: "/reviews/todos",
      sendAs: reminder?.sendAs,
      // A launch tells each reviewer once, even if a retry or a second cron fire got this far.
      dedupeKey: kind === "performance-review" ? `review-live:${request.campaignId}` : null,
    });
    return { writes, recipients: open.length };
  }

  #where(request: CampaignRequest) {
    return and(eq(reviewCampaigns.id, request.campaignId), eq(reviewCampaigns.companyId, request.companyId));
  }

  #audit(db: Db, request: CampaignRequest, action: string, entityType: string, entityId: string, data: Record<string, unknown>) {
    return auditEvent(db, {
      companyId: request.companyId,
      actorId: request.actorId,
      action,
      entityType,
      entityId,
      data,
      requestId: request.requestId,
    });
  }

  /** Runs `work` after everything queued before it. */
  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs `work` after every change before it, once per request id (a retry gets the first answer).
   * The key carries the asking company and person (answerKey), so a kept answer goes to nobody else.
   */
  #once<T>(request: CampaignRequest, work: () => Promise<T>): Promise<T> {
    return this.#enqueue(async () => {
      const kept = this.#kept(request) as T | undefined;
      if (kept) return kept;
      const result = await work();
      this.#keep(answerKey(request), result);
      return result;
    });
  }

  #kept(request: CampaignRequest): ChangeResult<PairOutcome> | undefined {
    const row = this.ctx.storage.sql
      .exec<{ result: string }>("SELECT result FROM answered WHERE request_id = ?", answerKey(request))
      .toArray()[0];
    return row ? (JSON.parse(row.result) as ChangeResult<PairOutcome>) : undefined;
  }

  #keep(key: string, result: unknown) {
    const now = Date.now();
    // A retry comes within minutes; a day of answers is plenty. Pruned at most once a minute.
    if (now - this.#prunedAt > 60_000) {
      this.ctx.storage.sql.exec("DELETE FROM answered WHERE at < ?", now - ANSWERS_KEPT_MS);
      this.#prunedAt = now;
    }
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO answered (request_id, result, at) VALUES (?, ?, ?)",
      key,
      JSON.stringify(result),
      now
    );
  }
}

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The rows a batch's RETURNING statements gave back (outbox inserts included, for reminders). */
function countReturned(results: unknown[]) {
  return results.reduce<number>((n, r) => n + (Array.isArray(r) ? r.length : 0), 0);
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
