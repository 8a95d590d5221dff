import { createCookie } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { answerRows, respondPath, type AnswerRow } from "./answers";
import type { SurveyAnswers, SurveyBlock } from "./blocks";
import type { CloseRule, RunState } from "./survey-machine";

/**
 * Taking a survey: the run as a recipient sees it, drafts, and the submission.
 *
 * Anonymity (schema comments): on an anonymous run the response and its answer rows carry no
 * respondent, the time is kept to the day, the draft is keyed by a random token held in the
 * respondent's cookie (never their id), and no audit event names the respondent. The recipient
 * row only says that the person has responded. The cookie is the only place the token meets the
 * person: it holds both, signed, so on a shared browser no one else resumes the draft, and
 * signing out clears it with the draft it kept.
 */

export { ALREADY_RESPONDED, DRAFT_SAVED, respondPath, RUN_CLOSED, THANK_YOU } from "./answers";

export interface RespondentRun {
  id: string;
  title: string;
  blocks: SurveyBlock[];
  anonymous: boolean;
  state: RunState;
  closeRule: CloseRule;
  closesAt: number | null;
  launchedAt: number;
}

export interface RespondentView {
  run: RespondentRun;
  responded: boolean;
  /** The saved draft (null when none or once responded). */
  draft: SurveyAnswers | null;
}

interface RunRow {
  id: string;
  title: string;
  blocks: string;
  anonymous: number;
  state: RunState;
  close_rule: CloseRule;
  closes_at: number | null;
  launched_at: number;
  responded: number;
}

/**
 * The run for one of its recipients, with their draft; null when the run is not in the company or
 * the person is not a recipient (the page answers 404 either way). `draftToken` is the anonymous
 * draft cookie's token: it is used only on an anonymous run, and the user id only on a named one.
 */
export async function loadForRecipient(
  db: Db,
  input: { companyId: string; userId: string; runId: string; draftToken: string | null }
): Promise<RespondentView | null> {
  const [runs, drafts] = await db.$client.batch([
    d1Statement(
      db,
      sql`
      SELECT r.id, r.title, r.blocks, r.anonymous, r.state, r.close_rule, r.closes_at, r.launched_at, sr.responded
        FROM survey_runs r
        JOIN survey_recipients sr ON sr.run_id = r.id AND sr.company_id = r.company_id AND sr.user_id = ${input.userId}
       WHERE r.id = ${input.runId} AND r.company_id = ${input.companyId}
       LIMIT 1`
    ),
    d1Statement(
      db,
      sql`
      SELECT key, answers FROM survey_drafts
       WHERE run_id = ${input.runId} AND company_id = ${input.companyId} AND key IN (${input.userId}, ${input.draftToken ?? ""})`
    ),
  ]);
  const row = runs.results[0] as RunRow | undefined;
  if (!row) return null;
  const anonymous = row.anonymous === 1;
  const responded = row.responded === 1;
  const key = anonymous ? input.draftToken : input.userId;
  const draftRow = key && !responded ? (drafts.results as Array<{ key: string; answers: string }>).find((d) => d.key === key) : undefined;
  return {
    run: {
      id: row.id,
      title: row.title,
      blocks: JSON.parse(row.blocks) as SurveyBlock[],
      anonymous,
      state: row.state,
      closeRule: row.close_rule,
      closesAt: row.closes_at,
      launchedAt: row.launched_at,
    },
    responded,
    draft: draftRow ? (JSON.parse(draftRow.answers) as SurveyAnswers) : null,
  };
}

export type RespondRefusal = "closed" | "responded" | "not-found";

/** Why a conditional write did nothing: the run is gone, already answered by this person, or closed. */
async function refusalOf(db: Db, input: { companyId: string; runId: string; userId: string }): Promise<RespondRefusal> {
  const [row] = await db.all<{ state: RunState; responded: number }>(sql`
    SELECT r.state, sr.responded FROM survey_runs r
      JOIN survey_recipients sr ON sr.run_id = r.id AND sr.company_id = r.company_id AND sr.user_id = ${input.userId}
     WHERE r.id = ${input.runId} AND r.company_id = ${input.companyId}`);
  if (!row) return "not-found";
  if (row.responded === 1) return "responded";
  return row.state === "open" ? "responded" : "closed";
}

