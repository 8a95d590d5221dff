import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { KeyResultDirection, ObjectiveKind } from "./objective-types";
import { objectiveProgress } from "./person-objectives-progress";
import type { KeyResultInput } from "./objective-records";

/**
 * A person's objectives as other areas show them (the review questionnaire's objective questions,
 * the review to-do panel, the 1-on-1's Objectives card): the objectives of the person's launched
 * objectives campaigns whose dates overlap `period` (all launched campaigns without one), oldest
 * first, at most `limit`, each with its key results or KPIs. Callers have already checked that
 * the viewer may see the person.
 */
export interface PersonObjective {
  id: string;
  name: string;
  description: string | null;
  weight: number;
  kind: ObjectiveKind;
  campaignId: string;
  campaignTitle: string;
  /** The participant's approval: the manager (or an admin) approved the set. */
  approved: boolean;
  /** 0–100, the mean progress of its key results; null when none has a target. */
  progress: number | null;
  /** Key results or KPIs as stored (an income-statement KPI: a review rating it needs its actual, 000 §5). */
  keyResults: Array<
    Pick<KeyResultInput, "id" | "name" | "description" | "period" | "subRole" | "client" | "industry" | "incomeStatement" | "target" | "unit"> & {
      actual: number | null;
    }
  >;
}

type Row = {
  id: string;
  name: string;
  description: string | null;
  weight: number;
  kind: ObjectiveKind;
  campaign_id: string;
  campaign_title: string;
  approved: number;
  key_results: string;
};

type KeyResultRow = {
  id: string;
  name: string;
  description: string | null;
  period: string | null;
  sub_role: string | null;
  client: string | null;
  industry: string | null;
  income_statement: number;
  target: number | null;
  actual: number | null;
  start_value: number | null;
  unit: string | null;
  direction: KeyResultDirection | null;
};

/** The most objectives one read returns: a person sets a handful per campaign. */
const MAX_LIMIT = 200;

/**
 * One statement: the person's participations (objectives_participants_user) in launched campaigns
 * overlapping the period, their objectives there (objectives_owner), each with its key results
 * gathered by position (objective_key_results_objective).
 */
export function personObjectivesSql(
  companyId: SQL | string,
  userId: SQL | string,
  options: { period?: { from: SQL | number; to: SQL | number }; limit?: number }
): SQL {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? MAX_LIMIT)));
  const overlaps = options.period ? sql`AND c.start_at <= ${options.period.to} AND c.end_at >= ${options.period.from}` : sql``;
  return sql`
    SELECT o.id, o.name, o.description, o.weight, o.doc_type AS kind, c.id AS campaign_id, c.title AS campaign_title,
      op.state = 'approved' AS approved,
      (SELECT json_group_array(json_object('id', k.id, 'name', k.name, 'description', k.description, 'period', k.period,
          'sub_role', k.sub_role, 'client', k.client, 'industry', k.industry, 'income_statement', k.income_statement,
          'target', k.target, 'actual', k.actual, 'start_value', k.start_value, 'unit', k.unit, 'direction', k.direction))
        FROM (SELECT * FROM objective_key_results k WHERE k.objective_id = o.id AND k.company_id = o.company_id ORDER BY k.position) k) AS key_results
    FROM objectives_participants op
    JOIN objectives_campaigns c ON c.id = op.campaign_id AND c.company_id = op.company_id AND c.state = 'launched' ${overlaps}
    JOIN objectives o ON o.company_id = op.company_id AND o.owner_id = op.user_id AND o.campaign_id = op.campaign_id
    WHERE op.company_id = ${companyId} AND op.user_id = ${userId}
    ORDER BY c.start_at, o.created_at, o.id
    LIMIT ${limit}`;
}

export type PersonObjectiveRow = Row;

export function personObjectivesOf(rows: Row[]): PersonObjective[] {
  return rows.map((r) => {
    const keyResults = (JSON.parse(r.key_results || "[]") as KeyResultRow[]).map((k) => ({
      id: k.id,
      name: k.name,
      description: k.description,
      period: k.period,
      subRole: k.sub_role,
      client: k.client,
      industry: k.industry,
      incomeStatement: Boolean(k.income_statement),
      target: k.target,
      actual: k.actual,
      unit: k.unit,
      figures: { target: k.target, actual: k.actual, startValue: k.start_value, direction: k.direction },
    }));
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      weight: r.weight,
      kind: r.kind,
      campaignId: r.campaign_id,
      campaignTitle: r.campaign_title,
      approved: Boolean(r.approved),
      progress: objectiveProgress(keyResults.map((k) => k.figures)),
      keyResults: keyResults.map(({ figures: _figures, ...k }) => k),
    };
  });
}

export async function personObjectives(
  db: Db,
  companyId: string,
  userId: string,
  options: { period?: { from: number; to: number }; limit?: number } = {}
): Promise<PersonObjective[]> {
  return personObjectivesOf(await db.all<Row>(personObjectivesSql(companyId, userId, options)));
}
