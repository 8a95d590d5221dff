import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, type AppLoadContext } from "@remix-run/cloudflare";
import { sharedCopy } from "~/lib/copy";
import { requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import { DEFINITIONS, dataStudioSchema, documentProblem, filterKindOf, tableOf, walkPath, type Definitions, type FilterFields } from "./data-studio.schema";
import { compileQuery } from "./compiler";
import { queueDataStudioDownload } from "./download.server";
import { listEntities } from "./entities.server";
import type { ColumnPath, EntityType, QueryDocument, QueryFilter, QueryStep, RunResult } from "./query-types";
import { runQuery } from "./run.server";
import { listViews, saveView, sessionViewsStatement, type SessionViewRow, type ViewListItem } from "./views.server";

/**
 * The Data Studio page's loader and action (001 §2, §5, §7, §8, §9): the route stays thin. The
 * query under construction comes back with every post, so the action rebuilds the page from the
 * form alone: it applies the filter fields shown, then the intent, checks the result against the
 * definitions, and answers the page's state. Only Save View writes (the author's own views), and
 * Download queues a report; every refusal answers the posted query unchanged and writes nothing.
 */

const T = sharedCopy.dataStudio;
const Q = sharedCopy.dataStudioQuery;
export const DATA_STUDIO_PATH = "/analytics/my-queries";

type EntityList = Array<{ id: string; name: string }>;

export interface DataStudioState {
  doc: QueryDocument;
  title: string;
  viewId: string | null;
  /** The last Run's preview; null before a run, after a change and after a failed run (001 §8). */
  result: Extract<RunResult, { ok: true }> | null;
  error: string | null;
  notice: { type: "success" | "error"; message: string } | null;
  /** Filter values of the query's entity attributes (list-entities), by type. */
  entities: Partial<Record<EntityType, EntityList>>;
}

export type DataStudioReply =
  | { kind: "state"; state: DataStudioState; views: ViewListItem[] | null; savedViewId?: string; result: SubmissionResult<string[]> }
  | { kind: "entities"; type: EntityType; entities: EntityList }
  | { kind: "views"; views: ViewListItem[] }
  | { kind: "definitions"; tableDefinitions: Definitions };

const owner = (viewer: Viewer) => ({ companyId: viewer.company.id, userId: viewer.user.id });
const notFound = () => new Response("Not Found", { status: 404 });

export function emptyDocument(definitions: Definitions = DEFINITIONS, table?: string): QueryDocument {
  return { table: table ?? definitions[0]?.name ?? "", columns: [] };
}

/** The entity types the query's attribute columns pick values from. */
function entityTypesOf(doc: QueryDocument, definitions: Definitions): EntityType[] {
  const types = new Set<EntityType>();
  for (const path of doc.columns) {
    const entity = walkPath(definitions, doc.table, path)?.attribute?.entity;
    if (entity) types.add(entity);
  }
  return [...types];
}

async function entitiesFor(context: AppLoadContext, viewer: Viewer, doc: QueryDocument, definitions: Definitions) {
  const types = entityTypesOf(doc, definitions);
  const lists = await Promise.all(types.map((type) => listEntities(context, viewer, type)));
  return Object.fromEntries(types.map((type, i) => [type, lists[i]!])) as DataStudioState["entities"];
}

/**
 * The page as first loaded: who asks (the route's permission, by name) and their views in one D1
 * batch; an empty query, or the author's view `?view=<id>` (anyone else's is a 404).
 */
export async function dataStudioPage(request: Request, context: AppLoadContext, permission: "ViewAnalytics") {
  const definitions = DEFINITIONS;
  const viewId = new URL(request.url).searchParams.get("view");
  const { viewer, rows } = await requirePermissionWith<SessionViewRow>(request, context, permission, (sessionId) => sessionViewsStatement(sessionId, viewId));
  const views: ViewListItem[] = rows.map((r) => ({ id: r.id, title: r.title }));
  let state: DataStudioState = { doc: emptyDocument(definitions), title: "", viewId: null, result: null, error: null, notice: null, entities: {} };
  if (viewId) {
    const view = rows.find((r) => r.id === viewId && r.view !== null);
    if (!view) throw notFound();
    const doc = JSON.parse(view.view!) as QueryDocument;
    state = { ...state, doc, title: view.title, viewId: view.id, entities: await entitiesFor(context, viewer, doc, definitions) };
  }
  // The definitions are not page data: they are client-safe code (definitions.ts), in the page's script, cached with it.
  return { views, state };
}
export type DataStudioPageData = Awaited<ReturnType<typeof dataStudioPage>>;

// ---- The builder's steps: pure changes of the posted document ----

type Change = { ok: true; doc: QueryDocument } | { ok: false; message: string };

const sameStep = (a: QueryStep, b: QueryStep) => a.type === b.type && a.name === b.name;
const startsWith = (path: ColumnPath, prefix: ColumnPath) => prefix.length <= path.length && prefix.every((s, i) => sameStep(s, path[i]!));
const samePath = (a: ColumnPath, b: ColumnPath) => a.length === b.length && startsWith(a, b);
const bare = (path: ColumnPath): ColumnPath => path.map((s) => ({ type: s.type, name: s.name }));

/** A column ends in a link until its attribute is picked with '+ Attr'. */
export const isComplete = (path: ColumnPath) => path[path.length - 1]?.type === "attribute";

function withColumn(doc: QueryDocument, path: ColumnPath, at: number, replacing?: ColumnPath): Change {
  if (doc.columns.some((p) => samePath(p, path))) return { ok: false, message: T.errors.duplicateColumn };
  const columns = replacing ? doc.columns.filter((p) => !samePath(p, replacing)) : [...doc.columns];
  columns.splice(Math.min(at, columns.length), 0, path);
  return { ok: true, doc: { ...doc, columns } };
}

/** After removing columns: a link whose last column went stays as a link column, so its '+ Attr' remains. */
function keepParent(doc: QueryDocument, parent: ColumnPath, at: number): QueryDocument {
  if (parent.length === 0 || doc.columns.some((p) => startsWith(p, parent))) return doc;
  const columns = [...doc.columns];
  columns.splice(Math.min(at, columns.length), 0, bare(parent));
  return { ...doc, columns };
}

export function addColumn(doc: QueryDocument, step: QueryStep): Change {
  return withColumn(doc, [{ type: step.type, name: step.name }], doc.columns.length);
}

export function addAttr(doc: QueryDocument, column: number, depth: number, step: QueryStep): Change {
  const path = doc.columns[column];
  if (!path || depth >= path.length || path[depth]!.type !== "edge") return { ok: false, message: T.errors.notAColumn };
  const prefix = bare(path.slice(0, depth + 1));
  const last = doc.columns.reduce((at, p, i) => (startsWith(p, prefix) ? i : at), column);
  return withColumn(doc, [...prefix, { type: step.type, name: step.name }], last + 1, prefix);
}

export function removeColumn(doc: QueryDocument, column: number): Change {
  const path = doc.columns[column];
  if (!path) return { ok: false, message: T.errors.notAColumn };
  const rest = { ...doc, columns: doc.columns.filter((_, i) => i !== column) };
  return { ok: true, doc: keepParent(rest, path.slice(0, -1), column) };
}

export function removeEdge(doc: QueryDocument, column: number, depth: number): Change {
  const path = doc.columns[column];
  if (!path || depth >= path.length || path[depth]!.type !== "edge") return { ok: false, message: T.errors.notAColumn };
  const prefix = path.slice(0, depth + 1);
  const first = doc.columns.findIndex((p) => startsWith(p, prefix));
  const rest = { ...doc, columns: doc.columns.filter((p) => !startsWith(p, prefix)) };
  return { ok: true, doc: keepParent(rest, prefix.slice(0, -1), first) };
}

function setFilters(doc: QueryDocument, column: number, filters: QueryFilter[] | undefined): QueryDocument {
  const columns = doc.columns.map((path, i) => {
    if (i !== column) return path;
    const last = path[path.length - 1]!;
    const { filters: _old, ...step } = last;
    return [...path.slice(0, -1), filters?.length ? { ...step, filters } : step];
  });
  return { ...doc, columns };
}

/** One column's filter as its fields say: picked values, contains, or a range; none when the fields are empty. */
function filterFromFields(doc: QueryDocument, column: number, fields: FilterFields, definitions: Definitions): { ok: true; filter: QueryFilter | null } | { ok: false; message: string } {
  const path = doc.columns[column];
  const walked = path && isComplete(path) ? walkPath(definitions, doc.table, path) : null;
  const attribute = walked?.attribute;
  if (!attribute) return { ok: false, message: T.errors.notAColumn };
  const bad = { ok: false as const, message: Q.badFilterValue(`${tableOf(definitions, doc.table)?.displayName} › ${walked.label}`) };
  switch (filterKindOf(attribute)) {
    case "in": {
      const values = [...new Set(fields.values)];
      if (values.length === 0) return { ok: true, filter: null };
      if (attribute.kind === "boolean") {
        if (!values.every((v) => v === "true" || v === "false")) return bad;
        return { ok: true, filter: { kind: "in", values: values.map((v) => v === "true") } };
      }
      return { ok: true, filter: { kind: "in", values } };
    }
    case "contains": {
      const value = fields.contains.trim();
      return { ok: true, filter: value ? { kind: "contains", value } : null };
    }
    case "range": {
      const read = (text: string): string | number | undefined | null => {
        const v = text.trim();
        if (!v) return undefined;
        if (attribute.kind === "number") return Number.isFinite(Number(v)) ? Number(v) : null;
        return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
      };
      const min = read(fields.min);
      const max = read(fields.max);
      if (min === null || max === null) return bad;
      if (min === undefined && max === undefined) return { ok: true, filter: null };
      return { ok: true, filter: { kind: "range", ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } };
    }
  }
}

/** Every filter the form shows, applied to its column (the form is the query). */
export function applyFilterFields(doc: QueryDocument, fields: Record<string, FilterFields>, definitions: Definitions): Change {
  let next = doc;
  for (const [key, value] of Object.entries(fields)) {
    const column = Number(key);
    const read = filterFromFields(next, column, value, definitions);
    if (!read.ok) return read;
    next = setFilters(next, column, read.filter ? [read.filter] : undefined);
  }
  return { ok: true, doc: next };
}

// ---- The action ----

/** The message of a report answer's toast (queueReportAnswer), shown on the page instead of after a redirect that would lose the query. */
async function toastOf(response: Response): Promise<DataStudioState["notice"]> {
  const header = response.headers.get("Set-Cookie") ?? "";
  const pair = header.split(";")[0] ?? "";
  const parsed = (await createCookie(pair.split("=")[0] ?? "__toast").parse(pair).catch(() => null)) as { type?: string; message?: string } | null;
  if (!parsed?.message) return null;
  return { type: parsed.type === "error" ? "error" : "success", message: parsed.message };
}

/** The posted query as far as it can be read, for answering a refusal with the page the person had. */
function postedDocument(formData: FormData, definitions: Definitions): QueryDocument {
  try {
    const parsed = JSON.parse(String(formData.get("query") ?? "")) as QueryDocument;
    if (parsed && typeof parsed.table === "string" && Array.isArray(parsed.columns) && !documentProblem(parsed, definitions)) return parsed;
  } catch {
    // An unreadable query: the page starts again from an empty one.
  }
  return emptyDocument(definitions);
}

export async function dataStudioAction(context: AppLoadContext, viewer: Viewer, request: Request) {
  const definitions = DEFINITIONS;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: dataStudioSchema });
  const title = String(formData.get("title") ?? "").slice(0, 500);
  const postedViewId = String(formData.get("viewId") ?? "") || null;

  const answer = async (state: Omit<DataStudioState, "entities">, status = 200, extra: { views?: ViewListItem[]; savedViewId?: string; reply?: SubmissionResult<string[]> } = {}) =>
    data<DataStudioReply>(
      {
        kind: "state",
        state: { ...state, entities: await entitiesFor(context, viewer, state.doc, definitions) },
        views: extra.views ?? null,
        ...(extra.savedViewId ? { savedViewId: extra.savedViewId } : {}),
        result: extra.reply ?? (submission.reply({ resetForm: false }) as SubmissionResult<string[]>),
      },
      { status, headers: { "Cache-Control": "private, no-store" } }
    );

  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const message = Object.values(errors).flat().find(Boolean) ?? Q.unreadable;
    const intent = String(formData.get("intent") ?? "");
    if (!intent || !/^[a-zA-Z]+(:|$)/.test(intent)) throw new Response("Bad Request", { status: 400 });
    const doc = postedDocument(formData, definitions);
    return answer({ doc, title, viewId: postedViewId, result: null, error: message, notice: null }, 400, { reply: submission.reply() as SubmissionResult<string[]> });
  }

  const value = submission.value;
  switch (value.intent) {
    case "listEntities":
      return data<DataStudioReply>({ kind: "entities", type: value.type, entities: await listEntities(context, viewer, value.type) });
    case "listViews":
      return data<DataStudioReply>({ kind: "views", views: await listViews(context.db, owner(viewer)) });
    case "getDefinitions":
      return data<DataStudioReply>({ kind: "definitions", tableDefinitions: definitions });
    case "clear": {
      const posted = postedDocument(formData, definitions);
      return answer({ doc: emptyDocument(definitions, posted.table), title: "", viewId: null, result: null, error: null, notice: null });
    }
  }

  const posted = value.query;
  const start = { doc: posted, title: value.title, viewId: value.viewId, result: null, notice: null };
  const refuse = (message: string, status = 400) => answer({ ...start, doc: documentProblem(posted, definitions) ? postedDocument(formData, definitions) : posted, error: message }, status);
  const known = documentProblem(posted, definitions);
  if (known) return refuse(known);
  const filtered = applyFilterFields(posted, value.filterFields, definitions);
  if (!filtered.ok) return refuse(filtered.message);
  let doc = filtered.doc;

  let change: Change = { ok: true, doc };
  switch (value.intent) {
    case "setTable":
      change = tableOf(definitions, value.table) ? { ok: true, doc: emptyDocument(definitions, value.table) } : { ok: false, message: Q.unknownTable(value.table) };
      break;
    case "addColumn":
      change = addColumn(doc, { type: value.stepType, name: value.stepName });
      break;
    case "addAttr":
      change = addAttr(doc, value.column, value.depth, { type: value.stepType, name: value.stepName });
      break;
    case "removeColumn":
      change = removeColumn(doc, value.column);
      break;
    case "removeEdge":
      change = removeEdge(doc, value.column, value.depth);
      break;
    case "clearFilter":
      change = doc.columns[value.column] && isComplete(doc.columns[value.column]!) ? { ok: true, doc: setFilters(doc, value.column, undefined) } : { ok: false, message: T.errors.notAColumn };
      break;
    case "applyFilter":
      change = doc.columns[value.column] ? { ok: true, doc } : { ok: false, message: T.errors.notAColumn };
      break;
  }
  if (!change.ok) return refuse(change.message);
  const problem = documentProblem(change.doc, definitions);
  if (problem) return refuse(problem);
  doc = change.doc;
  const state = { ...start, doc };

  if (value.intent === "run") {
    // 001 §8: a query that cannot run empties the results and says why.
    const run = await runQuery(context, viewer, doc);
    return run.ok ? answer({ ...state, result: run, error: null }) : answer({ ...state, result: null, error: run.message }, 422);
  }
  if (value.intent === "save" || value.intent === "download") {
    // What would not run is neither saved nor queued: the compiler's refusal, with nothing written.
    const compiled = compileQuery(doc, { companyId: viewer.company.id, viewer }, { limit: 1 });
    if (!compiled.ok) return answer({ ...state, error: compiled.message }, 400);
  }
  if (value.intent === "save") {
    const saved = await saveView(context.db, owner(viewer), { viewId: value.viewId, title: value.title, view: doc });
    if (!saved.ok) return answer({ ...state, viewId: null, error: T.errors.viewNotFound }, 404);
    const views = await listViews(context.db, owner(viewer));
    return answer({ ...state, title: value.title.trim(), viewId: saved.id, error: null, notice: { type: "success", message: T.viewSaved } }, 200, { views, savedViewId: saved.id });
  }
  if (value.intent === "download") {
    const queued = await queueDataStudioDownload(context, viewer, doc, value.title, { request, back: DATA_STUDIO_PATH });
    const notice = await toastOf(queued);
    return answer({ ...state, error: null, notice }, notice?.type === "error" ? 429 : 200);
  }
  return answer({ ...state, error: null });
}
