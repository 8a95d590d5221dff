import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Permission } from "~/lib/permissions/names";
import { logError } from "~/lib/log.server";
import { permissionsFor, type Platform } from "~/lib/permissions/registry";

/** A session ends 14 days after sign-in, or after 12 hours without use, whichever comes first. */
const SESSION_TTL_MS = 1000 * 60 * 60 * 24 * 14;
export const SESSION_IDLE_MS = 1000 * 60 * 60 * 12;
/** Last use is written at most this often, off the request's path (the viewer read stays a read). */
export const LAST_SEEN_REFRESH_MS = 1000 * 60 * 5;

/**
 * Over https the session cookie is `__Host-session`: the browser then only accepts it Secure, for
 * Path=/ and without Domain, so no sibling subdomain can plant or shadow it. Plain http (local
 * development on 127.0.0.1) cannot carry a `__Host-` cookie, so there it is `__session`.
 */
export function sessionCookieName(request: Request) {
  return new URL(request.url).protocol === "https:" ? "__Host-session" : "__session";
}

/**
 * The session cookie holds only a signed session id. Over https (always the case when framed
 * inside Teams or Slack) it is SameSite=None; Secure; Partitioned so the framed tab keeps it;
 * over plain http (local development) it is SameSite=Lax.
 */
export function sessionCookie(request: Request, context: AppLoadContext) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(sessionCookieName(request), {
    httpOnly: true,
    path: "/",
    secrets: [context.config.sessionSecret],
    sameSite: secure ? "none" : "lax",
    secure,
    partitioned: secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

function newSessionRow(input: SessionPerson) {
  return {
    id: crypto.randomUUID() + crypto.randomUUID().replaceAll("-", ""),
    userId: input.userId,
    companyId: input.companyId,
    frameTeamId: input.frameTeamId ?? null,
    workspaceId: input.workspaceId ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    lastSeenAt: new Date(),
  };
}

/** Who a new session is for; workspaceId is the Slack-type primary workspace when one was chosen. */
export interface SessionPerson {
  userId: string;
  companyId: string;
  frameTeamId?: string | null;
  workspaceId?: string | null;
}

export async function createSession(request: Request, context: AppLoadContext, input: SessionPerson): Promise<string> {
  const row = newSessionRow(input);
  await context.db.insert(sessions).values(row);
  return sessionCookie(request, context).serialize(row.id);
}

export async function readSessionId(request: Request, context: AppLoadContext): Promise<string | null> {
  const value = await sessionCookie(request, context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const id = await readSessionId(request, context);
  if (id) await context.db.delete(sessions).where(eq(sessions.id, id));
  return sessionCookie(request, context).serialize("", { maxAge: 0, expires: new Date(0) });
}

export interface Viewer {
  sessionId: string;
  view: "USER" | "ADMIN";
  /** Slack-type primary workspace chosen at sign-in, when known. */
  workspaceId: string | null;
  user: {
    id: string;
    name: string;
    email: string;
    title: string | null;
    imageUrl: string | null;
    isSuperAdmin: boolean;
    isTeamAdmin: boolean;
  };
  company: {
    id: string;
    name: string;
    platform: Platform;
    analyticsColorScale: "default" | "reverse";
    aiEnabled: boolean;
    reviewAnalytics: boolean;
    customRelationships: boolean;
    userAdminView: boolean;
    /** Feature flag: Goals instead of Objectives (000 §2 to-do context panel). */
    goalsInsteadOfObjectives: boolean;
    /** Smallest anonymous group ever shown (app/modules/access/anonymity.ts). */
    anonymityFloor: number;
  };
  isManager: boolean;
  permissions: Permission[];
}

/**
 * The shell's loader and the page's loader both ask who is signed in, in parallel; one load
 * context is one incoming request, so they share one lookup (one cookie check, one D1 query).
 */
const viewerByRequest = new WeakMap<AppLoadContext, Promise<Viewer | null>>();

/**
 * A page's main read can ride along in the viewer lookup's D1 batch: one round trip a request
 * instead of two (in production each is a trip to the D1 primary). The statement is built from
 * the session id, so it scopes itself by the session's company in SQL; its rows are only handed
 * back once the viewer is known, and the caller still checks the viewer's permission before
 * using them. A rider that comes too late (the batch has gone) runs on its own afterwards.
 */
interface Rider {
  statement: (sessionId: string) => SQL;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}
const ridersByRequest = new WeakMap<AppLoadContext, Rider[]>();
const batchSent = new WeakSet<AppLoadContext>();

export function getViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  let viewer = viewerByRequest.get(context);
  if (!viewer) {
    viewer = loadViewer(request, context);
    viewerByRequest.set(context, viewer);
  }
  return viewer;
}

/** The viewer and the rows of `statement`, read in one D1 batch when the lookup has not gone yet. */
export async function getViewerWith<T>(
  request: Request,
  context: AppLoadContext,
  statement: (sessionId: string) => SQL
): Promise<{ viewer: Viewer | null; rows: T[] }> {
  if (!batchSent.has(context)) {
    const rows = new Promise<unknown[]>((resolve, reject) => {
      const riders = ridersByRequest.get(context) ?? [];
      riders.push({ statement, resolve, reject });
      ridersByRequest.set(context, riders);
    });
    // When the lookup fails, getViewer's own rejection is the one the caller sees.
    rows.catch(() => {});
    const viewer = await getViewer(request, context);
    return { viewer, rows: viewer ? ((await rows) as T[]) : [] };
  }
  const viewer = await getViewer(request, context);
  if (!viewer) return { viewer, rows: [] };
  return { viewer, rows: await context.db.all<T>(statement(viewer.sessionId)) };
}

async function loadViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const sessionId = await readSessionId(request, context);
  // Loaders of one request start together; by now every one that wants to ride has said so.
  batchSent.add(context);
  const riders = ridersByRequest.get(context) ?? [];
  ridersByRequest.delete(context);
  if (!sessionId) {
    for (const rider of riders) rider.resolve([]);
    return null;
  }
  const db = context.db;
  const now = Date.now();
  const viewerStatement = db.$client.prepare(VIEWER_SQL).bind(sessionId, now, now - SESSION_IDLE_MS);
  let raw: RawViewerRow | undefined;
  try {
    const [viewerResult, ...riderResults] = await db.$client.batch([
      viewerStatement,
      ...riders.map((rider) => d1Statement(db, rider.statement(sessionId))),
    ]);
    raw = viewerResult.results[0] as RawViewerRow | undefined;
    riders.forEach((rider, i) => rider.resolve(riderResults[i].results));
  } catch (error) {
    for (const rider of riders) rider.reject(error);
    throw error;
  }
  const row = raw ? viewerRowOf(raw) : undefined;
  if (!row) return null;
  if (raw!.session_last_seen_at < now - LAST_SEEN_REFRESH_MS) touchSession(context, sessionId, now);
  const person = personOf(row, Boolean(row.session.frameTeamId && context.config.demoTeamIds.includes(row.session.frameTeamId)));
  if (!person) return null;
  return { sessionId: row.session.id, view: row.session.view, workspaceId: row.session.workspaceId, ...person };
}

/** Records the session's use after the answer is on its way; a lost write only shortens the idle window. */
function touchSession(context: AppLoadContext, sessionId: string, now: number) {
  const write = context.db.$client.prepare("UPDATE sessions SET last_seen_at = ?2 WHERE id = ?1 AND coalesce(last_seen_at, created_at) < ?2")
    .bind(sessionId, now)
    .run()
    .catch((error: unknown) => logError(context.requestId, error, { step: "session last seen" }));
  // Work done outside a request (a queued job checking a person) has no execution context to extend.
  context.cloudflare.ctx?.waitUntil(write);
}

/** A person as the permission rules see them: the user, the company, manager or not, and the permissions. */
export type Person = Pick<Viewer, "user" | "company" | "isManager" | "permissions">;

function personOf(row: ReturnType<typeof viewerRowOf>, inDemoTeam: boolean): Person | null {
  if (row.user.isDeleted) return null;
  const isManager = Boolean(row.isManager);
  const { isDeleted: _deleted, ...user } = row.user;
  const permissions = permissionsFor({
    platform: row.company.platform,
    isSuperAdmin: user.isSuperAdmin,
    isTeamAdmin: user.isTeamAdmin,
    isManager,
    settings: row.company,
    inDemoTeam,
  });
  return { user, company: row.company, isManager, permissions };
}

/**
 * Someone of a company as a sign-in would see them, without a session: work done later on their
 * behalf (a queued report) is checked against their rights at that moment. Null when the person
 * is gone or deactivated.
 */
export async function personOfUser(db: Db, companyId: string, userId: string): Promise<Person | null> {
  const raw = await db.$client.prepare(PERSON_SQL).bind(userId, companyId).first<RawViewerRow>();
  return raw ? personOf(viewerRowOf(raw), false) : null;
}

/**
 * The signed-in person with their company, in one D1 statement (the session must not have
 * expired). Plain SQL with one alias a column: it shares a D1 batch with riders, and drizzle's
 * batch maps rows by position after D1 has merged same-named columns ("id" of three tables).
 */
/** A person's and their company's columns, one alias each (users `u`, companies `c`). */
const PERSON_COLUMNS = `
         u.id AS user_id, u.name AS user_name, u.email AS user_email, u.title AS user_title, u.image_url AS user_image_url,
         u.is_super_admin AS user_is_super_admin, u.is_team_admin AS user_is_team_admin, u.is_deleted AS user_is_deleted,
         c.id AS company_id, c.name AS company_name, c.platform AS company_platform, c.analytics_color_scale AS company_analytics_color_scale,
         c.ai_enabled AS company_ai_enabled, c.review_analytics AS company_review_analytics,
         c.custom_relationships AS company_custom_relationships, c.user_admin_view AS company_user_admin_view,
         c.goals_instead_of_objectives AS company_goals_instead_of_objectives, c.anonymity_floor AS company_anonymity_floor,
         EXISTS (SELECT 1 FROM user_managers m WHERE m.manager_id = u.id AND m.company_id = u.company_id) AS is_manager`;

const VIEWER_SQL = `
  SELECT s.id AS session_id, s.view AS session_view, s.frame_team_id AS session_frame_team_id, s.workspace_id AS session_workspace_id,
         coalesce(s.last_seen_at, s.created_at) AS session_last_seen_at,
         ${PERSON_COLUMNS}
  FROM sessions s
  JOIN users u ON u.id = s.user_id AND u.company_id = s.company_id
  JOIN companies c ON c.id = s.company_id
  WHERE s.id = ?1 AND s.expires_at > ?2 AND coalesce(s.last_seen_at, s.created_at) > ?3
  LIMIT 1`;

/** The same columns for a person without a session (personOfUser): ?1 the user, ?2 the company. */
const PERSON_SQL = `
  SELECT NULL AS session_id, NULL AS session_view, NULL AS session_frame_team_id, NULL AS session_workspace_id,
         NULL AS session_last_seen_at,
         ${PERSON_COLUMNS}
  FROM users u
  JOIN companies c ON c.id = u.company_id
  WHERE u.id = ?1 AND u.company_id = ?2
  LIMIT 1`;

interface RawViewerRow {
  session_id: string;
  session_view: "USER" | "ADMIN";
  session_frame_team_id: string | null;
  session_workspace_id: string | null;
  session_last_seen_at: number;
  user_id: string;
  user_name: string;
  user_email: string;
  user_title: string | null;
  user_image_url: string | null;
  user_is_super_admin: number;
  user_is_team_admin: number;
  user_is_deleted: number;
  company_id: string;
  company_name: string;
  company_platform: Platform;
  company_analytics_color_scale: "default" | "reverse";
  company_ai_enabled: number;
  company_review_analytics: number;
  company_custom_relationships: number;
  company_user_admin_view: number;
  company_goals_instead_of_objectives: number;
  company_anonymity_floor: number;
  is_manager: number;
}

function viewerRowOf(r: RawViewerRow) {
  return {
    session: { id: r.session_id, view: r.session_view, frameTeamId: r.session_frame_team_id, workspaceId: r.session_workspace_id },
    user: {
      id: r.user_id,
      name: r.user_name,
      email: r.user_email,
      title: r.user_title,
      imageUrl: r.user_image_url,
      isSuperAdmin: Boolean(r.user_is_super_admin),
      isTeamAdmin: Boolean(r.user_is_team_admin),
      isDeleted: Boolean(r.user_is_deleted),
    },
    company: {
      id: r.company_id,
      name: r.company_name,
      platform: r.company_platform,
      analyticsColorScale: r.company_analytics_color_scale,
      aiEnabled: Boolean(r.company_ai_enabled),
      reviewAnalytics: Boolean(r.company_review_analytics),
      customRelationships: Boolean(r.company_custom_relationships),
      userAdminView: Boolean(r.company_user_admin_view),
      goalsInsteadOfObjectives: Boolean(r.company_goals_instead_of_objectives),
      anonymityFloor: r.company_anonymity_floor,
    },
    isManager: r.is_manager,
  };
}

/** Not signed in (or the session is gone): to sign-in, clearing any stale cookie. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer) return viewer;
  throw await toSignIn(request, context);
}

async function toSignIn(request: Request, context: AppLoadContext) {
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes(`${sessionCookieName(request)}=`)) {
    headers.append("Set-Cookie", await destroySession(request, context));
  }
  return redirect("/sign-in", { headers });
}

/** Signed in and holding the permission; a missing permission redirects home (002 §2.1, §6). */
export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission | "SignedIn"): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (permission !== "SignedIn" && !viewer.permissions.includes(permission)) throw redirect("/");
  return viewer;
}

