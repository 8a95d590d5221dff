import { and, asc, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { channels, groupMembers, groups, surveys, users, workspaceMembers, workspaces } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import { AUDIENCE_REQUIRED, INSPECTORS_REQUIRED } from "./components/audience-fields";
import type { AudienceType, InspectorType } from "./survey-machine";

/**
 * The audience step of a survey (001 §2 "Survey audience builder", §3, §5): who receives it
 * (Slack-type: the whole company ("team"), the survey's workspace, channels of that workspace or
 * chosen people; Teams-type: chosen people or groups), who may view its results, anonymity and
 * result visibility, each saved on its own. The audience is resolved to people when a run
 * starts: only active people (neither deactivated nor excluded) receive a survey.
 *
 * Teams-type: a survey is posted in its group's channel, so a member of a chosen group who is not
 * a member of the survey's group cannot receive it; the group details view strikes them through
 * ("must be added to the channel") and they are left out of the run.
 */

export type SurveyRow = typeof surveys.$inferSelect;

export const AUDIENCE_MESSAGES = { ...AUDIENCE_REQUIRED, unknown: "Choose from the list." } as const;
export const INSPECTOR_MESSAGES = INSPECTORS_REQUIRED;
/** 001 §5, named as the specification names them. */
export const MAX_SUBMISSION_COUNT = "MaxSubmissionCount";
export const MAX_SELECTED_AUDIENCE_USERS = "MaxSelectedAudienceUsers";

/** The survey's workspace (Slack-type) or group (Teams-type) the page names, with the group's channel; empty when it has none. */
export function surveyScope(db: Db, companyId: string, survey: Pick<SurveyRow, "workspaceId" | "groupId">) {
  return survey.workspaceId
    ? db
        .select({ name: workspaces.name, channelName: workspaces.name })
        .from(workspaces)
        .where(and(eq(workspaces.id, survey.workspaceId), eq(workspaces.companyId, companyId)))
        .limit(1)
    : survey.groupId
    ? db
        .select({ name: groups.name, channelName: groups.channelName })
        .from(groups)
        .where(and(eq(groups.id, survey.groupId), eq(groups.companyId, companyId)))
        .limit(1)
    : Promise.resolve([]);
}

/** A survey of the company, or null (another company's id is a 404 to the caller). */
export async function loadSurvey(db: Db, companyId: string, surveyId: string): Promise<SurveyRow | null> {
  if (!surveyId || surveyId.length > 100) return null;
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

const active = (companyId: string) => and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false));
const idsIn = (column: Column | SQL, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
const byName = [asc(sql`${users.name} COLLATE NOCASE`), asc(users.id)];

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** The people a survey's "users" audience is chosen from: the workspace's (group's) active members. */
export async function eligiblePeople(db: Db, companyId: string, survey: Pick<SurveyRow, "workspaceId" | "groupId">): Promise<Person[]> {
  const columns = { id: users.id, name: users.name, email: users.email };
  if (survey.workspaceId) {
    return db
      .select(columns)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.companyId, companyId), eq(workspaceMembers.workspaceId, survey.workspaceId), active(companyId)))
      .orderBy(...byName);
  }
  if (survey.groupId) {
    return db
      .select(columns)
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.groupId, survey.groupId), active(companyId)))
      .orderBy(...byName);
  }
  return companyPeople(db, companyId);
}

/** Everyone active in the company (result viewers are chosen from them). */
export function companyPeople(db: Db, companyId: string): Promise<Person[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(active(companyId))
    .orderBy(...byName);
}

export interface ChannelOption {
  id: string;
  name: string;
  isPrivate: boolean;
  members: number;
}

/** The Slack channels of the survey's workspace with their active member counts. */
export async function workspaceChannels(db: Db, companyId: string, workspaceId: string | null): Promise<ChannelOption[]> {
  if (!workspaceId) return [];
  return db
    .select({
      id: channels.id,
      name: channels.name,
      isPrivate: channels.isPrivate,
      members: sql<number>`(SELECT count(*) FROM channel_members cm JOIN users u ON u.id = cm.user_id
        WHERE cm.channel_id = ${channels.id} AND u.company_id = ${companyId} AND u.is_deleted = 0 AND u.is_excluded = 0)`,
    })
    .from(channels)
    .where(and(eq(channels.companyId, companyId), eq(channels.workspaceId, workspaceId)))
    .orderBy(asc(sql`${channels.name} COLLATE NOCASE`));
}

