import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { groups } from "~/db/schema";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { mayReadEveryone } from "~/modules/access/people.server";
import type { Viewer } from "~/modules/auth/session.server";
import { findDepartment } from "~/modules/org/departments.server";
import { pageParam } from "~/modules/org/team.server";
import type { InsightsCardData } from "./components/insights-view";
import { dayString, parseInsightsFilters, type InsightsKind } from "./filters";
import { LEADERBOARD_PAGE_PARAM } from "./leaderboard";
import { groupInsights, insightsGroupOptions, type Population } from "./insights.server";

/**
 * The shared work of every group insights page's loader (department, group, relationship,
 * channel, workspace): the filters from the query string, the figures, and what the card may
 * offer this viewer. The route has already checked the permission and found the record in the
 * viewer's company.
 */

type GroupCard = Extract<InsightsCardData, { kind: "group" }>;

/** People a leaderboard page lists. */
export const LEADERBOARD_PAGE_SIZE = 50;

/** Where the leaderboard's View links lead: the Users pages for whoever reads every person. */
export const ORG_USERS_PATH = "/organization/settings/users";

export interface GroupCardOptions {
  kind: InsightsKind;
  /** Whose figures: fixed by the page, or from the groups filter (workspace insights). */
  population: Population | "groups-filter";
  /** Whether the feedback type select shows; without it a feedbackType in the URL is ignored. */
  showScope: boolean;
  profileBase: string | null;
  parts?: GroupCard["parts"];
}

export async function groupInsightsCard(db: Db, viewer: Viewer, url: URL, options: GroupCardOptions): Promise<GroupCard> {
  const today = dayString(new Date());
  const params = new URLSearchParams(url.searchParams);
  if (!options.showScope) params.delete("feedbackType");
  const groupOptions = options.population === "groups-filter" ? await insightsGroupOptions(db, viewer) : undefined;
  const filters = parseInsightsFilters(params, {
    kind: options.kind,
    platform: viewer.company.platform,
    today,
    ...(groupOptions ? { groupIds: groupOptions.map((g) => g.id) } : {}),
  });
  if (!groupOptions) filters.groupIds = [];
  const population: Population = options.population === "groups-filter" ? { kind: "workspaceOrChannel", groupIds: filters.groupIds } : options.population;
  const insights = await groupInsights(db, viewer, population, filters, today);
  // The whole leaderboard is read (it is sorted by total), but a page of it is sent: 5,000 rows are megabytes of HTML.
  const total = insights.withheld ? 0 : insights.leaderboard.length;
  const pages = Math.max(1, Math.ceil(total / LEADERBOARD_PAGE_SIZE));
  // Its own parameter: the members card beside it pages with ?page=.
  const page = Math.min(pageParam(url, LEADERBOARD_PAGE_PARAM), pages);
  if (!insights.withheld) insights.leaderboard = insights.leaderboard.slice((page - 1) * LEADERBOARD_PAGE_SIZE, page * LEADERBOARD_PAGE_SIZE);
  const query = new URLSearchParams(url.searchParams);
  query.delete(LEADERBOARD_PAGE_PARAM);
  return {
    kind: "group",
    filters,
    showScope: options.showScope,
    ...(groupOptions ? { groupOptions } : {}),
    insights,
    leaderboardPage: { page, pages, total, query: query.toString() },
    minimum: anonymityMinimum(viewer.company.anonymityFloor),
    viewerId: viewer.user.id,
    profileBase: options.profileBase,
    parts: options.parts ?? { overview: true, leaderboard: true },
  };
}

/** The Users pages for whoever reads every person; no link otherwise. */
export function orgProfileBase(viewer: Pick<Viewer, "permissions">): string | null {
  return mayReadEveryone(viewer) ? ORG_USERS_PATH : null;
}

/** A department of the viewer's company, or null (404). */
export function findInsightsDepartment(db: Db, viewer: Viewer, departmentId: string) {
  return findDepartment(db, viewer.company.id, departmentId);
}

/** A group of the viewer's company, or null (404). */
export async function findInsightsGroup(db: Db, viewer: Viewer, groupId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, viewer.company.id)))
    .limit(1);
  return row ?? null;
}
