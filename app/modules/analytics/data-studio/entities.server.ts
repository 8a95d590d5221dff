import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { competencies, departments, groups, reviewCampaigns, roles, surveys, users } from "~/db/schema";
import { d1Statement } from "~/db/client.server";
import { dsCompanyRow, dsPersonVisible, dsReviewCampaignVisible, dsSurveyVisible } from "~/modules/access/data-studio.server";
import type { Viewer } from "~/modules/auth/session.server";
import { ref } from "./catalog.server";
import { ENTITY_TYPES, type EntityType } from "./query-types";

/**
 * The values a filter dropdown offers for an entity attribute (001 §7 list-entities {type}): the
 * company's departments, roles, groups and competencies, and the people, reviews and surveys the
 * viewer may see in Data Studio (the same rules as the query's rows), by name.
 */

/** A dropdown lists at most this many (the largest company's people fit). */
export const MAX_ENTITIES = 10_000;

type Source = { table: SQL; id: SQL; name: SQL; visible: (viewer: Viewer) => SQL };

const a = "e";
const SOURCES: Record<EntityType, Source> = {
  users: { table: sql`${users}`, id: ref(a, users.id), name: ref(a, users.name), visible: (viewer) => dsPersonVisible(viewer, a) },
  departments: { table: sql`${departments}`, id: ref(a, departments.id), name: ref(a, departments.name), visible: (viewer) => dsCompanyRow(viewer, a) },
  roles: { table: sql`${roles}`, id: ref(a, roles.id), name: ref(a, roles.name), visible: (viewer) => dsCompanyRow(viewer, a) },
  groups: { table: sql`${groups}`, id: ref(a, groups.id), name: ref(a, groups.name), visible: (viewer) => dsCompanyRow(viewer, a) },
  competencies: { table: sql`${competencies}`, id: ref(a, competencies.id), name: ref(a, competencies.name), visible: (viewer) => dsCompanyRow(viewer, a) },
  reviewCampaigns: {
    table: sql`${reviewCampaigns}`,
    id: ref(a, reviewCampaigns.id),
    name: ref(a, reviewCampaigns.title),
    visible: (viewer) => dsReviewCampaignVisible(viewer, a),
  },
  surveys: { table: sql`${surveys}`, id: ref(a, surveys.id), name: ref(a, surveys.title), visible: (viewer) => dsSurveyVisible(viewer, a) },
};

export function isEntityType(value: unknown): value is EntityType {
  return typeof value === "string" && (ENTITY_TYPES as readonly string[]).includes(value);
}

export function entitiesStatement(viewer: Viewer, type: EntityType): SQL {
  const source = SOURCES[type];
  return sql`SELECT ${source.id} AS id, ${source.name} AS name FROM ${source.table} ${sql.raw(a)}
    WHERE ${source.visible(viewer)} ORDER BY ${source.name} COLLATE NOCASE, ${source.id} LIMIT ${MAX_ENTITIES}`;
}

/** The company's entities of that type the viewer may pick; an unknown type lists nothing. */
export async function listEntities(context: AppLoadContext, viewer: Viewer, type: EntityType): Promise<Array<{ id: string; name: string }>> {
  if (!isEntityType(type)) return [];
  const { results } = await d1Statement(context.db, entitiesStatement(viewer, type)).all<{ id: string; name: string }>();
  return results.map((r) => ({ id: String(r.id), name: String(r.name ?? "") }));
}
