import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { d1Statement, type Db } from "~/db/client.server";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { administeredGroups, limitedToOwnGroups, managedItems } from "~/modules/access/groups.server";
import { respondPath } from "./answers";
import type { RunFilter } from "./components/respond-run-parts";
import { closeRun as closeTransition, type CloseRule, type InspectorType, type RunState } from "./survey-machine";

/**
 * Survey runs after launch (001 §2 "Manage surveys", §4): closing a run, sending reminders, and
 * the manage list and details reads. Every statement is scoped by the company.
 */

const ALREADY_CLOSED = closeTransition("closed");
const CLOSED_CONFLICT = ALREADY_CLOSED.ok ? "This survey is already closed." : ALREADY_CLOSED.conflict;

/**
 * Close Survey (and the cron's close rules): a conditional UPDATE open → closed with its audit
 * event in one batch. The event is written only when the update changed the row (`changes()` of
 * the statement before it), so closing twice is a conflict and writes nothing.
 */
export async function closeRun(
  db: Db,
  input: { companyId: string; runId: string; actorId: string | null; now: Date }
): Promise<{ ok: true } | { ok: false; conflict: string }> {
  const now = input.now.getTime();
  const [closed] = await db.$client.batch([
    d1Statement(
      db,
      sql`UPDATE survey_runs SET state = 'closed', closed_at = ${now}, version = version + 1
           WHERE id = ${input.runId} AND company_id = ${input.companyId} AND state = 'open'
          RETURNING id`
    ),
    d1Statement(
      db,
      sql`INSERT INTO audit_events (id, company_id, actor_id, action, entity_type, entity_id, data, request_id, created_at)
          SELECT ${crypto.randomUUID()}, ${input.companyId}, ${input.actorId}, 'survey.closed', 'survey_run', ${input.runId},
                 ${JSON.stringify({ by: input.actorId ? "user" : "rule" })}, NULL, ${now}
           WHERE changes() = 1`
    ),
  ]);
  if (closed.results.length === 1) return { ok: true };
  return { ok: false, conflict: CLOSED_CONFLICT };
}

// ---------------------------------------------------------------------------------------------
// Manage surveys: the list, the details, reminders
// ---------------------------------------------------------------------------------------------

export const RUNS_PAGE_SIZE = 50;
export const RECIPIENTS_PAGE_SIZE = 100;

export { RUN_FILTERS, type RunFilter } from "./components/respond-run-parts";

export interface RunListQuery {
  state: RunFilter;
  /** A launcher's user id; applied only for holders of ViewLaunchedByOthersSurveysFilter. */
  launchedBy: string | null;
  page: number;
}

export interface RunListRow {
  id: string;
  title: string;
  templateName: string | null;
  launchedBy: string | null;
  place: string | null;
  launchedAt: number;
  closesAt: number | null;
  closedAt: number | null;
  state: RunState;
  audienceCount: number;
  submittedCount: number;
}

/**
 * Who sees which run beyond ViewSurveys, like reviews (001 §8 "a 403 on a survey redirects to
 * manage surveys"): a Teams-type group admin who is not a super admin manages the runs of the
 * groups they administer (and runs without a group); everyone else every run of the company.
 */
function scopeOf(viewer: Viewer, alias = "r"): SQL {
  const r = sql.raw(alias);
  const managed = managedItems(viewer, sql`${r}.group_id`);
  return managed ? sql`${r}.company_id = ${viewer.company.id} AND ${managed}` : sql`${r}.company_id = ${viewer.company.id}`;
}

interface RunListSqlRow {
  run_id: string;
  run_title: string;
  run_template_name: string | null;
  launcher_name: string | null;
  place_name: string | null;
  run_launched_at: number;
  run_closes_at: number | null;
  run_closed_at: number | null;
  run_state: RunState;
  run_audience_count: number;
  run_submitted_count: number;
  total: number;
}

