import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackLibraryLoops, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { LoopBlock } from "./feedback-blocks";
import { DEFAULT_DEADLINE_MS, type TemplateType } from "./loop-types";
import type { TemplateBlockForm } from "./template-blocks";
import type { LoopTemplate } from "./predefined-templates";
import { storedBlocksOf, type Actor } from "./templates.server";

/**
 * The company's library loops (002 §2.4 "Library ... actions Duplicate, Delete, Preview and
 * Launch"; §7 "create from template or scratch, duplicate, remove, detail, update blocks"). A
 * library loop is a loop being configured; launching copies its settings into a feedback loop of
 * its own, so deleting or changing a library loop never changes a launched one.
 */

/** What a loop started from scratch is called until renamed. */
export const SCRATCH_TITLE = "Untitled feedback loop";
export const SCRATCH_TEMPLATE_NAME = "Custom";

/**
 * A new library loop from a template (the agreed contract): its title, type, template id, name,
 * format and blocks; the default deadline two weeks ahead (002 §9); on Teams-type, which offers
 * no Feedback Type choice, direct feedback; no delivery chosen; no repeat.
 */
export async function createLibraryLoop(db: Db, viewer: Viewer, template: LoopTemplate, requestId: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db.insert(feedbackLibraryLoops).values({
      id,
      companyId: viewer.company.id,
      templateType: template.templateType,
      templateId: template.templateId,
      templateName: template.templateId === null ? SCRATCH_TEMPLATE_NAME : template.title,
      templateFormat: template.format,
      title: template.title,
      workflowType: viewer.company.platform === "msteams" ? "direct-feedback" : null,
      delivery: null,
      frequency: "does-not-repeat",
      deadlineAt: new Date(now.getTime() + DEFAULT_DEADLINE_MS),
      blocks: template.blocks,
      createdBy: viewer.user.id,
      createdAt: now,
      updatedAt: now,
    }),
    auditEvent(db, {
      companyId: viewer.company.id,
      actorId: viewer.user.id,
      requestId,
      action: "feedback-library-loop.created",
      entityType: "feedback_library_loop",
      entityId: id,
      data: { templateType: template.templateType, templateId: template.templateId },
    }),
  ]);
  return id;
}

/** A loop started from scratch (002 §7): a feedback loop of blocks, none yet. */
export function scratchTemplate(): LoopTemplate {
  return { templateType: "feedback", templateId: null, title: SCRATCH_TITLE, format: null, blocks: [] };
}

