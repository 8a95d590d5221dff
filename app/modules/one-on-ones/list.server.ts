import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { inAdminView } from "~/modules/access/one-on-ones.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import type { OneOnOneState } from "~/modules/feedback/loop-types";
import { meetingDate } from "./meeting-machine";
import { engagementWindow, overviewOf, windowStart, type EngagementOverview, type OverviewRow } from "./overview";

/** Rows a tab shows a page. */
export const PAGE_SIZE = 25;
const MAX_PAGE = 1000;
const SEARCH_MAX = 100;

export type ListTab = "upcoming" | "past";

export interface OneOnOneListRow {
  id: string;
  state: OneOnOneState;
  /** The other party's name; in the ADMIN view, for a meeting one is not in, the reviewee's. */
  name: string;
  /** Set when the viewer is not a party (ADMIN view): whose meeting it is. */
  reviewerName: string | null;
  /** 001 §4: a closed meeting's start, any other's schedule; null is 'Not Scheduled'. */
  date: number | null;
}

export interface OneOnOnesPageData {
  tab: ListTab;
  q: string;
  page: number;
  hasNext: boolean;
  admin: boolean;
  rows: OneOnOneListRow[];
  overview: EngagementOverview;
}

/** Who lists: the viewer's company and id, as values or, read in the session lookup's batch, from the session row. */
interface Lister {
  company: SQL;
  me: SQL;
}
const listerOf = (viewer: Viewer): Lister => ({ company: sql`${viewer.company.id}`, me: sql`${viewer.user.id}` });
const sessionLister = (sessionId: string): Lister => ({
  company: sql`(SELECT company_id FROM sessions WHERE id = ${sessionId})`,
  me: sql`(SELECT user_id FROM sessions WHERE id = ${sessionId})`,
});

/**
 * The meetings a viewer lists, as ids, each branch on an index: their own (as reviewer, as
 * reviewee) in the USER view, the company's in the ADMIN view.
 */
function scopeSql({ company, me }: Lister, admin: boolean): SQL {
  return admin
    ? sql`SELECT id FROM one_on_ones WHERE company_id = ${company}`
    : sql`SELECT id FROM one_on_ones WHERE company_id = ${company} AND reviewer_id = ${me}
          UNION SELECT id FROM one_on_ones WHERE company_id = ${company} AND reviewee_id = ${me}`;
}

type ListRaw = { id: string; state: OneOnOneState; scheduled_at: number | null; start_at: number | null; reviewer_id: string; reviewee_id: string; reviewer_name: string; reviewee_name: string };

function listSql(lister: Lister, admin: boolean, tab: ListTab, q: string, page: number): SQL {
  const { me } = lister;
  const other = sql`CASE WHEN o.reviewer_id = ${me} THEN e.name WHEN o.reviewee_id = ${me} THEN r.name ELSE r.name || ' ' || e.name END`;
  const search = q ? sql`AND instr(lower(${other}), lower(${q})) > 0` : sql``;
  const tabWhere = tab === "past" ? sql`o.state = 'closed'` : sql`o.state <> 'closed'`;
  const order =
    tab === "past"
      ? sql`ORDER BY COALESCE(o.start_at, o.scheduled_at) DESC, o.id`
      : sql`ORDER BY o.scheduled_at IS NULL, o.scheduled_at, o.id`;
  return sql`WITH scope AS (${scopeSql(lister, admin)})
    SELECT o.id, o.state, o.scheduled_at, o.start_at, o.reviewer_id, o.reviewee_id, r.name AS reviewer_name, e.name AS reviewee_name
    FROM scope s JOIN one_on_ones o ON o.id = s.id
    JOIN users r ON r.id = o.reviewer_id AND r.company_id = o.company_id
    JOIN users e ON e.id = o.reviewee_id AND e.company_id = o.company_id
    WHERE ${tabWhere} ${search}
    ${order} LIMIT ${PAGE_SIZE + 1} OFFSET ${(page - 1) * PAGE_SIZE}`;
}

