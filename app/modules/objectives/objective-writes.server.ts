import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { objectiveCheckIns, objectiveKeyResults, objectives, objectivesCampaigns, objectivesParticipants, users } from "~/db/schema";
import { answered, type GroupPlan, type WritePlan, type Writes } from "~/db/write-plan";
import { objectivesCopy } from "~/lib/copy";
import { isManagerOf } from "~/modules/access/people.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { checkInRecord, keyResultRecords, objectiveRecord, type ObjectiveInput } from "./objective-records";
import { checkInDay, checkSaveWeights, checkSubmitWeights, incomeStatementMissing } from "./objective-rules";
import type { ObjectivesRequest, QueuedAfterCommit } from "./writer-types";

/**
 * A person's objectives in a campaign: save, delete, submit, approve, and actuals. Each plan
 * re-reads what it decides on inside the campaign's single writer, so two tabs cannot both add
 * up to 100 or edit a set that was approved meanwhile. The action has checked the permission by
 * name; `mayApproveAny` is its answer to "holds ViewManageReviews".
 */

export type ObjectiveCommand = { campaignId: string } & (
  | { kind: "save"; objective: Omit<ObjectiveInput, "companyId" | "ownerId" | "campaignId">; isNew: boolean }
  | { kind: "delete"; objectiveId: string }
  | { kind: "submit" }
  | { kind: "approve"; ownerId: string; mayApproveAny: boolean }
);

export type ObjectiveAnswer = QueuedAfterCommit &
  ({ ok: true; message: string } | { ok: false; message: string; notFound?: boolean });

export type ActualJob = { keyResultId: string; value: number; comment: string | null; campaignId: string };

export type ActualCommand = { request: ObjectivesRequest; job: ActualJob };

export type ActualAnswer = { ok: true } | { ok: false; message: string; notFound?: boolean };

export const ACTUALS_GROUP_MAX = 64;

const notFound = (): ObjectiveAnswer => ({ ok: false, message: objectivesCopy.notFound, notFound: true });

