import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { groupWithheld, mayReadInsightsOf, mayReadPersonalInsights as mayRead } from "~/modules/access/insights.server";
import type { Viewer } from "~/modules/auth/session.server";
import { rangeEnd, type InsightScope, type InsightsFilters } from "./filters";
import { leaderboardFrom, percent } from "./leaderboard";
import { populationFilter, populationIds, type Population } from "./populations.server";
import type { ChartItem, GroupInsights, GroupOverview, InsightsCharts, InsightsGroupOption, LeaderboardRow, PersonalInsights } from "./types";

/**
 * Feedback Insights read from the counts kept on write (feedback_running_counts for any range in
 * two reads a person, feedback_competency_counts and feedback_company_competency_counts for the
 * treemaps), never by scanning feedback_items. Every read is scoped by the viewer's company.
 */

type InsightsViewer = Pick<Viewer, "user" | "company" | "permissions">;

/** Whose figures a group's insights add up (populations.server.ts). */
export type { Population };

const DAY_MS = 86_400_000;
const midnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The days the figures cover: the start to the end (today when cleared). A start after that end
 * (a start in the future with the end cleared) covers no day: every figure is 0.
 */
interface Range {
  start: string;
  end: string;
  fromMs: number;
  /** The midnight after the last day. */
  toMs: number;
}
function rangeOf(filters: InsightsFilters, today: string): Range {
  const start = filters.startDate;
  let end = rangeEnd(filters, today);
  if (end < start) end = new Date(midnight(start) - DAY_MS).toISOString().slice(0, 10);
  return { start, end, fromMs: midnight(start), toMs: midnight(end) + DAY_MS };
}

/**
 * One leaderboard row per person of `people` (a condition over `users u`) and, last, their totals:
 * each count is the running total on the last day up to the end less the one before the start
 * (two index reads a person, found by rowid), surveys are the runs launched in the range the
 * person responded to.
 */
function figuresStatement(companyId: string, people: SQL, r: Range): SQL {
  const running = (bound: SQL) =>
    sql`(SELECT x.rowid FROM feedback_running_counts x WHERE x.company_id = ${companyId} AND x.user_id = p.id AND ${bound} ORDER BY x.day DESC LIMIT 1)`;
  const diff = (c: string) => sql.raw(`coalesce(e.${c}, 0) - coalesce(s.${c}, 0) AS ${c}`);
  return sql`WITH pop AS MATERIALIZED (SELECT u.id, u.name FROM users u WHERE ${people}),
    runs AS MATERIALIZED (SELECT sr.id FROM survey_runs sr WHERE sr.company_id = ${companyId} AND sr.launched_at >= ${r.fromMs} AND sr.launched_at < ${r.toMs}),
    people AS MATERIALIZED (
      SELECT p.id, p.name, ${diff("sent")}, ${diff("received")}, ${diff("requested")}, ${diff("praise_sent")}, ${diff("praise_received")},
        (SELECT count(*) FROM survey_recipients sv WHERE sv.company_id = ${companyId} AND sv.user_id = p.id AND sv.responded = 1 AND sv.run_id IN runs) AS surveys
      FROM pop p
      LEFT JOIN feedback_running_counts e ON e.rowid = ${running(sql`x.day <= ${r.end}`)}
      LEFT JOIN feedback_running_counts s ON s.rowid = ${running(sql`x.day < ${r.start}`)}
    )
    SELECT id AS userId, name AS user_name, sent AS feedback_sent, received AS feedback_received, requested AS feedback_requested,
      praise_sent, praise_received, surveys AS survey_submitted, sent + received + requested + praise_sent + praise_received + surveys AS total, 0 AS last
    FROM people
    UNION ALL
    SELECT '', '', coalesce(sum(sent), 0), coalesce(sum(received), 0), coalesce(sum(requested), 0), coalesce(sum(praise_sent), 0),
      coalesce(sum(praise_received), 0), coalesce(sum(surveys), 0), coalesce(sum(sent + received + requested + praise_sent + praise_received + surveys), 0), 1
    FROM people
    ORDER BY last`;
}

interface TagRow {
  competencyId: string;
  behaviourId: string;
  behaviourType: string;
  count: number;
  competencyName: string;
  behaviourName: string | null;
}

