import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { sentimentCounts, sentimentOf, type Sentiment } from "~/modules/ai/sentiment";
import type { Viewer } from "~/modules/auth/session.server";
import type { SurveyBlock } from "~/modules/surveys/blocks";
import { closedRunMemo, companyFloor, runAccess } from "~/modules/surveys/report.server";
import type { RunState } from "~/modules/surveys/survey-machine";
import {
  averageOf,
  choiceCounts,
  choiceQuestions,
  enpsOf,
  enpsQuestion,
  participationOf,
  ratedQuestions,
  sentimentShares,
  sliceGate,
  trackedQuestions,
  type GateRun,
  type OverviewRow,
  type QuestionTimelineData,
  type RunPoint,
  type SentimentAnswer,
  type SentimentsData,
  type SurveyAnalyticsFilters,
  type SurveyAnalyticsTab,
  type SurveyAnalyticsView,
  type SurveyOption,
  type TimelineData,
} from "./survey-analytics";

/**
 * Survey analytics reads. Which surveys: those with a run the viewer may read, by the survey
 * report's rule (surveys/report.server.ts runAccess: ViewSurveys holders of the company, a
 * Teams-type group admin only their groups' runs, and each run's result viewers), and of those
 * runs only. Another company's survey, or one the viewer may read no run of, is not found. Every
 * figure is aggregated in SQL per run; a closed run's aggregates never change, so they are kept
 * in the isolate's memory (closedRunMemo) after the access check of each request. What a run or
 * a department slice may show is decided by survey-analytics.ts (runGate, sliceGate).
 */

/** How many answers each sentiment lists (the shares count them all). */
export const LISTED_SENTIMENT_ANSWERS = 20;
/** How many text answers of each run are read (and kept with a closed run's figures) to find the listed ones. */
const SENTIMENT_ROWS_READ = 300;

interface RunRow extends GateRun {
  id: string;
  surveyId: string;
  sequence: number;
  launchedAt: number;
  closedAt: number | null;
  blocks: SurveyBlock[] | null;
  recipients: number;
  responded: number;
}

/** The viewer's surveys (newest run first) with their library blocks. */
function surveysStatement(viewer: Viewer): SQL {
  const company = viewer.company.id;
  return sql`SELECT s.id, s.title, s.blocks, MAX(r.launched_at) AS last FROM survey_runs r
    JOIN surveys s ON s.id = r.survey_id AND s.company_id = r.company_id
    WHERE r.company_id = ${company} AND ${runAccess(viewer)}
    GROUP BY s.id ORDER BY last DESC, s.title COLLATE NOCASE, s.id`;
}

const departmentsStatement = (viewer: Viewer) =>
  sql`SELECT id, name FROM departments WHERE company_id = ${viewer.company.id} ORDER BY name COLLATE NOCASE, id`;

/**
 * The runs the viewer may read (of one survey, or all), oldest first, with their recipients and
 * those who responded (of one department's people, by their department today, when given) and
 * the run's responses (the anonymity minimum is about the whole run).
 */
function runsStatement(viewer: Viewer, surveyId: string | null, department: string | null, withBlocks: boolean): SQL {
  // A whole run's counts are the run's own (kept on launch and on each submission, as manage surveys shows them).
  const inDepartment = sql` AND sr.user_id IN (SELECT u.id FROM users u WHERE u.company_id = r.company_id AND u.department_id = ${department})`;
  const people = department
    ? sql`(SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id AND sr.company_id = r.company_id${inDepartment}) AS recipients,
      (SELECT COUNT(*) FROM survey_recipients sr WHERE sr.run_id = r.id AND sr.company_id = r.company_id AND sr.responded = 1${inDepartment}) AS responded`
    : sql`r.audience_count AS recipients, r.submitted_count AS responded`;
  return sql`SELECT r.id, r.survey_id, r.sequence, r.state, r.launched_at, r.closed_at, r.anonymous, r.min_submission_count, ${companyFloor},
      r.live_results, ${withBlocks ? sql`r.blocks` : sql`NULL AS blocks`}, ${people},
      -- The anonymity minimum counts stored responses, as the survey report does.
      CASE WHEN r.anonymous = 1 THEN (SELECT COUNT(*) FROM survey_responses p WHERE p.run_id = r.id) ELSE r.submitted_count END AS responses
    FROM survey_runs r
    WHERE r.company_id = ${viewer.company.id}${surveyId ? sql` AND r.survey_id = ${surveyId}` : sql``} AND ${runAccess(viewer)}
    ORDER BY r.survey_id, r.sequence`;
}

