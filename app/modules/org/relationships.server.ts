import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, notInArray, or, sql } from "drizzle-orm";
import { auditEvent } from "~/lib/audit.server";
import { customRelationshipMembers, customRelationships, departments, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";

/** Custom relationships (002 §2.8): named sets of people, attached by hand or from a file. */

export const MEMBERS_PAGE_SIZE = 50;
export const SEARCH_LIMIT = 20;
/** Ids per INSERT … SELECT FROM json_each(?) statement: one bound JSON array, far under D1's limits. */
const UPLOAD_CHUNK = 1000;

export const notFound = () => new Response("Not Found", { status: 404 });

/** An active person: neither deactivated nor excluded (the users list's "Active" status). */
const active = (companyId: string) => and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false));

export async function listRelationships(context: AppLoadContext, companyId: string) {
  return context.db
    .select({ id: customRelationships.id, name: customRelationships.name, memberCount: count(customRelationshipMembers.userId) })
    .from(customRelationships)
    .leftJoin(
      customRelationshipMembers,
      and(eq(customRelationshipMembers.relationshipId, customRelationships.id), eq(customRelationshipMembers.companyId, companyId)),
    )
    .where(eq(customRelationships.companyId, companyId))
    .groupBy(customRelationships.id)
    .orderBy(asc(sql`lower(${customRelationships.name})`));
}

export async function getRelationship(context: AppLoadContext, companyId: string, relationshipId: string) {
  const [row] = await context.db
    .select({ id: customRelationships.id, name: customRelationships.name })
    .from(customRelationships)
    .where(and(eq(customRelationships.companyId, companyId), eq(customRelationships.id, relationshipId)))
    .limit(1);
  return row ?? null;
}

/** The relationship of the viewer's company, or a 404 (another company's id included). */
export async function requireRelationship(context: AppLoadContext, viewer: Viewer, relationshipId: string) {
  const row = await getRelationship(context, viewer.company.id, relationshipId);
  if (!row) throw notFound();
  return row;
}