/** The recipient may still answer: a recipient row not yet responded, on an open run of the company. */
const mayAnswer = (companyId: string, runId: string, userId: string) => sql`
  EXISTS (SELECT 1 FROM survey_recipients sr JOIN survey_runs r ON r.id = sr.run_id AND r.company_id = sr.company_id
           WHERE sr.run_id = ${runId} AND sr.company_id = ${companyId} AND sr.user_id = ${userId}
             AND sr.responded = 0 AND r.state = 'open')`;

/**
 * Saves (or replaces) a draft, only while the person may still answer: one conditional upsert.
 * `key` is the user id on a named run and the cookie token on an anonymous one (the caller's rule).
 */
export async function saveDraft(
  db: Db,
  input: { companyId: string; runId: string; userId: string; key: string; answers: SurveyAnswers; now: Date }
): Promise<{ ok: true } | { ok: false; reason: RespondRefusal }> {
  const saved = await db.all<{ key: string }>(sql`
    INSERT INTO survey_drafts (company_id, run_id, key, answers, updated_at)
    SELECT ${input.companyId}, ${input.runId}, ${input.key}, ${JSON.stringify(input.answers)}, ${input.now.getTime()}
     WHERE ${mayAnswer(input.companyId, input.runId, input.userId)}
    ON CONFLICT (run_id, key) DO UPDATE SET answers = excluded.answers, updated_at = excluded.updated_at
    RETURNING key`);
  if (saved.length === 1) return { ok: true };
  return { ok: false, reason: await refusalOf(db, input) };
}

