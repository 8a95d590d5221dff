// TEMPORARY: stands in for the engine's entities.server.ts and download.server.ts until they reach main.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { departments, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import type { ReportKind } from "~/db/schema/reports";
import type { EntityType, QueryDocument } from "./query-types";

export async function listEntities(context: AppLoadContext, viewer: Viewer, type: EntityType): Promise<Array<{ id: string; name: string }>> {
  if (type === "departments") return context.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.companyId, viewer.company.id)).orderBy(departments.name);
  if (type === "users") return context.db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, viewer.company.id), eq(users.isDeleted, false))).orderBy(users.name);
  return [];
}

export function queueDataStudioDownload(context: AppLoadContext, viewer: Viewer, doc: QueryDocument, title: string, answer: { request: Request; back: string }) {
  return queueReportAnswer(context, viewer, { kind: "data-studio-xlsx" as ReportKind, title, scope: { query: doc } }, answer);
}
