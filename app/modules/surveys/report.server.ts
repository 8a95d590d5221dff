import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import { anonymityMinimum, meetsAnonymityMinimum } from "~/modules/access/anonymity";
import { administeredGroups, limitedToOwnGroups } from "~/modules/access/groups.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { ChoiceBlock, SurveyBlock, TextInputBlock } from "./blocks";
import type { RunState } from "./survey-machine";
import { npsOf, percentOf, type QuestionReport, type ReportPlace, type ReportResult, type RunListItem, type TextList } from "./report";

export * from "./report";

/**
 * Survey reports (001 §2 "Survey reports"): who may see a run's results, and
 * the per-question aggregation, computed in SQL over `survey_answers` (one row per answered
 * question, one per chosen choice with multiple answers). A report of 5,000 responses is a few
 * grouped index scans; no response row is read into JavaScript.
 *
 * Who sees a run: ViewSurveys holders of the run's company (a Teams-type admin who is not a super
 * admin: runs of the groups they administer, as with reviews), and the run's result viewers
 * (inspector type "audience": its recipients; "users": its inspector ids). Results show once the
 * run is closed, or while open when it has live results. An anonymous run with fewer responses
 * than its minimum — the company's anonymity floor, raised by the run's own minimum submission
 * count (access/anonymity.ts) — shows nothing.
 */

/** How many text answers and comments a page lists per question (the download has them all). */
export const LISTED_TEXTS = 20;
/** The download's cap of text answers per question. */
export const DOWNLOAD_TEXTS = 10_000;

export interface ReportRun extends RunListItem {
  placeId: string | null;
  blocks: SurveyBlock[];
  anonymous: boolean;
  minSubmissionCount: number;
  /**
   * The smallest number of people whose anonymous answers are shown together: the company's
   * floor (read with the run, so queued files without a viewer apply it too) raised by the run's
   * minimum submission count; 0 on a named run.
   */
  minimum: number;
  liveResults: boolean;
  audienceCount: number;
  closedAt: number | null;
}

/** A result viewer's or admin's right to a run, as SQL over the run aliased `r`. */
export function runAccess(viewer: Viewer): SQL {
  const user = viewer.user.id;
  const viewerOf = sql`((r.inspector_type = 'audience' AND EXISTS (SELECT 1 FROM survey_recipients sr WHERE sr.run_id = r.id AND sr.user_id = ${user} AND sr.company_id = r.company_id))
    OR (r.inspector_type = 'users' AND EXISTS (SELECT 1 FROM json_each(r.inspector_ids) je WHERE je.value = ${user})))`;
  if (!viewer.permissions.includes("ViewSurveys")) return viewerOf;
  if (!limitedToOwnGroups(viewer)) return sql`1`;
  return sql`(r.group_id IS NULL OR r.group_id IN ${administeredGroups(viewer.company.id, user)} OR ${viewerOf})`;
}

const placeColumn = (viewer: Viewer) => (viewer.company.platform === "msteams" ? sql.raw("r.group_id") : sql.raw("r.workspace_id"));

/**
 * The workspaces (Slack-type) or groups (Teams-type) the selector offers: every one of the
 * company for an admin (a Teams-type group admin: the groups they administer), else those of the
 * runs the viewer may see.
 */
export function placesStatement(viewer: Viewer): SQL {
  const company = viewer.company.id;
  const teams = viewer.company.platform === "msteams";
  const table = sql.raw(teams ? "groups" : "workspaces");
  if (viewer.permissions.includes("ViewSurveys")) {
    const own = teams && limitedToOwnGroups(viewer) ? sql` AND p.id IN ${administeredGroups(company, viewer.user.id)}` : sql``;
    return sql`SELECT p.id, p.name FROM ${table} p WHERE p.company_id = ${company}${own} ORDER BY p.name COLLATE NOCASE, p.id`;
  }
  return sql`SELECT p.id, p.name FROM ${table} p WHERE p.company_id = ${company} AND p.id IN
    (SELECT ${placeColumn(viewer)} FROM survey_runs r WHERE r.company_id = ${company} AND ${runAccess(viewer)})
    ORDER BY p.name COLLATE NOCASE, p.id`;
}

