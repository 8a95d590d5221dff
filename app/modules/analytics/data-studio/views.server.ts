import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dataStudioViews } from "~/db/schema";
import type { QueryDocument } from "./query-types";
import { VIEW_COLUMNS, viewRecord } from "./view-record";

/**
 * Saved Data Studio views (001 §3 view: id, title, view; §7 list-views, save-view). A view is its
 * author's own: every read and write names the company and the author, so another person's or
 * another company's view id is simply not found, and an update of one writes nothing.
 */

export interface ViewOwner {
  companyId: string;
  userId: string;
}

/** The author's views, newest change first (the Load View selector). */
export async function listViews(db: Db, owner: ViewOwner) {
  return db
    .select({ id: dataStudioViews.id, title: dataStudioViews.title })
    .from(dataStudioViews)
    .where(and(eq(dataStudioViews.companyId, owner.companyId), eq(dataStudioViews.userId, owner.userId)))
    .orderBy(desc(dataStudioViews.updatedAt), dataStudioViews.title);
}
export type ViewListItem = Awaited<ReturnType<typeof listViews>>[number];

/**
 * The page's first read riding in the session lookup's D1 batch (requirePermissionWith): the
 * session's person's views, newest change first, with the query of `viewId` when it is one of them.
 */
export function sessionViewsStatement(sessionId: string, viewId: string | null): SQL {
  return sql`SELECT ${dataStudioViews.id} AS id, ${dataStudioViews.title} AS title,
      CASE WHEN ${dataStudioViews.id} = ${viewId ?? ""} THEN ${dataStudioViews.view} END AS view
    FROM ${dataStudioViews}
    WHERE ${dataStudioViews.companyId} = (SELECT company_id FROM sessions WHERE id = ${sessionId})
      AND ${dataStudioViews.userId} = (SELECT user_id FROM sessions WHERE id = ${sessionId})
    ORDER BY ${dataStudioViews.updatedAt} DESC, ${dataStudioViews.title}`;
}
export type SessionViewRow = { id: string; title: string; view: string | null };

/**
 * Save View: a new view without `viewId`, else the author's view of that id updated in one
 * guarded statement (`notFound` when it is not theirs, nothing written).
 */
export async function saveView(
  db: Db,
  owner: ViewOwner,
  input: { viewId: string | null; title: string; view: QueryDocument },
  now = Date.now()
): Promise<{ ok: true; id: string } | { ok: false; reason: "notFound" }> {
  if (input.viewId) {
    const result = await db.$client
      .prepare("UPDATE data_studio_views SET title = ?1, view = ?2, updated_at = ?3 WHERE id = ?4 AND company_id = ?5 AND user_id = ?6")
      .bind(input.title.trim(), JSON.stringify(input.view), now, input.viewId, owner.companyId, owner.userId)
      .run();
    return result.meta.changes === 1 ? { ok: true, id: input.viewId } : { ok: false, reason: "notFound" };
  }
  const row = viewRecord({ id: crypto.randomUUID(), companyId: owner.companyId, userId: owner.userId, title: input.title, view: input.view, now });
  await db.$client
    .prepare(`INSERT INTO data_studio_views (${VIEW_COLUMNS.join(", ")}) VALUES (${VIEW_COLUMNS.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...VIEW_COLUMNS.map((c) => row[c]))
    .run();
  return { ok: true, id: String(row.id) };
}