/** The library list (002 §2.4; §9 sort keys title, templateName, createdAt, createdBy.name), newest first. */
export async function listLibraryLoops(db: Db, viewer: Viewer) {
  const rows = await db
    .select({
      id: feedbackLibraryLoops.id,
      title: feedbackLibraryLoops.title,
      templateType: feedbackLibraryLoops.templateType,
      templateName: feedbackLibraryLoops.templateName,
      createdAt: feedbackLibraryLoops.createdAt,
      createdBy: users.name,
    })
    .from(feedbackLibraryLoops)
    .leftJoin(users, and(eq(users.id, feedbackLibraryLoops.createdBy), eq(users.companyId, feedbackLibraryLoops.companyId)))
    .where(eq(feedbackLibraryLoops.companyId, viewer.company.id))
    .orderBy(desc(feedbackLibraryLoops.createdAt), desc(feedbackLibraryLoops.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}
export type LibraryLoopRow = Awaited<ReturnType<typeof listLibraryLoops>>[number];

/** One library loop of the viewer's company (and of this type when given), else null: another company's is a 404. */
export async function getLibraryLoop(db: Db, viewer: Viewer, id: string, templateType?: TemplateType) {
  const [row] = await db
    .select({
      id: feedbackLibraryLoops.id,
      title: feedbackLibraryLoops.title,
      templateType: feedbackLibraryLoops.templateType,
      templateId: feedbackLibraryLoops.templateId,
      templateName: feedbackLibraryLoops.templateName,
      templateFormat: feedbackLibraryLoops.templateFormat,
      blocks: feedbackLibraryLoops.blocks,
      version: feedbackLibraryLoops.version,
    })
    .from(feedbackLibraryLoops)
    .where(
      and(
        eq(feedbackLibraryLoops.id, id),
        eq(feedbackLibraryLoops.companyId, viewer.company.id),
        templateType ? eq(feedbackLibraryLoops.templateType, templateType) : undefined
      )
    )
    .limit(1);
  return row ?? null;
}
export type LibraryLoop = NonNullable<Awaited<ReturnType<typeof getLibraryLoop>>>;

/**
 * Whether a loop's blocks are edited in the builder: a feedback loop of blocks (made from a
 * blocks-only template or from scratch). A format's fields (SBI, SaD, free text) and a one-on-one
 * agenda stay as their template has them.
 */
export function blocksEditable(loop: Pick<LibraryLoop, "templateType" | "templateFormat">): boolean {
  return loop.templateType === "feedback" && loop.templateFormat === null;
}

/**
 * A copy with every setting and the title "<title> (copy)", as new as a fresh loop (version 0,
 * created now by the viewer); null when the loop is not the company's.
 */
export async function duplicateLibraryLoop(db: Db, viewer: Viewer, actor: Actor, id: string): Promise<string | null> {
  const [source] = await db
    .select()
    .from(feedbackLibraryLoops)
    .where(and(eq(feedbackLibraryLoops.id, id), eq(feedbackLibraryLoops.companyId, viewer.company.id)))
    .limit(1);
  if (!source) return null;
  const copyId = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db.insert(feedbackLibraryLoops).values({
      ...source,
      id: copyId,
      title: `${source.title} (copy)`.slice(0, 200),
      version: 0,
      createdBy: actor.actorId,
      createdAt: now,
      updatedAt: now,
    }),
    auditEvent(db, {
      ...actor,
      action: "feedback-library-loop.duplicated",
      entityType: "feedback_library_loop",
      entityId: copyId,
      data: { from: id },
    }),
  ]);
  return copyId;
}

/** Removes the library loop only: loops launched from it keep their own copy. False when not the company's. */
export async function deleteLibraryLoop(db: Db, actor: Actor, id: string): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(feedbackLibraryLoops)
      .where(and(eq(feedbackLibraryLoops.id, id), eq(feedbackLibraryLoops.companyId, actor.companyId)))
      .returning({ id: feedbackLibraryLoops.id, title: feedbackLibraryLoops.title }),
    auditEvent(db, { ...actor, action: "feedback-library-loop.deleted", entityType: "feedback_library_loop", entityId: id }),
  ]);
  return deleted.length > 0;
}

/** A single-column update of the loop's title (version + 1), scoped by company. */
export async function renameLibraryLoop(db: Db, actor: Actor, id: string, title: string): Promise<boolean> {
  const rows = await db
    .update(feedbackLibraryLoops)
    .set({ title, version: sql`${feedbackLibraryLoops.version} + 1`, updatedAt: new Date() })
    .where(and(eq(feedbackLibraryLoops.id, id), eq(feedbackLibraryLoops.companyId, actor.companyId)))
    .returning({ id: feedbackLibraryLoops.id });
  return rows.length > 0;
}

/** 002 §7 "update blocks": the loop's title and blocks (version + 1), scoped by company. */
export async function updateLibraryLoopBlocks(db: Db, actor: Actor, id: string, title: string, blocks: TemplateBlockForm[]): Promise<boolean> {
  const stored: LoopBlock[] = storedBlocksOf(blocks);
  const [updated] = await db.batch([
    db
      .update(feedbackLibraryLoops)
      .set({ title, blocks: stored, version: sql`${feedbackLibraryLoops.version} + 1`, updatedAt: new Date() })
      .where(and(eq(feedbackLibraryLoops.id, id), eq(feedbackLibraryLoops.companyId, actor.companyId)))
      .returning({ id: feedbackLibraryLoops.id }),
    auditEvent(db, { ...actor, action: "feedback-library-loop.blocks-updated", entityType: "feedback_library_loop", entityId: id }),
  ]);
  return updated.length > 0;
}