/** The runs of one workspace or group the viewer may see, newest first. */
export function runsStatement(viewer: Viewer, placeId: string): SQL {
  return sql`SELECT r.id, r.title, r.state, r.launched_at, r.sequence FROM survey_runs r
    WHERE r.company_id = ${viewer.company.id} AND ${placeColumn(viewer)} = ${placeId} AND ${runAccess(viewer)}
    ORDER BY r.launched_at DESC, r.id LIMIT 200`;
}

/** The run's company's anonymity floor, as a column of a query over the run aliased `r`. */
export const companyFloor = sql`(SELECT c.anonymity_floor FROM companies c WHERE c.id = r.company_id) AS company_floor`;

/** One run of the viewer's company, with whether the viewer may see it (`allowed`). */
export function runStatement(viewer: Viewer, runId: string): SQL {
  return sql`SELECT r.id, r.title, r.state, r.launched_at, r.sequence, ${placeColumn(viewer)} AS place_id, r.blocks, r.anonymous,
      r.min_submission_count, ${companyFloor}, r.live_results, r.audience_count, r.closed_at, (${runAccess(viewer)}) AS allowed
    FROM survey_runs r WHERE r.id = ${runId} AND r.company_id = ${viewer.company.id}`;
}

export const toPlace = (r: Record<string, unknown>): ReportPlace => ({ id: String(r.id), name: String(r.name) });
export const toRunListItem = (r: Record<string, unknown>): RunListItem => ({
  id: String(r.id),
  title: String(r.title),
  state: r.state as RunState,
  launchedAt: Number(r.launched_at),
  sequence: Number(r.sequence),
});

export function toReportRun(r: Record<string, unknown>): ReportRun & { allowed: boolean } {
  const anonymous = Boolean(r.anonymous);
  const minSubmissionCount = Number(r.min_submission_count);
  return {
    ...toRunListItem(r),
    placeId: (r.place_id as string | null) ?? null,
    blocks: JSON.parse(String(r.blocks)) as SurveyBlock[],
    anonymous,
    minSubmissionCount,
    minimum: anonymous ? anonymityMinimum(r.company_floor as number | null, minSubmissionCount) : 0,
    liveResults: Boolean(r.live_results),
    audienceCount: Number(r.audience_count),
    closedAt: r.closed_at == null ? null : Number(r.closed_at),
    allowed: Boolean(r.allowed),
  };
}

export interface SelectionData {
  places: ReportPlace[];
  place: ReportPlace | null;
  runs: RunListItem[];
  run: ReportRun | null;
}

/**
 * The selection of a reports or insights page in one D1 batch: places, the selected place's runs,
 * and the selected run. A run of another company (or none) is a 404; a run the viewer may not see
 * redirects like a missing permission; a place that is not offered is a 404. Without a chosen
 * run, the place's newest run is selected when `newestByDefault`.
 */
export async function loadSelection(
  db: Db,
  viewer: Viewer,
  input: { placeId: string | null; runId: string | null; newestByDefault: boolean }
): Promise<SelectionData | "not-found" | "forbidden"> {
  // One round trip in the usual case (a link naming both): the run, the places, the place's runs.
  const first = [
    ...(input.runId ? [runStatement(viewer, input.runId)] : []),
    placesStatement(viewer),
    ...(input.placeId ? [runsStatement(viewer, input.placeId)] : []),
  ];
  const firstRows = await db.$client.batch(first.map((s) => d1Statement(db, s)));
  const runRows = input.runId ? firstRows.shift()! : null;
  let found = runRows?.results[0] ? toReportRun(runRows.results[0] as Record<string, unknown>) : null;
  if (input.runId && !found) return "not-found";
  if (found && !found.allowed) return "forbidden";
  // The workspace was changed with the survey of the previous one still selected: that survey goes.
  if (found && input.placeId && found.placeId !== input.placeId) found = null;
  const placeId = found?.placeId ?? input.placeId;
  const placeRows = firstRows[0];
  let listRows = input.placeId ? firstRows[1] : undefined;
  if (placeId && placeId !== input.placeId) listRows = await d1Statement(db, runsStatement(viewer, placeId)).all();
  const places = (placeRows.results as Array<Record<string, unknown>>).map(toPlace);
  const place = placeId ? places.find((p) => p.id === placeId) ?? null : null;
  if (placeId && !place) return found ? { places, place: null, runs: [found], run: found } : "not-found";
  const runs = ((listRows?.results ?? []) as Array<Record<string, unknown>>).map(toRunListItem);
  let run: ReportRun | null = found;
  if (!run && input.newestByDefault && runs[0]) {
    const newest = await d1Statement(db, runStatement(viewer, runs[0].id)).all<Record<string, unknown>>();
    run = newest.results[0] ? toReportRun(newest.results[0]) : null;
  }
  return { places, place, runs, run };
}

