import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import type { OidcProviderConfig } from "~/lib/config.server";
import { logError, logWarn } from "~/lib/log.server";
import { newBrowserBinding, sha256Hex } from "./browser-binding.server";
import type { SignInPlatform } from "./sign-in.schema";

/** What a verified ID token says about the person, whichever platform issued it. */
export interface ChatIdentity {
  platform: SignInPlatform;
  /** Slack user id, or the Microsoft object id (oid). */
  subject: string;
  email: string | null;
  /** The provider says it checked the address (Slack email_verified; Microsoft email_verified or xms_edov). */
  emailVerified: boolean;
  name: string | null;
  /** Slack team id or Microsoft tenant id (tid). */
  teamId: string | null;
}

/** A sign-in that cannot continue; the reason goes to the log, never to the person. */
export class SignInError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`sign-in failed: ${reason}`, options);
    this.name = "SignInError";
  }
}

/**
 * A refused token or a mismatched state is routine (expired links, replays, probing): a warning
 * with the request id and the reason. Anything else is a server error with its stack. Both go
 * through the log's redaction, so a URL may be passed as it came (its token, code, state and
 * authorization come out as "[redacted]").
 */
export function logSignInFailure(requestId: string, error: unknown, extra: Record<string, unknown>) {
  if (error instanceof SignInError) {
    logWarn(requestId, error.message, extra);
  } else {
    logError(requestId, error, extra);
  }
}

const FLOW_TTL_SECONDS = 600;
const PROVIDER_TIMEOUT_MS = 10_000;
const ID_TOKEN_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "ES256"];
const TENANT_PLACEHOLDER = "{tenantid}";

interface SignInFlow {
  platform: SignInPlatform;
  state: string;
  nonce: string;
  verifier: string;
}

/**
 * state, nonce and the PKCE verifier live in a short-lived signed HttpOnly cookie between the
 * start and the provider's redirect back. SameSite=Lax still sends it on that top-level GET.
 */
function flowCookie(request: Request, context: AppLoadContext) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie("__sign_in_flow", {
    httpOnly: true,
    path: "/auth/",
    sameSite: "lax",
    secure,
    secrets: [context.config.sessionSecret],
    maxAge: FLOW_TTL_SECONDS,
  });
}

export async function clearFlowCookie(request: Request, context: AppLoadContext) {
  return flowCookie(request, context).serialize("", { maxAge: 0, expires: new Date(0) });
}

