import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, exists, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";

/** Team admins (is_team_admin) or super admins (is_super_admin): 002 §7 /update-admin "type". */
export type AdminKind = "team" | "super";

const flagOf = (kind: AdminKind) => (kind === "super" ? users.isSuperAdmin : users.isTeamAdmin);
export const SEARCH_LIMIT = 20;

/** 002 §3 "Admin entry: id, email, name, image": the admins of one kind (not deactivated), by name. */
export async function listAdmins(db: Db, companyId: string, kind: AdminKind) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, imageUrl: users.imageUrl })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(flagOf(kind), true), eq(users.isDeleted, false)))
    .orderBy(asc(users.name), asc(users.id));
}

export async function adminCounts(db: Db, companyId: string): Promise<{ team: number; super: number }> {
  const [row] = await db
    .select({
      team: sql<number>`coalesce(sum(${users.isTeamAdmin}), 0)`,
      super: sql<number>`coalesce(sum(${users.isSuperAdmin}), 0)`,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false)));
  return { team: Number(row?.team ?? 0), super: Number(row?.super ?? 0) };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People of the company who may be added (not yet of this kind, not deactivated) whose name or
 * e-mail contains `q`; at most 20, so the 5,000-person company stays one small query.
 */
export async function searchCandidates(db: Db, companyId: string, kind: AdminKind, q: string) {
  if (!q) return [];
  const pattern = `%${likeEscape(q)}%`;
  return db
    .select({ id: users.id, name: users.name, email: users.email, imageUrl: users.imageUrl })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(flagOf(kind), false),
        eq(users.isDeleted, false),
        or(sql`${users.name} like ${pattern} escape '\\'`, sql`${users.email} like ${pattern} escape '\\'`),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(SEARCH_LIMIT);
}

/** The people among `ids` who can be made admins of this kind; null when any of them cannot. */
export async function addablePeople(db: Db, companyId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, unique), eq(users.isDeleted, false)));
  return rows.length === unique.length ? rows : null;
}

export async function findAdmin(db: Db, companyId: string, kind: AdminKind, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(flagOf(kind), true)))
    .limit(1);
  return row ?? null;
}

export async function addAdmins(context: AppLoadContext, viewer: Viewer, kind: AdminKind, people: Array<{ id: string; name: string }>) {
  const companyId = viewer.company.id;
  const ids = people.map((p) => p.id);
  const set = kind === "super" ? { isSuperAdmin: true } : { isTeamAdmin: true };
  await context.db.batch([
    context.db.update(users).set(set).where(and(eq(users.companyId, companyId), inArray(users.id, ids))),
    ...people.map((p) =>
      auditEvent(context.db, {
        companyId,
        actorId: viewer.user.id,
        action: kind === "super" ? "super_admin.added" : "team_admin.added",
        entityType: "user",
        entityId: p.id,
        requestId: context.requestId,
      }),
    ),
  ]);
}

/**
 * Removes one admin. A super admin is removed only while another (not deactivated) super admin
 * remains; the UPDATE repeats that condition, so a removal racing another cannot leave none.
 * Returns false (nothing written) when the person is the last super admin.
 */
export async function removeAdmin(context: AppLoadContext, viewer: Viewer, kind: AdminKind, person: { id: string; name: string }) {
  const companyId = viewer.company.id;
  const db = context.db;
  const others = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isSuperAdmin, true), eq(users.isDeleted, false), ne(users.id, person.id)));
  if (kind === "super") {
    const [other] = await others.limit(1);
    if (!other) return false;
  }
  await db.batch([
    db
      .update(users)
      .set(kind === "super" ? { isSuperAdmin: false } : { isTeamAdmin: false })
      .where(and(eq(users.companyId, companyId), eq(users.id, person.id), kind === "super" ? exists(others) : undefined)),
    auditEvent(db, {
      companyId,
      actorId: viewer.user.id,
      action: kind === "super" ? "super_admin.removed" : "team_admin.removed",
      entityType: "user",
      entityId: person.id,
      requestId: context.requestId,
    }),
  ]);
  return true;
}
