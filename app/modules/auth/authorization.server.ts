import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { authorizations, companies, groupMembers, groups, usedTokens, users, workspaceMembers, workspaces } from "~/db/schema";
import type { ChatIdentity } from "./oidc.server";
import type { SignInPlatform } from "./sign-in.schema";

/** A verified sign-in must be completed within this time (and the workspace choice with it). */
export const AUTHORIZATION_TTL_MS = 5 * 60 * 1000;

export interface PendingAuthorization {
  id: string;
  platform: SignInPlatform;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  teamId: string | null;
  /** The framed tab's: the verified frame team and the page to open; null for a provider sign-in. */
  frameTeamId: string | null;
  redirectTo: string | null;
  expiresAt: Date;
}

/** Where a verified sign-in is completed, and by which browser (the digest of its binding cookie). */
export interface AuthorizationBinding {
  browserKey: string;
  /** The framed tab only. */
  frame?: { teamId: string | null; redirectTo: string };
}

export async function recordAuthorization(
  context: AppLoadContext,
  identity: ChatIdentity,
  binding: AuthorizationBinding,
): Promise<string> {
  const id = crypto.randomUUID();
  await context.db.insert(authorizations).values({
    id,
    platform: identity.platform,
    subject: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    name: identity.name,
    teamId: identity.teamId,
    browserKey: binding.browserKey,
    frameTeamId: binding.frame?.teamId ?? null,
    redirectTo: binding.frame?.redirectTo ?? null,
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  return id;
}

/**
 * The authorization if it is still usable: not expired, not consumed, and asked for by the
 * browser that started the sign-in (the digest of its binding cookie). Without the cookie there
 * is nothing to find.
 */
export async function readPendingAuthorization(
  context: AppLoadContext,
  id: string,
  browserKey: string | null,
): Promise<PendingAuthorization | null> {
  if (!browserKey) return null;
  const [row] = await context.db
    .select({
      id: authorizations.id,
      platform: authorizations.platform,
      subject: authorizations.subject,
      email: authorizations.email,
      emailVerified: authorizations.emailVerified,
      name: authorizations.name,
      teamId: authorizations.teamId,
      frameTeamId: authorizations.frameTeamId,
      redirectTo: authorizations.redirectTo,
      expiresAt: authorizations.expiresAt,
    })
    .from(authorizations)
    .where(
      and(
        eq(authorizations.id, id),
        eq(authorizations.browserKey, browserKey),
        isNull(authorizations.consumedAt),
        gt(authorizations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the authorization used. The conditional UPDATE is the once-only guard: of two
 * concurrent completions exactly one changes the row and may create a session; and only the
 * browser that started the sign-in can change it.
 */
export async function consumeAuthorization(context: AppLoadContext, id: string, browserKey: string | null): Promise<boolean> {
  if (!browserKey) return false;
  const now = new Date();
  const changed = await context.db
    .update(authorizations)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authorizations.id, id),
        eq(authorizations.browserKey, browserKey),
        isNull(authorizations.consumedAt),
        gt(authorizations.expiresAt, now),
      ),
    )
    .returning({ id: authorizations.id });
  return changed.length === 1;
}

/**
 * Remembers a single-use token until it is no longer valid anyway. False when it was used before
 * (the INSERT finds its id taken). Tokens past their time are forgotten in the same batch.
 */
export async function markTokenUsed(context: AppLoadContext, replayId: string, validUntil: Date): Promise<boolean> {
  const [, inserted] = await context.db.batch([
    context.db.delete(usedTokens).where(lt(usedTokens.expiresAt, new Date())),
    context.db.insert(usedTokens).values({ id: replayId, expiresAt: validUntil }).onConflictDoNothing().returning({ id: usedTokens.id }),
  ]);
  return inserted.length === 1;
}

/** The identity a sign-in carries, as the person lookup needs it. */
type IdentityForLookup = Pick<ChatIdentity, "platform" | "subject" | "email" | "emailVerified" | "teamId">;

export interface SignInPerson {
  userId: string;
  companyId: string;
  platform: SignInPlatform;
}

const chatIdColumnOf = (platform: SignInPlatform) => (platform === "slack" ? users.slackUserId : users.msteamsUserId);

/**
 * The person a verified identity signs in as, or null (→ not-authorized). The company is the one
 * owning the verified team (Slack: a workspace's team id, else the company's own Slack id;
 * Microsoft: the tenant id). The person is the one whose chat account id is the token's subject
 * (Slack user id; Microsoft oid). Only someone not linked to any chat account yet may be found by
 * e-mail, and only by an address the provider verified; a person linked to another account is
 * never taken over by e-mail (completeLink then stores the subject on them). Deactivated people
 * never sign in. Among duplicate e-mails the earliest unlinked row wins (002 §2.8 keeps the linked
 * one, which is matched by its id).
 */
export async function findPersonForIdentity(context: AppLoadContext, identity: IdentityForLookup): Promise<SignInPerson | null> {
  if (!identity.teamId) return null;
  const companyId = await companyForTeam(context, identity.platform, identity.teamId);
  if (!companyId) return null;
  const chatIdColumn = chatIdColumnOf(identity.platform);
  const matchers = [eq(chatIdColumn, identity.subject)];
  if (identity.email && identity.emailVerified) {
    matchers.push(and(isNull(chatIdColumn), eq(sql`lower(${users.email})`, identity.email.toLowerCase()))!);
  }
  const [person] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false), or(...matchers)))
    .orderBy(desc(sql`${chatIdColumn} = ${identity.subject}`), asc(users.createdAt))
    .limit(1);
  return person ? { userId: person.id, companyId, platform: identity.platform } : null;
}

/**
 * After a sign-in found a person by their verified e-mail: their chat account id is stored, so the
 * next sign-in finds them by it. Conditional on the column still being empty, so it never
 * replaces a link (and does nothing for a person found by their id).
 */
export async function completeLink(context: AppLoadContext, person: SignInPerson, identity: Pick<ChatIdentity, "subject">) {
  const chatIdColumn = chatIdColumnOf(person.platform);
  await context.db
    .update(users)
    .set(person.platform === "slack" ? { slackUserId: identity.subject } : { msteamsUserId: identity.subject })
    .where(and(eq(users.id, person.userId), eq(users.companyId, person.companyId), isNull(chatIdColumn)));
}

/**
 * The framed tab's team, only from a verified source: the token's own team or tenant, or a team
 * of the person's company that they belong to (a Teams group by its Teams id, a Slack workspace by
 * its team id). Anything else is not recorded; the tab then opens without a frame team.
 */
export async function verifiedFrameTeam(
  context: AppLoadContext,
  person: SignInPerson,
  identity: Pick<ChatIdentity, "teamId">,
  requested: string | null | undefined,
): Promise<string | null> {
  const teamId = requested?.trim();
  if (!teamId || teamId.length > 200) return null;
  if (teamId === identity.teamId) return teamId;
  const [member] =
    person.platform === "msteams"
      ? await context.db
          .select({ id: groups.id })
          .from(groups)
          .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.companyId, groups.companyId)))
          .where(and(eq(groups.companyId, person.companyId), eq(groups.msteamsGroupId, teamId), eq(groupMembers.userId, person.userId)))
          .limit(1)
      : await context.db
          .select({ id: workspaces.id })
          .from(workspaces)
          .innerJoin(
            workspaceMembers,
            and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.companyId, workspaces.companyId)),
          )
          .where(and(eq(workspaces.companyId, person.companyId), eq(workspaces.slackTeamId, teamId), eq(workspaceMembers.userId, person.userId)))
          .limit(1);
  return member ? teamId : null;
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
