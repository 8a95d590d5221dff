import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { groups, surveys, surveyTemplates, workspaces } from "~/db/schema";
import type { SurveyBlock } from "./blocks";
import {
  allIds,
  applyLocks,
  lockViolations,
  questionContent,
  templateBlocks,
  toFormBlocks,
  toStoredBlocks,
  visibilityFlags,
  withIds,
  type GroupQuestion,
  type Platform,
  type TemplateVisibility,
} from "./survey.schema";
import { TEMPLATE_SUMMARY_COLUMNS, type Actor, type TemplateSummary } from "./templates.server";

export interface BuilderSurvey {
  id: string;
  title: string;
  templateName: string | null;
  blocks: SurveyBlock[];
  version: number;
  /** The workspace (Slack-type) or group (Teams-type) name. */
  scopeName: string | null;
}

/**
 * One survey of the company for the builder, or null: another company's id, or one outside the
 * viewer's `scope` (library.server surveyScope: a Teams-type group admin's own groups), reads as not found.
 */
export async function getBuilderSurvey(db: Db, companyId: string, id: string, scope?: SQL): Promise<BuilderSurvey | null> {
  const [row] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      templateName: surveys.templateName,
      blocks: surveys.blocks,
      version: surveys.version,
      workspaceName: workspaces.name,
      groupName: groups.name,
    })
    .from(surveys)
    .leftJoin(workspaces, and(eq(workspaces.id, surveys.workspaceId), eq(workspaces.companyId, companyId)))
    .leftJoin(groups, and(eq(groups.id, surveys.groupId), eq(groups.companyId, companyId)))
    .where(and(eq(surveys.id, id), eq(surveys.companyId, companyId), scope))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    templateName: row.templateName,
    blocks: row.blocks ?? [],
    version: row.version,
    scopeName: row.workspaceName ?? row.groupName ?? null,
  };
}

/** The company's custom templates, offered by the "Create or Update Template" dialog. */
export function listCustomTemplates(db: Db, companyId: string): Promise<TemplateSummary[]> {
  return db
    .select(TEMPLATE_SUMMARY_COLUMNS)
    .from(surveyTemplates)
    .where(eq(surveyTemplates.companyId, companyId))
    .orderBy(asc(surveyTemplates.title), asc(surveyTemplates.id));
}

/** A question as it reads after a round trip through the builder's form (what a lossless edit looks like). */
function roundTripContent(platform: Platform) {
  return (q: GroupQuestion) => {
    const [back] = toStoredBlocks(toFormBlocks([q], platform));
    return questionContent(back as GroupQuestion);
  };
}

export type PrepareResult =
  | { ok: true; blocks: SurveyBlock[] }
  | { ok: false; reason: "lock-permission" }
  | { ok: false; reason: "locked"; ids: string[] };

/**
 * The blocks to store from the submitted ones (001 §4): locks applied (a tracked question locks
 * on save; only LockUnlockSurveyQuestion changes a lock on an untracked one), every still-locked
 * stored question checked unchanged against the stored blocks, and new blocks given fresh ids.
 */
export function prepareBlocks(stored: SurveyBlock[], submitted: SurveyBlock[], canLockUnlock: boolean, platform: Platform): PrepareResult {
  const { blocks, refused } = applyLocks(stored, submitted, canLockUnlock);
  if (refused) return { ok: false, reason: "lock-permission" };
  const ids = lockViolations(stored, blocks, roundTripContent(platform));
  if (ids.length > 0) return { ok: false, reason: "locked", ids };
  // A still-locked question is kept exactly as stored (its form round trip may differ in form only).
  const storedById = new Map<string, GroupQuestion>();
  for (const b of stored) {
    if (b.type === "group") b.questions.forEach((q) => storedById.set(q.id, q));
    else storedById.set(b.id, b);
  }
  const keep = <Q extends GroupQuestion>(q: Q): Q => {
    const old = storedById.get(q.id);
    return q.isLocked && old?.isLocked ? ({ ...old } as Q) : q;
  };
  const kept = blocks.map((b): SurveyBlock => (b.type === "group" ? { ...b, questions: b.questions.map(keep) } : keep(b)));
  return { ok: true, blocks: withIds(kept, new Set(allIds(stored))) };
}