/** Midnight UTC of the day: an anonymous response keeps only the day it was given. */
export function dayOf(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

// Five bound values an answer row (block, value, text, not applicable, comment) plus the response id: ≤ 100 a statement.
const ANSWER_ROWS_PER_INSERT = 19;

function answerInserts(responseId: string, rows: AnswerRow[]): SQL[] {
  const inserts: SQL[] = [];
  for (let i = 0; i < rows.length; i += ANSWER_ROWS_PER_INSERT) {
    const values = sql.join(
      rows
        .slice(i, i + ANSWER_ROWS_PER_INSERT)
        .map((r) => sql`(${r.blockId}, ${r.valueNum}, ${r.valueText}, ${r.notApplicable ? 1 : 0}, ${r.comment})`),
      sql`, `
    );
    // Joined to the response written earlier in this batch: no response, no answer rows.
    inserts.push(
      sql`
        INSERT INTO survey_answers (company_id, run_id, response_id, block_id, department_id, value_num, value_text, not_applicable, comment)
        SELECT r.company_id, r.run_id, r.id, v.column1, r.department_id, v.column2, v.column3, v.column4, v.column5
          FROM survey_responses r, (VALUES ${values}) v
         WHERE r.id = ${responseId}`
    );
  }
  return inserts;
}

export interface SubmitInput {
  companyId: string;
  runId: string;
  userId: string;
  anonymous: boolean;
  closeRule: CloseRule;
  blocks: SurveyBlock[];
  answers: SurveyAnswers;
  /** The draft to remove once submitted: the user id (named) or the cookie token (anonymous). */
  draftKey: string | null;
  now: Date;
}

/**
 * Submits a response in ONE D1 batch (one transaction), safe when many people (or one person
 * twice) submit at once:
 * 1. the recipient is marked responded by a conditional UPDATE (not yet responded, run open);
 * 2. the response is inserted only if that UPDATE changed a row (`changes() = 1`);
 * 3. the answer rows, the submitted count, the draft removal and the close once everyone has
 *    submitted each depend on that response row existing (its id is new, so it exists only if
 *    step 2 wrote it in this batch);
 * 4. the close's audit event is written only if the close changed the run.
 * A refused submission therefore writes nothing at all.
 */
export async function submitResponse(
  db: Db,
  input: SubmitInput
): Promise<{ ok: true; closed: boolean } | { ok: false; reason: RespondRefusal }> {
  const responseId = crypto.randomUUID();
  const nowMs = input.now.getTime();
  const submittedAt = input.anonymous ? dayOf(input.now) : nowMs;
  const written = sql`EXISTS (SELECT 1 FROM survey_responses WHERE id = ${responseId})`;
  const statements: SQL[] = [
    sql`
      UPDATE survey_recipients SET responded = 1
       WHERE run_id = ${input.runId} AND company_id = ${input.companyId} AND user_id = ${input.userId} AND responded = 0
         AND EXISTS (SELECT 1 FROM survey_runs WHERE id = ${input.runId} AND company_id = ${input.companyId} AND state = 'open')`,
    sql`
      INSERT INTO survey_responses (id, company_id, run_id, respondent_id, department_id, answers, submitted_at)
      SELECT ${responseId}, ${input.companyId}, ${input.runId}, ${input.anonymous ? null : input.userId},
             (SELECT department_id FROM users WHERE id = ${input.userId} AND company_id = ${input.companyId}),
             ${JSON.stringify(input.answers)}, ${submittedAt}
       WHERE changes() = 1
      RETURNING id`,
    ...answerInserts(responseId, answerRows(input.blocks, input.answers)),
    sql`
      UPDATE survey_runs SET submitted_count = submitted_count + 1
       WHERE id = ${input.runId} AND company_id = ${input.companyId} AND ${written}`,
  ];
  if (input.draftKey) {
    statements.push(
      sql`DELETE FROM survey_drafts WHERE run_id = ${input.runId} AND company_id = ${input.companyId} AND key = ${input.draftKey} AND ${written}`
    );
  }
  const closeAt = statements.length;
  if (input.closeRule === "closeAfterAllSubmits") {
    statements.push(
      sql`
        UPDATE survey_runs SET state = 'closed', closed_at = ${nowMs}, version = version + 1
         WHERE id = ${input.runId} AND company_id = ${input.companyId} AND state = 'open' AND close_rule = 'closeAfterAllSubmits'
           AND submitted_count >= audience_count AND ${written}
        RETURNING id`,
      sql`
        INSERT INTO audit_events (id, company_id, actor_id, action, entity_type, entity_id, data, request_id, created_at)
        SELECT ${crypto.randomUUID()}, ${input.companyId}, NULL, 'survey.closed', 'survey_run', ${input.runId},
               ${JSON.stringify({ by: "closeAfterAllSubmits" })}, NULL, ${nowMs}
         WHERE changes() = 1`
    );
  }
  const results = await db.$client.batch(statements.map((s) => d1Statement(db, s)));
  if (results[1].results.length !== 1) return { ok: false, reason: await refusalOf(db, input) };
  const closed = input.closeRule === "closeAfterAllSubmits" && results[closeAt].results.length === 1;
  return { ok: true, closed };
}

/** One cookie per run: the run id is part of its name, so only ids that are safe in a cookie name get one. */
const DRAFT_COOKIE = "__survey_draft_";
const COOKIE_SAFE_RUN_ID = /^[A-Za-z0-9_-]{1,100}$/;
const DRAFT_TOKEN = /^[0-9a-f-]{36,80}$/;

/** A new anonymous draft's key: random, unrelated to the person. */
export const newDraftToken = () => crypto.randomUUID() + crypto.randomUUID();

/**
 * The anonymous draft's cookie for one run: HttpOnly, signed, holding the draft's random token
 * and the id of the person it belongs to (the pair lives only in the browser, never in D1). On
 * the whole site rather than the run's page, so that signing out can see and clear it.
 */
export function draftCookie(request: Request, secret: string, runId: string) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(`${DRAFT_COOKIE}${runId}`, {
    path: "/",
    httpOnly: true,
    secrets: [secret],
    sameSite: secure ? "none" : "lax",
    secure,
    partitioned: secure,
    maxAge: 60 * 60 * 24 * 90,
  });
}