export async function planObjectiveCommand(db: Db, request: ObjectivesRequest, command: ObjectiveCommand): Promise<WritePlan<ObjectiveAnswer>> {
  const campaignId = command.campaignId;
  const actor = request.actorId;
  if (!campaignId || !actor) return answered(notFound());
  const [campaign] = await db
    .select({ id: objectivesCampaigns.id, title: objectivesCampaigns.title, state: objectivesCampaigns.state })
    .from(objectivesCampaigns)
    .where(and(eq(objectivesCampaigns.id, campaignId), eq(objectivesCampaigns.companyId, request.companyId)))
    .limit(1);
  if (!campaign || campaign.state !== "launched") return answered(notFound());

  const ownerId = command.kind === "approve" ? command.ownerId : actor;
  const [participant] = await db
    .select({ state: objectivesParticipants.state })
    .from(objectivesParticipants)
    .where(and(eq(objectivesParticipants.campaignId, campaignId), eq(objectivesParticipants.userId, ownerId), eq(objectivesParticipants.companyId, request.companyId)))
    .limit(1);
  if (!participant) return answered(notFound());

  const mine = await db
    .select({ id: objectives.id, weight: objectives.weight })
    .from(objectives)
    .where(and(eq(objectives.companyId, request.companyId), eq(objectives.ownerId, ownerId), eq(objectives.campaignId, campaignId)));
  const now = new Date();
  // An edit of a submitted set takes it back to pending: the manager approves what they saw.
  const backToPending: Writes =
    participant.state === "submitted"
      ? [db.update(objectivesParticipants).set({ state: "pending", submittedAt: null }).where(and(eq(objectivesParticipants.campaignId, campaignId), eq(objectivesParticipants.userId, ownerId)))]
      : [];

  switch (command.kind) {
    case "save": {
      if (participant.state === "approved") return answered({ ok: false, message: objectivesCopy.approvedReadOnly });
      const o = command.objective;
      const existing = mine.find((m) => m.id === o.id);
      if (command.isNew ? existing : !existing) return answered(notFound());
      const refusal = checkSaveWeights(o.weight, mine.filter((m) => m.id !== o.id).map((m) => m.weight));
      if (refusal) return answered({ ok: false, message: refusal });
      const input: ObjectiveInput = { ...o, companyId: request.companyId, campaignId, ownerId };
      const kept = existing
        ? await db
            .select({ id: objectiveKeyResults.id, actual: objectiveKeyResults.actual })
            .from(objectiveKeyResults)
            .where(and(eq(objectiveKeyResults.objectiveId, o.id), eq(objectiveKeyResults.companyId, request.companyId)))
        : [];
      const actuals = new Map(kept.map((k) => [k.id, k.actual]));
      const row = objectiveRecord(input, now);
      const krRows = keyResultRecords(input, now, actuals);
      const gone = kept.filter((k) => !o.keyResults.some((n) => n.id === k.id)).map((k) => k.id);
      const writes: Writes = [];
      if (existing) {
        writes.push(
          db.update(objectives).set({ name: row.name, description: row.description, weight: row.weight, docType: row.docType, updatedAt: now }).where(eq(objectives.id, o.id)),
          db.delete(objectiveKeyResults).where(and(eq(objectiveKeyResults.objectiveId, o.id), eq(objectiveKeyResults.companyId, request.companyId)))
        );
        if (gone.length) writes.push(db.delete(objectiveCheckIns).where(inArray(objectiveCheckIns.keyResultId, gone)));
      } else writes.push(db.insert(objectives).values(row));
      for (let i = 0; i < krRows.length; i += 4) writes.push(db.insert(objectiveKeyResults).values(krRows.slice(i, i + 4)));
      return { writes: [...writes, ...backToPending], answer: { ok: true, message: objectivesCopy.saved } };
    }
    case "delete": {
      if (participant.state === "approved") return answered({ ok: false, message: objectivesCopy.approvedReadOnly });
      if (!mine.some((m) => m.id === command.objectiveId)) return answered(notFound());
      return {
        writes: [
          db.delete(objectiveCheckIns).where(and(eq(objectiveCheckIns.objectiveId, command.objectiveId), eq(objectiveCheckIns.companyId, request.companyId))),
          db.delete(objectiveKeyResults).where(and(eq(objectiveKeyResults.objectiveId, command.objectiveId), eq(objectiveKeyResults.companyId, request.companyId))),
          db.delete(objectives).where(and(eq(objectives.id, command.objectiveId), eq(objectives.companyId, request.companyId))),
          ...backToPending,
        ],
        answer: { ok: true, message: objectivesCopy.deleted },
      };
    }
    case "submit": {
      if (participant.state !== "pending") return answered({ ok: false, message: participant.state === "approved" ? objectivesCopy.approvedReadOnly : objectivesCopy.alreadySubmitted });
      const refusal = checkSubmitWeights(mine.map((m) => m.weight));
      if (refusal) return answered({ ok: false, message: refusal });
      const krs = mine.length
        ? await db
            .select({ name: objectiveKeyResults.name, incomeStatement: objectiveKeyResults.incomeStatement, actual: objectiveKeyResults.actual })
            .from(objectiveKeyResults)
            .where(and(eq(objectiveKeyResults.companyId, request.companyId), inArray(objectiveKeyResults.objectiveId, mine.map((m) => m.id))))
        : [];
      const missing = incomeStatementMissing(krs);
      if (missing.length) return answered({ ok: false, message: objectivesCopy.incomeStatementMissing(missing) });
      const managers = await db.all<{ id: string }>(sql`SELECT manager_id AS id FROM user_managers WHERE company_id = ${request.companyId} AND user_id = ${ownerId}`);
      const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, ownerId)).limit(1);
      const notice = await prepareNotify(db, {
        companyId: request.companyId,
        recipientUserIds: managers.map((m) => m.id),
        kind: "performance-review",
        subject: objectivesCopy.submittedSubject,
        body: objectivesCopy.submittedBody(me?.name ?? "", campaign.title),
        link: `/objective-campaign/okr`,
        dedupeKey: `objectives-submitted:${campaignId}:${ownerId}:${now.getTime()}`,
      });
      return {
        writes: [
          db.update(objectivesParticipants).set({ state: "submitted", submittedAt: now }).where(and(eq(objectivesParticipants.campaignId, campaignId), eq(objectivesParticipants.userId, ownerId))),
          ...notice,
        ],
        answer: { ok: true, message: objectivesCopy.submitted },
      };
    }
    case "approve": {
      if (ownerId === actor && !command.mayApproveAny) return answered({ ok: false, message: objectivesCopy.ownApproval });
      if (!command.mayApproveAny) {
        const [row] = await db.all<{ ok: number }>(sql`SELECT ${isManagerOf(request.companyId, actor, ownerId)} AS ok`);
        if (!row?.ok) return answered(notFound());
      }
      if (participant.state !== "submitted") return answered({ ok: false, message: participant.state === "approved" ? objectivesCopy.alreadyApproved : objectivesCopy.notSubmitted });
      const notice = await prepareNotify(db, {
        companyId: request.companyId,
        recipientUserIds: [ownerId],
        kind: "performance-review",
        subject: objectivesCopy.approvedSubject,
        body: objectivesCopy.approvedBody(campaign.title),
        link: `/objective-campaign/okr`,
        dedupeKey: `objectives-approved:${campaignId}:${ownerId}`,
      });
      return {
        writes: [
          db.update(objectivesParticipants).set({ state: "approved", approvedAt: now, approvedBy: actor }).where(and(eq(objectivesParticipants.campaignId, campaignId), eq(objectivesParticipants.userId, ownerId))),
          ...notice,
        ],
        answer: { ok: true, message: objectivesCopy.approved },
      };
    }
  }
}