async function nameTaken(context: AppLoadContext, companyId: string, name: string, exceptId?: string) {
  const rows = await context.db
    .select({ id: customRelationships.id })
    .from(customRelationships)
    .where(and(eq(customRelationships.companyId, companyId), sql`lower(${customRelationships.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function createRelationship(context: AppLoadContext, viewer: Viewer, name: string): Promise<{ ok: true; id: string } | { ok: false }> {
  const companyId = viewer.company.id;
  if (await nameTaken(context, companyId, name)) return { ok: false };
  const id = crypto.randomUUID();
  await context.db.batch([
    context.db.insert(customRelationships).values({ id, companyId, name }),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "relationship.created", entityType: "custom_relationship", entityId: id, data: { name }, requestId: context.requestId }),
  ]);
  return { ok: true, id };
}

export async function renameRelationship(context: AppLoadContext, viewer: Viewer, relationshipId: string, name: string): Promise<{ ok: boolean }> {
  const companyId = viewer.company.id;
  const current = await requireRelationship(context, viewer, relationshipId);
  if (await nameTaken(context, companyId, name, relationshipId)) return { ok: false };
  await context.db.batch([
    context.db
      .update(customRelationships)
      .set({ name })
      .where(and(eq(customRelationships.companyId, companyId), eq(customRelationships.id, relationshipId))),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "relationship.renamed", entityType: "custom_relationship", entityId: relationshipId, data: { name: { from: current.name, to: name } }, requestId: context.requestId }),
  ]);
  return { ok: true };
}

export async function removeRelationship(context: AppLoadContext, viewer: Viewer, relationshipId: string) {
  const companyId = viewer.company.id;
  const current = await requireRelationship(context, viewer, relationshipId);
  await context.db.batch([
    context.db
      .delete(customRelationshipMembers)
      .where(and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.relationshipId, relationshipId))),
    context.db.delete(customRelationships).where(and(eq(customRelationships.companyId, companyId), eq(customRelationships.id, relationshipId))),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "relationship.removed", entityType: "custom_relationship", entityId: relationshipId, data: { name: current.name }, requestId: context.requestId }),
  ]);
  return current;
}

export async function listMembers(context: AppLoadContext, companyId: string, relationshipId: string, page: number) {
  const where = and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.relationshipId, relationshipId));
  const [totalRow] = await context.db.select({ n: count() }).from(customRelationshipMembers).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await context.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      origin: customRelationshipMembers.origin,
    })
    .from(customRelationshipMembers)
    .innerJoin(users, and(eq(users.id, customRelationshipMembers.userId), eq(users.companyId, companyId)))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(MEMBERS_PAGE_SIZE)
    .offset((current - 1) * MEMBERS_PAGE_SIZE);
  return { rows, total, page: current, pages };
}

/** Up to 20 active people of the company matching `q` (name or e-mail) and not yet attached. */
export async function searchCandidates(context: AppLoadContext, companyId: string, relationshipId: string, q: string) {
  const term = q.trim().slice(0, 100);
  if (!term) return [];
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const attached = context.db
    .select({ id: customRelationshipMembers.userId })
    .from(customRelationshipMembers)
    .where(and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.relationshipId, relationshipId)));
  return context.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        active(companyId),
        or(sql`${users.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`),
        notInArray(users.id, attached),
      ),
    )
    .orderBy(asc(users.name))
    .limit(SEARCH_LIMIT);
}

export async function attachMember(context: AppLoadContext, viewer: Viewer, relationshipId: string, userId: string) {
  const companyId = viewer.company.id;
  await requireRelationship(context, viewer, relationshipId);
  const [person] = await context.db.select({ id: users.id, name: users.name }).from(users).where(and(active(companyId), eq(users.id, userId))).limit(1);
  if (!person) throw notFound();
  await context.db.batch([
    context.db.insert(customRelationshipMembers).values({ companyId, relationshipId, userId, origin: "manual" }).onConflictDoNothing(),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "relationship.member.attached", entityType: "custom_relationship", entityId: relationshipId, data: { userId, origin: "manual" }, requestId: context.requestId }),
  ]);
  return person;
}

export async function detachMember(context: AppLoadContext, viewer: Viewer, relationshipId: string, userId: string) {
  const companyId = viewer.company.id;
  await requireRelationship(context, viewer, relationshipId);
  await context.db.batch([
    context.db
      .delete(customRelationshipMembers)
      .where(and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.relationshipId, relationshipId), eq(customRelationshipMembers.userId, userId))),
    auditEvent(context.db, { companyId, actorId: viewer.user.id, action: "relationship.member.detached", entityType: "custom_relationship", entityId: relationshipId, data: { userId }, requestId: context.requestId }),
  ]);
}

export interface RejectedRow {
  row: number;
  value: string;
  reason: string;
}

export const REJECT_REASONS = {
  empty: "Empty row",
  unknown: "No active person with this e-mail",
  duplicate: (row: number) => `Duplicate of row ${row}`,
} as const;
export const NO_EMAIL_COLUMN = 'The file needs an "email" column.';
export const NO_ROWS = "The file has no rows.";

/**
 * Which rows carry e-mails: the column headed "email" (or "e-mail", any case) below the first
 * row; or, when no row-1 cell is such a header and the first row's first cell holds an "@",
 * a headerless single-column file read from row 1.
 */
export function emailColumn(rows: string[][]): { column: number; firstRow: number } | null {
  const header = (rows[0] ?? []).map((c) => c.trim().toLowerCase());
  const column = header.findIndex((c) => c === "email" || c === "e-mail");
  if (column >= 0) return { column, firstRow: 1 };
  if (header.filter((c) => c !== "").length === 1 && header[0]?.includes("@")) return { column: 0, firstRow: 0 };
  return null;
}

/**
 * Attach the people an uploaded file names (origin 'upload'): valid rows are attached, the rest
 * come back as rejected rows (row number as in the file, value, reason). Already attached people
 * are left as they are. All inserts and the audit row are one batch.
 */
export async function attachFromRows(
  context: AppLoadContext,
  viewer: Viewer,
  relationshipId: string,
  rows: string[][],
): Promise<{ ok: false; message: string } | { ok: true; accepted: number; rejected: RejectedRow[] }> {
  const companyId = viewer.company.id;
  await requireRelationship(context, viewer, relationshipId);
  const where = emailColumn(rows);
  if (!where) return { ok: false, message: NO_EMAIL_COLUMN };
  const people = await context.db.select({ id: users.id, email: users.email }).from(users).where(active(companyId));
  const byEmail = new Map<string, string>();
  for (const p of people) {
    const key = p.email.trim().toLowerCase();
    if (!byEmail.has(key)) byEmail.set(key, p.id);
  }
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  const ids: string[] = [];
  for (let i = where.firstRow; i < rows.length; i++) {
    const rowNumber = i + 1;
    const value = (rows[i]?.[where.column] ?? "").trim();
    const key = value.toLowerCase();
    if (!value) {
      rejected.push({ row: rowNumber, value: "", reason: REJECT_REASONS.empty });
      continue;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      rejected.push({ row: rowNumber, value, reason: REJECT_REASONS.duplicate(first) });
      continue;
    }
    seen.set(key, rowNumber);
    const id = byEmail.get(key);
    if (!id) {
      rejected.push({ row: rowNumber, value, reason: REJECT_REASONS.unknown });
      continue;
    }
    ids.push(id);
  }
  if (ids.length === 0 && rejected.length === 0) return { ok: false, message: NO_ROWS };
  const now = Date.now();
  const inserts = [];
  for (let i = 0; i < ids.length; i += UPLOAD_CHUNK) {
    const chunk = JSON.stringify(ids.slice(i, i + UPLOAD_CHUNK));
    inserts.push(
      context.db
        .insert(customRelationshipMembers)
        .select(
          context.db
            .select({
              companyId: sql<string>`${companyId}`.as("company_id"),
              relationshipId: sql<string>`${relationshipId}`.as("relationship_id"),
              userId: users.id,
              origin: sql<"upload">`'upload'`.as("origin"),
              createdAt: sql<Date>`${now}`.as("created_at"),
            })
            .from(users)
            .where(and(active(companyId), sql`${users.id} IN (SELECT value FROM json_each(${chunk}))`)),
        )
        .onConflictDoNothing(),
    );
  }
  await context.db.batch([
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "relationship.members.uploaded",
      entityType: "custom_relationship",
      entityId: relationshipId,
      data: { accepted: ids.length, rejected: rejected.length },
      requestId: context.requestId,
    }),
    ...inserts,
  ]);
  return { ok: true, accepted: ids.length, rejected };
}

/** Rows of the members report (Name, E-mail, Title, Department, Origin, Attached at). */
export async function reportRows(context: AppLoadContext, companyId: string, relationshipId: string) {
  const rows = await context.db
    .select({
      name: users.name,
      email: users.email,
      title: users.title,
      department: departments.name,
      origin: customRelationshipMembers.origin,
      createdAt: customRelationshipMembers.createdAt,
    })
    .from(customRelationshipMembers)
    .innerJoin(users, and(eq(users.id, customRelationshipMembers.userId), eq(users.companyId, companyId)))
    .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.companyId, companyId)))
    .where(and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.relationshipId, relationshipId)))
    .orderBy(asc(users.name));
  return [
    ["Name", "E-mail", "Title", "Department", "Origin", "Attached at"],
    ...rows.map((r) => [r.name, r.email, r.title ?? "", r.department ?? "", r.origin, r.createdAt.toISOString()]),
  ];
}
