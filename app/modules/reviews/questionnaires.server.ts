import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { behaviours, competencies, objectives, reviewCampaigns, reviewTemplates } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import { OFFERED_CHOICES, type Catalogue, type CompetencySnapshot, type ObjectiveSnapshot, type StoredBlock } from "./questionnaire-blocks";
import type { QuestionnaireSort } from "./questionnaire.schema";

interface Actor {
  companyId: string;
  actorId: string;
  requestId?: string | null;
}

export interface QuestionnaireRow {
  id: string;
  title: string;
  createdAt: Date;
}

/** The library table (000 §2): Name and Created At, sorted by either. */
export async function listQuestionnaires(
  db: Db,
  companyId: string,
  sort: QuestionnaireSort,
  dir: "asc" | "desc"
): Promise<QuestionnaireRow[]> {
  const order = dir === "asc" ? asc : desc;
  return db
    .select({ id: reviewTemplates.id, title: reviewTemplates.title, createdAt: reviewTemplates.createdAt })
    .from(reviewTemplates)
    .where(eq(reviewTemplates.companyId, companyId))
    .orderBy(sort === "title" ? order(reviewTemplates.title) : order(reviewTemplates.createdAt), asc(reviewTemplates.id));
}

export interface Questionnaire {
  id: string;
  title: string;
  hideCompetencySelector: boolean;
  blocks: StoredBlock[];
  createdAt: Date;
}

/** One questionnaire of the company, or null (another company's id reads as not found). */
export async function getQuestionnaire(db: Db, companyId: string, id: string): Promise<Questionnaire | null> {
  const [row] = await db
    .select({
      id: reviewTemplates.id,
      title: reviewTemplates.title,
      hideCompetencySelector: reviewTemplates.hideCompetencySelector,
      blocks: reviewTemplates.blocks,
      createdAt: reviewTemplates.createdAt,
    })
    .from(reviewTemplates)
    .where(and(eq(reviewTemplates.id, id), eq(reviewTemplates.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * What competency and objective questions can pick: the first 5 of each (000 §9), plus any the
 * questionnaire already uses (so editing an older questionnaire never silently drops its pick).
 */
export async function loadCatalogue(db: Db, companyId: string, alsoIds: { competencies?: string[]; objectives?: string[] } = {}) {
  const [firstCompetencies, firstObjectives] = await db.batch([
    db
      .select({ id: competencies.id, name: competencies.name, description: competencies.description })
      .from(competencies)
      .where(eq(competencies.companyId, companyId))
      .orderBy(asc(competencies.name), asc(competencies.id))
      .limit(OFFERED_CHOICES),
    db
      .select({ id: objectives.id, name: objectives.name, weight: objectives.weight, docType: objectives.docType, kpis: objectives.kpis })
      .from(objectives)
      .where(eq(objectives.companyId, companyId))
      .orderBy(asc(objectives.createdAt), asc(objectives.id))
      .limit(OFFERED_CHOICES),
  ]);
  const wantedCompetencies = [...new Set([...firstCompetencies.map((c) => c.id), ...(alsoIds.competencies ?? [])])];
  const wantedObjectives = [...new Set(alsoIds.objectives ?? [])].filter((id) => !firstObjectives.some((o) => o.id === id));
  const [moreCompetencies, behaviourRows, moreObjectives] = await db.batch([
    db
      .select({ id: competencies.id, name: competencies.name, description: competencies.description })
      .from(competencies)
      .where(
        and(
          eq(competencies.companyId, companyId),
          inArray(competencies.id, wantedCompetencies.filter((id) => !firstCompetencies.some((c) => c.id === id)).concat(""))
        )
      ),
    db
      .select({ id: behaviours.id, name: behaviours.name, competencyId: behaviours.competencyId })
      .from(behaviours)
      .where(and(eq(behaviours.companyId, companyId), inArray(behaviours.competencyId, wantedCompetencies.concat(""))))
      .orderBy(asc(behaviours.position), asc(behaviours.name)),
    db
      .select({ id: objectives.id, name: objectives.name, weight: objectives.weight, docType: objectives.docType, kpis: objectives.kpis })
      .from(objectives)
      .where(and(eq(objectives.companyId, companyId), inArray(objectives.id, wantedObjectives.concat("")))),
  ]);
  const competencyList: CompetencySnapshot[] = [...firstCompetencies, ...moreCompetencies].map((c) => ({
    ...c,
    behaviours: behaviourRows.filter((b) => b.competencyId === c.id).map((b) => ({ id: b.id, name: b.name })),
  }));
  const objectiveList: ObjectiveSnapshot[] = [...firstObjectives, ...moreObjectives];
  const catalogue: Catalogue = {
    competencies: new Map(competencyList.map((c) => [c.id, c])),
    objectives: new Map(objectiveList.map((o) => [o.id, o])),
  };
  return { competencies: competencyList, objectives: objectiveList, catalogue };
}

/** The competency and objective ids a questionnaire's blocks use. */
export function pickedIds(blocks: StoredBlock[]) {
  const out = { competencies: [] as string[], objectives: [] as string[] };
  for (const block of blocks) {
    if (block.type === "competency-question" && block.competencyValue.competency)
      out.competencies.push(block.competencyValue.competency.id);
    if (block.type === "objective-question" && block.objectiveValue.objective) out.objectives.push(block.objectiveValue.objective.id);
  }
  return out;
}

export interface QuestionnaireInput {
  title: string;
  hideCompetencySelector: boolean;
  blocks: StoredBlock[];
}

export async function createQuestionnaire(db: Db, actor: Actor, input: QuestionnaireInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db
      .insert(reviewTemplates)
      .values({ id, companyId: actor.companyId, ...input, createdBy: actor.actorId, createdAt: now, updatedAt: now }),
    auditEvent(db, {
      ...actor,
      action: "questionnaire.created",
      entityType: "review_template",
      entityId: id,
      data: { title: input.title, blocks: input.blocks.length },
    }),
  ]);
  return id;
}

/** False when the id is not the company's questionnaire. */
export async function updateQuestionnaire(db: Db, actor: Actor, id: string, input: QuestionnaireInput): Promise<boolean> {
  if (!(await getQuestionnaire(db, actor.companyId, id))) return false;
  await db.batch([
    db
      .update(reviewTemplates)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(reviewTemplates.id, id), eq(reviewTemplates.companyId, actor.companyId))),
    auditEvent(db, {
      ...actor,
      action: "questionnaire.updated",
      entityType: "review_template",
      entityId: id,
      data: { title: input.title, blocks: input.blocks.length },
    }),
  ]);
  return true;
}