function toRunRow(r: Record<string, unknown>): RunRow {
  const anonymous = Boolean(r.anonymous);
  return {
    id: String(r.id),
    surveyId: String(r.survey_id),
    sequence: Number(r.sequence),
    state: r.state as RunState,
    launchedAt: Number(r.launched_at),
    closedAt: r.closed_at == null ? null : Number(r.closed_at),
    anonymous,
    minimum: anonymous ? anonymityMinimum(r.company_floor as number | null, Number(r.min_submission_count)) : 0,
    liveResults: Boolean(r.live_results),
    blocks: r.blocks == null ? null : (JSON.parse(String(r.blocks)) as SurveyBlock[]),
    recipients: Number(r.recipients),
    responded: Number(r.responded),
    responses: Number(r.responses),
  };
}

// ---- Per-run aggregates ------------------------------------------------------------------------

interface RunFigures {
  /** block → value → answers (choice answers; Not Applicable left out). */
  values: Map<string, Map<number, number>>;
  /** Respondents of the multiple-answer questions asked for. */
  respondents: Map<string, number>;
  /** Text answers: text → how many. */
  texts: Array<{ text: string; count: number }>;
  /** The run's first text answers, with the respondent's name on a named run. */
  listed: Array<{ text: string; name: string | null }>;
  /** The whole run's responses by department (for complementary suppression). */
  departments: Array<{ key: string | null; count: number }>;
}

interface FigureRequest {
  department: string | null;
  values: boolean;
  texts: boolean;
  /** Multiple-answer question ids whose respondents are counted. */
  multiple: string[];
}

/**
 * Each run's aggregates in one D1 batch for every run not already kept: a closed run's come from
 * the isolate's memory after its first request (keyed by what was asked, department included).
 */
async function runFigures(db: Db, companyId: string, runs: RunRow[], request: FigureRequest): Promise<Map<string, RunFigures>> {
  const kind = `survey-analytics:${request.department ?? ""}:${request.values ? 1 : 0}${request.texts ? 1 : 0}:${request.multiple.join(",")}`;
  const pending: Array<{ run: RunRow; resolve: (f: RunFigures) => void; reject: (e: unknown) => void }> = [];
  const promises = runs.map((run) =>
    closedRunMemo(kind, companyId, run, () => new Promise<RunFigures>((resolve, reject) => pending.push({ run, resolve, reject })))
  );
  if (pending.length > 0) {
    try {
      const computed = await computeFigures(db, companyId, pending.map((p) => p.run), request);
      pending.forEach((p, i) => p.resolve(computed[i]));
    } catch (error) {
      pending.forEach((p) => p.reject(error));
    }
  }
  const figures = await Promise.all(promises);
  return new Map(runs.map((run, i) => [run.id, figures[i]]));
}

