import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import {
  channelMembers,
  customRelationshipMembers,
  departments,
  groupMembers,
  roles,
  sessions,
  userManagers,
  users,
  workspaceMembers,
} from "~/db/schema";
import { d1Statement } from "~/db/client.server";
import { auditEvent } from "~/lib/audit.server";
import { requirePermissionWith, type Viewer } from "~/modules/auth/session.server";
import { MANAGER_CHOICES } from "./managers";
import type { UserAction, UsersQuery } from "./users.schema";

export const PAGE_SIZE = 25;

export type UserStatus = "Active" | "Inactive" | "Deactivated";

/** 002 §2.8 status words: deleted → Deactivated, excluded → Inactive, else Active. */
export function statusOf(row: { isDeleted: boolean | number; isExcluded: boolean | number }): UserStatus {
  if (row.isDeleted) return "Deactivated";
  if (row.isExcluded) return "Inactive";
  return "Active";
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  title: string | null;
  imageUrl: string | null;
  role: string | null;
  department: string | null;
  managees: number;
  status: UserStatus;
}

/**
 * The rows the list shows: one per e-mail address (002 §2.8: duplicates removed, keeping the one
 * with the platform's chat id, else the oldest). Done in SQL so the count and the pages agree;
 * the NOT EXISTS probe uses the (company_id, email) index.
 */
function listWhere(scope: ListScope, query: UsersQuery): SQL {
  const [dupChat, chat] = [scope.chat("dup"), scope.chat("u")];
  const parts: SQL[] = [
    sql`u.company_id = ${scope.company}`,
    sql`NOT EXISTS (SELECT 1 FROM users dup WHERE dup.company_id = u.company_id AND dup.email = u.email AND dup.id <> u.id AND (
      (${dupChat} IS NOT NULL AND ${chat} IS NULL)
      OR ((${dupChat} IS NULL) = (${chat} IS NULL) AND (dup.created_at < u.created_at OR (dup.created_at = u.created_at AND dup.id < u.id)))))`,
  ];
  if (query.q) {
    const like = containsPattern(query.q);
    parts.push(sql`(u.name LIKE ${like} ESCAPE '\\' OR u.email LIKE ${like} ESCAPE '\\' OR u.title LIKE ${like} ESCAPE '\\')`);
  }
  if (query.status === "active") parts.push(sql`u.is_deleted = 0 AND u.is_excluded = 0`);
  if (query.status === "inactive") parts.push(sql`u.is_deleted = 0 AND u.is_excluded = 1`);
  if (query.status === "deactivated") parts.push(sql`u.is_deleted = 1`);
  return sql.join(parts, sql` AND `);
}

/**
 * Whose list, in SQL: the viewer's company and its platform's chat id column, given directly, or
 * read from the session row when the query rides in the session lookup's batch.
 */
interface ListScope {
  company: SQL;
  chat: (alias: "u" | "dup") => SQL;
}

function viewerScope(viewer: Viewer): ListScope {
  const column = viewer.company.platform === "slack" ? "slack_user_id" : "msteams_user_id";
  return { company: sql`${viewer.company.id}`, chat: (alias) => sql.raw(`${alias}.${column}`) };
}

