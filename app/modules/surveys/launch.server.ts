import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { companies, surveyRecipients, surveyRuns, surveys, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { resolveAudience, type Actor, type SurveyRow } from "./audience.server";
import { hasQuestion } from "./blocks";
import { isFrequency, nextOccurrence, type Frequency } from "./schedule";
import { launchBlocker, type CloseRule, type CloseUnit } from "./survey-machine";

/**
 * Launching a survey (001 §2 "Survey scheduler", §4, §5): the scheduler saves the schedule, close
 * rule and notification texts; Launch either starts a run now or sets `next_run_at` (the survey
 * is then "scheduled" and the every-minute cron starts it). Each run is started once: the batch
 * that writes it first claims the survey with a conditional UPDATE on its version (and, for the
 * cron, on the `next_run_at` it saw), and the run's sequence is read back from that claim, so a
 * second start of the same occurrence either matches nothing (NULL sequence) or collides with the
 * first run's (survey_id, sequence): both abort the whole batch, which writes nothing.
 */

export const RESPOND_PATH = (runId: string) => `/surveys/respond/${encodeURIComponent(runId)}`;
export const MANAGE_SURVEYS_PATH = "/surveys/manage-surveys";
export const LAUNCH_RACE = "This survey was launched or changed at the same moment. Please try again.";
export const DEFAULT_LAUNCH_MESSAGE = "A new survey is waiting for you. It only takes a few minutes.";
export const DEFAULT_REMINDER_MESSAGE = "Reminder: your answers to this survey are still missing.";

const UNIT_MS: Record<CloseUnit, number> = { hours: 3_600_000, days: 86_400_000, weeks: 7 * 86_400_000 };

/** What blocks the launch of a survey as saved (001 §5), in the order the scheduler reports it. */
export function launchBlockerOf(survey: Pick<SurveyRow, "blocks" | "audienceType" | "audienceIds" | "inspectorType" | "inspectorIds">) {
  const needsIds = survey.audienceType === "channels" || survey.audienceType === "users" || survey.audienceType === "groups";
  return launchBlocker({
    hasQuestion: hasQuestion(survey.blocks ?? []),
    hasAudience: survey.audienceType != null && (!needsIds || survey.audienceIds.length > 0),
    hasResultViewers: survey.inspectorType != null && (survey.inspectorType !== "users" || survey.inspectorIds.length > 0),
  });
}

/**
 * When a run started at `runAt` closes by rule: after span × unit (automatic); at the chosen time
 * (on a specific time), shifted for a recurrence by as long as the run starts after the first; else null.
 */
export function closesAtOf(
  survey: Pick<SurveyRow, "closeRule" | "closeSpan" | "closeUnit" | "closeAt" | "startAt">,
  runAt: number,
  occurrenceAt = runAt
): number | null {
  if (survey.closeRule === "automatic" && survey.closeSpan && survey.closeUnit) return runAt + survey.closeSpan * UNIT_MS[survey.closeUnit];
  if (survey.closeRule === "onSpecificTime" && survey.closeAt) {
    const shift = survey.startAt ? Math.max(0, occurrenceAt - survey.startAt.getTime()) : 0;
    return survey.closeAt.getTime() + shift;
  }
  return null;
}

/** The run after this one, from the saved schedule; null when it does not repeat. */
export function nextRunAfter(survey: Pick<SurveyRow, "startAt" | "frequency" | "tzOffsetMinutes">, after: number): number | null {
  if (!survey.startAt || !isFrequency(survey.frequency)) return null;
  return nextOccurrence({ startAt: survey.startAt.getTime(), frequency: survey.frequency, tzOffsetMinutes: survey.tzOffsetMinutes }, after);
}

export type StartResult =
  | { ok: true; runId: string; sequence: number; audienceCount: number }
  | { ok: false; reason: "blocked" | "race"; conflict: string };

/**
 * Starts a run of a survey: a snapshot of its questions and settings, one recipient per active
 * audience member, one outbox notification each linking to the respondent page, the survey's
 * launch count and next run moved on, and an audit event: one D1 batch. `dueAt` is the
 * `next_run_at` the cron saw (the claim then also requires it); `nextRunAt` is what it becomes.
 */
export async function startRun(
  db: Db,
  survey: SurveyRow,
  input: {
    actorId: string | null;
    /** Launched By on manage surveys; the actor by default (the cron passes the survey's creator). */
    launchedBy?: string | null;
    now: Date;
    runAt: number;
    /** The occurrence this run stands for (default runAt): a launch now stands for the start date. */
    occurrenceAt?: number;
    nextRunAt: number | null;
    dueAt?: number;
    requestId?: string | null;
    /** Settings saved by the same claim (the scheduler's fields on a launch now). */
    set?: Partial<typeof surveys.$inferInsert>;
  }
): Promise<StartResult> {
  const blocked = launchBlockerOf(survey);
  if (blocked) return { ok: false, reason: "blocked", conflict: blocked };
  const companyId = survey.companyId;
  const recipients = await resolveAudience(db, companyId, survey);
  const [company] = await db.select({ platform: companies.platform }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const runId = crypto.randomUUID();
  const version = survey.version;
  const sequence = survey.launchCount + 1;
  const launchedAt = new Date(input.runAt);
  const closesAt = closesAtOf(survey, input.runAt, input.occurrenceAt);

  const claim = db
    .update(surveys)
    .set({
      ...input.set,
      launchCount: sequence,
      nextRunAt: input.nextRunAt === null ? null : new Date(input.nextRunAt),
      version: version + 1,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(surveys.id, survey.id),
        eq(surveys.companyId, companyId),
        eq(surveys.version, version),
        input.dueAt === undefined ? undefined : eq(surveys.nextRunAt, new Date(input.dueAt))
      )
    );
  const run = db.insert(surveyRuns).values({
    id: runId,
    companyId,
    surveyId: survey.id,
    title: survey.title,
    templateName: survey.templateName,
    workspaceId: survey.workspaceId,
    groupId: survey.groupId,
    blocks: survey.blocks,
    inspectorType: survey.inspectorType!,
    inspectorIds: survey.inspectorType === "users" ? survey.inspectorIds : [],
    anonymous: survey.anonymous,
    minSubmissionCount: survey.minSubmissionCount,
    liveResults: survey.liveResults,
    state: "open",
    // NULL (NOT NULL fails, the batch aborts) unless this batch's claim is the one that holds.
    sequence: sql`(SELECT launch_count FROM surveys WHERE id = ${survey.id} AND version = ${version + 1} AND launch_count = ${sequence})`,
    closeRule: survey.closeRule,
    closesAt: closesAt === null ? null : new Date(closesAt),
    audienceCount: recipients.length,
    launchedBy: input.launchedBy !== undefined ? input.launchedBy : input.actorId,
    launchedAt,
  });
  const recipientInserts: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_INSERT) {
    const chunk = JSON.stringify(recipients.slice(i, i + RECIPIENTS_PER_INSERT));
    recipientInserts.push(
      db.insert(surveyRecipients).select(
        db
          .select({
            companyId: sql<string>`${companyId}`.as("company_id"),
            runId: sql<string>`${runId}`.as("run_id"),
            userId: users.id,
            responded: sql<boolean>`0`.as("responded"),
          })
          .from(users)
          .where(and(eq(users.companyId, companyId), sql`${users.id} IN (SELECT value FROM json_each(${chunk}))`))
      )
    );
  }
  const notifications = await prepareNotify(db, {
    companyId,
    recipientUserIds: recipients,
    kind: "survey",
    subject: survey.title,
    body: survey.notifications?.launch?.trim() || DEFAULT_LAUNCH_MESSAGE,
    link: RESPOND_PATH(runId),
    dedupeKey: `survey-run:${runId}`,
    platform: company?.platform,
    senderUserId: input.actorId,
  });
  const audit = auditEvent(db, {
    companyId,
    actorId: input.actorId,
    action: "survey.launched",
    entityType: "survey_run",
    entityId: runId,
    data: { surveyId: survey.id, sequence, audienceCount: recipients.length, closesAt, nextRunAt: input.nextRunAt },
    requestId: input.requestId ?? null,
  });
  try {
    await db.batch([claim, run, ...recipientInserts, ...notifications, audit]);
  } catch (error) {
    const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
    if (/constraint|NOT NULL|UNIQUE/i.test(message)) return { ok: false, reason: "race", conflict: LAUNCH_RACE };
    throw error;
  }
  return { ok: true, runId, sequence, audienceCount: recipients.length };
}

// One bound JSON array per statement: far under D1's 100 parameters, whatever the audience size.
const RECIPIENTS_PER_INSERT = 500;

export interface ScheduleFields {
  startAt: number;
  frequency: Frequency;
  tzOffsetMinutes: number;
  closeRule: CloseRule;
  closeSpan: number | null;
  closeUnit: CloseUnit | null;
  closeAt: number | null;
  notifications: { launch: string; reminder: string };
}

function scheduleSet(fields: ScheduleFields) {
  return {
    startAt: new Date(fields.startAt),
    frequency: fields.frequency,
    tzOffsetMinutes: fields.tzOffsetMinutes,
    closeRule: fields.closeRule,
    closeSpan: fields.closeRule === "automatic" ? fields.closeSpan : null,
    closeUnit: fields.closeRule === "automatic" ? fields.closeUnit : null,
    closeAt: fields.closeRule === "onSpecificTime" && fields.closeAt !== null ? new Date(fields.closeAt) : null,
    notifications: fields.notifications,
  };
}

/**
 * Saves the scheduler's fields (schedule, close rule, notification texts) without launching. A
 * survey already scheduled follows its new schedule: its next run becomes the first one from now.
 */
export async function saveSchedule(db: Db, survey: SurveyRow, fields: ScheduleFields, actor: Actor, now = new Date()) {
  const set: Partial<typeof surveys.$inferInsert> = scheduleSet(fields);
  if (survey.nextRunAt !== null) {
    const next = nextRunAfter(
      { startAt: new Date(fields.startAt), frequency: fields.frequency, tzOffsetMinutes: fields.tzOffsetMinutes },
      now.getTime() - 1
    );
    set.nextRunAt = next === null ? null : new Date(next);
  }
  await db.batch([
    db
      .update(surveys)
      .set({ ...set, version: sql`${surveys.version} + 1`, updatedAt: new Date() })
      .where(and(eq(surveys.id, survey.id), eq(surveys.companyId, survey.companyId))),
    auditEvent(db, {
      companyId: survey.companyId,
      actorId: actor.actorId,
      action: "survey.schedule.saved",
      entityType: "survey",
      entityId: survey.id,
      data: { ...set },
      requestId: actor.requestId,
    }),
  ]);
}

/** Unschedules a survey: the cron starts nothing until it is launched again. */
export async function cancelSchedule(db: Db, survey: SurveyRow, actor: Actor) {
  await db.batch([
    db
      .update(surveys)
      .set({ nextRunAt: null, version: sql`${surveys.version} + 1`, updatedAt: new Date() })
      .where(and(eq(surveys.id, survey.id), eq(surveys.companyId, survey.companyId))),
    auditEvent(db, {
      companyId: survey.companyId,
      actorId: actor.actorId,
      action: "survey.unscheduled",
      entityType: "survey",
      entityId: survey.id,
      requestId: actor.requestId,
    }),
  ]);
}

/** Saves only the notification texts (the page's debounced auto-save). */
export async function saveNotifications(db: Db, survey: SurveyRow, notifications: { launch: string; reminder: string }) {
  await db
    .update(surveys)
    .set({ notifications, version: sql`${surveys.version} + 1`, updatedAt: new Date() })
    .where(and(eq(surveys.id, survey.id), eq(surveys.companyId, survey.companyId)));
}

export type LaunchOutcome =
  | { ok: true; started: StartResult & { ok: true } }
  | { ok: true; scheduledAt: number }
  | { ok: false; conflict: string };

/**
 * Launch from the scheduler: refused with the §5 message while a question, the audience or the
 * result viewers are missing (nothing is written then). Otherwise the fields are saved and a start
 * up to now (the form allows START_GRACE_MS of the past) runs at once with the next occurrence as `next_run_at`; a later
 * start only sets `next_run_at` (the survey is scheduled).
 */
export async function launchSurvey(db: Db, survey: SurveyRow, fields: ScheduleFields, actor: Actor, now: Date): Promise<LaunchOutcome> {
  const blocked = launchBlockerOf(survey);
  if (blocked) return { ok: false, conflict: blocked };
  const set = scheduleSet(fields);
  const saved: SurveyRow = { ...survey, ...set };
  if (fields.startAt > now.getTime()) {
    const [updated] = await db.batch([
      db
        .update(surveys)
        .set({ ...set, nextRunAt: set.startAt, version: sql`${surveys.version} + 1`, updatedAt: now })
        .where(and(eq(surveys.id, survey.id), eq(surveys.companyId, survey.companyId), eq(surveys.version, survey.version)))
        .returning({ id: surveys.id }),
      auditEvent(db, {
        companyId: survey.companyId,
        actorId: actor.actorId,
        action: "survey.scheduled",
        entityType: "survey",
        entityId: survey.id,
        data: { ...set },
        requestId: actor.requestId,
      }),
    ]);
    if (updated.length === 0) return { ok: false, conflict: LAUNCH_RACE };
    return { ok: true, scheduledAt: fields.startAt };
  }
  // Starting now: the scheduler's fields are saved by the run's own claim (one batch).
  const runAt = now.getTime();
  const started = await startRun(db, saved, {
    actorId: actor.actorId,
    now,
    runAt,
    occurrenceAt: Math.min(runAt, fields.startAt),
    nextRunAt: nextRunAfter(saved, Math.max(runAt, fields.startAt)),
    requestId: actor.requestId,
    set,
  });
  if (!started.ok) return { ok: false, conflict: started.conflict };
  return { ok: true, started };
}