/** One row of aggregates: the window's meetings, and the submitted AI feedbacks of those meetings. */
export function overviewSql(lister: Lister, admin: boolean, from: number): SQL {
  const c = lister.company;
  return sql`WITH scope AS (${scopeSql(lister, admin)}),
    m AS (
      SELECT o.id, o.state FROM scope s JOIN one_on_ones o ON o.id = s.id
      WHERE COALESCE(CASE WHEN o.state = 'closed' THEN o.start_at END, o.scheduled_at, o.created_at) >= ${from}
    ),
    f AS (
      SELECT m.state, a.ai_score, a.specificity_score, a.actionability_score, a.tone_category, a.focus_category
      FROM m JOIN ai_feedbacks a ON a.one_on_one_id = m.id AND a.company_id = ${c} AND a.is_submitted = 1
    )
    SELECT (SELECT count(*) FROM m) AS scheduled,
      (SELECT count(*) FROM m WHERE state = 'closed') AS completed,
      (SELECT count(*) FROM f WHERE state = 'closed') AS completed_ai,
      (SELECT avg(ai_score) FROM f) AS avg_ai,
      (SELECT avg(specificity_score) FROM f) AS avg_specificity,
      (SELECT avg(actionability_score) FROM f) AS avg_actionability,
      (SELECT tone_category FROM f WHERE tone_category IS NOT NULL GROUP BY tone_category ORDER BY count(*) DESC, tone_category LIMIT 1) AS tone,
      (SELECT focus_category FROM f WHERE focus_category IS NOT NULL GROUP BY focus_category ORDER BY count(*) DESC, focus_category LIMIT 1) AS focus`;
}

interface ListQuery {
  tab: ListTab;
  q: string;
  months: ReturnType<typeof engagementWindow>;
  page: number;
}

function listQueryOf(url: URL): ListQuery {
  return {
    tab: url.searchParams.get("tab") === "past" ? "past" : "upcoming",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    months: engagementWindow(url.searchParams.get("months")),
    page: Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1))),
  };
}

/**
 * The list page's loader read (ViewAiFeedback): the tab's rows and the overview of the viewer's
 * own meetings ride in the session lookup's D1 batch, one round trip; in the ADMIN view the
 * company's are read in a second batch.
 */
export async function requireOneOnOnesPage(request: Request, context: AppLoadContext, now = Date.now()): Promise<OneOnOnesPageData> {
  const query = listQueryOf(new URL(request.url));
  const from = windowStart(now, query.months);
  const [{ viewer, rows: list }, { rows: overview }] = await Promise.all([
    requirePermissionWith<ListRaw>(request, context, "ViewAiFeedback", (sessionId) => listSql(sessionLister(sessionId), false, query.tab, query.q, query.page)),
    requirePermissionWith<OverviewRow>(request, context, "ViewAiFeedback", (sessionId) => overviewSql(sessionLister(sessionId), false, from)),
  ]);
  if (inAdminView(viewer)) return readOneOnOnesPage(context.db, viewer, query, from);
  return pageOf(viewer, query, false, list, overview[0]);
}

async function readOneOnOnesPage(db: Db, viewer: Viewer, query: ListQuery, from: number): Promise<OneOnOnesPageData> {
  const lister = listerOf(viewer);
  const [list, overview] = await db.$client.batch([
    d1Statement(db, listSql(lister, true, query.tab, query.q, query.page)),
    d1Statement(db, overviewSql(lister, true, from)),
  ]);
  return pageOf(viewer, query, true, list.results as ListRaw[], overview.results[0] as OverviewRow | undefined);
}

function pageOf(viewer: Viewer, { tab, q, months, page }: ListQuery, admin: boolean, raw: ListRaw[], overview: OverviewRow | undefined): OneOnOnesPageData {
  const me = viewer.user.id;
  const rows = raw.slice(0, PAGE_SIZE).map((r) => {
    const party = r.reviewer_id === me || r.reviewee_id === me;
    return {
      id: r.id,
      state: r.state,
      name: r.reviewer_id === me ? r.reviewee_name : r.reviewee_id === me ? r.reviewer_name : r.reviewee_name,
      reviewerName: party ? null : r.reviewer_name,
      date: meetingDate({ state: r.state, scheduledAt: r.scheduled_at, startAt: r.start_at }),
    };
  });
  return { tab, q, page, hasNext: raw.length > PAGE_SIZE, admin, rows, overview: overviewOf(overview, months) };
}
