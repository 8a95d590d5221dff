import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companies, objectivesCampaigns, objectivesParticipants } from "~/db/schema";
import { answered, type WritePlan, type Writes } from "~/db/write-plan";
import { auditEvent } from "~/lib/audit.server";
import { sharedCopy } from "~/lib/copy";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { campaignRecord, OKR_PATH, reminderDay, type CampaignRecord } from "./campaign-records";
import { campaignErrors, type CampaignField, type CampaignFields } from "./campaign-rules";
import type { ObjectivesRequest, QueuedAfterCommit } from "./writer-types";

/**
 * Objectives campaigns' write plans (001 §2, §4, §5), run by the campaign's single writer
 * (durable-objects/objectives-campaign.ts, `campaign:<id>`), each committed in one D1 batch.
 *
 * - create / create and launch / update / launch: the §5 rules are checked again here against
 *   what is stored (a refusal writes nothing). Once launched, only the title, the end date and the
 *   notify settings change: the start and the audience made the participants.
 * - Launch writes the participants with one INSERT … SELECT over the company's active people (or
 *   the chosen ones), so 5,000 people are one statement; the notices (kind "performance-review",
 *   dedupe key per campaign) go in the same batch up to NOTIFY_IN_BATCH recipients, beyond as
 *   queued `objectives.notify` jobs of NOTIFY_CHUNK people, written by planNoticeChunk under the
 *   same keys (a redelivered job writes nothing twice).
 * - Remind: pending participants not reminded today, kind "reminder", one per person and day.
 */

export const NOTIFY_IN_BATCH = 100;
export const NOTIFY_CHUNK = 100;
const DAY_MS = 86_400_000;

const TEXTS = sharedCopy.objectiveCampaigns;

export type CampaignIntent = "create" | "createAndLaunch" | "update" | "launch";

export type CampaignCommand =
  | { kind: "save"; intent: CampaignIntent; campaignId: string; fields: CampaignFields; now: number }
  | { kind: "remind"; campaignId: string; userId: string | null; now: number };

export type CampaignAnswer = QueuedAfterCommit &
  (
    | { ok: true; campaignId: string; state: "draft" | "launched"; message: string; count?: number }
    | { ok: false; message: string; notFound?: boolean; fieldErrors?: Partial<Record<CampaignField, string>> }
  );

/** A queued part of a campaign's notices (workers/queues.ts "objectives.notify"). */
export interface NoticeJob {
  type: "objectives.notify";
  companyId: string;
  campaignId: string;
  notice: "employees" | "managers" | "reminder";
  userIds: string[];
  day?: string;
}

