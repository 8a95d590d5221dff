import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { behaviours, competencies, goals, users } from "~/db/schema";
import { uniqueIds } from "./goal-rules";

/**
 * A person's goals as other areas show them (the review to-do panel's Goals tab, the 1-on-1's
 * Goals card): the nearest deadline first, at most `limit`. Callers have already checked that the
 * viewer may see the person.
 */
export interface PersonGoal {
  id: string;
  name: string;
  description: string | null;
  /** ISO date-time. */
  deadline: string;
  competencies: Array<{ id: string; name: string }>;
  behaviours: Array<{ id: string; name: string }>;
  approvalStatus: boolean;
  completionStatus: boolean;
}

/** A goal with who acted on it (002 §3 approvalActionBy, completionActionBy), as the Goals tab lists it. */
export interface GoalDetail extends PersonGoal {
  deadlineMs: number;
  competencyIds: string[];
  behaviourIds: string[];
  approvalActionBy: { id: string; name: string } | null;
  approvalAt: string | null;
  completionActionBy: { id: string; name: string } | null;
  completionAt: string | null;
}

const approver = alias(users, "approver");
const completer = alias(users, "completer");
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * The person's goals with the names of their competencies, behaviours and of who acted, in two
 * round trips (the goals, then the names they mention), company-scoped throughout. A competency or
 * behaviour removed since is left out of the names.
 */
export async function goalDetails(db: Db, companyId: string, userId: string, limit: number): Promise<GoalDetail[]> {
  const rows = await db
    .select({
      id: goals.id,
      name: goals.name,
      description: goals.description,
      deadline: goals.deadline,
      competencyIds: goals.competencyIds,
      behaviourIds: goals.behaviourIds,
      approvalStatus: goals.approvalStatus,
      approvalById: goals.approvalActionBy,
      approvalByName: approver.name,
      approvalAt: goals.approvalAt,
      completionStatus: goals.completionStatus,
      completionById: goals.completionActionBy,
      completionByName: completer.name,
      completionAt: goals.completionAt,
    })
    .from(goals)
    .leftJoin(approver, and(eq(approver.companyId, goals.companyId), eq(approver.id, goals.approvalActionBy)))
    .leftJoin(completer, and(eq(completer.companyId, goals.companyId), eq(completer.id, goals.completionActionBy)))
    .where(and(eq(goals.companyId, companyId), eq(goals.userId, userId)))
    .orderBy(asc(goals.deadline), asc(goals.name), asc(goals.id))
    .limit(Math.max(0, Math.floor(limit)));
  if (rows.length === 0) return [];

  const competencyIds = uniqueIds(rows.flatMap((r) => asList(r.competencyIds)));
  const behaviourIds = uniqueIds(rows.flatMap((r) => asList(r.behaviourIds)));
  const [competencyNames, behaviourNames] = await Promise.all([
    competencyIds.length
      ? db
          .select({ id: competencies.id, name: competencies.name })
          .from(competencies)
          .where(and(eq(competencies.companyId, companyId), inArray(competencies.id, competencyIds)))
      : Promise.resolve([]),
    behaviourIds.length
      ? db
          .select({ id: behaviours.id, name: behaviours.name })
          .from(behaviours)
          .where(and(eq(behaviours.companyId, companyId), inArray(behaviours.id, behaviourIds)))
      : Promise.resolve([]),
  ]);
  const cName = new Map(competencyNames.map((c) => [c.id, c.name]));
  const bName = new Map(behaviourNames.map((b) => [b.id, b.name]));
  const named = (list: string[], names: Map<string, string>) =>
    list.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));

  return rows.map((r) => {
    const cIds = asList(r.competencyIds);
    const bIds = asList(r.behaviourIds);
    return {
      id: r.id,
      name: r.name,
      description: r.description?.trim() ? r.description : null,
      deadline: r.deadline.toISOString(),
      deadlineMs: r.deadline.getTime(),
      competencyIds: cIds,
      behaviourIds: bIds,
      competencies: named(cIds, cName),
      behaviours: named(bIds, bName),
      approvalStatus: Boolean(r.approvalStatus),
      approvalActionBy: r.approvalById ? { id: r.approvalById, name: r.approvalByName ?? r.approvalById } : null,
      approvalAt: r.approvalAt ? r.approvalAt.toISOString() : null,
      completionStatus: Boolean(r.completionStatus),
      completionActionBy: r.completionById ? { id: r.completionById, name: r.completionByName ?? r.completionById } : null,
      completionAt: r.completionAt ? r.completionAt.toISOString() : null,
    };
  });
}

export async function personGoals(db: Db, companyId: string, userId: string, limit = 50): Promise<PersonGoal[]> {
  const details = await goalDetails(db, companyId, userId, limit);
  return details.map(({ id, name, description, deadline, competencies, behaviours, approvalStatus, completionStatus }) => ({
    id,
    name,
    description,
    deadline,
    competencies,
    behaviours,
    approvalStatus,
    completionStatus,
  }));
}

/** The company's competencies with their behaviours, for the goal form's multi-selects. */
export async function goalCatalogue(db: Db, companyId: string): Promise<Array<{ id: string; name: string; behaviours: Array<{ id: string; name: string }> }>> {
  const [cs, bs] = await Promise.all([
    db.select({ id: competencies.id, name: competencies.name }).from(competencies).where(eq(competencies.companyId, companyId)).orderBy(asc(competencies.name)).limit(500),
    db
      .select({ id: behaviours.id, name: behaviours.name, competencyId: behaviours.competencyId })
      .from(behaviours)
      .where(eq(behaviours.companyId, companyId))
      .orderBy(asc(behaviours.position), asc(behaviours.name))
      .limit(5000),
  ]);
  return cs.map((c) => ({ ...c, behaviours: bs.filter((b) => b.competencyId === c.id).map(({ id, name }) => ({ id, name })) }));
}