/**
 * Actuals typed on the page, grouped: each sets the key result's actual and the day's check-in
 * (one a key result a day; the day's last save wins). Only the objective's owner saves its actuals,
 * in any state of the set (an approved set stays open to actuals and check-ins).
 */
export async function planActuals(db: Db, items: ActualCommand[]): Promise<GroupPlan<ActualAnswer>> {
  const ids = [...new Set(items.map((i) => i.job.keyResultId))];
  const found = ids.length
    ? await db
        .select({ id: objectiveKeyResults.id, companyId: objectiveKeyResults.companyId, objectiveId: objectiveKeyResults.objectiveId, ownerId: objectives.ownerId, campaignId: objectives.campaignId })
        .from(objectiveKeyResults)
        .innerJoin(objectives, eq(objectives.id, objectiveKeyResults.objectiveId))
        .where(inArray(objectiveKeyResults.id, ids))
    : [];
  const byId = new Map(found.map((f) => [f.id, f]));
  const writes: Writes = [];
  const now = new Date();
  const day = checkInDay(now);
  const answers = items.map(({ request, job }): ActualAnswer => {
    const kr = byId.get(job.keyResultId);
    if (!kr || kr.companyId !== request.companyId || kr.campaignId !== job.campaignId || kr.ownerId !== request.actorId || !request.actorId)
      return { ok: false, message: objectivesCopy.notFound, notFound: true };
    if (!Number.isFinite(job.value)) return { ok: false, message: objectivesCopy.actualNotNumber };
    const checkIn = checkInRecord({ companyId: kr.companyId, objectiveId: kr.objectiveId, keyResultId: kr.id, day, value: job.value, comment: job.comment, createdBy: request.actorId }, now);
    writes.push(
      db.update(objectiveKeyResults).set({ actual: job.value, updatedAt: now }).where(eq(objectiveKeyResults.id, kr.id)),
      db
        .insert(objectiveCheckIns)
        .values(checkIn)
        .onConflictDoUpdate({ target: [objectiveCheckIns.keyResultId, objectiveCheckIns.day], set: { value: job.value, comment: job.comment, createdBy: request.actorId, createdAt: now } })
    );
    return { ok: true };
  });
  return { writes, answers };
}