const idsIn = (column: unknown, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

export async function planCampaignCommand(db: Db, request: ObjectivesRequest, command: CampaignCommand): Promise<WritePlan<CampaignAnswer>> {
  const [row] = await db
    .select()
    .from(objectivesCampaigns)
    .where(and(eq(objectivesCampaigns.id, command.campaignId), eq(objectivesCampaigns.companyId, request.companyId)))
    .limit(1);
  if (command.kind === "remind") {
    if (!row || row.state !== "launched") return answered({ ok: false, message: TEXTS.notFound, notFound: true });
    return planRemind(db, request, toRecord(row), command.userId, command.now);
  }
  const creating = command.intent === "create" || command.intent === "createAndLaunch";
  if (creating && row) return answered({ ok: false, message: TEXTS.alreadyLaunched });
  if (!creating && !row) return answered({ ok: false, message: TEXTS.notFound, notFound: true });
  const stored = row ? toRecord(row) : null;
  const launched = stored?.state === "launched";
  if (launched && command.intent === "launch") return answered({ ok: false, message: TEXTS.alreadyLaunched });
  // A launched campaign keeps its start and audience (its participants were fixed by them).
  const fields: CampaignFields =
    launched && stored
      ? { ...command.fields, startAt: stored.startAt, audienceType: stored.audienceType, audienceUserIds: stored.audienceUserIds }
      : command.fields;
  const errors = campaignErrors(fields, command.now, !launched);
  if (Object.keys(errors).length > 0) return answered({ ok: false, message: Object.values(errors)[0]!, fieldErrors: errors });

  const launch = command.intent === "createAndLaunch" || command.intent === "launch";
  const actor = request.actorId ?? "";
  const record = campaignRecord(fields, { id: command.campaignId, companyId: request.companyId, actorId: actor, now: command.now, launch });
  const writes: Writes = [];
  if (creating) {
    writes.push(db.insert(objectivesCampaigns).values(values(record)));
  } else if (stored) {
    const set = launched
      ? { title: record.title, endAt: new Date(record.endAt), notifyEmployees: record.notifyEmployees, notifyManagers: record.notifyManagers, updatedAt: new Date(command.now) }
      : {
          title: record.title,
          startAt: new Date(record.startAt),
          endAt: new Date(record.endAt),
          audienceType: record.audienceType,
          audienceUserIds: record.audienceUserIds,
          notifyEmployees: record.notifyEmployees,
          notifyManagers: record.notifyManagers,
          updatedAt: new Date(command.now),
          ...(launch ? { state: "launched" as const, launchedAt: new Date(command.now), launchedBy: actor } : {}),
        };
    writes.push(
      db
        .update(objectivesCampaigns)
        .set(set)
        .where(and(eq(objectivesCampaigns.id, stored.id), eq(objectivesCampaigns.state, stored.state)))
    );
  }
  let count: number | undefined;
  let queue: NoticeJob[] | undefined;
  if (launch) {
    const members = await audienceMembers(db, record);
    if (members.length === 0) return answered({ ok: false, message: TEXTS.noParticipants });
    writes.push(...participantInserts(db, record, members, command.now));
    const notices = await launchNotices(db, record, members);
    writes.push(...notices.writes);
    queue = notices.queue.length > 0 ? notices.queue : undefined;
    count = members.length;
  }
  writes.push(
    auditEvent(db, {
      companyId: request.companyId,
      actorId: request.actorId,
      action: launch ? "objectives-campaign.launched" : creating ? "objectives-campaign.created" : "objectives-campaign.updated",
      entityType: "objectives-campaign",
      entityId: record.id,
      data: { intent: command.intent, participants: count ?? null },
      requestId: request.requestId,
    })
  );
  const state = launch || launched ? "launched" : "draft";
  const message = launch ? TEXTS.launched(record.title, count ?? 0) : creating ? TEXTS.created(record.title) : TEXTS.updated(record.title);
  return { writes, answer: { ok: true, campaignId: record.id, state, message, count, queue } };
}

type Row = typeof objectivesCampaigns.$inferSelect;

function toRecord(row: Row): CampaignRecord {
  return {
    ...row,
    startAt: row.startAt.getTime(),
    endAt: row.endAt.getTime(),
    launchedAt: row.launchedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    audienceUserIds: row.audienceUserIds ?? [],
  } as CampaignRecord;
}

function values(r: CampaignRecord) {
  return {
    ...r,
    startAt: new Date(r.startAt),
    endAt: new Date(r.endAt),
    launchedAt: r.launchedAt === null ? null : new Date(r.launchedAt),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/** Only active people of the company take part (neither deactivated nor excluded); another company's ids match nobody. */
function activeAudience(r: Pick<CampaignRecord, "companyId" | "audienceType" | "audienceUserIds">) {
  const chosen = r.audienceType === "users" ? sql` AND u.id IN (SELECT value FROM json_each(${JSON.stringify(r.audienceUserIds)}))` : sql``;
  return sql`FROM users u WHERE u.company_id = ${r.companyId} AND u.is_deleted = 0 AND u.is_excluded = 0${chosen}`;
}

async function audienceMembers(db: Db, r: CampaignRecord): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`SELECT u.id AS id ${activeAudience(r)} ORDER BY u.id`);
  return rows.map((x) => x.id);
}

export const PARTICIPANTS_PER_INSERT = 1000;

/** The participants: INSERT … SELECT FROM json_each(?), one bound array per PARTICIPANTS_PER_INSERT people. */
function participantInserts(db: Db, r: CampaignRecord, members: readonly string[], now: number): Writes {
  const writes: Writes = [];
  for (let i = 0; i < members.length; i += PARTICIPANTS_PER_INSERT) {
    const json = JSON.stringify(members.slice(i, i + PARTICIPANTS_PER_INSERT));
    // Every column in the table's order: drizzle names them all in INSERT … SELECT.
    writes.push(
      db
        .insert(objectivesParticipants)
        .select(sql`SELECT ${r.companyId}, ${r.id}, value, 'pending', NULL, NULL, NULL, NULL, ${now} FROM json_each(${json}) WHERE true`)
        .onConflictDoNothing()
    );
  }
  return writes;
}

/** The active managers of these people. */
async function managersOfPeople(db: Db, companyId: string, people: readonly string[]): Promise<string[]> {
  if (people.length === 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`SELECT DISTINCT um.manager_id AS id FROM user_managers um JOIN users m ON m.id = um.manager_id
      WHERE um.company_id = ${companyId} AND m.company_id = ${companyId} AND m.is_deleted = 0 AND m.is_excluded = 0
      AND ${idsIn(sql.raw("um.user_id"), people)} ORDER BY um.manager_id`
  );
  return rows.map((x) => x.id);
}

function chunks(ids: readonly string[]) {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += NOTIFY_CHUNK) out.push(ids.slice(i, i + NOTIFY_CHUNK));
  return out;
}

