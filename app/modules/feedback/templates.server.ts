import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackTemplates, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import {
  mayViewFeedbackTemplate,
  templateVisibilityFlags,
  visibilityOfTemplate,
  type FeedbackTemplateVisibility,
} from "~/modules/access/feedback-templates";
import type { Viewer } from "~/modules/auth/session.server";
import type { TemplateType } from "./loop-types";
import { loopTemplateOf, predefinedFeedbackTemplate, type LoopTemplate } from "./predefined-templates";
import { toStoredTemplateBlocks, type TemplateBlockForm } from "./template-blocks";

/**
 * The workflow library's templates (002 §7 "predefined and custom feedback templates"): the
 * predefined ones in code, the company's custom ones in feedback_templates, each custom one seen
 * only by those its visibility lets (app/modules/access/feedback-templates.ts). Custom templates
 * are written only by a holder of CreateUpdateFeedbackTemplate (the caller checks it by name).
 */

export interface Actor {
  companyId: string;
  actorId: string;
  requestId: string;
}

export type { LoopTemplate };

export interface TemplateSummary {
  id: string;
  title: string;
  desc: string;
  visibility: FeedbackTemplateVisibility;
  createdBy: string | null;
  updatedAt: number;
}

/** The company's custom templates of a type that the viewer may see, by title. */
export async function listVisibleCustomTemplates(db: Db, viewer: Viewer, templateType: TemplateType): Promise<TemplateSummary[]> {
  const rows = await db
    .select({
      id: feedbackTemplates.id,
      title: feedbackTemplates.title,
      desc: feedbackTemplates.desc,
      visibleToEveryone: feedbackTemplates.visibleToEveryone,
      visibleToTeamAdmin: feedbackTemplates.visibleToTeamAdmin,
      createdBy: users.name,
      updatedAt: feedbackTemplates.updatedAt,
    })
    .from(feedbackTemplates)
    .leftJoin(users, and(eq(users.id, feedbackTemplates.createdBy), eq(users.companyId, feedbackTemplates.companyId)))
    .where(and(eq(feedbackTemplates.companyId, viewer.company.id), eq(feedbackTemplates.templateType, templateType)))
    .orderBy(asc(feedbackTemplates.title));
  return rows
    .filter((r) => mayViewFeedbackTemplate(viewer, r))
    .map((r) => ({
      id: r.id,
      title: r.title,
      desc: r.desc,
      visibility: visibilityOfTemplate(r),
      createdBy: r.createdBy,
      updatedAt: r.updatedAt.getTime(),
    }));
}

export type CustomTemplate = typeof feedbackTemplates.$inferSelect;

/**
 * A custom template of the viewer's company and of this type that the viewer may see, else null
 * (another company's, another type's, or one hidden from the viewer: all the same 404).
 */
export async function getVisibleCustomTemplate(db: Db, viewer: Viewer, templateType: TemplateType, id: string): Promise<CustomTemplate | null> {
  const [row] = await db
    .select()
    .from(feedbackTemplates)
    .where(and(eq(feedbackTemplates.id, id), eq(feedbackTemplates.companyId, viewer.company.id), eq(feedbackTemplates.templateType, templateType)))
    .limit(1);
  return row && mayViewFeedbackTemplate(viewer, row) ? row : null;
}

/** The template a loop is made from: a predefined one of the type, or a custom one the viewer may see. */
export async function resolveLoopTemplate(db: Db, viewer: Viewer, templateType: TemplateType, id: string): Promise<LoopTemplate | null> {
  const predefined = predefinedFeedbackTemplate(id);
  if (predefined) {
    if (predefined.templateType !== templateType) return null;
    return loopTemplateOf(predefined);
  }
  const custom = await getVisibleCustomTemplate(db, viewer, templateType, id);
  if (!custom) return null;
  return { templateType, templateId: custom.id, title: custom.title, format: null, blocks: custom.blocks };
}

export interface TemplateInput {
  title: string;
  desc: string;
  visibility: FeedbackTemplateVisibility;
  blocks: TemplateBlockForm[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Blocks added in a builder carry short keys ("n1"); stored blocks get UUIDs, a group's questions too. */
export function storedBlocksOf(blocks: TemplateBlockForm[]) {
  const keyed = blocks.map((b) => ({
    ...b,
    key: UUID.test(b.key) ? b.key : crypto.randomUUID(),
    questions: b.questions?.map((q) => ({ ...q, key: UUID.test(q.key) ? q.key : crypto.randomUUID() })),
  }));
  return toStoredTemplateBlocks(keyed);
}

/** A new custom feedback template (002 §7 template create: title, desc, visibility flags, blocks). */
export async function createCustomTemplate(db: Db, actor: Actor, templateType: TemplateType, input: TemplateInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db.insert(feedbackTemplates).values({
      id,
      companyId: actor.companyId,
      templateType,
      title: input.title,
      desc: input.desc,
      ...templateVisibilityFlags(input.visibility),
      blocks: storedBlocksOf(input.blocks),
      createdBy: actor.actorId,
      createdAt: now,
      updatedAt: now,
    }),
    auditEvent(db, { ...actor, action: "feedback-template.created", entityType: "feedback_template", entityId: id, data: { title: input.title } }),
  ]);
  return id;
}

/** 002 §7 template update (with templateId); false when it is not the company's. */
export async function updateCustomTemplate(db: Db, actor: Actor, id: string, input: TemplateInput): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(feedbackTemplates)
      .set({
        title: input.title,
        desc: input.desc,
        ...templateVisibilityFlags(input.visibility),
        blocks: storedBlocksOf(input.blocks),
        updatedAt: new Date(),
      })
      .where(and(eq(feedbackTemplates.id, id), eq(feedbackTemplates.companyId, actor.companyId)))
      .returning({ id: feedbackTemplates.id }),
    auditEvent(db, { ...actor, action: "feedback-template.updated", entityType: "feedback_template", entityId: id, data: { title: input.title } }),
  ]);
  return updated.length > 0;
}
