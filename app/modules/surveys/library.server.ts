import { and, asc, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { groups, surveys, workspaces } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";
import { launchableGroups, managedItems } from "~/modules/access/groups.server";
import type { SurveyBlock } from "./blocks";
import { auditIfFound, type Actor } from "./templates.server";

/**
 * The survey library (001 §2): the company's surveys with their workspace (group) and schedule,
 * creating one (from scratch or a template), duplicating and deleting. As in the reviews area
 * (app/modules/access/groups.server.ts), a Teams-type group admin who is not a super admin works with the
 * surveys of the groups they administer only; everyone else with ViewSurveys, company-wide.
 */

/** The viewer's limit on surveys beyond the company; undefined when company-wide. */
export function surveyScope(viewer: Viewer): SQL | undefined {
  return managedItems(viewer, surveys.groupId);
}

export interface LibraryRow {
  id: string;
  title: string;
  createdAt: Date;
  /** The workspace's (Slack-type) or group's (Teams-type) name. */
  channelName: string | null;
  /** When the next scheduled run starts; null when none is scheduled. */
  nextRunAt: Date | null;
}

/** The library table, newest first. */
export async function listSurveys(db: Db, viewer: Viewer): Promise<LibraryRow[]> {
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      createdAt: surveys.createdAt,
      channelName: sql<string | null>`coalesce(${workspaces.name}, ${groups.name})`.as("channel_name"),
      nextRunAt: surveys.nextRunAt,
    })
    .from(surveys)
    .leftJoin(workspaces, and(eq(workspaces.id, surveys.workspaceId), eq(workspaces.companyId, surveys.companyId)))
    .leftJoin(groups, and(eq(groups.id, surveys.groupId), eq(groups.companyId, surveys.companyId)))
    .where(and(eq(surveys.companyId, viewer.company.id), surveyScope(viewer)))
    .orderBy(desc(surveys.createdAt), asc(surveys.id));
}

export interface ChannelOption {
  id: string;
  name: string;
}

/** What 'Create New Survey' offers: the company's workspaces (Slack-type) or groups (Teams-type; a group admin's own). */
export async function channelOptions(db: Db, viewer: Viewer): Promise<ChannelOption[]> {
  if (viewer.company.platform === "slack") {
    return db
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.companyId, viewer.company.id))
      .orderBy(asc(workspaces.name), asc(workspaces.id));
  }
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, viewer.company.id),
        launchableGroups(viewer, groups.id)
      )
    )
    .orderBy(asc(groups.name), asc(groups.id));
}

export interface NewSurvey {
  title: string;
  templateName: string | null;
  /** The chosen workspace (Slack-type) or group (Teams-type); the caller has checked it is an option. */
  channelId: string;
  blocks: SurveyBlock[];
}

/** Creates a survey row (001 §2 'Create New Survey'); returns its id. */
export async function createSurvey(db: Db, actor: Actor & { platform: Viewer["company"]["platform"] }, input: NewSurvey): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db.insert(surveys).values({
      id,
      companyId: actor.companyId,
      title: input.title,
      templateName: input.templateName,
      workspaceId: actor.platform === "slack" ? input.channelId : null,
      groupId: actor.platform === "msteams" ? input.channelId : null,
      blocks: input.blocks,
      createdBy: actor.actorId,
      createdAt: now,
      updatedAt: now,
    }),
    auditEvent(db, {
      companyId: actor.companyId,
      actorId: actor.actorId,
      requestId: actor.requestId,
      action: "survey.created",
      entityType: "survey",
      entityId: id,
      data: { title: input.title, templateName: input.templateName, blocks: input.blocks.length },
    }),
  ]);
  return id;
}

/**
 * Copies a survey as "Copy of {title}" in one statement (INSERT … SELECT), with its questions,
 * audience, result viewers, anonymity and close rule, but not its schedule (the copy is not
 * scheduled) nor its launches; a close at a specific time falls back to manual, since that time
 * belonged to the original's schedule. Null when the id is not one of the viewer's surveys.
 */
export async function duplicateSurvey(db: Db, viewer: Viewer, actor: Actor, id: string): Promise<{ id: string } | null> {
  const copyId = crypto.randomUUID();
  const now = Date.now();
  const overrides: Record<string, SQL> = {
    id: sql`${copyId}`,
    title: sql`substr('Copy of ' || ${surveys.title}, 1, 200)`,
    startAt: sql`NULL`,
    frequency: sql`NULL`,
    nextRunAt: sql`NULL`,
    closeRule: sql`CASE WHEN ${surveys.closeRule} = 'onSpecificTime' THEN 'manual' ELSE ${surveys.closeRule} END`,
    closeAt: sql`NULL`,
    launchCount: sql`0`,
    version: sql`0`,
    createdBy: sql`${actor.actorId}`,
    createdAt: sql`${now}`,
    updatedAt: sql`${now}`,
  };
  const fields = Object.fromEntries(Object.entries(getTableColumns(surveys)).map(([key, column]) => [key, overrides[key] ?? column]));
  const [inserted] = await db.batch([
    db
      .insert(surveys)
      .select(
        db
          .select(fields as unknown as typeof surveys._.columns)
          .from(surveys)
          .where(and(eq(surveys.id, id), eq(surveys.companyId, actor.companyId), surveyScope(viewer)))
      )
      .returning({ id: surveys.id }),
    auditIfFound(
      db,
      { ...actor, action: "survey.duplicated", entityType: "survey", entityId: copyId, data: { from: id } },
      surveys,
      eq(surveys.id, copyId)
    ),
  ]);
  return inserted.length > 0 ? { id: copyId } : null;
}

export interface DeleteCheck {
  id: string;
  title: string;
  /** Scheduled while next_run_at is set: deleting it cancels the coming runs. */
  scheduled: boolean;
  nextRunAt: number | null;
  frequency: string | null;
  launchCount: number;
}

/** The delete's first step (001 §2 "a check first"): whether the survey is scheduled. Null when not the viewer's. */
export async function surveyDeleteCheck(db: Db, viewer: Viewer, id: string): Promise<DeleteCheck | null> {
  const [row] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      nextRunAt: surveys.nextRunAt,
      frequency: surveys.frequency,
      launchCount: surveys.launchCount,
    })
    .from(surveys)
    .where(and(eq(surveys.id, id), eq(surveys.companyId, viewer.company.id), surveyScope(viewer)))
    .limit(1);
  if (!row) return null;
  return { ...row, scheduled: row.nextRunAt !== null, nextRunAt: row.nextRunAt?.getTime() ?? null };
}

/**
 * Deletes the survey row only: its runs (and their responses) stay in manage surveys and reports.
 * The audit event is written only when the row is there to delete. False when it is not one of the viewer's.
 */
export async function deleteSurvey(db: Db, viewer: Viewer, actor: Actor, id: string): Promise<boolean> {
  const mine = and(eq(surveys.id, id), eq(surveys.companyId, actor.companyId), surveyScope(viewer));
  const [, deleted] = await db.batch([
    auditIfFound(db, { ...actor, action: "survey.deleted", entityType: "survey", entityId: id }, surveys, mine),
    db.delete(surveys).where(mine).returning({ id: surveys.id }),
  ]);
  return deleted.length > 0;
}
