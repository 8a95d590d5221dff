import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customRelationships, departments, groups, reviewCampaigns, users } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";

/** Route parameters that name a record of the viewer's company (and so get a breadcrumb label). */
export const LABELLED_PARAMS = ["userId", "relationshipId", "groupId", "departmentId", "activeReviewId"] as const;
export type LabelledParam = (typeof LABELLED_PARAMS)[number];

/** "default" is My Team, the built-in relationship (DESIGN.md route clarifications). */
export const DEFAULT_RELATIONSHIP_ID = "default";

/**
 * Names for the id parameters of a path, looked up in the viewer's company only, in one D1 round
 * trip. An id that is not a record of that company is reported as missing: callers answer 404
 * (another company's record is indistinguishable from no record).
 */
export async function resolveCrumbLabels(
  db: Db,
  companyId: string,
  params: Record<string, string | undefined>,
): Promise<{ labels: Record<string, string>; missing: LabelledParam[] }> {
  const labels: Record<string, string> = {};
  const lookups: Array<{ param: LabelledParam; query: ReturnType<typeof nameQuery> }> = [];
  for (const param of LABELLED_PARAMS) {
    const value = params[param];
    if (value === undefined) continue;
    if (param === "relationshipId" && value === DEFAULT_RELATIONSHIP_ID) {
      labels[param] = sharedCopy.myTeam;
      continue;
    }
    lookups.push({ param, query: nameQuery(db, companyId, param, value) });
  }
  if (lookups.length === 0) return { labels, missing: [] };
  const [first, ...rest] = lookups.map((l) => l.query);
  const results = await db.batch([first, ...rest]);
  const missing: LabelledParam[] = [];
  lookups.forEach(({ param }, i) => {
    const row = (results[i] as Array<{ name: string }>)[0];
    if (row) labels[param] = row.name;
    else missing.push(param);
  });
  return { labels, missing };
}

function nameQuery(db: Db, companyId: string, param: LabelledParam, id: string) {
  switch (param) {
    case "userId":
      return db.select({ name: users.name }).from(users).where(and(eq(users.id, id), eq(users.companyId, companyId))).limit(1);
    case "relationshipId":
      return db
        .select({ name: customRelationships.name })
        .from(customRelationships)
        .where(and(eq(customRelationships.id, id), eq(customRelationships.companyId, companyId)))
        .limit(1);
    case "groupId":
      return db.select({ name: groups.name }).from(groups).where(and(eq(groups.id, id), eq(groups.companyId, companyId))).limit(1);
    case "departmentId":
      return db
        .select({ name: departments.name })
        .from(departments)
        .where(and(eq(departments.id, id), eq(departments.companyId, companyId)))
        .limit(1);
    case "activeReviewId":
      return db
        .select({ name: reviewCampaigns.title })
        .from(reviewCampaigns)
        .where(and(eq(reviewCampaigns.id, id), eq(reviewCampaigns.companyId, companyId)))
        .limit(1);
  }
}