/**
 * requirePermission with the page's main read riding in the same D1 batch (getViewerWith). The
 * rows are handed back only to a signed-in holder of the permission; anyone else is redirected
 * as by requirePermission and the rows are dropped unread.
 */
export async function requirePermissionWith<T>(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
  statement: (sessionId: string) => SQL
): Promise<{ viewer: Viewer; rows: T[] }> {
  const { viewer, rows } = await getViewerWith<T>(request, context, statement);
  if (!viewer) throw await toSignIn(request, context);
  if (!viewer.permissions.includes(permission)) throw redirect("/");
  return { viewer, rows };
}

/** Where a signed-in person lands: their own profile (002 §2.1, DESIGN "Route clarifications"). */
export function profilePath(userId: string) {
  return `/my-profile/${encodeURIComponent(userId)}`;
}

/** Public sign-in pages send a signed-in person to their profile (002 §2.1). */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext): Promise<void> {
  const viewer = await getViewer(request, context);
  if (viewer) throw redirect(profilePath(viewer.user.id));
}

/**
 * A new session for a person whose sign-in is complete; a session cookie already present is
 * revoked first so signing in again never leaves an orphaned session row. Returns Set-Cookie.
 */
export async function replaceSession(request: Request, context: AppLoadContext, person: SessionPerson): Promise<string> {
  const previous = await readSessionId(request, context);
  if (!previous) return createSession(request, context, person);
  const row = newSessionRow(person);
  await context.db.batch([context.db.delete(sessions).where(eq(sessions.id, previous)), context.db.insert(sessions).values(row)]);
  return sessionCookie(request, context).serialize(row.id);
}

/** Signs the person in and redirects to their profile (or `redirectTo`), with any other cookies to set. */
export async function signInAndRedirect(
  request: Request,
  context: AppLoadContext,
  person: SessionPerson,
  redirectTo = profilePath(person.userId),
  otherCookies: string[] = []
): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await replaceSession(request, context, person));
  for (const cookie of otherCookies) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}