export interface GroupMemberDetail {
  id: string;
  name: string;
  /** Receives the survey: active and a member of the survey's group (its channel). */
  isValid: boolean;
  /** Why not, when not valid. */
  reason: "not-in-channel" | "inactive" | null;
}

export interface GroupOption {
  id: string;
  name: string;
  channelName: string | null;
  members: GroupMemberDetail[];
}

/**
 * The company's Teams groups with their members (001 §3 "Teams group": members with isValid): a
 * member is valid when active and in the survey's own group, whose channel the survey is posted in.
 */
export async function groupOptions(db: Db, companyId: string, surveyGroupId: string | null): Promise<GroupOption[]> {
  const [list, members] = await db.batch([
    db
      .select({ id: groups.id, name: groups.name, channelName: groups.channelName })
      .from(groups)
      .where(eq(groups.companyId, companyId))
      .orderBy(asc(sql`${groups.name} COLLATE NOCASE`)),
    db
      .select({
        groupId: groupMembers.groupId,
        id: users.id,
        name: users.name,
        inactive: sql<number>`(${users.isDeleted} OR ${users.isExcluded})`,
        inChannel: sql<number>`EXISTS (SELECT 1 FROM group_members sg WHERE sg.group_id = ${surveyGroupId ?? ""} AND sg.user_id = ${
          users.id
        })`,
      })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.companyId, companyId), eq(users.companyId, companyId)))
      .orderBy(...byName),
  ]);
  const byGroup = new Map<string, GroupMemberDetail[]>();
  for (const m of members) {
    const reason = m.inactive ? ("inactive" as const) : m.inChannel ? null : ("not-in-channel" as const);
    const list = byGroup.get(m.groupId) ?? [];
    list.push({ id: m.id, name: m.name, isValid: reason === null, reason });
    byGroup.set(m.groupId, list);
  }
  return list.map((g) => ({ ...g, members: byGroup.get(g.id) ?? [] }));
}

/**
 * The people a survey's audience means now: active, each once, by name. Slack-type channels and
 * people are limited to the survey's workspace; Teams-type people and group members to the
 * survey's group (its channel).
 */
export async function resolveAudience(
  db: Db,
  companyId: string,
  survey: Pick<SurveyRow, "workspaceId" | "groupId" | "audienceType" | "audienceIds">
): Promise<string[]> {
  const ids = survey.audienceIds ?? [];
  const inScope = survey.workspaceId
    ? sql`${users.id} IN (SELECT user_id FROM workspace_members WHERE workspace_id = ${survey.workspaceId} AND company_id = ${companyId})`
    : survey.groupId
    ? sql`${users.id} IN (SELECT user_id FROM group_members WHERE group_id = ${survey.groupId} AND company_id = ${companyId})`
    : undefined;
  let where;
  switch (survey.audienceType) {
    case "team":
      where = active(companyId);
      break;
    case "workspace":
      if (!survey.workspaceId) return [];
      where = and(active(companyId), inScope);
      break;
    case "channels":
      if (!survey.workspaceId || ids.length === 0) return [];
      where = and(
        active(companyId),
        sql`${users.id} IN (SELECT cm.user_id FROM channel_members cm JOIN channels c ON c.id = cm.channel_id
          WHERE c.company_id = ${companyId} AND c.workspace_id = ${survey.workspaceId} AND ${idsIn(sql`c.id`, ids)})`
      );
      break;
    case "users":
      if (ids.length === 0) return [];
      where = and(active(companyId), inScope, idsIn(users.id, ids));
      break;
    case "groups":
      if (ids.length === 0) return [];
      where = and(
        active(companyId),
        inScope,
        sql`${users.id} IN (SELECT gm.user_id FROM group_members gm WHERE gm.company_id = ${companyId} AND ${idsIn(sql`gm.group_id`, ids)})`
      );
      break;
    default:
      return [];
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...byName);
  return rows.map((r) => r.id);
}

type Saved = { ok: true } | { ok: false; fieldErrors: Record<string, string[]> };

function update(db: Db, survey: SurveyRow, actorId: string, requestId: string | null, action: string, set: Partial<SurveyRow>) {
  return db.batch([
    db
      .update(surveys)
      .set({ ...set, version: sql`${surveys.version} + 1`, updatedAt: new Date() })
      .where(and(eq(surveys.id, survey.id), eq(surveys.companyId, survey.companyId))),
    auditEvent(db, { companyId: survey.companyId, actorId, action, entityType: "survey", entityId: survey.id, data: set, requestId }),
  ]);
}

