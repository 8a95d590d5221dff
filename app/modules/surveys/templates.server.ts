import { and, asc, eq, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { auditEvents, surveyTemplates, users } from "~/db/schema";
import { auditEvent, type AuditEventInput } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { SurveyBlock } from "./blocks";
import { flagsOf, type TemplateVisibility } from "./library.schema";
import { predefinedTemplate } from "./predefined-templates";

/**
 * Custom survey templates (001 §2 "Custom Templates"): the company's rows of survey_templates,
 * each visible to everyone, to workspace (group) admins, or to the super admin only. A super
 * admin sees every one. Editing, duplicating and deleting need PerformSurveyTemplateActions (the
 * routes check it); reads here are scoped by company and by visibility.
 */

export interface Actor {
  companyId: string;
  actorId: string;
  requestId?: string | null;
}

/** The visibility condition for the viewer; undefined (no limit) for a super admin. */
export function visibleTemplates(viewer: Pick<Viewer, "user">): SQL | undefined {
  if (viewer.user.isSuperAdmin) return undefined;
  if (viewer.user.isTeamAdmin) return or(eq(surveyTemplates.visibleToEveryone, true), eq(surveyTemplates.visibleToWorkspaceAdmin, true));
  return eq(surveyTemplates.visibleToEveryone, true);
}

/** Whether the viewer may see this template (the same rule as `visibleTemplates`). */
export function mayView(viewer: Pick<Viewer, "user">, t: { visibleToEveryone: boolean; visibleToWorkspaceAdmin: boolean }): boolean {
  return viewer.user.isSuperAdmin || t.visibleToEveryone || (viewer.user.isTeamAdmin && t.visibleToWorkspaceAdmin);
}

/** A custom template as every list of them shows it: its name, description and who may see it. */
export interface TemplateSummary {
  id: string;
  title: string;
  desc: string;
  visibleToEveryone: boolean;
  visibleToWorkspaceAdmin: boolean;
}

/** The columns of a TemplateSummary, for a select. */
export const TEMPLATE_SUMMARY_COLUMNS = {
  id: surveyTemplates.id,
  title: surveyTemplates.title,
  desc: surveyTemplates.desc,
  visibleToEveryone: surveyTemplates.visibleToEveryone,
  visibleToWorkspaceAdmin: surveyTemplates.visibleToWorkspaceAdmin,
};

export interface CustomTemplateRow extends TemplateSummary {
  createdBy: string | null;
  createdAt: Date;
}

/** The custom templates the viewer may see, by title. */
export async function listCustomTemplates(db: Db, viewer: Viewer): Promise<CustomTemplateRow[]> {
  return db
    .select({ ...TEMPLATE_SUMMARY_COLUMNS, createdBy: users.name, createdAt: surveyTemplates.createdAt })
    .from(surveyTemplates)
    .leftJoin(users, and(eq(users.id, surveyTemplates.createdBy), eq(users.companyId, surveyTemplates.companyId)))
    .where(and(eq(surveyTemplates.companyId, viewer.company.id), visibleTemplates(viewer)))
    .orderBy(asc(sql`lower(${surveyTemplates.title})`), asc(surveyTemplates.id));
}

export interface CustomTemplate extends Omit<CustomTemplateRow, "createdBy"> {
  blocks: SurveyBlock[];
}

/** One custom template of the company (any visibility), or null: another company's id reads as not found. */
export async function getCustomTemplate(db: Db, companyId: string, id: string): Promise<CustomTemplate | null> {
  const [row] = await db
    .select({ ...TEMPLATE_SUMMARY_COLUMNS, blocks: surveyTemplates.blocks, createdAt: surveyTemplates.createdAt })
    .from(surveyTemplates)
    .where(and(eq(surveyTemplates.id, id), eq(surveyTemplates.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * What a new survey copies from a template id (predefined first, then custom): its title and
 * blocks; "not-found" for an id that is neither (or another company's); "forbidden" for a custom
 * template hidden from the viewer (001 §2: a 403 on a template goes back to the templates page).
 */
export async function templateForSurvey(
  db: Db,
  viewer: Viewer,
  templateId: string
): Promise<{ title: string; blocks: SurveyBlock[]; predefined: boolean } | "not-found" | "forbidden"> {
  const predefined = predefinedTemplate(templateId);
  if (predefined) return { title: predefined.title, blocks: predefined.blocks, predefined: true };
  const custom = await getCustomTemplate(db, viewer.company.id, templateId);
  if (!custom) return "not-found";
  if (!mayView(viewer, custom)) return "forbidden";
  return { title: custom.title, blocks: custom.blocks, predefined: false };
}

/** Blocks with new ids (a group's questions too), so no two surveys share a block id. */
export function withFreshIds(blocks: SurveyBlock[], newId: () => string = () => crypto.randomUUID()): SurveyBlock[] {
  return blocks.map((block) =>
    block.type === "group"
      ? { ...block, id: newId(), questions: block.questions.map((q) => ({ ...q, id: newId() })) }
      : { ...block, id: newId() }
  );
}

export interface TemplateDetails {
  title: string;
  desc: string;
  visibility: TemplateVisibility;
}

/** Saves title, description and visibility; false when the id is not the company's template. */
export async function updateTemplateDetails(db: Db, actor: Actor, id: string, input: TemplateDetails): Promise<boolean> {
  if (!(await getCustomTemplate(db, actor.companyId, id))) return false;
  await db.batch([
    db
      .update(surveyTemplates)
      .set({ title: input.title, desc: input.desc, ...flagsOf(input.visibility), updatedAt: new Date() })
      .where(and(eq(surveyTemplates.id, id), eq(surveyTemplates.companyId, actor.companyId))),
    auditEvent(db, {
      ...actor,
      action: "survey_template.updated",
      entityType: "survey_template",
      entityId: id,
      data: { title: input.title, visibility: input.visibility },
    }),
  ]);
  return true;
}

/**
 * An audit event written only when `from` has a row matching `where` (INSERT … SELECT), so it can
 * sit in the same batch as the change it records without a read first: before a delete it names
 * the row about to go; after an insert, the row just made.
 */
export function auditIfFound(db: Db, input: AuditEventInput, from: SQLiteTable, where: SQL | undefined) {
  return db.insert(auditEvents).select(
    db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        companyId: sql<string>`${input.companyId}`.as("company_id"),
        actorId: sql<string | null>`${input.actorId}`.as("actor_id"),
        action: sql<string>`${input.action}`.as("action"),
        entityType: sql<string>`${input.entityType}`.as("entity_type"),
        entityId: sql<string | null>`${input.entityId}`.as("entity_id"),
        data: sql<string | null>`${input.data ? JSON.stringify(input.data) : null}`.as("data"),
        requestId: sql<string | null>`${input.requestId ?? null}`.as("request_id"),
        createdAt: sql<Date>`${Date.now()}`.as("created_at"),
      })
      .from(from)
      .where(where)
      .limit(1)
  );
}

/** Copies a template as "Copy of {title}" in one statement (INSERT … SELECT); null when it is not the company's. */
export async function duplicateTemplate(db: Db, actor: Actor, id: string): Promise<{ id: string } | null> {
  const copyId = crypto.randomUUID();
  const now = Date.now();
  const overrides: Record<string, SQL> = {
    id: sql`${copyId}`,
    title: sql`substr('Copy of ' || ${surveyTemplates.title}, 1, 200)`,
    createdBy: sql`${actor.actorId}`,
    createdAt: sql`${now}`,
    updatedAt: sql`${now}`,
  };
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(surveyTemplates)).map(([key, column]) => [key, overrides[key] ?? column])
  );
  const [inserted] = await db.batch([
    db
      .insert(surveyTemplates)
      .select(
        db
          .select(fields as unknown as typeof surveyTemplates._.columns)
          .from(surveyTemplates)
          .where(and(eq(surveyTemplates.id, id), eq(surveyTemplates.companyId, actor.companyId)))
      )
      .returning({ id: surveyTemplates.id }),
    auditIfFound(
      db,
      { ...actor, action: "survey_template.duplicated", entityType: "survey_template", entityId: copyId, data: { from: id } },
      surveyTemplates,
      eq(surveyTemplates.id, copyId)
    ),
  ]);
  return inserted.length > 0 ? { id: copyId } : null;
}

/** Deletes a template; surveys made from it keep their copied questions. False when not the company's. */
export async function deleteTemplate(db: Db, actor: Actor, id: string): Promise<boolean> {
  const template = await getCustomTemplate(db, actor.companyId, id);
  if (!template) return false;
  await db.batch([
    db.delete(surveyTemplates).where(and(eq(surveyTemplates.id, id), eq(surveyTemplates.companyId, actor.companyId))),
    auditEvent(db, {
      ...actor,
      action: "survey_template.deleted",
      entityType: "survey_template",
      entityId: id,
      data: { title: template.title },
    }),
  ]);
  return true;
}