function sessionScope(sessionId: string): ListScope {
  return {
    company: sql`(SELECT company_id FROM sessions WHERE id = ${sessionId})`,
    chat: (alias) =>
      sql.raw(
        `CASE (SELECT platform FROM companies WHERE id = ${alias}.company_id) WHEN 'slack' THEN ${alias}.slack_user_id ELSE ${alias}.msteams_user_id END`
      ),
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters escaped (ESCAPE '\\'). */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderBy(query: UsersQuery): SQL {
  const dir = sql.raw(query.dir === "desc" ? "DESC" : "ASC");
  switch (query.sort) {
    case "email":
      return sql`u.email COLLATE NOCASE ${dir}, u.id ${dir}`;
    case "department":
      return sql`d.name IS NULL, d.name COLLATE NOCASE ${dir}, u.name COLLATE NOCASE, u.id`;
    case "status":
      return sql`(u.is_deleted * 2 + u.is_excluded) ${dir}, u.name COLLATE NOCASE, u.id`;
    default:
      // Both keys in one direction, so users_company_name_nocase_id serves either way.
      return sql`u.name COLLATE NOCASE ${dir}, u.id ${dir}`;
  }
}

interface RawRow {
  id: string;
  name: string;
  email: string;
  title: string | null;
  image_url: string | null;
  role: string | null;
  department: string | null;
  is_deleted: number;
  is_excluded: number;
}

type PageRow = RawRow & { total: number; managees: number };

/**
 * One page of the Users list in one D1 statement: the count and the page (with each row's managee
 * count, computed for the page's rows only). The count is the one-row left side of the join, so
 * it comes back even when the page is empty.
 */
function pageSql(scope: ListScope, query: UsersQuery, page: number): SQL {
  const where = listWhere(scope, query);
  // Unfiltered, the de-duplicated count is the number of distinct e-mails (each keeps exactly one
  // row), read in order from the (company_id, email) index instead of probing every row.
  const countSql =
    !query.q && query.status === "all"
      ? sql`SELECT count(*) FROM (SELECT DISTINCT email FROM users WHERE company_id = ${scope.company})`
      : sql`SELECT count(*) FROM users u WHERE ${where}`;
  return sql`
      SELECT c.total, p.*, (
        SELECT count(*) FROM user_managers m
        JOIN users managee ON managee.id = m.user_id AND managee.is_deleted = 0
        WHERE m.company_id = ${scope.company} AND m.manager_id = p.id
      ) AS managees
      FROM (SELECT (${countSql}) AS total) c
      LEFT JOIN (
        SELECT u.id, u.name, u.email, u.title, u.image_url, r.name AS role, d.name AS department,
               u.is_deleted, u.is_excluded
        FROM users u
        LEFT JOIN departments d ON d.id = u.department_id AND d.company_id = u.company_id
        LEFT JOIN roles r ON r.id = u.role_id AND r.company_id = u.company_id
        WHERE ${where}
        ORDER BY ${orderBy(query)}
        LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}
      ) p ON 1`;
}

/**
 * The Users page's loader read: who asks (ViewUsers) and the page they asked for, in one D1 batch
 * (requirePermissionWith). A page past the end (the list shrank) is read again as the last page.
 */
export async function requireUsersPage(request: Request, context: AppLoadContext, query: UsersQuery) {
  const { viewer, rows } = await requirePermissionWith<PageRow>(request, context, "ViewUsers", (sessionId) =>
    pageSql(sessionScope(sessionId), query, query.page)
  );
  return { viewer, list: await usersPage(context, viewer, query, rows) };
}

async function readPage(context: AppLoadContext, viewer: Viewer, query: UsersQuery, page: number) {
  const { results } = await d1Statement(context.db, pageSql(viewerScope(viewer), query, page)).all<PageRow>();
  return results;
}

async function usersPage(context: AppLoadContext, viewer: Viewer, query: UsersQuery, firstRows: PageRow[]) {
  const split = (rows: PageRow[]) => ({ total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null) });
  const first = split(firstRows);
  const pages = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const { total, rows } = page === query.page ? first : split(await readPage(context, viewer, query, page));
  const items: UserRow[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    title: r.title,
    imageUrl: r.image_url,
    role: r.role,
    department: r.department,
    managees: Number(r.managees),
    status: statusOf({ isDeleted: r.is_deleted, isExcluded: r.is_excluded }),
  }));
  return { items, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** A person of the viewer's company, else a 404 (another company's id or an unknown one). */
export async function companyUser(context: AppLoadContext, viewer: Viewer, userId: string) {
  const [row] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, viewer.company.id)))
    .limit(1);
  if (!row) throw new Response("Not Found", { status: 404 });
  return row;
}

export async function companyDepartmentsAndRoles(context: AppLoadContext, viewer: Viewer) {
  const [deps, rls] = await Promise.all([
    context.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, viewer.company.id))
      .orderBy(asc(departments.name)),
    context.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.companyId, viewer.company.id))
      .orderBy(asc(roles.name)),
  ]);
  return { departments: deps, roles: rls };
}

/** Candidates for someone's managers: the company's active people other than them. */
/**
 * The managers dialog's choices: the people ticked (the current managers, or after a search the
 * ones the admin had ticked, `ticked`), then up to MANAGER_CHOICES other active people of the
 * company by name, matching `search` (name or e-mail) when given. `more` says there are further
 * matches: at 5,000 people the dialog offers a search, not a 5,000-option list. Ticked ids of
 * another company or unknown ones are dropped.
 */