/** The range's competency and behaviour tags summed, named by the company's competencies and behaviours. */
function namedTags(companyId: string, tags: SQL): SQL {
  return sql`WITH ${tags},
    sums AS (SELECT competency_id, behaviour_id, behaviour_type, sum(count) AS n FROM tags GROUP BY 1, 2, 3 HAVING n > 0)
    SELECT s.competency_id AS competencyId, s.behaviour_id AS behaviourId, s.behaviour_type AS behaviourType, s.n AS count,
      c.name AS competencyName, b.name AS behaviourName
    FROM sums s
    JOIN competencies c ON c.id = s.competency_id AND c.company_id = ${companyId}
    LEFT JOIN behaviours b ON b.id = s.behaviour_id AND b.company_id = ${companyId} AND b.competency_id = s.competency_id
    WHERE s.behaviour_id = '' OR (b.id IS NOT NULL AND s.behaviour_type IN ('strength', 'developmentArea'))`;
}

/** One person's tags in the range. */
function personTags(companyId: string, personId: string, r: Range): SQL {
  return namedTags(
    companyId,
    sql`tags AS (SELECT competency_id, behaviour_id, behaviour_type, count FROM feedback_competency_counts
      WHERE company_id = ${companyId} AND user_id = ${personId} AND day >= ${r.start} AND day <= ${r.end})`
  );
}

/**
 * A population's tags in the range. When the population is more than half the company, the
 * company's counts less those of everyone else (deactivated people, say: a handful of index reads)
 * instead of adding up thousands of people's rows; for the whole company that is its counts as
 * they are. Either way exact: the company's counts are the sum over all its people.
 */
function populationTags(companyId: string, members: SQL, r: Range): SQL {
  const inRange = sql`company_id = ${companyId} AND day >= ${r.start} AND day <= ${r.end}`;
  return namedTags(
    companyId,
    sql`pop AS MATERIALIZED ${members},
    big AS MATERIALIZED (SELECT (SELECT count(*) FROM pop) * 2 > (SELECT count(*) FROM users WHERE company_id = ${companyId}) AS yes),
    tags AS (
      SELECT competency_id, behaviour_id, behaviour_type, count FROM feedback_company_competency_counts WHERE ${inRange} AND (SELECT yes FROM big)
      UNION ALL
      SELECT competency_id, behaviour_id, behaviour_type, -count FROM feedback_competency_counts WHERE ${inRange}
        AND user_id IN (SELECT id FROM users WHERE company_id = ${companyId} AND (SELECT yes FROM big) AND id NOT IN pop)
      UNION ALL
      SELECT competency_id, behaviour_id, behaviour_type, count FROM feedback_competency_counts WHERE ${inRange}
        AND user_id IN (SELECT id FROM pop WHERE NOT (SELECT yes FROM big))
    )`
  );
}

