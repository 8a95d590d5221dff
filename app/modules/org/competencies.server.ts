import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { behaviours, competencies, reviewTemplates } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";

export interface CompetencyRow {
  id: string;
  name: string;
  description: string | null;
  behaviours: Array<{ id: string; name: string }>;
}

/** Every competency of the company with its behaviours, by name (002 §2.8). */
export async function listCompetencies(db: Db, companyId: string): Promise<CompetencyRow[]> {
  const [rows, bs] = await db.batch([
    db
      .select({ id: competencies.id, name: competencies.name, description: competencies.description })
      .from(competencies)
      .where(eq(competencies.companyId, companyId))
      .orderBy(asc(competencies.name)),
    db
      .select({ id: behaviours.id, name: behaviours.name, competencyId: behaviours.competencyId })
      .from(behaviours)
      .where(eq(behaviours.companyId, companyId))
      .orderBy(asc(behaviours.position), asc(behaviours.name)),
  ]);
  const byCompetency = new Map<string, Array<{ id: string; name: string }>>();
  for (const b of bs) {
    const list = byCompetency.get(b.competencyId) ?? [];
    list.push({ id: b.id, name: b.name });
    byCompetency.set(b.competencyId, list);
  }
  return rows.map((row) => ({ ...row, behaviours: byCompetency.get(row.id) ?? [] }));
}

async function findCompetency(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: competencies.id, name: competencies.name })
    .from(competencies)
    .where(and(eq(competencies.id, id), eq(competencies.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

interface Actor {
  companyId: string;
  actorId: string;
  requestId?: string | null;
}

export async function createCompetency(db: Db, actor: Actor, input: { name: string; description?: string; behaviours: string[] }) {
  const id = crypto.randomUUID();
  const { companyId } = actor;
  await db.batch([
    db.insert(competencies).values({ id, companyId, name: input.name, description: input.description || null }),
    ...input.behaviours.map((name, position) =>
      db.insert(behaviours).values({ id: crypto.randomUUID(), companyId, competencyId: id, name, position })
    ),
    auditEvent(db, {
      ...actor,
      action: "competency.created",
      entityType: "competency",
      entityId: id,
      data: { name: input.name, behaviours: input.behaviours.length },
    }),
  ]);
  return id;
}

/**
 * Renames/redescribes a competency and replaces its behaviour list. A behaviour whose name is
 * still in the list keeps its id (answers and goals that point at it stay attached); new names get
 * new ids; names no longer listed are removed. False when the id is not the company's.
 */
export async function updateCompetency(
  db: Db,
  actor: Actor,
  id: string,
  input: { name: string; description?: string; behaviours: string[] }
) {
  const { companyId } = actor;
  if (!(await findCompetency(db, companyId, id))) return false;
  const existing = await db
    .select({ id: behaviours.id, name: behaviours.name })
    .from(behaviours)
    .where(and(eq(behaviours.companyId, companyId), eq(behaviours.competencyId, id)));
  const byName = new Map(existing.map((b) => [b.name.toLowerCase(), b.id]));
  const kept = new Set<string>();
  const writes = input.behaviours.map((name, position) => {
    const keepId = byName.get(name.toLowerCase());
    if (keepId && !kept.has(keepId)) {
      kept.add(keepId);
      return db
        .update(behaviours)
        .set({ name, position })
        .where(and(eq(behaviours.id, keepId), eq(behaviours.companyId, companyId)));
    }
    return db.insert(behaviours).values({ id: crypto.randomUUID(), companyId, competencyId: id, name, position });
  });
  const removed = existing.filter((b) => !kept.has(b.id)).map((b) => b.id);
  await db.batch([
    db
      .update(competencies)
      .set({ name: input.name, description: input.description || null })
      .where(and(eq(competencies.id, id), eq(competencies.companyId, companyId))),
    ...(removed.length > 0 ? [db.delete(behaviours).where(and(eq(behaviours.companyId, companyId), inArray(behaviours.id, removed)))] : []),
    ...writes,
    auditEvent(db, {
      ...actor,
      action: "competency.updated",
      entityType: "competency",
      entityId: id,
      data: { name: input.name, behavioursKept: kept.size, behavioursRemoved: removed.length, behavioursAdded: writes.length - kept.size },
    }),
  ]);
  return true;
}

/** Where a competency is used, for the removal's initial check; one entry per area. */
export interface CompetencyUsage {
  area: "behaviours" | "review questionnaires" | "goals";
  count: number;
}

/**
 * The initial check of 002 §7 "/remove-competency {id, initialCheck}": the competency's behaviours
 * and the review questionnaires whose competency questions pick it. Goals do not exist yet; the
 * area that adds them extends this list. Null when the id is not the company's.
 */
export async function competencyUsage(db: Db, companyId: string, id: string): Promise<{ name: string; usage: CompetencyUsage[] } | null> {
  const competency = await findCompetency(db, companyId, id);
  if (!competency) return null;
  const [[{ n: behaviourCount }], [{ n: questionnaireCount }]] = await db.batch([
    db
      .select({ n: count() })
      .from(behaviours)
      .where(and(eq(behaviours.companyId, companyId), eq(behaviours.competencyId, id))),
    db
      .select({ n: count() })
      .from(reviewTemplates)
      .where(
        and(
          eq(reviewTemplates.companyId, companyId),
          sql`exists (select 1 from json_each(${reviewTemplates.blocks}) b where json_extract(b.value, '$.competencyValue.competency.id') = ${id})`
        )
      ),
  ]);
  const usage: CompetencyUsage[] = [{ area: "behaviours", count: behaviourCount }];
  if (questionnaireCount > 0) usage.push({ area: "review questionnaires", count: questionnaireCount });
  return { name: competency.name, usage };
}

/** Deletes the competency and its behaviours in one batch with the audit row. */
export async function removeCompetency(db: Db, actor: Actor, id: string) {
  const { companyId } = actor;
  const competency = await findCompetency(db, companyId, id);
  if (!competency) return false;
  await db.batch([
    db.delete(behaviours).where(and(eq(behaviours.companyId, companyId), eq(behaviours.competencyId, id))),
    db.delete(competencies).where(and(eq(competencies.id, id), eq(competencies.companyId, companyId))),
    auditEvent(db, { ...actor, action: "competency.removed", entityType: "competency", entityId: id, data: { name: competency.name } }),
  ]);
  return true;
}