function base64url(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function randomToken(bytes = 32) {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function pkceChallenge(verifier: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

function providerConfig(context: AppLoadContext, platform: SignInPlatform): OidcProviderConfig {
  const provider = context.config.oidc[platform];
  if (!provider.authorizeUrl || !provider.tokenUrl || !provider.jwksUrl || !provider.clientId || !provider.issuer) {
    throw new SignInError(`${platform} sign-in is not configured (OIDC endpoints and client id)`);
  }
  return provider;
}

/**
 * The callback must come back to the origin the flow cookie was set on, so the redirect URI is
 * built from the request's own origin (on Workers that is the public hostname).
 */
export function callbackUrl(request: Request, platform: SignInPlatform) {
  return `${new URL(request.url).origin}/auth/${platform}/callback`;
}

/**
 * Starts the authorization-code flow: a redirect to the provider, carrying the flow cookie and
 * the browser binding that the completion steps will ask for.
 */
export async function startProviderSignIn(request: Request, context: AppLoadContext, platform: SignInPlatform): Promise<Response> {
  const provider = providerConfig(context, platform);
  const flow: SignInFlow = { platform, state: randomToken(), nonce: randomToken(), verifier: randomToken(48) };
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", callbackUrl(request, platform));
  url.searchParams.set("state", flow.state);
  url.searchParams.set("nonce", flow.nonce);
  url.searchParams.set("code_challenge", await pkceChallenge(flow.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await flowCookie(request, context).serialize(flow));
  headers.append("Set-Cookie", (await newBrowserBinding(request)).setCookie);
  return redirect(url.toString(), { headers });
}

function isFlow(value: unknown, platform: SignInPlatform): value is SignInFlow {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return v.platform === platform && typeof v.state === "string" && typeof v.nonce === "string" && typeof v.verifier === "string";
}

/** Timing-safe enough for random tokens of equal length: no early exit on the first difference. */
function sameToken(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The provider's redirect back: state against the flow cookie, code exchanged at the token
 * endpoint (client_secret_post with the PKCE verifier), the ID token verified with the nonce.
 */
export async function finishProviderSignIn(request: Request, context: AppLoadContext, platform: SignInPlatform): Promise<ChatIdentity> {
  const url = new URL(request.url);
  const providerError = url.searchParams.get("error");
  if (providerError) throw new SignInError(`provider answered error=${providerError}`);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (!code || !state) throw new SignInError("callback without code or state");
  const flow = await flowCookie(request, context).parse(request.headers.get("Cookie"));
  if (!isFlow(flow, platform)) throw new SignInError("no sign-in flow cookie for this platform");
  if (!sameToken(flow.state, state)) throw new SignInError("state does not match the flow cookie");

  const provider = providerConfig(context, platform);
  let response: Response;
  try {
    response = await fetch(provider.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: callbackUrl(request, platform),
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        code_verifier: flow.verifier,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SignInError("token endpoint unreachable", { cause: error });
  }
  const body = (await response.json().catch(() => null)) as { ok?: boolean; id_token?: unknown; error?: unknown } | null;
  // Slack answers 200 with ok:false on failure; Microsoft uses HTTP status codes.
  if (!response.ok || !body || body.ok === false || typeof body.id_token !== "string") {
    throw new SignInError(`token exchange failed (HTTP ${response.status}${body?.error ? `, ${String(body.error)}` : ""})`);
  }
  return verifyIdToken(context, platform, body.id_token, { nonce: flow.nonce });
}

/**
 * Verifies an ID token against the provider's published keys, issuer and audience (our client
 * id). Microsoft's issuer names the tenant ({tenantid}); it is filled from the token's own tid,
 * which the signature then vouches for. A nonce is checked when the flow sent one (the framed
 * tab's host-issued token has none of ours).
 */
export async function verifyIdToken(
  context: AppLoadContext,
  platform: SignInPlatform,
  idToken: string,
  options: { nonce?: string } = {},
): Promise<ChatIdentity> {
  return identityFromClaims(platform, await verifiedClaims(context, platform, idToken, options));
}

/** How long jose's check still accepts an expired token; a used token is remembered that long too. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * The framed tab's host-issued ID token, verified, with what makes it single-use: an id to
 * remember it by (its jti, else a digest of the whole token) and the time it stops being valid.
 */
export async function verifyFramedTabToken(
  context: AppLoadContext,
  platform: SignInPlatform,
  idToken: string,
): Promise<{ identity: ChatIdentity; replayId: string; validUntil: Date }> {
  const claims = await verifiedClaims(context, platform, idToken, {});
  const jti = typeof claims.jti === "string" && claims.jti ? claims.jti : null;
  const replayId = jti ? `jti:${platform}:${await sha256Hex(`${claims.iss ?? ""}\n${jti}`)}` : `sha256:${await sha256Hex(idToken)}`;
  return {
    identity: identityFromClaims(platform, claims),
    replayId,
    validUntil: new Date(((claims.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000),
  };
}

async function verifiedClaims(
  context: AppLoadContext,
  platform: SignInPlatform,
  idToken: string,
  options: { nonce?: string },
): Promise<JWTPayload> {
  const provider = providerConfig(context, platform);
  let issuer = provider.issuer;
  if (issuer.includes(TENANT_PLACEHOLDER)) {
    let tid: unknown;
    try {
      tid = decodeJwt(idToken).tid;
    } catch (error) {
      throw new SignInError("ID token is not a JWT", { cause: error });
    }
    if (typeof tid !== "string" || !/^[A-Za-z0-9-]{1,64}$/.test(tid)) throw new SignInError("ID token has no usable tid claim");
    issuer = issuer.replace(TENANT_PLACEHOLDER, tid);
  }
  let payload: JWTPayload;
  try {
    const keys = createRemoteJWKSet(new URL(provider.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer,
      audience: provider.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    throw new SignInError(`ID token rejected: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (options.nonce !== undefined && (typeof payload.nonce !== "string" || !sameToken(payload.nonce, options.nonce))) {
    throw new SignInError("ID token nonce does not match the flow");
  }
  return payload;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

const address = (v: unknown) => {
  const email = str(v);
  return email?.includes("@") ? email.toLowerCase() : null;
};

/**
 * The person is the platform's own account id (Slack user id; Microsoft oid) in the team or
 * tenant the signature vouches for. The e-mail is kept with whether the provider verified it:
 * only a verified address may link a person who is not linked yet (authorization.server.ts).
 * Microsoft's preferred_username and upn are display names a tenant admin can set to anything,
 * so they are never taken as an e-mail.
 */
function identityFromClaims(platform: SignInPlatform, claims: JWTPayload): ChatIdentity {
  if (platform === "slack") {
    return {
      platform,
      subject: str(claims["https://slack.com/user_id"]) ?? str(claims.sub)!,
      email: address(claims.email),
      emailVerified: claims.email_verified === true,
      name: str(claims.name),
      teamId: str(claims["https://slack.com/team_id"]),
    };
  }
  return {
    platform,
    subject: str(claims.oid) ?? str(claims.sub)!,
    email: address(claims.email),
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    name: str(claims.name),
    teamId: str(claims.tid),
  };
}