/** What a draft cookie holds. */
export const draftCookieValue = (token: string, userId: string) => ({ t: token, u: userId });

/** The token and its person from a run's draft cookie, when we signed it; null otherwise. */
async function readDraftCookie(request: Request, secret: string, runId: string): Promise<{ token: string; userId: string } | null> {
  if (!COOKIE_SAFE_RUN_ID.test(runId)) return null;
  const value: unknown = await draftCookie(request, secret, runId)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { t, u } = value as { t?: unknown; u?: unknown };
  return typeof t === "string" && DRAFT_TOKEN.test(t) && typeof u === "string" && u !== "" ? { token: t, userId: u } : null;
}

/**
 * The run's draft cookie as seen by `userId`: `token` only when the cookie is theirs (someone
 * else's cookie on a shared browser resumes nothing); `stale` is another person's token, whose
 * draft goes when the cookie is replaced (nobody can reach it after that).
 */
export async function draftTokenOf(
  request: Request,
  secret: string,
  runId: string,
  userId: string
): Promise<{ token: string | null; stale: string | null; cookieSafe: boolean }> {
  const cookieSafe = COOKIE_SAFE_RUN_ID.test(runId);
  const read = await readDraftCookie(request, secret, runId);
  if (!read) return { token: null, stale: null, cookieSafe };
  return read.userId === userId ? { token: read.token, stale: null, cookieSafe } : { token: null, stale: read.token, cookieSafe };
}

/** Removes one anonymous draft by its token (a signed cookie's; a token is never a user id). */
export function deleteDraftStatement(runId: string, token: string): SQL {
  return sql`DELETE FROM survey_drafts WHERE run_id = ${runId} AND key = ${token}`;
}

/**
 * Signing out: every anonymous draft cookie the browser sent is expired, and the drafts they
 * kept are deleted (once the cookie is gone nobody can reach them). Returns the Set-Cookie values.
 */
export async function clearDraftCookies(request: Request, secret: string, db: Db): Promise<string[]> {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name.startsWith(DRAFT_COOKIE));
  const runIds = [...new Set(names.map((name) => name.slice(DRAFT_COOKIE.length)))].filter((id) => COOKIE_SAFE_RUN_ID.test(id)).slice(0, 200);
  const headers: string[] = [];
  const deletes: SQL[] = [];
  for (const runId of runIds) {
    const read = await readDraftCookie(request, secret, runId);
    if (read) deletes.push(deleteDraftStatement(runId, read.token));
    headers.push(await draftCookie(request, secret, runId).serialize("", { maxAge: 0, expires: new Date(0) }));
  }
  if (deletes.length > 0) await db.$client.batch(deletes.map((statement) => d1Statement(db, statement)));
  return headers;
}

/** The open runs a person was sent and has not answered yet, newest first (their survey to-dos). */
export async function surveysToAnswer(db: Db, companyId: string, userId: string, limit = 50) {
  const rows = await db.all<{ runId: string; title: string; closesAt: number | null }>(sql`
    SELECT r.id AS runId, r.title AS title, r.closes_at AS closesAt
    FROM survey_recipients sr
    JOIN survey_runs r ON r.id = sr.run_id AND r.company_id = sr.company_id
    WHERE sr.company_id = ${companyId} AND sr.user_id = ${userId} AND sr.responded = 0 AND r.state = 'open'
    ORDER BY r.launched_at DESC, r.id
    LIMIT ${limit}`);
  return rows.map((r) => ({ runId: r.runId, title: r.title, closesAt: r.closesAt === null ? null : new Date(r.closesAt), path: respondPath(r.runId) }));
}