export interface Actor {
  actorId: string;
  requestId: string | null;
}

/** Saves the audience (001 §5: a type, and a selection for channels, users or groups). */
export async function saveAudience(db: Db, survey: SurveyRow, type: AudienceType, ids: string[], actor: Actor): Promise<Saved> {
  const companyId = survey.companyId;
  const unique = [...new Set(ids)];
  const field = type === "channels" || type === "users" || type === "groups" ? type : null;
  if (field) {
    if (unique.length === 0) return { ok: false, fieldErrors: { [field]: [AUDIENCE_MESSAGES[field]] } };
    let known: Set<string>;
    if (field === "channels") known = new Set((await workspaceChannels(db, companyId, survey.workspaceId)).map((c) => c.id));
    else if (field === "users") known = new Set((await eligiblePeople(db, companyId, survey)).map((p) => p.id));
    else {
      const rows = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.companyId, companyId), idsIn(groups.id, unique)));
      known = new Set(rows.map((r) => r.id));
    }
    if (unique.some((id) => !known.has(id))) return { ok: false, fieldErrors: { [field]: [AUDIENCE_MESSAGES.unknown] } };
    // 001 §5: an anonymous survey's minimum may not exceed the people chosen.
    if (field === "users" && survey.anonymous && survey.minSubmissionCount > unique.length) {
      return { ok: false, fieldErrors: { users: [MAX_SELECTED_AUDIENCE_USERS] } };
    }
  } else if (type === "team" ? false : type === "workspace" ? !survey.workspaceId : true) {
    return { ok: false, fieldErrors: { audienceType: [AUDIENCE_MESSAGES.type] } };
  }
  await update(db, survey, actor.actorId, actor.requestId, "survey.audience.saved", {
    audienceType: type,
    audienceIds: field ? unique : [],
  });
  return { ok: true };
}

export async function clearAudience(db: Db, survey: SurveyRow, actor: Actor) {
  await update(db, survey, actor.actorId, actor.requestId, "survey.audience.cleared", { audienceType: null, audienceIds: [] });
}

/** Saves the result viewers: the audience, or chosen people of the company. */
export async function saveInspectors(db: Db, survey: SurveyRow, type: InspectorType, ids: string[], actor: Actor): Promise<Saved> {
  const unique = type === "users" ? [...new Set(ids)] : [];
  if (type === "users") {
    if (unique.length === 0) return { ok: false, fieldErrors: { inspectors: [INSPECTOR_MESSAGES.users] } };
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(active(survey.companyId), idsIn(users.id, unique)));
    if (rows.length !== unique.length) return { ok: false, fieldErrors: { inspectors: [AUDIENCE_MESSAGES.unknown] } };
  }
  await update(db, survey, actor.actorId, actor.requestId, "survey.inspectors.saved", { inspectorType: type, inspectorIds: unique });
  return { ok: true };
}

export async function clearInspectors(db: Db, survey: SurveyRow, actor: Actor) {
  await update(db, survey, actor.actorId, actor.requestId, "survey.inspectors.cleared", { inspectorType: null, inspectorIds: [] });
}

/** Saves anonymity (001 §5: the minimum is at least 0 and, for chosen people, at most their number). */
export async function saveAnonymity(
  db: Db,
  survey: SurveyRow,
  anonymous: boolean,
  minSubmissionCount: number,
  actor: Actor
): Promise<Saved> {
  if (anonymous && survey.audienceType === "users" && minSubmissionCount > survey.audienceIds.length) {
    return { ok: false, fieldErrors: { minSubmissionCount: [MAX_SUBMISSION_COUNT] } };
  }
  await update(db, survey, actor.actorId, actor.requestId, "survey.anonymity.saved", { anonymous, minSubmissionCount });
  return { ok: true };
}

/** Saves result visibility: Real Time, or once the survey is closed. */
export async function saveVisibility(db: Db, survey: SurveyRow, liveResults: boolean, actor: Actor): Promise<Saved> {
  await update(db, survey, actor.actorId, actor.requestId, "survey.visibility.saved", { liveResults });
  return { ok: true };
}

/** Names of chosen people, for the summary of a saved selection. */
export async function peopleNamed(db: Db, companyId: string, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), idsIn(users.id, ids)))
    .orderBy(...byName);
}
