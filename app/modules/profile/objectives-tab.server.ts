import { and, asc, eq } from "drizzle-orm";
import { objectives, type Kpi } from "~/db/schema";
import type { ProfileTabArgs } from "./tab-args";

/** At most this many objectives are listed (a person has a handful; the list says when there are more). */
export const OBJECTIVES_LIMIT = 200;

export interface ProfileObjective {
  id: string;
  name: string;
  description: string | null;
  weight: number;
  kind: "okr" | "performance-contract";
  /** The objective's key values (KPIs), as stored. */
  keyValues: Array<{
    name: string;
    description: string | null;
    period: string | null;
    target: string | null;
  }>;
}

export interface ObjectivesTabData {
  objectives: ProfileObjective[];
  more: boolean;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/**
 * The Objectives tab of one's own profile: the objectives the person owns (objectives.owner_id),
 * read-only, oldest first. The company's objectives without an owner are the questionnaires'
 * catalogue, not anyone's own, so they are not listed here.
 */
export async function loadObjectivesTab(args: ProfileTabArgs): Promise<ObjectivesTabData> {
  const { context, viewer, person } = args;
  const rows = await context.db
    .select({
      id: objectives.id,
      name: objectives.name,
      description: objectives.description,
      weight: objectives.weight,
      kind: objectives.docType,
      kpis: objectives.kpis,
    })
    .from(objectives)
    .where(and(eq(objectives.companyId, viewer.company.id), eq(objectives.ownerId, person.id)))
    .orderBy(asc(objectives.createdAt), asc(objectives.id))
    .limit(OBJECTIVES_LIMIT + 1);
  return {
    objectives: rows.slice(0, OBJECTIVES_LIMIT).map((r) => ({
      id: r.id,
      name: r.name,
      description: text(r.description),
      weight: Number(r.weight),
      kind: r.kind,
      keyValues: (Array.isArray(r.kpis) ? (r.kpis as Kpi[]) : []).map((k) => ({
        name: String(k?.name ?? ""),
        description: text(k?.description),
        period: text(k?.period),
        target: text(k?.target),
      })),
    })),
    more: rows.length > OBJECTIVES_LIMIT,
  };
}