/** The manage surveys list (newest launch first), its total, and the launchers for the launched-by filter. */
export async function listRuns(
  db: Db,
  viewer: Viewer,
  query: RunListQuery
): Promise<{ rows: RunListRow[]; total: number; launchers: Array<{ id: string; name: string }> | null }> {
  const mayFilter = viewer.permissions.includes("ViewLaunchedByOthersSurveysFilter");
  const where = [scopeOf(viewer)];
  if (query.state !== "all") where.push(sql`r.state = ${query.state}`);
  if (mayFilter && query.launchedBy) where.push(sql`r.launched_by = ${query.launchedBy}`);
  const offset = (Math.max(1, query.page) - 1) * RUNS_PAGE_SIZE;
  const statements = [
    d1Statement(
      db,
      sql`SELECT r.id AS run_id, r.title AS run_title, r.template_name AS run_template_name, lu.name AS launcher_name,
                 COALESCE(w.name, g.name) AS place_name, r.launched_at AS run_launched_at, r.closes_at AS run_closes_at,
                 r.closed_at AS run_closed_at, r.state AS run_state, r.audience_count AS run_audience_count,
                 r.submitted_count AS run_submitted_count, count(*) OVER () AS total
            FROM survey_runs r
            LEFT JOIN users lu ON lu.id = r.launched_by AND lu.company_id = r.company_id
            LEFT JOIN workspaces w ON w.id = r.workspace_id AND w.company_id = r.company_id
            LEFT JOIN groups g ON g.id = r.group_id AND g.company_id = r.company_id
           WHERE ${sql.join(where, sql` AND `)}
           ORDER BY r.launched_at DESC, r.id
           LIMIT ${RUNS_PAGE_SIZE} OFFSET ${offset}`
    ),
  ];
  if (mayFilter)
    statements.push(
      d1Statement(
        db,
        sql`SELECT DISTINCT u.id AS launcher_id, u.name AS launcher_name
              FROM survey_runs r JOIN users u ON u.id = r.launched_by AND u.company_id = r.company_id
             WHERE ${scopeOf(viewer)}
             ORDER BY u.name COLLATE NOCASE, u.id`
      )
    );
  const [list, launchers] = await db.$client.batch(statements);
  const rows = list.results as unknown as RunListSqlRow[];
  return {
    rows: rows.map((r) => ({
      id: r.run_id,
      title: r.run_title,
      templateName: r.run_template_name,
      launchedBy: r.launcher_name,
      place: r.place_name,
      launchedAt: r.run_launched_at,
      closesAt: r.run_closes_at,
      closedAt: r.run_closed_at,
      state: r.run_state,
      audienceCount: r.run_audience_count,
      submittedCount: r.run_submitted_count,
    })),
    total: rows[0]?.total ?? 0,
    launchers: launchers
      ? (launchers.results as Array<{ launcher_id: string; launcher_name: string }>).map((l) => ({
          id: l.launcher_id,
          name: l.launcher_name,
        }))
      : null,
  };
}

/** Progress (%) of a run: submitted over audience, rounded; 0 with no audience. */
export function progressOf(run: { audienceCount: number; submittedCount: number }): number {
  return run.audienceCount > 0 ? Math.min(100, Math.round((run.submittedCount / run.audienceCount) * 100)) : 0;
}

export interface RunDetail {
  id: string;
  title: string;
  templateName: string | null;
  state: RunState;
  anonymous: boolean;
  minSubmissionCount: number;
  /** From how many responses an anonymous run's results show: the company's floor raised by the run's minimum. */
  minimum: number;
  liveResults: boolean;
  closeRule: CloseRule;
  place: string | null;
  launchedBy: string | null;
  launchedAt: number;
  closesAt: number | null;
  closedAt: number | null;
  audienceCount: number;
  submittedCount: number;
  inspectorType: InspectorType;
  sequence: number;
}

export interface RecipientRow {
  id: string;
  name: string;
  email: string;
  status: "Active" | "Inactive" | "Deactivated";
  /** Null on an anonymous run: who responded is not shown there (counts only). */
  responded: boolean | null;
}

interface RunDetailSqlRow {
  run_id: string;
  run_title: string;
  run_template_name: string | null;
  run_state: RunState;
  run_anonymous: number;
  run_min_submission_count: number;
  run_live_results: number;
  run_close_rule: CloseRule;
  place_name: string | null;
  launcher_name: string | null;
  run_launched_at: number;
  run_closes_at: number | null;
  run_closed_at: number | null;
  run_audience_count: number;
  run_submitted_count: number;
  run_inspector_type: InspectorType;
  run_sequence: number;
  run_group_id: string | null;
  viewer_admins_group: number;
}

/** A recipient of a run joined with their user, as the run's details and Send Reminders read it. */
interface RecipientSqlRow {
  user_id: string;
  user_name: string;
  user_email: string;
  user_is_deleted: number;
  user_is_excluded: number;
  recipient_responded: number;
}

/**
 * A run's details for manage surveys: the run, a page of its recipients, and its result viewers.
 * `null` when the run is not in the viewer's company (404); `forbidden` when a group admin may not
 * manage it (the page redirects to manage surveys, 001 §8).
 */
export async function loadRunDetail(
  db: Db,
  viewer: Viewer,
  runId: string,
  page: number
): Promise<
  | null
  | { forbidden: true }
  | {
      forbidden: false;
      run: RunDetail;
      recipients: RecipientRow[];
      recipientTotal: number;
      inspectors: Array<{ name: string; email: string }>;
    }
