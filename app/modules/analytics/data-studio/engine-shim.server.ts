// TEMPORARY: stands in for the engine's run.server.ts, entities.server.ts and download.server.ts until they reach main.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { departments, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import type { ReportKind } from "~/db/schema/reports";
import { QUERY_LIMITS, type EntityType, type QueryCell, type QueryDocument, type QueryFilter, type RunResult } from "./query-types";
import { TABLE_DEFINITIONS } from "./engine-shim";

export async function listEntities(context: AppLoadContext, viewer: Viewer, type: EntityType): Promise<Array<{ id: string; name: string }>> {
  if (type === "departments") return context.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.companyId, viewer.company.id)).orderBy(departments.name);
  if (type === "users") return context.db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, viewer.company.id), eq(users.isDeleted, false))).orderBy(users.name);
  return [];
}

function passes(value: QueryCell, filters: QueryFilter[] | undefined) {
  for (const f of filters ?? []) {
    if (f.kind === "in" && !f.values.some((v) => v === value)) return false;
    if (f.kind === "contains" && !String(value ?? "").toLowerCase().includes(f.value.toLowerCase())) return false;
    if (f.kind === "range" && ((f.min !== undefined && String(value) < String(f.min)) || (f.max !== undefined && String(value) > String(f.max)))) return false;
  }
  return true;
}

export async function runQuery(context: AppLoadContext, viewer: Viewer, doc: unknown, options: { limit?: number } = {}): Promise<RunResult> {
  const query = doc as QueryDocument;
  if (query.table !== "people") return { ok: false, message: `There is no table named "${query.table}".` };
  const people = await context.db
    .select({ name: users.name, email: users.email, department: users.departmentId, isSuperAdmin: users.isSuperAdmin, source: users.source, createdAt: users.createdAt, departmentName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.companyId, viewer.company.id), eq(users.isDeleted, false)))
    .orderBy(users.name);
  const defs = TABLE_DEFINITIONS[0]!;
  const columns = [];
  for (const path of query.columns) {
    const last = path[path.length - 1]!;
    if (path.length === 2 && path[0]!.name === "department" && last.name === "name") columns.push({ key: "department.name", label: "Department › Name", kind: "text" as const });
    else {
      const attr = path.length === 1 ? defs.attributes.find((a) => a.name === last.name) : undefined;
      if (!attr) return { ok: false, message: `People has no attribute named "${last.name}".` };
      columns.push({ key: attr.name, label: attr.displayName, kind: attr.kind });
    }
  }
  const rows: QueryCell[][] = [];
  for (const p of people) {
    const record = p as unknown as Record<string, QueryCell>;
    const cells = query.columns.map((path) => (path.length === 2 ? p.departmentName : path[0]!.name === "createdAt" ? p.createdAt.toISOString().slice(0, 10) : record[path[0]!.name] ?? null));
    if (query.columns.every((path, i) => passes(cells[i]!, path[path.length - 1]!.filters))) rows.push(cells);
  }
  const limit = options.limit ?? QUERY_LIMITS.previewRows;
  return { ok: true, columns, rows: rows.slice(0, limit), rowCount: rows.length, truncated: rows.length > limit };
}

export function queueDataStudioDownload(context: AppLoadContext, viewer: Viewer, doc: QueryDocument, title: string, answer: { request: Request; back: string }) {
  return queueReportAnswer(context, viewer, { kind: "data-studio-xlsx" as ReportKind, title, scope: { query: doc } }, answer);
}
