import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { objectivesCampaigns } from "~/db/schema";
import { PARTICIPANT_STATES, type ParticipantState } from "./objective-types";

/** What the objectives campaign pages read (001 §2): the list, one campaign, and its participants. */

export const PARTICIPANTS_PAGE = 50;
const LIST_MAX = 500;

export async function listCampaigns(db: Db, companyId: string) {
  const rows = await db
    .select({
      id: objectivesCampaigns.id,
      title: objectivesCampaigns.title,
      startAt: objectivesCampaigns.startAt,
      endAt: objectivesCampaigns.endAt,
      state: objectivesCampaigns.state,
    })
    .from(objectivesCampaigns)
    .where(eq(objectivesCampaigns.companyId, companyId))
    .orderBy(desc(objectivesCampaigns.createdAt), objectivesCampaigns.id)
    .limit(LIST_MAX);
  return rows.map((r) => ({ ...r, startAt: r.startAt.getTime(), endAt: r.endAt.getTime() }));
}

/** The campaign of the viewer's company, or null (another company's id is not there). */
export async function findCampaign(db: Db, companyId: string, id: string) {
  if (!id || id.length > 100) return null;
  const [row] = await db
    .select()
    .from(objectivesCampaigns)
    .where(and(eq(objectivesCampaigns.id, id), eq(objectivesCampaigns.companyId, companyId)))
    .limit(1);
  return row ?? null;
}
export type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export interface ParticipantFilter {
  q: string;
  state: ParticipantState | null;
  page: number;
}

export function participantFilterOf(url: URL): ParticipantFilter {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const s = url.searchParams.get("state");
  const state = (PARTICIPANT_STATES as readonly string[]).includes(s ?? "") ? (s as ParticipantState) : null;
  const n = Number(url.searchParams.get("page") ?? "1");
  return { q, state, page: Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1 };
}

export interface ParticipantRow {
  userId: string;
  name: string;
  department: string | null;
  state: ParticipantState;
  objectives: number;
  submittedAt: number | null;
  approvedAt: number | null;
  remindedAt: number | null;
}

/**
 * The manage page's numbers and one page of participants (by name), searched by name or e-mail
 * and filtered by state; each page's objective counts are read for its 50 people only.
 */
export async function campaignParticipants(db: Db, campaign: Pick<CampaignRow, "id" | "companyId">, filter: ParticipantFilter) {
  const counts = Object.fromEntries(PARTICIPANT_STATES.map((s) => [s, 0])) as Record<ParticipantState, number>;
  const countRows = await db.all<{ state: ParticipantState; n: number }>(
    sql`SELECT state, count(*) AS n FROM objectives_participants WHERE company_id = ${campaign.companyId} AND campaign_id = ${campaign.id} GROUP BY state`
  );
  for (const r of countRows) counts[r.state] = Number(r.n);
  const like = filter.q ? `%${filter.q.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%` : null;
  // People first, in the order of the users' (company, name NOCASE, id) index, each probed in the
  // participants' key: a page reads about its 50 rows, not the campaign's 5,000.
  const people = sql`users u JOIN objectives_participants p ON p.campaign_id = ${campaign.id} AND p.user_id = u.id AND p.company_id = u.company_id`;
  const where = sql`u.company_id = ${campaign.companyId}
    ${filter.state ? sql`AND p.state = ${filter.state}` : sql``}
    ${like ? sql`AND (u.name LIKE ${like} ESCAPE '\\' OR u.email LIKE ${like} ESCAPE '\\')` : sql``}`;
  // Without a search the counts by state already say how many match.
  const total = like
    ? Number((await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${people} WHERE ${where}`))[0]?.n ?? 0)
    : filter.state
      ? counts[filter.state]
      : PARTICIPANT_STATES.reduce((n, s) => n + counts[s], 0);
  const rows = await db.all<{
    userId: string;
    name: string;
    department: string | null;
    state: ParticipantState;
    submittedAt: number | null;
    approvedAt: number | null;
    remindedAt: number | null;
  }>(
    sql`SELECT p.user_id AS userId, u.name AS name, d.name AS department, p.state AS state, p.submitted_at AS submittedAt,
        p.approved_at AS approvedAt, p.reminded_at AS remindedAt
      FROM ${people} LEFT JOIN departments d ON d.id = u.department_id AND d.company_id = u.company_id
      WHERE ${where}
      ORDER BY u.name COLLATE NOCASE, u.id LIMIT ${PARTICIPANTS_PAGE} OFFSET ${(filter.page - 1) * PARTICIPANTS_PAGE}`
  );
  const objectiveCounts = new Map<string, number>();
  if (rows.length > 0) {
    const ids = JSON.stringify(rows.map((r) => r.userId));
    const found = await db.all<{ ownerId: string; n: number }>(
      sql`SELECT owner_id AS ownerId, count(*) AS n FROM objectives WHERE company_id = ${campaign.companyId} AND campaign_id = ${campaign.id}
        AND owner_id IN (SELECT value FROM json_each(${ids})) GROUP BY owner_id`
    );
    for (const r of found) objectiveCounts.set(r.ownerId, Number(r.n));
  }
  const participants: ParticipantRow[] = rows.map((r) => ({ ...r, objectives: objectiveCounts.get(r.userId) ?? 0 }));
  return { counts, total, participants };
}