/** A copy named "{title} (copy)" with new block ids; null when the id is not the company's. */
export async function duplicateQuestionnaire(db: Db, actor: Actor, id: string): Promise<{ id: string; title: string } | null> {
  const source = await getQuestionnaire(db, actor.companyId, id);
  if (!source) return null;
  const title = `${source.title} (copy)`.slice(0, 200);
  const blocks = source.blocks.map((block) => ({ ...block, id: crypto.randomUUID() }));
  const copyId = await createQuestionnaire(db, actor, { title, hideCompetencySelector: source.hideCompetencySelector, blocks });
  return { id: copyId, title };
}

/** The delete's initial check (000 §2, §7 "templateInUse"): the draft reviews that use it. */
export async function questionnaireUsage(db: Db, companyId: string, id: string) {
  const questionnaire = await getQuestionnaire(db, companyId, id);
  if (!questionnaire) return null;
  const drafts = await db
    .select({ id: reviewCampaigns.id, title: reviewCampaigns.title })
    .from(reviewCampaigns)
    .where(and(eq(reviewCampaigns.companyId, companyId), eq(reviewCampaigns.templateId, id), eq(reviewCampaigns.state, "draft")))
    .orderBy(asc(reviewCampaigns.title));
  return { title: questionnaire.title, templateInUse: drafts.length > 0, draftReviews: drafts };
}

/** Deletes it; draft reviews that used it lose their questionnaire and must pick another. */
export async function deleteQuestionnaire(db: Db, actor: Actor, id: string): Promise<boolean> {
  const usage = await questionnaireUsage(db, actor.companyId, id);
  if (!usage) return false;
  await db.batch([
    db
      .update(reviewCampaigns)
      .set({ templateId: null, updatedAt: new Date() })
      .where(and(eq(reviewCampaigns.companyId, actor.companyId), eq(reviewCampaigns.templateId, id), eq(reviewCampaigns.state, "draft"))),
    db.delete(reviewTemplates).where(and(eq(reviewTemplates.id, id), eq(reviewTemplates.companyId, actor.companyId))),
    auditEvent(db, {
      ...actor,
      action: "questionnaire.deleted",
      entityType: "review_template",
      entityId: id,
      data: { title: usage.title, draftReviews: usage.draftReviews.length },
    }),
  ]);
  return true;
}
