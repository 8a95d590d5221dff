import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { QueryDocument } from "~/modules/analytics/data-studio/query-types";
import { companyId, createdAt, id } from "./columns";

/**
 * A Data Studio view (001 §3 "view": id, title, view): a titled query document saved by the
 * person who built it. Views are their author's own ("My queries"): another person's or another
 * company's view id is not found. `view` is the query as the page holds it, checked again by the
 * compiler each time it runs, so a view saved before a definition changed is refused, never run
 * half-understood.
 */
export const dataStudioViews = sqliteTable(
  "data_studio_views",
  {
    id: id(),
    companyId: companyId(),
    userId: text("user_id").notNull(),
    title: text("title").notNull(),
    view: text("view", { mode: "json" }).$type<QueryDocument>().notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("data_studio_views_owner").on(t.companyId, t.userId, t.updatedAt)]
);
