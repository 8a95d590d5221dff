import type { QueryDocument } from "./query-types";

/**
 * A Data Studio view as one row of `data_studio_views`, for the Save View write and the demo seed
 * alike (import-free: the seed is loaded by Node's own type stripping). Times are ms since the
 * epoch and the query is JSON text: the row goes to D1 as it is.
 */
export interface ViewInput {
  id: string;
  companyId: string;
  userId: string;
  title: string;
  view: QueryDocument;
  now: number;
}

export type ViewRow = Record<string, string | number | null>;

/** The table's columns, in insert order. */
export const VIEW_COLUMNS = ["id", "company_id", "user_id", "title", "view", "created_at", "updated_at"] as const;

export function viewRecord(input: ViewInput): ViewRow {
  const title = input.title.trim();
  if (!title) throw new Error("A view needs a title");
  return {
    id: input.id,
    company_id: input.companyId,
    user_id: input.userId,
    title,
    view: JSON.stringify(input.view),
    created_at: input.now,
    updated_at: input.now,
  };
}
