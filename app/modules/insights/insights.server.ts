import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { inMyTeam, isManagerOf, mayReadEveryone } from "~/modules/access/people.server";
import type { Viewer } from "~/modules/auth/session.server";
import { rangeEnd, type InsightsFilters } from "./filters";
import { leaderboardFrom, percent } from "./leaderboard";
import type { ChartItem, GroupInsights, InsightsCharts, InsightsGroupOption, LeaderboardRow, PersonalInsights } from "./types";

/*
 * TEMPORARY stand-in so the pages can be seen working before the real roll-up reads land: it sums
 * feedback_daily_counts and feedback_competency_counts over the range. Never withholds.
 */

type InsightsViewer = Pick<Viewer, "user" | "company" | "permissions">;

export type Population =
  | { kind: "department"; departmentId: string }
  | { kind: "relationship"; relationshipId: string }
  | { kind: "group"; groupId: string }
  | { kind: "workspaceOrChannel"; groupIds: string[] };

const ms = (day: string, end = false) => Date.parse(`${day}T00:00:00Z`) + (end ? 86_400_000 : 0);

async function all<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await d1Statement(db, query).all()).results ?? []) as T[];
}

function memberIds(viewer: InsightsViewer, population: Population): SQL {
  const c = viewer.company.id;
  switch (population.kind) {
    case "department":
      return sql`SELECT id FROM users WHERE company_id = ${c} AND is_deleted = 0 AND department_id = ${population.departmentId}`;
    case "relationship":
      return population.relationshipId === "default"
        ? sql`SELECT u.id FROM users u WHERE u.company_id = ${c} AND u.is_deleted = 0 AND ${inMyTeam(c, viewer.user.id, sql`u.id`)}`
        : sql`SELECT m.user_id FROM custom_relationship_members m JOIN users u ON u.id = m.user_id WHERE m.company_id = ${c} AND u.is_deleted = 0 AND m.relationship_id = ${population.relationshipId}`;
    case "group":
      return sql`SELECT m.user_id FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.company_id = ${c} AND u.is_deleted = 0 AND m.group_id = ${population.groupId}`;
    case "workspaceOrChannel": {
      if (population.groupIds.length === 0) return sql`SELECT id FROM users WHERE company_id = ${c} AND is_deleted = 0`;
      const ids = sql.join(population.groupIds.map((id) => sql`${id}`), sql`, `);
      return sql`SELECT u.id FROM users u WHERE u.company_id = ${c} AND u.is_deleted = 0 AND (
        u.id IN (SELECT user_id FROM workspace_members WHERE company_id = ${c} AND workspace_id IN (${ids}))
        OR u.id IN (SELECT user_id FROM channel_members WHERE company_id = ${c} AND channel_id IN (${ids}))
        OR u.id IN (SELECT user_id FROM group_members WHERE company_id = ${c} AND group_id IN (${ids})))`;
    }
  }
}

async function charts(db: Db, companyId: string, people: SQL, start: string, end: string): Promise<InsightsCharts> {
  const rows = await all<{ competencyId: string; behaviourId: string; behaviourType: string; n: number; cname: string; bname: string | null }>(
    db,
    sql`SELECT f.competency_id AS competencyId, f.behaviour_id AS behaviourId, f.behaviour_type AS behaviourType, SUM(f.count) AS n,
          c.name AS cname, b.name AS bname
        FROM feedback_competency_counts f JOIN competencies c ON c.id = f.competency_id
        LEFT JOIN behaviours b ON b.id = f.behaviour_id
        WHERE f.company_id = ${companyId} AND f.day >= ${start} AND f.day <= ${end} AND f.user_id IN (${people})
        GROUP BY f.competency_id, f.behaviour_id, f.behaviour_type`
  );
  const pick = (keep: (r: (typeof rows)[number]) => boolean, type: ChartItem["behaviourType"]): ChartItem[] => {
    const chosen = rows.filter(keep);
    const total = chosen.reduce((s, r) => s + r.n, 0);
    return chosen
      .map((r) => ({
        id: type ? r.behaviourId : r.competencyId,
        dimensionId: r.competencyId,
        name: type ? (r.bname ?? r.behaviourId) : r.cname,
        title: r.cname,
        behaviourType: type,
        count: r.n,
        avg: percent(r.n, total),
      }))
      .sort((a, b) => b.count - a.count);
  };
  return {
    competency: pick((r) => r.behaviourId === "", ""),
    strengthCompetency: pick((r) => r.behaviourId !== "" && r.behaviourType === "strength", "strength"),
    developmentCompetency: pick((r) => r.behaviourId !== "" && r.behaviourType === "developmentArea", "developmentArea"),
  };
}

export async function personalInsights(db: Db, viewer: InsightsViewer, personId: string, filters: InsightsFilters, today: string): Promise<PersonalInsights> {
  const c = viewer.company.id;
  const end = rangeEnd(filters, today);
  const [sums] = await all<Record<string, number | null>>(
    db,
    sql`SELECT SUM(sent) s, SUM(received) r, SUM(requested) q, SUM(praise_sent) ps, SUM(praise_received) pr
        FROM feedback_daily_counts WHERE company_id = ${c} AND user_id = ${personId} AND day >= ${filters.startDate} AND day <= ${end}`
  );
  const [surveys] = await all<{ n: number }>(
    db,
    sql`SELECT COUNT(*) n FROM survey_recipients sr JOIN survey_runs r ON r.id = sr.run_id
        WHERE sr.company_id = ${c} AND sr.user_id = ${personId} AND sr.responded = 1 AND r.launched_at >= ${ms(filters.startDate)} AND r.launched_at < ${ms(end, true)}`
  );
  return {
    overview: {
      totalFeedbackSent: sums?.s ?? 0,
      totalFeedbackReceived: sums?.r ?? 0,
      totalFeedbackRequested: sums?.q ?? 0,
      totalPraiseSent: sums?.ps ?? 0,
      totalPraiseReceived: sums?.pr ?? 0,
      totalSurveysSubmitted: surveys?.n ?? 0,
    },
    charts: await charts(db, c, sql`${personId}`, filters.startDate, end),
  };
}

