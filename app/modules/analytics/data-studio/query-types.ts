/**
 * The Data Studio query document (001 §3, §7 run-query {query: {columns}}) and the table
 * definitions the page builds it from. Zod-free: the schema (`app/db/schema/analytics.ts`), the
 * page, the compiler and the tests share it.
 *
 * A query starts at one table (`table`). Each column is a path: zero or more `edge` steps (each
 * follows a named edge of the table reached so far) and one `attribute` step last. Any step may
 * carry filters; a filter on an edge step is not allowed (an edge has no value), a filter on an
 * attribute step narrows the rows to those whose value passes every filter.
 */

export const ATTRIBUTE_KINDS = ["text", "number", "date", "boolean", "enum", "entity"] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

/** Entity types whose ids are offered as filter values by /data-studio/list-entities {type}. */
export const ENTITY_TYPES = ["users", "departments", "roles", "groups", "competencies", "reviewCampaigns", "surveys"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface AttributeDefinition {
  name: string;
  displayName: string;
  kind: AttributeKind;
  /** enum: the allowed values and their labels. */
  options?: Array<{ value: string; label: string }>;
  /** entity: which list-entities type names its values. */
  entity?: EntityType;
}

export interface EdgeDefinition {
  name: string;
  displayName: string;
  /** The table the edge leads to. */
  table: string;
}

export interface TableDefinition {
  name: string;
  displayName: string;
  attributes: AttributeDefinition[];
  edges: EdgeDefinition[];
}

/** The values picked in a column's filter dropdown: "in" for enum/entity/boolean/text lists, ranges for numbers and dates, "contains" for text. */
export type QueryFilter =
  | { kind: "in"; values: Array<string | number | boolean> }
  | { kind: "contains"; value: string }
  | { kind: "range"; min?: string | number; max?: string | number };

export interface QueryStep {
  type: "attribute" | "edge";
  name: string;
  filters?: QueryFilter[];
}

export type ColumnPath = QueryStep[];

export interface QueryDocument {
  table: string;
  columns: ColumnPath[];
}

/** A compiled query's column header: its display name along the path ("Feedback › Receiver › Department"). */
export interface QueryColumnHeader {
  key: string;
  label: string;
  kind: AttributeKind;
}

export type QueryCell = string | number | boolean | null;

export type RunResult =
  | {
      ok: true;
      columns: QueryColumnHeader[];
      rows: QueryCell[][];
      rowCount: number;
      truncated: boolean;
      /** The count stopped at its limit (10,000): the query has more rows than rowCount. */
      countCapped?: boolean;
    }
  | { ok: false; message: string };

/** Limits every query is held to (001 §9: the preview shows the first 10 rows). */
export const QUERY_LIMITS = {
  previewRows: 10,
  maxColumns: 20,
  maxJoins: 6,
  maxFilterValues: 500,
  maxDownloadRows: 200_000,
  /** Server time allowed for one statement, ms. */
  timeoutMs: 10_000,
} as const;
