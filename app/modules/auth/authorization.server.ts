import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { authorizations, companies, users, workspaceMembers, workspaces } from "~/db/schema";
import type { ChatIdentity } from "./oidc.server";
import type { SignInPlatform } from "./sign-in.schema";

/** A verified sign-in must be completed within this time (and the workspace choice with it). */
export const AUTHORIZATION_TTL_MS = 5 * 60 * 1000;

export interface PendingAuthorization {
  id: string;
  platform: SignInPlatform;
  subject: string;
  email: string | null;
  name: string | null;
  teamId: string | null;
  expiresAt: Date;
}

export async function recordAuthorization(context: AppLoadContext, identity: ChatIdentity): Promise<string> {
  const id = crypto.randomUUID();
  await context.db.insert(authorizations).values({
    id,
    platform: identity.platform,
    subject: identity.subject,
    email: identity.email,
    name: identity.name,
    teamId: identity.teamId,
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  return id;
}

/** The authorization if it is still usable: not expired and not consumed. */
export async function readPendingAuthorization(context: AppLoadContext, id: string): Promise<PendingAuthorization | null> {
  const [row] = await context.db
    .select({
      id: authorizations.id,
      platform: authorizations.platform,
      subject: authorizations.subject,
      email: authorizations.email,
      name: authorizations.name,
      teamId: authorizations.teamId,
      expiresAt: authorizations.expiresAt,
    })
    .from(authorizations)
    .where(and(eq(authorizations.id, id), isNull(authorizations.consumedAt), gt(authorizations.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the authorization used. The conditional UPDATE is the once-only guard: of two
 * concurrent completions exactly one changes the row and may create a session.
 */
export async function consumeAuthorization(context: AppLoadContext, id: string): Promise<boolean> {
  const now = new Date();
  const changed = await context.db
    .update(authorizations)
    .set({ consumedAt: now })
    .where(and(eq(authorizations.id, id), isNull(authorizations.consumedAt), gt(authorizations.expiresAt, now)))
    .returning({ id: authorizations.id });
  return changed.length === 1;
}

export interface SignInPerson {
  userId: string;
  companyId: string;
  platform: SignInPlatform;
}

/**
 * The person a verified identity signs in as, or null (→ not-authorized).
 * Slack: the company owning the token's team (a workspace's team id, else the company's own
 * Slack id), then the person by Slack user id, else by e-mail. Microsoft: the company whose
 * tenant is the token's tid, then the person by e-mail, else by Teams user id. Deactivated
 * people never sign in. Among duplicate e-mails the one linked to the chat account wins (002 §2.8).
 */
export async function findPersonForIdentity(context: AppLoadContext, identity: ChatIdentity): Promise<SignInPerson | null> {
  if (!identity.teamId) return null;
  const companyId = await companyForTeam(context, identity.platform, identity.teamId);
  if (!companyId) return null;
  const chatIdColumn = identity.platform === "slack" ? users.slackUserId : users.msteamsUserId;
  const matchers = [eq(chatIdColumn, identity.subject)];
  if (identity.email) matchers.push(eq(sql`lower(${users.email})`, identity.email.toLowerCase()));
  const [person] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false), or(...matchers)))
    .orderBy(desc(sql`${chatIdColumn} = ${identity.subject}`), desc(sql`${chatIdColumn} is not null`), asc(users.createdAt))
    .limit(1);
  return person ? { userId: person.id, companyId, platform: identity.platform } : null;
}

async function companyForTeam(context: AppLoadContext, platform: SignInPlatform, teamId: string): Promise<string | null> {
  if (platform === "slack") {
    const [workspace] = await context.db
      .select({ companyId: workspaces.companyId })
      .from(workspaces)
      .innerJoin(companies, and(eq(companies.id, workspaces.companyId), eq(companies.platform, "slack")))
      .where(eq(workspaces.slackTeamId, teamId))
      .limit(1);
    if (workspace) return workspace.companyId;
  }
  const [company] = await context.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.platform, platform), eq(companies.externalId, teamId)))
    .limit(1);
  return company?.id ?? null;
}

/** The still-active person, checked again when a later step acts on an earlier lookup. */
export async function isActivePerson(context: AppLoadContext, person: { userId: string; companyId: string }) {
  const [row] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, person.userId), eq(users.companyId, person.companyId), eq(users.isDeleted, false)))
    .limit(1);
  return Boolean(row);
}

export async function workspacesOf(context: AppLoadContext, person: { userId: string; companyId: string }) {
  return context.db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), eq(workspaces.companyId, workspaceMembers.companyId)))
    .where(and(eq(workspaceMembers.companyId, person.companyId), eq(workspaceMembers.userId, person.userId)))
    .orderBy(asc(workspaces.name));
}

/**
 * The idToken of the Select Primary Workspace screen (002 §2.3): our own short-lived HS256
 * token naming the person and the authorization, so the screen needs no server-side state.
 * It lives no longer than the authorization it belongs to.
 */
const CHOICE_AUDIENCE = "select-slack-workspace";
const choiceKey = (context: AppLoadContext) => new TextEncoder().encode(`${CHOICE_AUDIENCE}:${context.config.sessionSecret}`);

export async function signWorkspaceChoiceToken(
  context: AppLoadContext,
  input: { person: SignInPerson; authorizationId: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ cid: input.person.companyId, aid: input.authorizationId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(input.person.userId)
    .setAudience(CHOICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
    .sign(choiceKey(context));
}

/** The person and authorization a choice token names, or null when forged, expired or mismatched. */
export async function verifyWorkspaceChoiceToken(
  context: AppLoadContext,
  token: string,
  authorizationId: string,
): Promise<SignInPerson | null> {
  try {
    const { payload } = await jwtVerify(token, choiceKey(context), { audience: CHOICE_AUDIENCE, algorithms: ["HS256"] });
    if (payload.aid !== authorizationId || typeof payload.sub !== "string" || typeof payload.cid !== "string") return null;
    return { userId: payload.sub, companyId: payload.cid, platform: "slack" };
  } catch {
    return null;
  }
}