async function computeFigures(db: Db, companyId: string, runs: RunRow[], request: FigureRequest): Promise<RunFigures[]> {
  const inDepartment = request.department ? sql` AND department_id = ${request.department}` : sql``;
  const statements: SQL[] = [];
  const none = sql`SELECT NULL WHERE 0`;
  for (const run of runs) {
    // The run id came from a company-scoped, access-checked read; the company is tested again all the same.
    const where = sql`run_id = ${run.id} AND company_id = ${companyId}${inDepartment}`;
    statements.push(
      request.values
        ? sql`SELECT block_id, value_num, COUNT(*) AS n FROM survey_answers WHERE ${where} AND value_num IS NOT NULL GROUP BY block_id, value_num`
        : none,
      request.multiple.length > 0
        ? sql`SELECT block_id, COUNT(DISTINCT response_id) AS n FROM survey_answers
            WHERE ${where} AND block_id IN ${request.multiple} AND not_applicable = 0 GROUP BY block_id`
        : none,
      request.texts
        ? sql`SELECT value_text AS t, COUNT(*) AS n FROM survey_answers WHERE ${where} AND value_num IS NULL AND value_text IS NOT NULL
            GROUP BY value_text`
        : none,
      request.texts
        ? sql`SELECT a.value_text AS t, CASE WHEN ${run.anonymous ? 1 : 0} = 1 THEN NULL ELSE u.name END AS who
            FROM survey_answers a
            LEFT JOIN survey_responses p ON ${run.anonymous ? 0 : 1} = 1 AND p.id = a.response_id
            LEFT JOIN users u ON u.id = p.respondent_id AND u.company_id = a.company_id
            WHERE a.run_id = ${run.id} AND a.company_id = ${companyId}${request.department ? sql` AND a.department_id = ${request.department}` : sql``}
              AND a.value_num IS NULL AND a.value_text IS NOT NULL
            LIMIT ${SENTIMENT_ROWS_READ}`
        : none,
      request.department && run.anonymous
        ? sql`SELECT department_id AS k, COUNT(*) AS n FROM survey_responses WHERE run_id = ${run.id} AND company_id = ${companyId} GROUP BY department_id`
        : none
    );
  }
  const results = statements.length ? await db.$client.batch(statements.map((s) => d1Statement(db, s))) : [];
  return runs.map((_, i) => {
    const [values, multiple, texts, listed, departments] = results.slice(i * 5, i * 5 + 5).map((r) => r.results as Array<Record<string, unknown>>);
    const perBlock = new Map<string, Map<number, number>>();
    for (const row of values) {
      const block = String(row.block_id);
      let perValue = perBlock.get(block);
      if (!perValue) perBlock.set(block, (perValue = new Map()));
      perValue.set(Number(row.value_num), Number(row.n));
    }
    return {
      values: perBlock,
      respondents: new Map(multiple.map((r) => [String(r.block_id), Number(r.n)])),
      texts: texts.map((r) => ({ text: String(r.t), count: Number(r.n) })),
      listed: listed.map((r) => ({ text: String(r.t), name: (r.who as string | null) ?? null })),
      departments: departments.map((r) => ({ key: (r.k as string | null) ?? null, count: Number(r.n) })),
    };
  });
}

/** A run's point, its figures blanked when its slice is withheld. */
function pointOf(run: RunRow, gate: RunPoint["gate"], department: string | null): RunPoint {
  // A withheld department slice shows nothing; a whole run's participation is what manage surveys shows anyway.
  const blank = gate === "withheld" && department !== null;
  return {
    id: run.id,
    sequence: run.sequence,
    state: run.state,
    launchedAt: run.launchedAt,
    gate,
    recipients: blank ? null : run.recipients,
    responded: blank ? null : run.responded,
    participation: blank ? null : participationOf(run.responded, run.recipients),
  };
}

const sum = (perValue: Map<number, number> | undefined) => [...(perValue ?? new Map<number, number>()).values()].reduce((a, n) => a + n, 0);

class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V) {
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}

// ---- The page ----------------------------------------------------------------------------------

export interface SurveyAnalyticsPage {
  surveys: SurveyOption[];
  departments: Array<{ id: string; name: string }>;
  filters: SurveyAnalyticsFilters;
  survey: { id: string; title: string } | null;
  view: SurveyAnalyticsView;
}

const param = (url: URL, name: string) => {
  const value = url.searchParams.get(name)?.trim();
  return value ? value : null;
};

/**
 * One tab's data for the filters in `url` (surveyId, departmentId, questionId). An unknown or
 * unreadable survey, department or tracked question is "not-found" (a 404), never an empty page.
 */
