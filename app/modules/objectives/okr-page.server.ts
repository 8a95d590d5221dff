import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { objectiveCheckIns, objectiveKeyResults, objectives, objectivesCampaigns, objectivesParticipants } from "~/db/schema";
import { campaignProgress, keyResultProgress, objectiveProgress } from "./objective-rules";
import type { KeyResultInput } from "./objective-records";
import type { ObjectiveKind, ParticipantState } from "./objective-types";

/**
 * What the OKR and performance-contract pages and the profile's Objectives tab read: a person's
 * active campaign (a launched one they take part in whose dates hold now, the latest start if
 * several) and their objectives in it with key results, check-ins and progress (0..1).
 */

export interface ActiveCampaign {
  id: string;
  title: string;
  startAt: Date;
  endAt: Date;
  state: ParticipantState;
  submittedAt: Date | null;
  approvedAt: Date | null;
}

export async function activeCampaign(db: Db, companyId: string, userId: string, now = new Date()): Promise<ActiveCampaign | null> {
  const [row] = await db
    .select({
      id: objectivesCampaigns.id,
      title: objectivesCampaigns.title,
      startAt: objectivesCampaigns.startAt,
      endAt: objectivesCampaigns.endAt,
      state: objectivesParticipants.state,
      submittedAt: objectivesParticipants.submittedAt,
      approvedAt: objectivesParticipants.approvedAt,
    })
    .from(objectivesParticipants)
    .innerJoin(objectivesCampaigns, eq(objectivesCampaigns.id, objectivesParticipants.campaignId))
    .where(
      and(
        eq(objectivesParticipants.companyId, companyId),
        eq(objectivesParticipants.userId, userId),
        eq(objectivesCampaigns.companyId, companyId),
        eq(objectivesCampaigns.state, "launched"),
        lte(objectivesCampaigns.startAt, now),
        gte(objectivesCampaigns.endAt, now)
      )
    )
    .orderBy(desc(objectivesCampaigns.startAt))
    .limit(1);
  return row ?? null;
}

export interface CheckInView {
  day: string;
  value: number;
  comment: string | null;
}

/** A key result as stored (objective-records.ts), with its actual, progress and newest check-ins. */
export interface KeyResultView extends KeyResultInput {
  actual: number | null;
  progress: number;
  checkIns: CheckInView[];
}

export interface ObjectiveView {
  id: string;
  name: string;
  description: string | null;
  weight: number;
  kind: ObjectiveKind;
  progress: number;
  keyResults: KeyResultView[];
}

export interface ObjectiveSet {
  objectives: ObjectiveView[];
  weightTotal: number;
  progress: number;
}

/** Check-ins kept per key result on the page (the chart's window: a quarter of weekly check-ins). */
export const CHECK_INS_SHOWN = 12;

export async function objectiveSet(db: Db, companyId: string, userId: string, campaignId: string): Promise<ObjectiveSet> {
  const rows = await db
    .select({ id: objectives.id, name: objectives.name, description: objectives.description, weight: objectives.weight, kind: objectives.docType })
    .from(objectives)
    .where(and(eq(objectives.companyId, companyId), eq(objectives.ownerId, userId), eq(objectives.campaignId, campaignId)))
    .orderBy(asc(objectives.createdAt), asc(objectives.id));
  const ids = rows.map((r) => r.id);
  const [krs, checkIns] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(objectiveKeyResults)
          .where(and(eq(objectiveKeyResults.companyId, companyId), inArray(objectiveKeyResults.objectiveId, ids)))
          .orderBy(asc(objectiveKeyResults.objectiveId), asc(objectiveKeyResults.position)),
        // The newest CHECK_INS_SHOWN a key result, in one statement.
        db.all<{ key_result_id: string; day: string; value: number; comment: string | null }>(sql`
          SELECT key_result_id, day, value, comment FROM (
            SELECT key_result_id, day, value, comment, row_number() OVER (PARTITION BY key_result_id ORDER BY day DESC) AS n
            FROM ${objectiveCheckIns}
            WHERE company_id = ${companyId} AND objective_id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
          ) WHERE n <= ${CHECK_INS_SHOWN} ORDER BY key_result_id, day`),
      ])
    : [[], []];
  const byKr = new Map<string, CheckInView[]>();
  for (const c of checkIns) {
    const list = byKr.get(c.key_result_id) ?? [];
    list.push({ day: c.day, value: c.value, comment: c.comment });
    byKr.set(c.key_result_id, list);
  }
  const byObjective = new Map<string, KeyResultView[]>();
  for (const k of krs) {
    const list = byObjective.get(k.objectiveId) ?? [];
    list.push({
      id: k.id,
      name: k.name,
      description: k.description,
      period: k.period,
      subRole: k.subRole,
      client: k.client,
      industry: k.industry,
      incomeStatement: k.incomeStatement,
      target: k.target,
      actual: k.actual,
      startValue: k.startValue,
      unit: k.unit,
      direction: k.direction,
      progress: keyResultProgress(k),
      checkIns: byKr.get(k.id) ?? [],
    });
    byObjective.set(k.objectiveId, list);
  }
  const views = rows.map((r) => {
    const keyResults = byObjective.get(r.id) ?? [];
    return { ...r, keyResults, progress: objectiveProgress(keyResults.map((k) => k.progress)) };
  });
  return { objectives: views, weightTotal: views.reduce((a, o) => a + o.weight, 0), progress: campaignProgress(views) };
}