> {
  const companyId = viewer.company.id;
  const offset = (Math.max(1, page) - 1) * RECIPIENTS_PAGE_SIZE;
  const [runs, recipients, inspectors] = await db.$client.batch([
    d1Statement(
      db,
      sql`SELECT r.id AS run_id, r.title AS run_title, r.template_name AS run_template_name, r.state AS run_state,
                 r.anonymous AS run_anonymous, r.min_submission_count AS run_min_submission_count, r.live_results AS run_live_results,
                 r.close_rule AS run_close_rule, COALESCE(w.name, g.name) AS place_name, lu.name AS launcher_name,
                 r.launched_at AS run_launched_at, r.closes_at AS run_closes_at, r.closed_at AS run_closed_at,
                 r.audience_count AS run_audience_count, r.submitted_count AS run_submitted_count,
                 r.inspector_type AS run_inspector_type, r.sequence AS run_sequence, r.group_id AS run_group_id,
                 (r.group_id IN ${administeredGroups(companyId, viewer.user.id)}) AS viewer_admins_group
            FROM survey_runs r
            LEFT JOIN users lu ON lu.id = r.launched_by AND lu.company_id = r.company_id
            LEFT JOIN workspaces w ON w.id = r.workspace_id AND w.company_id = r.company_id
            LEFT JOIN groups g ON g.id = r.group_id AND g.company_id = r.company_id
           WHERE r.id = ${runId} AND r.company_id = ${companyId}`
    ),
    // Ordered by name whatever the run: on an anonymous run the order must not reveal who responded.
    d1Statement(
      db,
      sql`SELECT u.id AS user_id, u.name AS user_name, u.email AS user_email, u.is_deleted AS user_is_deleted,
                 u.is_excluded AS user_is_excluded, sr.responded AS recipient_responded, count(*) OVER () AS total
            FROM survey_recipients sr JOIN users u ON u.id = sr.user_id AND u.company_id = sr.company_id
           WHERE sr.run_id = ${runId} AND sr.company_id = ${companyId}
           ORDER BY u.name COLLATE NOCASE, u.id
           LIMIT ${RECIPIENTS_PAGE_SIZE} OFFSET ${offset}`
    ),
    d1Statement(
      db,
      sql`SELECT u.name AS user_name, u.email AS user_email
            FROM survey_runs r, json_each(r.inspector_ids) j
            JOIN users u ON u.id = j.value AND u.company_id = r.company_id
           WHERE r.id = ${runId} AND r.company_id = ${companyId}
           ORDER BY u.name COLLATE NOCASE`
    ),
  ]);
  const row = runs.results[0] as RunDetailSqlRow | undefined;
  if (!row) return null;
  if (limitedToOwnGroups(viewer) && row.run_group_id !== null && !row.viewer_admins_group) return { forbidden: true };
  const anonymous = row.run_anonymous === 1;
  const people = recipients.results as Array<RecipientSqlRow & { total: number }>;
  return {
    forbidden: false,
    run: {
      id: row.run_id,
      title: row.run_title,
      templateName: row.run_template_name,
      state: row.run_state,
      anonymous,
      minSubmissionCount: row.run_min_submission_count,
      minimum: anonymityMinimum(viewer.company.anonymityFloor, row.run_min_submission_count),
      liveResults: row.run_live_results === 1,
      closeRule: row.run_close_rule,
      place: row.place_name,
      launchedBy: row.launcher_name,
      launchedAt: row.run_launched_at,
      closesAt: row.run_closes_at,
      closedAt: row.run_closed_at,
      audienceCount: row.run_audience_count,
      submittedCount: row.run_submitted_count,
      inspectorType: row.run_inspector_type,
      sequence: row.run_sequence,
    },
    recipients: people.map((p) => ({
      id: p.user_id,
      name: p.user_name,
      email: p.user_email,
      status: p.user_is_deleted ? "Deactivated" : p.user_is_excluded ? "Inactive" : "Active",
      responded: anonymous ? null : p.recipient_responded === 1,
    })),
    recipientTotal: people[0]?.total ?? 0,
    inspectors: (inspectors.results as Array<{ user_name: string; user_email: string }>).map((i) => ({
      name: i.user_name,
      email: i.user_email,
    })),
  };
}

/** Send Reminders' default text when the survey has no reminder message of its own. */
export const reminderBody = (title: string) => `You have not responded to the survey "${title}" yet. It only takes a few minutes.`;

export type RemindOutcome = { ok: false; conflict: string } | { ok: true; reminded: number; blocked: string[] };