/** The launch's notices in the batch, or (many people) the queue jobs the object sends after the commit. */
async function launchNotices(db: Db, r: CampaignRecord, members: string[]): Promise<{ writes: Writes; queue: NoticeJob[] }> {
  const managers = r.notifyManagers ? await managersOfPeople(db, r.companyId, members) : [];
  const employees = r.notifyEmployees ? members : [];
  const writes: Writes = [];
  const queue: NoticeJob[] = [];
  const [company] = await db.select({ platform: companies.platform }).from(companies).where(eq(companies.id, r.companyId)).limit(1);
  for (const [notice, ids] of [
    ["employees", employees],
    ["managers", managers],
  ] as const) {
    if (ids.length === 0) continue;
    if (ids.length > NOTIFY_IN_BATCH) {
      for (const userIds of chunks(ids)) queue.push({ type: "objectives.notify", companyId: r.companyId, campaignId: r.id, notice, userIds });
    } else writes.push(...(await prepareNotify(db, noticeOf(r, notice, ids, undefined, company?.platform, r.launchedBy ?? r.createdBy))));
  }
  return { writes, queue };
}

function noticeOf(
  r: Pick<CampaignRecord, "id" | "companyId" | "title">,
  notice: NoticeJob["notice"],
  ids: readonly string[],
  day?: string,
  platform?: "slack" | "msteams",
  senderUserId: string | null = null
) {
  const base = { companyId: r.companyId, recipientUserIds: ids, subject: r.title, platform, senderUserId };
  if (notice === "employees")
    return { ...base, kind: "performance-review" as const, body: TEXTS.employeeNotice(r.title), link: OKR_PATH, dedupeKey: `objectives-campaign:${r.id}` };
  if (notice === "managers")
    return { ...base, kind: "performance-review" as const, body: TEXTS.managerNotice(r.title), link: null, dedupeKey: `objectives-campaign-managers:${r.id}` };
  return { ...base, kind: "reminder" as const, body: TEXTS.reminderNotice(r.title), link: OKR_PATH, dedupeKey: `objectives-reminder:${r.id}:${day}` };
}

/**
 * Send Reminder to one pending participant or to every one: each at most once a day (those
 * reminded today are not counted again; the outbox's dedupe key names the day too).
 */
async function planRemind(db: Db, request: ObjectivesRequest, r: CampaignRecord, userId: string | null, now: number): Promise<WritePlan<CampaignAnswer>> {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const due = and(
    eq(objectivesParticipants.campaignId, r.id),
    eq(objectivesParticipants.companyId, r.companyId),
    eq(objectivesParticipants.state, "pending"),
    sql`(${objectivesParticipants.remindedAt} IS NULL OR ${objectivesParticipants.remindedAt} < ${dayStart})`,
    userId === null ? undefined : eq(objectivesParticipants.userId, userId)
  );
  if (userId !== null) {
    const [p] = await db
      .select({ state: objectivesParticipants.state })
      .from(objectivesParticipants)
      .where(and(eq(objectivesParticipants.campaignId, r.id), eq(objectivesParticipants.userId, userId)))
      .limit(1);
    if (!p) return answered({ ok: false, message: TEXTS.notFound, notFound: true });
    if (p.state !== "pending") return answered({ ok: false, message: TEXTS.notPending });
  }
  const rows = await db.select({ userId: objectivesParticipants.userId }).from(objectivesParticipants).where(due).orderBy(objectivesParticipants.userId);
  const ids = rows.map((x) => x.userId);
  const base = { ok: true as const, campaignId: r.id, state: "launched" as const, message: TEXTS.reminded(ids.length), count: ids.length };
  if (ids.length === 0) return answered(base);
  const day = reminderDay(now);
  const writes: Writes = [db.update(objectivesParticipants).set({ remindedAt: new Date(now) }).where(due)];
  let queue: NoticeJob[] | undefined;
  if (ids.length > NOTIFY_IN_BATCH) {
    queue = chunks(ids).map((userIds) => ({ type: "objectives.notify", companyId: r.companyId, campaignId: r.id, notice: "reminder", userIds, day }));
  } else writes.push(...(await prepareNotify(db, noticeOf(r, "reminder", ids, day, undefined, request.actorId))));
  writes.push(
    auditEvent(db, {
      companyId: r.companyId,
      actorId: request.actorId,
      action: "objectives-campaign.reminded",
      entityType: "objectives-campaign",
      entityId: r.id,
      data: { userId, count: ids.length },
      requestId: request.requestId,
    })
  );
  return { writes, answer: { ...base, queue } };
}

/**
 * A queued part of a campaign's notices: written under the same dedupe keys as a batch would,
 * so a redelivered job writes nothing twice. A campaign no longer launched tells nobody.
 */
export async function planNoticeChunk(db: Db, job: Omit<NoticeJob, "type">): Promise<Writes> {
  const [row] = await db
    .select({ id: objectivesCampaigns.id, companyId: objectivesCampaigns.companyId, title: objectivesCampaigns.title, state: objectivesCampaigns.state })
    .from(objectivesCampaigns)
    .where(and(eq(objectivesCampaigns.id, job.campaignId), eq(objectivesCampaigns.companyId, job.companyId)))
    .limit(1);
  if (!row || row.state !== "launched") return [];
  if (job.notice === "reminder" && !job.day) return [];
  return prepareNotify(db, noticeOf(row, job.notice, job.userIds, job.day));
}
