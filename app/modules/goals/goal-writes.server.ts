import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { behaviours, competencies } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { behavioursOutside, deadlineOfDay, uniqueIds } from "./goal-rules";
import { GOAL_COLUMNS, goalRecord } from "./goal-record";
import type { GoalSave } from "./goals.schema";

/**
 * A goal is one row, changed by guarded single statements: each UPDATE or DELETE names the company,
 * the goal, its person and the state it expects, so a refused or raced change writes nothing.
 */

export type FieldErrors = Record<string, string[]>;

/** The goal's fields once checked against the company: competencies and behaviours its own, behaviours of chosen competencies. */
export async function checkedGoalFields(
  db: Db,
  companyId: string,
  form: GoalSave
): Promise<{ ok: true; fields: { name: string; description: string | null; deadline: number; competencyIds: string[]; behaviourIds: string[] } } | { ok: false; fieldErrors: FieldErrors }> {
  const competencyIds = uniqueIds(form.competencyIds);
  const behaviourIds = uniqueIds(form.behaviourIds);
  const [knownCompetencies, knownBehaviours] = await Promise.all([
    competencyIds.length
      ? db.select({ id: competencies.id }).from(competencies).where(and(eq(competencies.companyId, companyId), inArray(competencies.id, competencyIds)))
      : Promise.resolve([]),
    behaviourIds.length
      ? db
          .select({ id: behaviours.id, competencyId: behaviours.competencyId })
          .from(behaviours)
          .where(and(eq(behaviours.companyId, companyId), inArray(behaviours.id, behaviourIds)))
      : Promise.resolve([]),
  ]);
  const fieldErrors: FieldErrors = {};
  if (knownCompetencies.length !== competencyIds.length) fieldErrors.competencyIds = [sharedCopy.goalUnknownCompetency];
  const competencyOf = new Map(knownBehaviours.map((b) => [b.id, b.competencyId]));
  if (behavioursOutside(competencyIds, behaviourIds, competencyOf).length > 0) fieldErrors.behaviourIds = [sharedCopy.goalBehaviourOutside];
  const deadline = deadlineOfDay(form.deadline);
  if (deadline === null) fieldErrors.deadline = [sharedCopy.goalDeadlineInvalid];
  if (Object.keys(fieldErrors).length > 0 || deadline === null) return { ok: false, fieldErrors };
  return {
    ok: true,
    fields: { name: form.name, description: form.description?.trim() ? form.description.trim() : null, deadline, competencyIds, behaviourIds },
  };
}

type Fields = Extract<Awaited<ReturnType<typeof checkedGoalFields>>, { ok: true }>["fields"];

export async function insertGoal(db: Db, companyId: string, userId: string, by: string, fields: Fields, now: number): Promise<string> {
  const row = goalRecord({ id: crypto.randomUUID(), companyId, userId, createdBy: by, createdAt: now, ...fields });
  await db.run(
    sql`INSERT INTO goals (${sql.raw(GOAL_COLUMNS.join(", "))}) VALUES (${sql.join(
      GOAL_COLUMNS.map((c) => sql`${row[c]}`),
      sql`, `
    )})`
  );
  return String(row.id);
}

/** Edit: only while not completed. True when the row changed. */
export async function updateGoal(db: Db, companyId: string, userId: string, goalId: string, fields: Fields, now: number): Promise<boolean> {
  const changed = await db.all<{ id: string }>(sql`UPDATE goals SET name = ${fields.name}, description = ${fields.description},
      deadline = ${fields.deadline}, competency_ids = ${JSON.stringify(fields.competencyIds)}, behaviour_ids = ${JSON.stringify(fields.behaviourIds)},
      updated_at = ${now}
    WHERE company_id = ${companyId} AND id = ${goalId} AND user_id = ${userId} AND completion_status = 0 RETURNING id`);
  return changed.length === 1;
}

/** Delete: only while not completed. True when the row went. */
export async function deleteGoal(db: Db, companyId: string, userId: string, goalId: string): Promise<boolean> {
  const gone = await db.all<{ id: string }>(
    sql`DELETE FROM goals WHERE company_id = ${companyId} AND id = ${goalId} AND user_id = ${userId} AND completion_status = 0 RETURNING id`
  );
  return gone.length === 1;
}

/**
 * Approve and/or complete, in one statement: approval when asked and not yet given; completion
 * when asked, not yet given, and the goal is (or is being) approved. The WHERE carries the
 * approval, so a race cannot complete an unapproved goal. True when the row changed.
 */
export async function setGoalStatus(
  db: Db,
  companyId: string,
  userId: string,
  goalId: string,
  change: { approve: boolean; complete: boolean },
  by: string,
  now: number
): Promise<boolean> {
  if (!change.approve && !change.complete) return false;
  const sets = [];
  if (change.approve) sets.push(sql`approval_status = 1, approval_action_by = ${by}, approval_at = ${now}`);
  if (change.complete) sets.push(sql`completion_status = 1, completion_action_by = ${by}, completion_at = ${now}`);
  sets.push(sql`updated_at = ${now}`);
  const guard = change.approve ? sql`approval_status = 0` : sql`approval_status = 1`;
  const done = change.complete ? sql` AND completion_status = 0` : sql``;
  const changed = await db.all<{ id: string }>(sql`UPDATE goals SET ${sql.join(sets, sql`, `)}
    WHERE company_id = ${companyId} AND id = ${goalId} AND user_id = ${userId} AND ${guard}${done} RETURNING id`);
  return changed.length === 1;
}