/**
 * Send Reminders (001 §7, §8): a "survey-reminder" outbox row for each recipient who has not
 * responded and can be reached; the people who cannot (deactivated, or excluded from the app)
 * come back as `blocked` lines for the error toast's errorInfo. On an anonymous run every
 * unreachable recipient is listed, responded or not, so the list does not tell who responded.
 * `requestId` makes the outbox rows' dedupe key: a resubmitted form reminds once.
 */
export async function sendReminders(
  db: Db,
  viewer: Viewer,
  input: { runId: string; requestId: string; digestHour?: number }
): Promise<RemindOutcome | null> {
  const companyId = viewer.company.id;
  const [runs, people] = await db.$client.batch([
    d1Statement(
      db,
      sql`SELECT r.id AS run_id, r.title AS run_title, r.state AS run_state, r.anonymous AS run_anonymous,
                 json_extract(s.notifications, '$.reminder') AS survey_reminder
            FROM survey_runs r LEFT JOIN surveys s ON s.id = r.survey_id AND s.company_id = r.company_id
           WHERE r.id = ${input.runId} AND ${scopeOf(viewer)}`
    ),
    d1Statement(
      db,
      sql`SELECT u.id AS user_id, u.name AS user_name, u.email AS user_email, u.is_deleted AS user_is_deleted,
                 u.is_excluded AS user_is_excluded, sr.responded AS recipient_responded
            FROM survey_recipients sr JOIN users u ON u.id = sr.user_id AND u.company_id = sr.company_id
           WHERE sr.run_id = ${input.runId} AND sr.company_id = ${companyId}
             AND (sr.responded = 0 OR u.is_deleted = 1 OR u.is_excluded = 1)
           ORDER BY u.name COLLATE NOCASE, u.id`
    ),
  ]);
  const run = runs.results[0] as
    | { run_id: string; run_title: string; run_state: RunState; run_anonymous: number; survey_reminder: string | null }
    | undefined;
  if (!run) return null;
  if (run.run_state !== "open") return { ok: false, conflict: REMIND_CLOSED };
  const anonymous = run.run_anonymous === 1;
  const rows = people.results as RecipientSqlRow[];
  const reachable = rows.filter((p) => p.recipient_responded === 0 && !p.user_is_deleted && !p.user_is_excluded);
  const blocked = rows
    .filter((p) => (p.user_is_deleted || p.user_is_excluded) && (anonymous || p.recipient_responded === 0))
    .map(
      (p) =>
        `${p.user_name} (${p.user_email}): ${p.user_is_deleted ? "deactivated" : "inactive (excluded from the app)"}, cannot be reminded.`
    );
  if (reachable.length > 0) {
    const outbox = await prepareNotify(db, {
      companyId,
      platform: viewer.company.platform,
      recipientUserIds: reachable.map((p) => p.user_id),
      kind: "survey-reminder",
      subject: `Reminder: ${run.run_title}`,
      body: run.survey_reminder?.trim() || reminderBody(run.run_title),
      link: respondPath(run.run_id),
      dedupeKey: `survey-reminder:${run.run_id}:${input.requestId}`,
      senderUserId: viewer.user.id,
      digestHour: input.digestHour,
    });
    const items: BatchItem<"sqlite">[] = [
      ...outbox,
      auditEvent(db, {
        companyId,
        actorId: viewer.user.id,
        action: "survey.reminded",
        entityType: "survey_run",
        entityId: run.run_id,
        data: { reminded: reachable.length, blocked: blocked.length },
        requestId: input.requestId,
      }),
    ];
    await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return { ok: true, reminded: reachable.length, blocked };
}

export const REMIND_CLOSED = "This survey is closed: reminders can be sent for open surveys only.";

/** Whether the viewer may act on a run: null when not in the company (404), `forbidden` for a group admin of another group. */
export async function findRunForAction(
  db: Db,
  viewer: Viewer,
  runId: string
): Promise<null | { forbidden: true } | { forbidden: false; title: string; state: RunState }> {
  const [row] = await db.all<{ run_title: string; run_state: RunState; run_group_id: string | null; viewer_admins_group: number }>(sql`
    SELECT r.title AS run_title, r.state AS run_state, r.group_id AS run_group_id,
           (r.group_id IN ${administeredGroups(viewer.company.id, viewer.user.id)}) AS viewer_admins_group
      FROM survey_runs r WHERE r.id = ${runId} AND r.company_id = ${viewer.company.id}`);
  if (!row) return null;
  if (limitedToOwnGroups(viewer) && row.run_group_id !== null && !row.viewer_admins_group) return { forbidden: true };
  return { forbidden: false, title: row.run_title, state: row.run_state };
}