export async function surveyAnalyticsPage(db: Db, viewer: Viewer, tab: SurveyAnalyticsTab, url: URL): Promise<SurveyAnalyticsPage | "not-found"> {
  const asked: SurveyAnalyticsFilters = {
    surveyId: param(url, "surveyId"),
    departmentId: tab === "overview" ? null : param(url, "departmentId"),
    questionId: tab === "question-timeline" ? param(url, "questionId") : null,
  };
  const first = [surveysStatement(viewer), departmentsStatement(viewer)];
  if (tab === "overview") first.push(runsStatement(viewer, null, null, false));
  else if (asked.surveyId) first.push(runsStatement(viewer, asked.surveyId, asked.departmentId, true));
  const [surveyRows, departmentRows, runRows] = await db.$client.batch(first.map((s) => d1Statement(db, s)));
  const surveys = (surveyRows.results as Array<Record<string, unknown>>).map((r): SurveyOption => {
    const blocks = JSON.parse(String(r.blocks)) as SurveyBlock[];
    return { id: String(r.id), title: String(r.title), tracked: trackedQuestions(blocks).map((q) => ({ id: q.id, label: q.label })) };
  });
  const departments = (departmentRows.results as Array<Record<string, unknown>>).map((r) => ({ id: String(r.id), name: String(r.name) }));
  if (asked.departmentId && !departments.some((d) => d.id === asked.departmentId)) return "not-found";

  if (tab === "overview") {
    const runs = ((runRows?.results ?? []) as Array<Record<string, unknown>>).map(toRunRow);
    return { surveys, departments, filters: asked, survey: null, view: { tab, data: await overview(db, viewer, surveys, runs, surveyRows.results) } };
  }

  if (asked.surveyId && !surveys.some((s) => s.id === asked.surveyId)) return "not-found";
  // The Question Timeline offers the surveys with a tracked question only: a survey picked on
  // another tab that tracks none gives way to the first that does.
  const offered = tab === "question-timeline" ? surveys.filter((s) => s.tracked.length > 0) : surveys;
  const survey = offered.find((s) => s.id === asked.surveyId) ?? offered[0];
  const filters: SurveyAnalyticsFilters = { ...asked, surveyId: survey?.id ?? null, questionId: survey?.id === asked.surveyId ? asked.questionId : null };
  if (tab === "question-timeline" && survey) {
    if (filters.questionId && !survey.tracked.some((q) => q.id === filters.questionId)) return "not-found";
    filters.questionId = filters.questionId ?? survey.tracked[0].id;
  }
  const page = { surveys: offered, departments, filters, survey: survey ? { id: survey.id, title: survey.title } : null };
  if (!survey) return { ...page, view: { tab, data: null } as SurveyAnalyticsView };

  const rows = runRows && asked.surveyId === survey.id ? runRows.results : (await d1Statement(db, runsStatement(viewer, survey.id, filters.departmentId, true)).all()).results;
  const runs = (rows as Array<Record<string, unknown>>).map(toRunRow);
  if (tab === "timeline") return { ...page, view: { tab, data: await timeline(db, viewer, runs, filters.departmentId) } };
  if (tab === "sentiments") return { ...page, view: { tab, data: await sentiments(db, viewer, runs, filters.departmentId) } };
  return { ...page, view: { tab, data: await questionTimeline(db, viewer, runs, filters.departmentId, filters.questionId!) } };
}

/** The gate of each run for the department, from the runs' department breakdowns. */
function gates(runs: RunRow[], figures: Map<string, RunFigures>, department: string | null) {
  return new Map(runs.map((run) => [run.id, sliceGate(run, figures.get(run.id)?.departments ?? [], department)]));
}

async function timeline(db: Db, viewer: Viewer, runs: RunRow[], department: string | null): Promise<TimelineData> {
  // The questions of every run, the newest run's wording and order first.
  const questions = new Map<string, { id: string; label: string }>();
  for (const run of [...runs].reverse()) for (const q of ratedQuestions(run.blocks ?? [])) if (!questions.has(q.id)) questions.set(q.id, { id: q.id, label: q.label });
  const enps = [...runs].reverse().map((r) => enpsQuestion(r.blocks ?? [])).find(Boolean) ?? null;
  const figures = await runFigures(db, viewer.company.id, runs, { department, values: true, texts: false, multiple: [] });
  const gateOf = gates(runs, figures, department);
  return {
    questions: [...questions.values()],
    enpsQuestion: enps ? { id: enps.id, label: enps.label } : null,
    runs: runs.map((run) => {
      const gate = gateOf.get(run.id)!;
      const shown = gate === "shown";
      const values = figures.get(run.id)!.values;
      const own = new Set(ratedQuestions(run.blocks ?? []).map((q) => q.id));
      return {
        ...pointOf(run, gate, department),
        enps: shown && enps && own.has(enps.id) ? enpsOf(values.get(enps.id) ?? new Map())?.score ?? null : null,
        averages: Object.fromEntries(
          [...questions.keys()].map((id) => [id, shown && own.has(id) ? averageOf(values.get(id) ?? new Map()) : null])
        ),
      };
    }),
  };
}

