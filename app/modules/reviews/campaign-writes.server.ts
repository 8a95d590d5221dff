import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviewCampaigns, reviewNominations, reviewPairs, reviewTemplates } from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { auditEvent } from "~/lib/audit.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import {
  AUDIENCE_REQUIRED,
  NOMINATIONS_NOT_STARTED,
  reviewTransition,
  type ReviewEvent,
  type ReviewOutcome,
  type ReviewState,
} from "./campaign-machine";
import { conflict, notFound, type CampaignRequest, type ChangeResult, type ReminderOptions } from "./campaign-commands";
import type { DraftFields } from "./launch.schema";
import { prepareShareMessages, sharesAutomatically } from "./result-sharing.server";

/**
 * The write plans of a campaign's own row (000 §4): its draft settings and its state changes,
 * with what launching checks and the messages going live or a reminder sends. The campaign's
 * Durable Object runs them one at a time; what the other plans share lives here too.
 */

/** The campaign row a request is about, in the asking company. */
export function campaignWhere(request: CampaignRequest) {
  return and(eq(reviewCampaigns.id, request.campaignId), eq(reviewCampaigns.companyId, request.companyId));
}

/** The change's audit event, under the request id. */
export function campaignAudit(
  db: Db,
  request: CampaignRequest,
  action: string,
  entityType: string,
  entityId: string,
  data: Record<string, unknown>
) {
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

/** The campaign row a change checks against, in the asking company, or null. */
export async function campaignOf(db: Db, request: CampaignRequest) {
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
    .where(campaignWhere(request))
    .limit(1);
  return row ? { ...row, state: row.state as ReviewState } : null;
}

export type CampaignRow = NonNullable<Awaited<ReturnType<typeof campaignOf>>>;

/** The campaign's version moves once per change, so readers can tell. */
export function bumpVersion(db: Db, request: CampaignRequest, now: Date, steps = 1) {
  return db
    .update(reviewCampaigns)
    .set({ version: sql`${reviewCampaigns.version} + ${steps}`, updatedAt: now })
    .where(campaignWhere(request));
}

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The Launch Review form's auto-save: creates the draft on its first save (the id is the one
 * the object is named by), then updates it while it is a draft.
 */
export async function planSaveDraft(
  db: Db,
  request: CampaignRequest,
  fields: DraftFields
): Promise<WritePlan<ChangeResult<"draft"> & { created?: boolean }>> {
  const campaign = await campaignOf(db, request);
  const now = new Date();
  const values = { ...fields, startAt: toDate(fields.startAt), endAt: toDate(fields.endAt), updatedAt: now };
  if (!campaign) {
    // A new draft: its id must be free in every company (ids are global).
    const [taken] = await db.select({ id: reviewCampaigns.id }).from(reviewCampaigns).where(eq(reviewCampaigns.id, request.campaignId));
    if (taken) return answered(notFound);
    return {
      writes: [
        db.insert(reviewCampaigns).values({
          id: request.campaignId,
          companyId: request.companyId,
          state: "draft",
          createdBy: request.actorId,
          ...values,
        }),
        campaignAudit(db, request, "review.draft.create", "review_campaign", request.campaignId, { title: fields.title }),
      ],
      answer: { ok: true, state: "draft", version: 0, created: true },
    };
  }
  if (campaign.state !== "draft") return answered(conflict(`A ${campaign.state} review cannot be edited as a draft.`));
  return {
    writes: [
      db
        .update(reviewCampaigns)
        .set({ ...values, version: sql`${reviewCampaigns.version} + 1` })
        .where(campaignWhere(request)),
    ],
    answer: { ok: true, state: "draft", version: campaign.version + 1, created: false },
  };
}

/** A change of the campaign's own state (launch, schedule, finalize, reopen, remind, …). */
export async function planCampaignChange(
  db: Db,
  request: CampaignRequest,
  event: ReviewEvent,
  reminder: ReminderOptions
): Promise<WritePlan<ChangeResult<ReviewOutcome>>> {
  const campaign = await campaignOf(db, request);
  if (!campaign) return answered(notFound);
  // Launch takes the start the draft saved, so the form and the row cannot disagree.
  const checked = event.type === "launch" ? { ...event, startAt: campaign.startAt?.getTime() ?? null } : event;
  const result = reviewTransition(campaign.state, checked);
  if (!result.ok) return answered(conflict(result.conflict));
  const now = new Date();
  const writes: Writes = [];
  const set: Partial<typeof reviewCampaigns.$inferInsert> = {};
  if (event.type === "launch") {
    const refused = await launchChecks(db, request, campaign, set);
    if (refused) return answered(conflict(refused));
    set.launchedAt = now;
  }
  if (result.next === "deleted") {
    const inCampaign = (table: typeof reviewPairs | typeof reviewNominations) =>
      and(eq(table.companyId, request.companyId), eq(table.campaignId, request.campaignId));
    writes.push(db.delete(reviewPairs).where(inCampaign(reviewPairs)));
    writes.push(db.delete(reviewNominations).where(inCampaign(reviewNominations)));
    writes.push(db.delete(reviewCampaigns).where(campaignWhere(request)));
  } else {
    writes.push(
      db
        .update(reviewCampaigns)
        .set({ ...set, state: result.next, version: sql`${reviewCampaigns.version} + 1`, updatedAt: now })
        .where(campaignWhere(request))
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
    const message = await tellReviewers(db, request, campaign.title, event.type === "remind" ? reminder : null);
    writes.push(...message.writes);
    told = message.recipients;
  }
  writes.push(
    campaignAudit(db, request, `review.${event.type}`, "review_campaign", request.campaignId, { from: campaign.state, to: result.next })
  );
  return { writes, answer: { ok: true, state: result.next, version: campaign.version + 1, count: told } };
}

/** What launching needs beyond the state (000 §4, §5); fills the questionnaire snapshot into `set`. */
async function launchChecks(db: Db, request: CampaignRequest, campaign: CampaignRow, set: Partial<typeof reviewCampaigns.$inferInsert>) {
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
async function tellReviewers(db: Db, request: CampaignRequest, title: string, reminder: ReminderOptions | null) {
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
    senderUserId: request.actorId,
    // A launch tells each reviewer once, even if a retry or a second cron fire got this far.
    dedupeKey: kind === "performance-review" ? `review-live:${request.campaignId}` : null,
  });
  return { writes, recipients: open.length };
}

/** D1 binds at most 100 parameters per statement: a pair row binds 8, an id list at most 90. */
export const PAIRS_PER_INSERT = 12;
export const IDS_PER_STATEMENT = 90;

export const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