// ---------------------------------------------------------------------------------------------
// Aggregation
// ---------------------------------------------------------------------------------------------

type Question = (ChoiceBlock | TextInputBlock) & { group: string | null };

function questionsOf(blocks: SurveyBlock[]): Question[] {
  return blocks.flatMap((b): Question[] => {
    if (b.type === "group") {
      return b.questions.filter((q): q is ChoiceBlock | TextInputBlock => q.type !== "static-text").map((q) => ({ ...q, group: b.label }));
    }
    return b.type === "static-text" ? [] : [{ ...b, group: null }];
  });
}

/** The run, by id and company, as a scalar subquery: every aggregate below is scoped by it. */
const scopedRun = (companyId: string, runId: string) => sql`(SELECT id FROM survey_runs WHERE id = ${runId} AND company_id = ${companyId})`;

/**
 * Whether results may be shown, and if so every question's aggregation, in one D1 batch:
 * - responses of the run (the participant count; index survey_responses_run);
 * - counts per (question, value) — a covering scan of survey_answers_run_block; a null value is
 *   Not Applicable on a choice question and a text answer on a text input;
 * - distinct respondents of multiple-answer questions (several rows per response; a partial
 *   index on respondents, survey_answers_respondents, so no answer row is read);
 * - per text question: the first `limit` texts (their total is the question's null-value count);
 * - per comment box: the first `limit` comments and their total (partial index
 *   survey_answers_comments).
 */
export async function runReport(
  db: Db,
  companyId: string,
  run: ReportRun,
  options: { limit?: number } = {}
): Promise<ReportResult> {
  const limit = options.limit ?? LISTED_TEXTS;
  // The minimum is in the key: a company that raises its floor hides a closed run's results at once.
  return closedRunMemo(`report:${limit}:${run.minimum}`, companyId, run, () => computeReport(db, companyId, run, limit));
}

/**
 * A closed run's results never change (a late response is refused), so its aggregation is kept
 * in the isolate's memory after the first request, keyed by company, run and closing time; it is
 * only handed out after the caller's access check, like a fresh one. Open runs are always
 * computed afresh. Bounded: the oldest entry goes first.
 */
const memo = new Map<string, Promise<unknown>>();
const MEMO_LIMIT = 64;

export function closedRunMemo<T>(
  kind: string,
  companyId: string,
  run: Pick<ReportRun, "id" | "state" | "closedAt">,
  compute: () => Promise<T>
) {
  if (run.state !== "closed") return compute();
  const key = `${kind}\u0000${companyId}\u0000${run.id}\u0000${run.closedAt ?? ""}`;
  let entry = memo.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = compute();
    memo.set(key, entry);
    entry.catch(() => memo.delete(key));
    if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  }
  return entry;
}

/**
 * How many responses an open anonymous run's real-time results cover: whole steps of the minimum
 * `m`, one step behind the count (n = 7, m = 3: the first 3). Two views taken as answers come in
 * then differ by at least m people, and so does the last one from the closed run's: nobody's
 * answers can be read off the difference. 0 (nothing shown) below 2m.
 */
export const liveCoverage = (participants: number, m: number) => (m > 0 ? Math.max(0, (Math.floor(participants / m) - 1) * m) : participants);

