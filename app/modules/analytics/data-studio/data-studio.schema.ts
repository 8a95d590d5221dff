import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { TABLE_DEFINITIONS } from "./definitions";
import { queryDocumentSchema } from "./query.schema";
import {
  ENTITY_TYPES,
  QUERY_LIMITS,
  type AttributeDefinition,
  type ColumnPath,
  type QueryDocument,
  type QueryFilter,
  type TableDefinition,
} from "./query-types";

/**
 * Every Data Studio call of the page (001 §7: list-entities, list-views, get-definitions,
 * run-query, save-view, download-report) and every builder step as one intent of one zod union.
 * The query under construction rides in the form as JSON (`query`), so the page works without
 * JavaScript: each button is an intent whose value may carry its column (`removeColumn:2`,
 * `addAttr:1:0:attribute:name`), and each column's filter fields are named `f<column>-…` next to
 * a marker `f<column>`, so whatever filter fields the form shows are applied with any intent.
 */

const E = sharedCopy.dataStudio.errors;
/** The compiler's own words for what it refuses, so a step refused here reads as a Run refused there. */
const Q = sharedCopy.dataStudioQuery;

export const VIEW_TITLE_MAX = 120;
/** The query field's size bound: 20 columns of 6 steps with 500 filter values fit well within it. */
const QUERY_MAX_CHARS = 200_000;

export type Definitions = readonly TableDefinition[];

export function tableOf(definitions: Definitions, name: string) {
  return definitions.find((t) => t.name === name);
}

/** The step a path reaches, with the table each step stands on; null when a name is unknown. */
export function walkPath(definitions: Definitions, table: string, path: ColumnPath) {
  let current = tableOf(definitions, table);
  const labels: string[] = [];
  let attribute: AttributeDefinition | undefined;
  for (const step of path) {
    if (!current) return null;
    if (step.type === "edge") {
      const edge = current.edges.find((e) => e.name === step.name);
      if (!edge) return null;
      labels.push(edge.displayName);
      current = tableOf(definitions, edge.table);
    } else {
      attribute = current.attributes.find((a) => a.name === step.name);
      if (!attribute) return null;
      labels.push(attribute.displayName);
    }
  }
  return { table: current, attribute, label: labels.join(" › ") };
}

/** Which filter kinds an attribute takes: picked values for lists, contains for text, a range for numbers and dates. */
export function filterKindOf(attribute: AttributeDefinition): QueryFilter["kind"] {
  if (attribute.kind === "text") return "contains";
  if (attribute.kind === "number" || attribute.kind === "date") return "range";
  return "in";
}

function filterProblem(attribute: AttributeDefinition, filter: QueryFilter, label: string): string | null {
  if (filter.kind !== filterKindOf(attribute)) return Q.wrongFilter(label);
  if (filter.kind === "in") {
    if (filter.values.length > QUERY_LIMITS.maxFilterValues) return Q.tooManyFilterValues(QUERY_LIMITS.maxFilterValues);
    const fits = (v: string | number | boolean) =>
      attribute.kind === "boolean"
        ? typeof v === "boolean"
        : attribute.kind === "enum"
          ? (attribute.options ?? []).some((o) => o.value === v)
          : typeof v === "string" && v.length > 0 && v.length <= 1000;
    if (!filter.values.every(fits)) return Q.badFilterValue(label);
  }
  if (filter.kind === "range") {
    const fits = (v: string | number | undefined) =>
      v === undefined || (attribute.kind === "number" ? typeof v === "number" && Number.isFinite(v) : typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v));
    if (!fits(filter.min) || !fits(filter.max)) return Q.badFilterValue(label);
  }
  return null;
}

/**
 * The first thing in a document under construction the definitions do not know, in the compiler's
 * words; null when every table, link, attribute and filter is known and fits. A column may end in
 * a link here (its attribute is picked next with '+ Attr'); Run, Save View and Download hand the
 * document to the compiler, which refuses that with its message.
 */
export function documentProblem(doc: QueryDocument, definitions: Definitions): string | null {
  const root = tableOf(definitions, doc.table);
  if (!root) return Q.unknownTable(doc.table);
  if (doc.columns.length > QUERY_LIMITS.maxColumns) return Q.tooManyColumns(QUERY_LIMITS.maxColumns);
  for (const path of doc.columns) {
    let current: TableDefinition | undefined = root;
    const labels = [root.displayName];
    for (const [i, step] of path.entries()) {
      if (!current) return Q.unreadable;
      if (step.type === "edge") {
        const edge = current.edges.find((e) => e.name === step.name);
        if (!edge) return Q.unknownEdge(current.displayName, step.name);
        labels.push(edge.displayName);
        if (step.filters?.length) return Q.filterOnEdge(labels.join(" › "));
        current = tableOf(definitions, edge.table);
      } else {
        if (i !== path.length - 1) return Q.unreadable;
        const attribute = current.attributes.find((a) => a.name === step.name);
        if (!attribute) return Q.unknownAttribute(current.displayName, step.name);
        labels.push(attribute.displayName);
        for (const filter of step.filters ?? []) {
          const problem = filterProblem(attribute, filter, labels.join(" › "));
          if (problem) return problem;
        }
      }
    }
  }
  return null;
}