function chart(rows: TagRow[], kind: ChartItem["behaviourType"]): ChartItem[] {
  const items: ChartItem[] = rows
    .filter((t) => (kind === "" ? t.behaviourId === "" : t.behaviourId !== "" && t.behaviourType === kind))
    .map((t) => ({
      id: kind === "" ? t.competencyId : t.behaviourId,
      dimensionId: t.competencyId,
      name: kind === "" ? t.competencyName : (t.behaviourName ?? ""),
      title: t.competencyName,
      behaviourType: kind,
      count: Number(t.count),
      avg: 0,
    }));
  const whole = items.reduce((s, i) => s + i.count, 0);
  for (const item of items) item.avg = percent(item.count, whole);
  return items.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

function chartsOf(rows: TagRow[]): InsightsCharts {
  return { competency: chart(rows, ""), strengthCompetency: chart(rows, "strength"), developmentCompetency: chart(rows, "developmentArea") };
}

const numbers = (row: LeaderboardRow): LeaderboardRow => ({
  userId: row.userId,
  user_name: row.user_name,
  feedback_sent: Number(row.feedback_sent),
  feedback_received: Number(row.feedback_received),
  feedback_requested: Number(row.feedback_requested),
  praise_sent: Number(row.praise_sent),
  praise_received: Number(row.praise_received),
  survey_submitted: Number(row.survey_submitted),
  total: Number(row.total),
});

/** 002 §9 insight scopes: which of the people's feedback a tile counts (sent, received, or both). */
function scoped(scope: InsightScope, sent: number, received: number): number {
  return scope === "all_feedback" ? sent + received : scope === "group" ? sent : received;
}

/** One person's insights for the range (the caller checked the viewer may read them). */
export async function personalInsights(db: Db, viewer: InsightsViewer, personId: string, filters: InsightsFilters, today: string): Promise<PersonalInsights> {
  const companyId = viewer.company.id;
  const r = rangeOf(filters, today);
  // The access rule rides along: someone who may not read them gets nothing but zeros.
  const person = sql`u.company_id = ${companyId} AND u.id = ${personId} AND ${mayReadInsightsOf(viewer, sql.raw("u.id"))}`;
  const [figures, tags] = await db.$client.batch([
    d1Statement(db, figuresStatement(companyId, person, r)),
    d1Statement(db, sql`SELECT t.* FROM (${personTags(companyId, personId, r)}) t WHERE EXISTS (SELECT 1 FROM users u WHERE ${person})`),
  ]);
  const rows = (figures.results as LeaderboardRow[]).map(numbers);
  const totals = rows[rows.length - 1];
  return {
    overview: {
      totalFeedbackSent: totals.feedback_sent,
      totalFeedbackReceived: totals.feedback_received,
      totalFeedbackRequested: totals.feedback_requested,
      totalPraiseSent: totals.praise_sent,
      totalPraiseReceived: totals.praise_received,
      totalSurveysSubmitted: totals.survey_submitted,
    },
    charts: chartsOf(tags.results as TagRow[]),
  };
}

/** A group's insights for the range, or withheld below the anonymity floor (app/modules/access/insights.server.ts). */
export async function groupInsights(db: Db, viewer: InsightsViewer, population: Population, filters: InsightsFilters, today: string): Promise<GroupInsights> {
  const companyId = viewer.company.id;
  const r = rangeOf(filters, today);
  const people = populationFilter(viewer, population);
  const members = populationIds(viewer, population);
  const [meta, figures, tags] = await db.$client.batch([
    d1Statement(
      db,
      sql`WITH m AS (SELECT count(*) AS n FROM users u WHERE ${people})
        SELECT n AS memberCount, ${groupWithheld(viewer, sql`n`, members, r.fromMs, r.toMs)} AS withheld FROM m`
    ),
    d1Statement(db, figuresStatement(companyId, people, r)),
    d1Statement(db, populationTags(companyId, members, r)),
  ]);
  const { memberCount, withheld } = meta.results[0] as { memberCount: number; withheld: number };
  if (withheld) return { withheld: true, memberCount };
  const { people: leaderboard, totals } = leaderboardFrom((figures.results as LeaderboardRow[]).map(numbers));
  const t = totals!;
  const overview: GroupOverview = {
    totalFeedbackCount: scoped(filters.scope, t.feedback_sent, t.feedback_received),
    totalFeedbackRequestCount: t.feedback_requested,
    totalPublicPraise: scoped(filters.scope, t.praise_sent, t.praise_received),
    totalSurveySubmittedCount: t.survey_submitted,
    userParticipatedCount: leaderboard.filter((row) => row.total > 0).length,
  };
  return { withheld: false, memberCount, overview, charts: chartsOf(tags.results as TagRow[]), leaderboard };
}

/** The groups filter's choices: Slack-type workspaces then channels, Teams-type groups; by name. */
export async function insightsGroupOptions(db: Db, viewer: InsightsViewer): Promise<InsightsGroupOption[]> {
  const companyId = viewer.company.id;
  const query =
    viewer.company.platform === "slack"
      ? sql`SELECT id, name, kind FROM (
          SELECT id, name, 'workspace' AS kind, 0 AS k FROM workspaces WHERE company_id = ${companyId}
          UNION ALL SELECT id, name, 'channel', 1 FROM channels WHERE company_id = ${companyId})
        ORDER BY k, name COLLATE NOCASE, id`
      : sql`SELECT id, name, 'group' AS kind FROM groups WHERE company_id = ${companyId} ORDER BY name COLLATE NOCASE, id`;
  return db.all<InsightsGroupOption>(query);
}

/** Whether the viewer may read this person's insights (and download them): app/modules/access/insights.server.ts. */
export async function mayReadPersonalInsights(db: Db, viewer: InsightsViewer, personId: string): Promise<boolean> {
  return mayRead(db, viewer, personId);
}
