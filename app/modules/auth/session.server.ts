import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, sql } from "drizzle-orm";
import { companies, sessions, userManagers, users } from "~/db/schema";
import type { Permission } from "~/lib/permissions/names";
import { permissionsFor, type Platform } from "~/lib/permissions/registry";

const SESSION_TTL_MS = 1000 * 60 * 60 * 24 * 14;

/**
 * The session cookie holds only a signed session id. Over https (always the case when framed
 * inside Teams or Slack) it is SameSite=None; Secure; Partitioned so the framed tab keeps it;
 * over plain http (local development) it is SameSite=Lax.
 */
export function sessionCookie(request: Request, context: AppLoadContext) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie("__session", {
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
  };
}

/** Who a new session is for; workspaceId is the Slack-type primary workspace when one was chosen. */
export interface SessionPerson {
  userId: string;
  companyId: string;
  frameTeamId?: string | null;
  workspaceId?: string | null;
}

export async function createSession(
  request: Request,
  context: AppLoadContext,
  input: SessionPerson,
): Promise<string> {
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
  };
  isManager: boolean;
  permissions: Permission[];
}

/** The signed-in person with their company and computed permissions, or null. One D1 query. */
/**
 * The shell's loader and the page's loader both ask who is signed in, in parallel; one load
 * context is one incoming request, so they share one lookup (one cookie check, one D1 query).
 */
const viewerByRequest = new WeakMap<AppLoadContext, Promise<Viewer | null>>();

export function getViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  let viewer = viewerByRequest.get(context);
  if (!viewer) {
    viewer = loadViewer(request, context);
    viewerByRequest.set(context, viewer);
  }
  return viewer;
}

async function loadViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const sessionId = await readSessionId(request, context);
  if (!sessionId) return null;
  const [row] = await context.db
    .select({
      session: { id: sessions.id, view: sessions.view, frameTeamId: sessions.frameTeamId, workspaceId: sessions.workspaceId },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        title: users.title,
        imageUrl: users.imageUrl,
        isSuperAdmin: users.isSuperAdmin,
        isTeamAdmin: users.isTeamAdmin,
        isDeleted: users.isDeleted,
      },
      company: {
        id: companies.id,
        name: companies.name,
        platform: companies.platform,
        analyticsColorScale: companies.analyticsColorScale,
        aiEnabled: companies.aiEnabled,
        reviewAnalytics: companies.reviewAnalytics,
        customRelationships: companies.customRelationships,
        userAdminView: companies.userAdminView,
      },
      isManager: sql<number>`exists (select 1 from ${userManagers} where ${userManagers.managerId} = ${users.id} and ${userManagers.companyId} = ${users.companyId})`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.user.isDeleted) return null;
  const isManager = Boolean(row.isManager);
  const { isDeleted: _deleted, ...user } = row.user;
  const permissions = permissionsFor({
    platform: row.company.platform,
    isSuperAdmin: user.isSuperAdmin,
    isTeamAdmin: user.isTeamAdmin,
    isManager,
    settings: row.company,
    inDemoTeam: Boolean(row.session.frameTeamId && context.config.demoTeamIds.includes(row.session.frameTeamId)),
  });
  return { sessionId: row.session.id, view: row.session.view, workspaceId: row.session.workspaceId, user, company: row.company, isManager, permissions };
}

/** Not signed in (or the session is gone): to sign-in, clearing any stale cookie. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer) return viewer;
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes("__session=")) {
    headers.append("Set-Cookie", await destroySession(request, context));
  }
  throw redirect("/sign-in", { headers });
}

/** Signed in and holding the permission; a missing permission redirects home (002 §2.1, §6). */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission | "SignedIn",
): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (permission !== "SignedIn" && !viewer.permissions.includes(permission)) throw redirect("/");
  return viewer;
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
export async function replaceSession(
  request: Request,
  context: AppLoadContext,
  person: SessionPerson,
): Promise<string> {
  const previous = await readSessionId(request, context);
  if (!previous) return createSession(request, context, person);
  const row = newSessionRow(person);
  await context.db.batch([context.db.delete(sessions).where(eq(sessions.id, previous)), context.db.insert(sessions).values(row)]);
  return sessionCookie(request, context).serialize(row.id);
}

/** Signs the person in and redirects to their profile (or `redirectTo`). */
export async function signInAndRedirect(
  request: Request,
  context: AppLoadContext,
  person: SessionPerson,
  redirectTo = profilePath(person.userId),
): Promise<Response> {
  const cookie = await replaceSession(request, context, person);
  return redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
}