/** The posted query: JSON of the document's shape (its meaning is checked with the definitions). */
const queryField = z
  .string()
  .max(QUERY_MAX_CHARS, Q.unreadable)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: Q.unreadable });
      return z.NEVER;
    }
  })
  .pipe(queryDocumentSchema);

/** What one column's filter fields hold as posted (`f<column>-values|contains|min|max`). */
export interface FilterFields {
  values: string[];
  contains: string;
  min: string;
  max: string;
}

const columnIndex = z.coerce.number().int().min(0).max(QUERY_LIMITS.maxColumns * 4);
const stepType = z.enum(["attribute", "edge"]);
const stepName = z.string().trim().min(1).max(100);
const optionalViewId = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : null));

const base = {
  query: queryField,
  title: z.string().max(VIEW_TITLE_MAX, E.titleTooLong(VIEW_TITLE_MAX)).optional().default(""),
  viewId: optionalViewId,
  js: z.string().optional(),
  filterFields: z.record(z.string(), z.custom<FilterFields>()).default({}),
};

const union = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run"), ...base }),
  z.object({ intent: z.literal("clear"), ...base, query: z.unknown().optional() }),
  z.object({
    intent: z.literal("save"),
    ...base,
    title: z
      .string({ error: E.titleRequired })
      .max(VIEW_TITLE_MAX, E.titleTooLong(VIEW_TITLE_MAX))
      .refine((v) => v.trim().length > 0, E.titleRequired),
  }),
  z.object({ intent: z.literal("download"), ...base }),
  z.object({ intent: z.literal("setTable"), ...base, table: stepName }),
  z.object({ intent: z.literal("addColumn"), ...base, stepType, stepName }),
  z.object({ intent: z.literal("addAttr"), ...base, column: columnIndex, depth: columnIndex, stepType, stepName }),
  z.object({ intent: z.literal("removeColumn"), ...base, column: columnIndex }),
  z.object({ intent: z.literal("removeEdge"), ...base, column: columnIndex, depth: columnIndex }),
  z.object({ intent: z.literal("applyFilter"), ...base, column: columnIndex }),
  z.object({ intent: z.literal("clearFilter"), ...base, column: columnIndex }),
  z.object({ intent: z.literal("listEntities"), type: z.enum(ENTITY_TYPES) }),
  z.object({ intent: z.literal("listViews") }),
  z.object({ intent: z.literal("getDefinitions") }),
]);

const FILTER_FIELD = /^f(\d+)-(values|contains|min|max)$/;
const MARKER = /^f(\d+)$/;

/** A button's `intent:arg:…` value becomes the intent and its arguments; filter fields are gathered per column. */
function spread(input: unknown) {
  if (!input || typeof input !== "object") return input;
  const value = { ...(input as Record<string, unknown>) };
  const filterFields: Record<string, FilterFields> = {};
  for (const key of Object.keys(value)) {
    const marker = MARKER.exec(key);
    if (marker) filterFields[marker[1]!] ??= { values: [], contains: "", min: "", max: "" };
  }
  for (const [key, raw] of Object.entries(value)) {
    const field = FILTER_FIELD.exec(key);
    if (!field) continue;
    delete value[key];
    const fields = filterFields[field[1]!];
    if (!fields) continue;
    const list = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string");
    if (field[2] === "values") fields.values = list.filter(Boolean);
    else fields[field[2] as "contains" | "min" | "max"] = list[0] ?? "";
  }
  for (const key of Object.keys(value)) if (MARKER.test(key)) delete value[key];
  value.filterFields = filterFields;
  const intent = value.intent;
  if (typeof intent === "string" && intent.includes(":")) {
    const [name, ...args] = intent.split(":");
    value.intent = name;
    if (name === "addColumn") [value.stepType, value.stepName] = [args[0], args.slice(1).join(":")];
    else if (name === "addAttr") [value.column, value.depth, value.stepType, value.stepName] = [args[0], args[1], args[2], args.slice(3).join(":")];
    else if (name === "removeEdge") [value.column, value.depth] = args;
    else value.column = args[0];
  }
  return value;
}

export const dataStudioSchema = z.preprocess(spread, union);
export type DataStudioFormValue = z.infer<typeof union>;
export type DataStudioIntent = DataStudioFormValue["intent"];

/** A button's value for an intent about one column (and a step of it). */
export const columnIntent = (intent: "removeColumn" | "applyFilter" | "clearFilter", column: number) => `${intent}:${column}`;
export const edgeIntent = (column: number, depth: number) => `removeEdge:${column}:${depth}`;
export const addColumnIntent = (type: "attribute" | "edge", name: string) => `addColumn:${type}:${name}`;
export const addAttrIntent = (column: number, depth: number, type: "attribute" | "edge", name: string) => `addAttr:${column}:${depth}:${type}:${name}`;

/** The default definitions, for callers that have no others (tests pass their own). */
export const DEFINITIONS: Definitions = TABLE_DEFINITIONS;