async function overview(db: Db, viewer: Viewer, surveys: SurveyOption[], runs: RunRow[], surveyRows: unknown[]): Promise<OverviewRow[]> {
  const blocksOf = new Map((surveyRows as Array<Record<string, unknown>>).map((r) => [String(r.id), JSON.parse(String(r.blocks)) as SurveyBlock[]]));
  const bySurvey = new Map<string, RunRow[]>();
  for (const run of runs) bySurvey.set(run.surveyId, [...(bySurvey.get(run.surveyId) ?? []), run]);
  // The eNPS comes from the newest run whose results may be shown.
  const enpsRuns = surveys.flatMap((s) => {
    const question = enpsQuestion(blocksOf.get(s.id) ?? []);
    const run = question ? [...(bySurvey.get(s.id) ?? [])].reverse().find((r) => sliceGate(r, [], null) === "shown") : undefined;
    return run && question ? [{ survey: s.id, run, question: question.id }] : [];
  });
  const figures = await runFigures(
    db,
    viewer.company.id,
    enpsRuns.map((e) => e.run),
    { department: null, values: true, texts: false, multiple: [] }
  );
  return surveys.flatMap((s): OverviewRow[] => {
    const own = bySurvey.get(s.id) ?? [];
    const latest = own.at(-1);
    if (!latest) return [];
    const e = enpsRuns.find((x) => x.survey === s.id);
    const nps = e ? enpsOf(figures.get(e.run.id)?.values.get(e.question) ?? new Map()) : null;
    return [
      {
        survey: { id: s.id, title: s.title },
        runs: own.length,
        latest: pointOf(latest, sliceGate(latest, [], null), null),
        enps: e && nps ? { score: nps.score, answers: nps.total, launchedAt: e.run.launchedAt, sequence: e.run.sequence } : null,
        hasEnpsQuestion: Boolean(enpsQuestion(blocksOf.get(s.id) ?? [])),
      },
    ];
  });
}

/**
 * Sentiments already read in this isolate, by text (the analyser is pure, so a reading never goes
 * stale); bounded, the oldest going first.
 */
const SENTIMENTS_READ = new BoundedMap<string, Sentiment>(20_000);

async function sentiments(db: Db, viewer: Viewer, runs: RunRow[], department: string | null): Promise<SentimentsData> {
  const figures = await runFigures(db, viewer.company.id, runs, { department, values: false, texts: true, multiple: [] });
  const gateOf = gates(runs, figures, department);
  const shown = runs.filter((r) => gateOf.get(r.id) === "shown");
  const counts = sentimentCounts(
    shown.flatMap((r) => figures.get(r.id)!.texts),
    SENTIMENTS_READ
  );
  // The answers behind the shares, newest run first: names only of named runs.
  const answers: Record<Sentiment, SentimentAnswer[]> = { positive: [], neutral: [], negative: [] };
  for (const run of [...shown].reverse()) {
    for (const row of figures.get(run.id)!.listed) {
      let key = SENTIMENTS_READ.get(row.text);
      if (!key) SENTIMENTS_READ.set(row.text, (key = sentimentOf(row.text)));
      if (answers[key].length < LISTED_SENTIMENT_ANSWERS) answers[key].push({ text: row.text, name: row.name, launchedAt: run.launchedAt });
    }
  }
  return {
    shares: sentimentShares(counts),
    total: counts.positive + counts.neutral + counts.negative,
    answers,
    runsShown: shown.length,
    runsHidden: runs.filter((r) => gateOf.get(r.id) === "withheld").length,
  };
}

async function questionTimeline(db: Db, viewer: Viewer, runs: RunRow[], department: string | null, questionId: string): Promise<QuestionTimelineData> {
  const find = (run: RunRow) => choiceQuestions(run.blocks ?? []).find((q) => q.id === questionId);
  const asked = runs.filter((r) => find(r));
  const latest = asked.at(-1) ? find(asked.at(-1)!)! : null;
  const multiple = latest?.multipleAnswers ? [questionId] : [];
  const figures = await runFigures(db, viewer.company.id, asked, { department, values: true, texts: false, multiple });
  const gateOf = gates(asked, figures, department);
  return {
    question: latest ? { id: latest.id, label: latest.label, family: latest.selectedOption, multipleAnswers: latest.multipleAnswers } : null,
    runs: asked.map((run) => {
      const q = find(run)!;
      const gate = gateOf.get(run.id)!;
      const perValue = figures.get(run.id)!.values.get(questionId) ?? new Map<number, number>();
      const respondents = q.multipleAnswers ? figures.get(run.id)!.respondents.get(questionId) ?? 0 : sum(perValue);
      const shown = gate === "shown";
      return {
        ...pointOf(run, gate, department),
        respondents: shown ? respondents : null,
        average: shown && !q.multipleAnswers ? averageOf(perValue) : null,
        nps: shown && q.selectedOption === "nps" && !q.multipleAnswers ? enpsOf(perValue) : null,
        choices: shown ? choiceCounts(q, perValue, respondents) : [],
      };
    }),
  };
}