async function computeReport(db: Db, companyId: string, run: ReportRun, limit: number): Promise<ReportResult> {
  const runRef = scopedRun(companyId, run.id);
  const questions = questionsOf(run.blocks);
  const multiple = questions.filter((q) => q.type === "choice" && q.multipleAnswers).map((q) => q.id);
  const texts = questions.filter((q) => q.type === "text-input").map((q) => q.id);
  const commented = questions.filter((q) => q.type === "choice" && q.commentBox).map((q) => q.id);
  const visible = run.state === "closed" || run.liveResults;
  // An open anonymous run shows its first liveCoverage() responses only, in the order they came
  // (rowid), counted in the same batch (one transaction) as the aggregates. What it leaves out,
  // the latest responses (fewer than 2m), is subtracted from the whole run's covering index scans
  // (found through survey_answers_response), so the cost over a closed run's is a few dozen rows.
  // Closed runs and named runs run the plain scans.
  const stepped = run.anonymous && run.state !== "closed" && run.minimum > 0;
  const m = sql.raw(String(Math.trunc(run.minimum)));
  const all = sql`(SELECT COUNT(*) FROM survey_responses WHERE run_id = ${runRef})`;
  // Response ids are unique across runs, and these are the run's own: no run_id test, so the lookup is by response.
  // An anonymous response has no respondent: within survey_responses_respondent (run_id, respondent_id)
  // its entries are then in rowid order, so the latest are read from the index's end, unsorted.
  const latest = sql`(SELECT id FROM survey_responses WHERE run_id = ${runRef} AND respondent_id IS NULL ORDER BY rowid DESC
    LIMIT ${all} - MAX(0, (CAST(${all} / ${m} AS INTEGER) - 1) * ${m}))`;
  const only = stepped ? sql` AND response_id NOT IN ${latest}` : sql``;
  const minusLatest = (whole: SQL, part: SQL, keys: SQL) =>
    stepped ? sql`SELECT ${keys}, SUM(n) AS n FROM (${whole} UNION ALL ${part}) GROUP BY ${keys} HAVING SUM(n) > 0` : whole;

  const statements: SQL[] = [sql`SELECT COUNT(*) AS n FROM survey_responses WHERE run_id = ${runRef}`];
  if (visible) {
    statements.push(
      minusLatest(
        sql`SELECT block_id, value_num, COUNT(*) AS n FROM survey_answers WHERE run_id = ${runRef} GROUP BY block_id, value_num`,
        sql`SELECT block_id, value_num, -COUNT(*) AS n FROM survey_answers WHERE response_id IN ${latest} GROUP BY block_id, value_num`,
        sql`block_id, value_num`
      ),
      multiple.length > 0
        ? minusLatest(
            sql`SELECT block_id, COUNT(DISTINCT response_id) AS n FROM survey_answers
              WHERE run_id = ${runRef} AND block_id IN ${multiple} AND not_applicable = 0 GROUP BY block_id`,
            sql`SELECT block_id, -COUNT(DISTINCT response_id) AS n FROM survey_answers
              WHERE response_id IN ${latest} AND block_id IN ${multiple} AND not_applicable = 0 GROUP BY block_id`,
            sql`block_id`
          )
        : sql`SELECT NULL AS block_id, 0 AS n WHERE 0`
    );
    // A text input's rows all carry their text (answers.ts answerRows).
    for (const id of texts) {
      statements.push(
        sql`SELECT value_text AS t FROM survey_answers WHERE run_id = ${runRef} AND block_id = ${id} AND value_num IS NULL${only} LIMIT ${limit}`
      );
    }
    // The total as a scalar subquery counted from the partial index: a window count would read every comment.
    const withComment = (id: string) => sql`run_id = ${runRef} AND block_id = ${id} AND comment IS NOT NULL AND comment <> ''${only}`;
    for (const id of commented) {
      statements.push(sql`SELECT comment AS t, (SELECT COUNT(*) FROM survey_answers WHERE ${withComment(id)}) AS total
        FROM survey_answers WHERE ${withComment(id)} LIMIT ${limit}`);
    }
  }
  const results = await db.$client.batch(statements.map((s) => d1Statement(db, s)));
  const participants = Number((results[0].results[0] as { n: number } | undefined)?.n ?? 0);
  if (!visible) return { status: "closed-only", participants };
  if (run.anonymous && !meetsAnonymityMinimum(participants, run.minimum)) return { status: "withheld", participants, min: run.minimum };
  const covered = stepped ? liveCoverage(participants, run.minimum) : participants;
  if (stepped && covered === 0) return { status: "withheld", participants, min: run.minimum, step: run.minimum };
  if (participants === 0) return { status: "empty", participants: 0 };

  const counts = new Map<string, Map<number | null, number>>();
  for (const row of results[1].results as Array<{ block_id: string; value_num: number | null; n: number }>) {
    let perValue = counts.get(row.block_id);
    if (!perValue) counts.set(row.block_id, (perValue = new Map()));
    perValue.set(row.value_num, Number(row.n));
  }
  const distinct = new Map((results[2].results as Array<{ block_id: string; n: number }>).map((r) => [r.block_id, Number(r.n)]));
  const list = (index: number, total?: number): TextList => {
    const rows = results[index].results as Array<{ t: string; total?: number }>;
    return { total: total ?? Number(rows[0]?.total ?? 0), items: rows.map((r) => r.t) };
  };
  const textLists = new Map(texts.map((id, i) => [id, list(3 + i, counts.get(id)?.get(null) ?? 0)]));
  const commentLists = new Map(commented.map((id, i) => [id, list(3 + texts.length + i)]));

  const reports = questions.map((q): QuestionReport => {
    if (q.type === "text-input") return { kind: "text", id: q.id, label: q.label, group: q.group, answers: textLists.get(q.id)! };
    const perValue = counts.get(q.id) ?? new Map<number | null, number>();
    const notApplicable = perValue.get(null) ?? 0;
    const picked = [...perValue].filter(([v]) => v !== null).reduce((sum, [, n]) => sum + n, 0);
    const respondents = q.multipleAnswers ? distinct.get(q.id) ?? 0 : picked;
    // Two choices may share a value (custom items): the count belongs to the first (answers.ts choiceOf).
    const seen = new Set<number>();
    const choices = q.choices.map((c) => {
      const count = seen.has(c.value) ? 0 : perValue.get(c.value) ?? 0;
      seen.add(c.value);
      return { text: c.text, value: c.value, count, percent: percentOf(count, respondents) };
    });
    const numeric = new Map([...perValue].filter((e): e is [number, number] => e[0] !== null));
    return {
      kind: "choice",
      id: q.id,
      label: q.label,
      group: q.group,
      family: q.selectedOption,
      multipleAnswers: q.multipleAnswers,
      respondents,
      notApplicable: q.notApplicable || notApplicable > 0 ? notApplicable : null,
      choices,
      nps: q.selectedOption === "nps" && !q.multipleAnswers ? npsOf(numeric) : null,
      comments: q.commentBox ? commentLists.get(q.id)! : null,
    };
  });
  return { status: "ready", participants, questions: reports, covered: stepped ? covered : null };
}