export async function groupInsights(db: Db, viewer: InsightsViewer, population: Population, filters: InsightsFilters, today: string): Promise<GroupInsights> {
  const c = viewer.company.id;
  const end = rangeEnd(filters, today);
  const people = memberIds(viewer, population);
  const rows = await all<{ id: string; name: string; s: number; r: number; q: number; ps: number; pr: number; sv: number }>(
    db,
    sql`SELECT u.id, u.name,
          COALESCE((SELECT SUM(sent) FROM feedback_daily_counts d WHERE d.company_id = ${c} AND d.user_id = u.id AND d.day >= ${filters.startDate} AND d.day <= ${end}), 0) s,
          COALESCE((SELECT SUM(received) FROM feedback_daily_counts d WHERE d.company_id = ${c} AND d.user_id = u.id AND d.day >= ${filters.startDate} AND d.day <= ${end}), 0) r,
          COALESCE((SELECT SUM(requested) FROM feedback_daily_counts d WHERE d.company_id = ${c} AND d.user_id = u.id AND d.day >= ${filters.startDate} AND d.day <= ${end}), 0) q,
          COALESCE((SELECT SUM(praise_sent) FROM feedback_daily_counts d WHERE d.company_id = ${c} AND d.user_id = u.id AND d.day >= ${filters.startDate} AND d.day <= ${end}), 0) ps,
          COALESCE((SELECT SUM(praise_received) FROM feedback_daily_counts d WHERE d.company_id = ${c} AND d.user_id = u.id AND d.day >= ${filters.startDate} AND d.day <= ${end}), 0) pr,
          (SELECT COUNT(*) FROM survey_recipients sr JOIN survey_runs sr2 ON sr2.id = sr.run_id WHERE sr.company_id = ${c} AND sr.user_id = u.id AND sr.responded = 1
             AND sr2.launched_at >= ${ms(filters.startDate)} AND sr2.launched_at < ${ms(end, true)}) sv
        FROM users u WHERE u.company_id = ${c} AND u.id IN (${people})`
  );
  const lines: LeaderboardRow[] = rows.map((p) => ({
    userId: p.id,
    user_name: p.name,
    feedback_sent: p.s,
    feedback_received: p.r,
    feedback_requested: p.q,
    praise_sent: p.ps,
    praise_received: p.pr,
    survey_submitted: p.sv,
    total: p.s + p.r + p.q + p.ps + p.pr + p.sv,
  }));
  const sum = (k: keyof LeaderboardRow) => lines.reduce((s, l) => s + (l[k] as number), 0);
  const totals: LeaderboardRow = { userId: "", user_name: "", feedback_sent: sum("feedback_sent"), feedback_received: sum("feedback_received"), feedback_requested: sum("feedback_requested"), praise_sent: sum("praise_sent"), praise_received: sum("praise_received"), survey_submitted: sum("survey_submitted"), total: sum("total") };
  const { people: board } = leaderboardFrom([...lines, totals]);
  const feedback = filters.scope === "all_feedback" ? totals.feedback_sent + totals.feedback_received : filters.scope === "group" ? totals.feedback_sent : totals.feedback_received;
  return {
    withheld: false,
    memberCount: lines.length,
    overview: {
      totalFeedbackCount: feedback,
      totalFeedbackRequestCount: totals.feedback_requested,
      totalPublicPraise: totals.praise_sent,
      totalSurveySubmittedCount: totals.survey_submitted,
      userParticipatedCount: lines.filter((l) => l.total > 0).length,
    },
    charts: await charts(db, c, people, filters.startDate, end),
    leaderboard: board,
  };
}

export async function insightsGroupOptions(db: Db, viewer: InsightsViewer): Promise<InsightsGroupOption[]> {
  const c = viewer.company.id;
  if (viewer.company.platform === "slack") {
    const ws = await all<{ id: string; name: string }>(db, sql`SELECT id, name FROM workspaces WHERE company_id = ${c} ORDER BY name`);
    const ch = await all<{ id: string; name: string }>(db, sql`SELECT id, name FROM channels WHERE company_id = ${c} ORDER BY name`);
    return [...ws.map((w) => ({ ...w, kind: "workspace" as const })), ...ch.map((x) => ({ ...x, kind: "channel" as const }))];
  }
  const gs = await all<{ id: string; name: string }>(db, sql`SELECT id, name FROM groups WHERE company_id = ${c} ORDER BY name`);
  return gs.map((g) => ({ ...g, kind: "group" as const }));
}

export async function mayReadPersonalInsights(db: Db, viewer: InsightsViewer, personId: string): Promise<boolean> {
  if (personId === viewer.user.id || mayReadEveryone(viewer)) return true;
  const [row] = await all<{ ok: number }>(db, sql`SELECT ${isManagerOf(viewer.company.id, viewer.user.id, personId)} AS ok`);
  return Boolean(row?.ok);
}