export async function managerCandidates(
  context: AppLoadContext,
  viewer: Viewer,
  userId: string,
  { search = "", ticked }: { search?: string; ticked?: string[] } = {}
) {
  const companyId = viewer.company.id;
  const person = { id: users.id, name: users.name, email: users.email };
  const chosen = ticked
    ? ticked.length === 0
      ? []
      : await context.db
          .select(person)
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, ticked.slice(0, 50))))
          .orderBy(sql`${users.name} COLLATE NOCASE`)
    : await context.db
        .select(person)
        .from(userManagers)
        .innerJoin(users, and(eq(users.id, userManagers.managerId), eq(users.companyId, companyId)))
        .where(and(eq(userManagers.companyId, companyId), eq(userManagers.userId, userId)))
        .orderBy(sql`${users.name} COLLATE NOCASE`);
  const like = containsPattern(search);
  const rows = await context.db
    .select(person)
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isDeleted, false),
        eq(users.isExcluded, false),
        ne(users.id, userId),
        chosen.length > 0
          ? notInArray(
              users.id,
              chosen.map((c) => c.id)
            )
          : undefined,
        search ? sql`(${users.name} LIKE ${like} ESCAPE '\\' OR ${users.email} LIKE ${like} ESCAPE '\\')` : undefined
      )
    )
    .orderBy(sql`${users.name} COLLATE NOCASE`, users.id)
    .limit(MANAGER_CHOICES + 1);
  return { ticked: chosen, candidates: rows.slice(0, MANAGER_CHOICES), more: rows.length > MANAGER_CHOICES };
}

export type ActionOutcome = { ok: true; message: string } | { ok: false; formError?: string; fieldErrors?: Record<string, string[]> };

export const USER_MESSAGES = {
  selfExclude: "You cannot mark yourself inactive.",
  selfDeactivate: "You cannot deactivate yourself.",
  selfRemove: "You cannot remove yourself.",
  lastSuperAdmin: "The last active super admin cannot be deactivated or removed.",
  unknownDepartment: "Choose a department of this organisation.",
  unknownRole: "Choose a role of this organisation.",
  selfManager: "A person cannot be their own manager.",
  cycleManager: (name: string) => `${name} is managed by this person and cannot also be their manager.`,
  unknownManager: "Choose managers among the organisation's active people.",
  excluded: (name: string) => `${name} is now inactive.`,
  included: (name: string) => `${name} is active again.`,
  deactivated: (name: string) => `${name} was deactivated.`,
  removed: (name: string) => `${name} was removed from the organisation.`,
  edited: (name: string) => `${name} was updated.`,
  managersUpdated: (name: string) => `Managers of ${name} updated.`,
} as const;

async function otherActiveSuperAdmins(context: AppLoadContext, viewer: Viewer, userId: string) {
  const [row] = await context.db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.companyId, viewer.company.id), eq(users.isSuperAdmin, true), eq(users.isDeleted, false), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