/** Whether a run's report may be downloaded: closed or live results (001 §2), and results shown. */
export const mayDownload = (run: Pick<ReportRun, "state" | "liveResults">, result: ReportResult) =>
  (run.state === "closed" || run.liveResults) && result.status === "ready";

/** The report as spreadsheet rows (question, answer, count, percent; NPS; text answers and comments in a Text column). */
export function reportRows(run: ReportRun, result: Extract<ReportResult, { status: "ready" }>): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = [
    ["Survey", run.title],
    ["State", run.state === "closed" ? "Closed" : "Open"],
    ["Launched At", new Date(run.launchedAt).toISOString()],
    ["Participants", result.participants],
    ...(result.covered != null ? [["Responses shown", result.covered]] : []),
    ["Audience", run.audienceCount],
    [],
    ["Question", "Answer", "Count", "Percent", "Text"],
  ];
  for (const q of result.questions) {
    const label = q.group ? `${q.group} › ${q.label}` : q.label;
    if (q.kind === "text") {
      for (const t of q.answers.items) rows.push([label, "Text answer", null, null, t]);
      if (q.answers.total === 0) rows.push([label, "(no answers)", 0, null]);
      continue;
    }
    for (const c of q.choices) rows.push([label, c.text, c.count, `${c.percent}%`]);
    if (q.notApplicable !== null) rows.push([label, NOT_APPLICABLE, q.notApplicable, null]);
    if (q.nps) {
      rows.push([label, "NPS", q.nps.score, null]);
      rows.push([label, "Promoters (9–10)", q.nps.promoters, `${q.nps.promotersPercent}%`]);
      rows.push([label, "Passives (7–8)", q.nps.passives, `${q.nps.passivesPercent}%`]);
      rows.push([label, "Detractors (0–6)", q.nps.detractors, `${q.nps.detractorsPercent}%`]);
    }
    for (const c of q.comments?.items ?? []) rows.push([label, "Comment", null, null, c]);
  }
  return rows;
}