export interface TemplateInput {
  /** An existing custom template of the company to update; null inserts a new one. */
  id: string | null;
  title: string;
  desc: string;
  visibility: TemplateVisibility;
}

export type SaveResult = { ok: true; templateId: string | null } | { ok: false; conflict: string };

export const SURVEY_CHANGED = "This survey was changed by someone else meanwhile. Reload the page and try again.";

/**
 * Saves the name and blocks (and, from the template dialog, a custom template with a copy of the
 * blocks), in one D1 batch. The update only applies to the version that was read (the lock check
 * compared against it); the audit event and the template write are guarded by the new version
 * and time, so a save that lost a race writes nothing at all.
 */
export async function saveSurvey(
  db: Db,
  actor: Actor,
  input: { id: string; version: number; title: string; blocks: SurveyBlock[]; template: TemplateInput | null }
): Promise<SaveResult> {
  const now = Date.now();
  const nextVersion = input.version + 1;
  const guard = sql`EXISTS (SELECT 1 FROM surveys WHERE id = ${input.id} AND company_id = ${actor.companyId} AND version = ${nextVersion} AND updated_at = ${now})`;
  const statement = (query: SQL) => d1Statement(db, query);
  // Raw statements in one D1 batch (drizzle's db.batch cannot take raw SQL with parameters).
  const update = statement(sql`UPDATE surveys SET title = ${input.title}, blocks = ${JSON.stringify(input.blocks)},
    version = ${nextVersion}, updated_at = ${now}
    WHERE id = ${input.id} AND company_id = ${actor.companyId} AND version = ${input.version}`);
  const audit =
    statement(sql`INSERT INTO audit_events (id, company_id, actor_id, action, entity_type, entity_id, data, request_id, created_at)
    SELECT ${crypto.randomUUID()}, ${actor.companyId}, ${actor.actorId}, 'survey.updated', 'survey', ${input.id},
      ${JSON.stringify({ title: input.title, blocks: input.blocks.length })}, ${actor.requestId ?? null}, ${now}
    WHERE ${guard}`);
  let templateId: string | null = null;
  const writes: D1PreparedStatement[] = [];
  if (input.template) {
    const t = input.template;
    const flags = visibilityFlags(t.visibility);
    const blocks = JSON.stringify(templateBlocks(input.blocks));
    if (t.id) {
      templateId = t.id;
      writes.push(
        statement(sql`UPDATE survey_templates SET title = ${t.title}, "desc" = ${t.desc}, visible_to_everyone = ${
          flags.visibleToEveryone ? 1 : 0
        },
          visible_to_workspace_admin = ${flags.visibleToWorkspaceAdmin ? 1 : 0}, blocks = ${blocks}, updated_at = ${now}
          WHERE id = ${t.id} AND company_id = ${actor.companyId} AND ${guard}`)
      );
    } else {
      templateId = crypto.randomUUID();
      writes.push(
        statement(sql`INSERT INTO survey_templates (id, company_id, title, "desc", visible_to_everyone, visible_to_workspace_admin, blocks, created_by, created_at, updated_at)
          SELECT ${templateId}, ${actor.companyId}, ${t.title}, ${t.desc}, ${flags.visibleToEveryone ? 1 : 0}, ${
          flags.visibleToWorkspaceAdmin ? 1 : 0
        },
            ${blocks}, ${actor.actorId}, ${now}, ${now}
          WHERE ${guard}`)
      );
    }
    writes.push(
      statement(sql`INSERT INTO audit_events (id, company_id, actor_id, action, entity_type, entity_id, data, request_id, created_at)
        SELECT ${crypto.randomUUID()}, ${actor.companyId}, ${actor.actorId}, ${
        t.id ? "survey_template.updated" : "survey_template.created"
      },
          'survey_template', ${templateId}, ${JSON.stringify({ title: t.title, fromSurvey: input.id })}, ${actor.requestId ?? null}, ${now}
        WHERE ${guard}`)
    );
  }
  const [updated] = await db.$client.batch([update, audit, ...writes]);
  if (!updated.meta.changes) return { ok: false, conflict: SURVEY_CHANGED };
  return { ok: true, templateId };
}