/** Runs one row action: the change and its audit row in one batch, or a refusal. */
export async function runUserAction(context: AppLoadContext, viewer: Viewer, action: UserAction): Promise<ActionOutcome> {
  const { db } = context;
  const companyId = viewer.company.id;
  const target = await companyUser(context, viewer, action.userId);
  const self = target.id === viewer.user.id;
  const whereTarget = and(eq(users.id, target.id), eq(users.companyId, companyId));
  const audit = (verb: string, data: Record<string, unknown> = {}) =>
    auditEvent(db, {
      companyId,
      actorId: viewer.user.id,
      action: `user.${verb}`,
      entityType: "user",
      entityId: target.id,
      data,
      requestId: context.requestId,
    });

  switch (action.intent) {
    case "exclude":
      if (self) return { ok: false, formError: USER_MESSAGES.selfExclude };
      await db.batch([db.update(users).set({ isExcluded: true }).where(whereTarget), audit("excluded")]);
      return { ok: true, message: USER_MESSAGES.excluded(target.name) };
    case "include":
      await db.batch([db.update(users).set({ isExcluded: false }).where(whereTarget), audit("included")]);
      return { ok: true, message: USER_MESSAGES.included(target.name) };
    case "deactivate":
    case "remove": {
      if (target.isSuperAdmin && !target.isDeleted && (await otherActiveSuperAdmins(context, viewer, target.id)) === 0) {
        return { ok: false, formError: USER_MESSAGES.lastSuperAdmin };
      }
      if (self) return { ok: false, formError: action.intent === "remove" ? USER_MESSAGES.selfRemove : USER_MESSAGES.selfDeactivate };
      const signOut = db.delete(sessions).where(and(eq(sessions.userId, target.id), eq(sessions.companyId, companyId)));
      if (action.intent === "deactivate") {
        await db.batch([db.update(users).set({ isDeleted: true }).where(whereTarget), signOut, audit("deactivated")]);
        return { ok: true, message: USER_MESSAGES.deactivated(target.name) };
      }
      await db.batch([
        db.update(users).set({ isDeleted: true }).where(whereTarget),
        signOut,
        db
          .delete(userManagers)
          .where(and(eq(userManagers.companyId, companyId), or(eq(userManagers.userId, target.id), eq(userManagers.managerId, target.id)))),
        db.delete(groupMembers).where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.userId, target.id))),
        db
          .delete(customRelationshipMembers)
          .where(and(eq(customRelationshipMembers.companyId, companyId), eq(customRelationshipMembers.userId, target.id))),
        db.delete(workspaceMembers).where(and(eq(workspaceMembers.companyId, companyId), eq(workspaceMembers.userId, target.id))),
        db.delete(channelMembers).where(and(eq(channelMembers.companyId, companyId), eq(channelMembers.userId, target.id))),
        audit("removed"),
      ]);
      return { ok: true, message: USER_MESSAGES.removed(target.name) };
    }
    case "edit": {
      const fieldErrors: Record<string, string[]> = {};
      if (action.departmentId) {
        const [dep] = await db
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.id, action.departmentId), eq(departments.companyId, companyId)))
          .limit(1);
        if (!dep) fieldErrors.departmentId = [USER_MESSAGES.unknownDepartment];
      }
      if (action.roleId) {
        const [role] = await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.id, action.roleId), eq(roles.companyId, companyId)))
          .limit(1);
        if (!role) fieldErrors.roleId = [USER_MESSAGES.unknownRole];
      }
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
      const change = { name: action.name, title: action.title, departmentId: action.departmentId, roleId: action.roleId };
      const before = { name: target.name, title: target.title, departmentId: target.departmentId, roleId: target.roleId };
      await db.batch([db.update(users).set(change).where(whereTarget), audit("edited", { from: before, to: change })]);
      return { ok: true, message: USER_MESSAGES.edited(action.name) };
    }
    case "managers":
      return replaceManagers(context, viewer, target, action.managerIds);
  }
}

/**
 * Replaces a person's managers with `managerIds` (the Users page's dialog and the profile header
 * share it): the person is never their own manager, every manager is an active person of the
 * company and no one they manage; otherwise nothing is written. The change and its audit row go
 * in one batch. `target` must already be a person of the viewer's company (companyUser).
 */
export async function replaceManagers(
  context: AppLoadContext,
  viewer: Viewer,
  target: { id: string; name: string },
  managerIds: readonly string[]
): Promise<ActionOutcome> {
  const { db } = context;
  const companyId = viewer.company.id;
  const ids = [...new Set(managerIds)];
  if (ids.includes(target.id)) return { ok: false, fieldErrors: { managerIds: [USER_MESSAGES.selfManager] } };
  if (ids.length > 0) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, ids), eq(users.isDeleted, false)));
    if (found.length !== ids.length) return { ok: false, fieldErrors: { managerIds: [USER_MESSAGES.unknownManager] } };
    // A person cannot manage someone who manages them (direct cycle).
    const managedByTarget = await db
      .select({ userId: userManagers.userId })
      .from(userManagers)
      .where(and(eq(userManagers.companyId, companyId), eq(userManagers.managerId, target.id), inArray(userManagers.userId, ids)));
    if (managedByTarget.length > 0) {
      const name = found.find((f) => f.id === managedByTarget[0].userId)?.name ?? "";
      return { ok: false, fieldErrors: { managerIds: [USER_MESSAGES.cycleManager(name)] } };
    }
  }
  const previous = await db
    .select({ managerId: userManagers.managerId })
    .from(userManagers)
    .where(and(eq(userManagers.companyId, companyId), eq(userManagers.userId, target.id)));
  const remove = db.delete(userManagers).where(and(eq(userManagers.companyId, companyId), eq(userManagers.userId, target.id)));
  const audited = auditEvent(db, {
    companyId,
    actorId: viewer.user.id,
    action: "user.managers_updated",
    entityType: "user",
    entityId: target.id,
    data: { from: previous.map((p) => p.managerId), to: ids },
    requestId: context.requestId,
  });
  if (ids.length > 0) {
    await db.batch([remove, db.insert(userManagers).values(ids.map((managerId) => ({ companyId, userId: target.id, managerId }))), audited]);
  } else {
    await db.batch([remove, audited]);
  }
  return { ok: true, message: USER_MESSAGES.managersUpdated(target.name) };
}
