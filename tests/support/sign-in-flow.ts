// Worker-side helpers for the auth tests (run inside workerd): drive the app's sign-in routes
// and the fake OpenID provider the global setup started on 127.0.0.1.
import { createCookie } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { appFetch, cookieFrom, postForm } from "../workers/helpers";
import type { FakeCodeRequest, FakePlatform } from "./fake-oidc";

/**
 * A client address of its own for each test, so sign-in attempts of one test never count
 * against another's rate limit (the limiter is keyed by CF-Connecting-IP).
 */
export function freshIp() {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function withIp(ip: string, init: { cookie?: string; method?: string; body?: BodyInit } = {}) {
  return { ...init, headers: { "CF-Connecting-IP": ip } };
}

export async function fakeCode(request: FakeCodeRequest): Promise<string> {
  const response = await fetch(`${env.FAKE_OIDC_URL}/test/codes`, { method: "POST", body: JSON.stringify(request) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

export async function fakeIdToken(request: FakeCodeRequest): Promise<string> {
  const response = await fetch(`${env.FAKE_OIDC_URL}/test/id-tokens`, { method: "POST", body: JSON.stringify(request) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

export interface StartedSignIn {
  authorizeUrl: URL;
  flowCookie: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

/** POST /auth/{platform}/start as the sign-in button does; returns what the provider was sent. */
export async function startSignIn(platform: FakePlatform, ip: string): Promise<StartedSignIn> {
  const response = await appFetch(`/auth/${platform}/start`, withIp(ip, { method: "POST" }));
  expect(response.status).toBe(302);
  const authorizeUrl = new URL(response.headers.get("Location")!);
  const q = authorizeUrl.searchParams;
  return {
    authorizeUrl,
    flowCookie: cookieFrom(response),
    state: q.get("state")!,
    nonce: q.get("nonce")!,
    codeChallenge: q.get("code_challenge")!,
    redirectUri: q.get("redirect_uri")!,
  };
}

/** A code the fake will exchange for this flow (right nonce, PKCE and redirect URI) unless told otherwise. */
export function codeFor(started: StartedSignIn, platform: FakePlatform, request: Omit<FakeCodeRequest, "platform"> = {}) {
  return fakeCode({
    platform,
    nonce: started.nonce,
    codeChallenge: started.codeChallenge,
    redirectUri: started.redirectUri,
    ...request,
  });
}

/** The provider's redirect back to /auth/{platform}/callback. */
export function callback(platform: FakePlatform, params: { code: string; state: string }, flowCookie: string, ip: string) {
  return appFetch(`/auth/${platform}/callback?${new URLSearchParams(params)}`, withIp(ip, { cookie: flowCookie }));
}

/** Follows the fake's /authorize (login_hint = e-mail) and returns the callback path it redirects to. */
export async function authorizeAtFake(started: StartedSignIn, email: string): Promise<string> {
  const url = new URL(started.authorizeUrl);
  url.searchParams.set("login_hint", email);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("Location")!);
  return back.pathname + back.search;
}

/** Start → provider → callback for a seeded e-mail; returns the callback's answer. */
export async function providerSignIn(platform: FakePlatform, email: string, ip: string) {
  const started = await startSignIn(platform, ip);
  const callbackPath = await authorizeAtFake(started, email);
  return appFetch(callbackPath, withIp(ip, { cookie: started.flowCookie }));
}

/** The session id inside a Set-Cookie / Cookie value written by the app. */
export async function sessionIdOf(cookiePair: string): Promise<string | null> {
  const value = await createCookie("__session", { secrets: [env.SESSION_SECRET] }).parse(cookiePair);
  return typeof value === "string" ? value : null;
}

export async function sessionRow(cookiePair: string) {
  const id = await sessionIdOf(cookiePair);
  if (!id) return null;
  return env.DB.prepare("SELECT id, user_id, company_id, frame_team_id, workspace_id FROM sessions WHERE id = ?")
    .bind(id)
    .first<{ id: string; user_id: string; company_id: string; frame_team_id: string | null; workspace_id: string | null }>();
}

export async function countSessions(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

export function location(response: Response) {
  return response.headers.get("Location");
}

export { appFetch, cookieFrom, postForm };

/** POST a form (JavaScript off) from a given client address. */
export function postFormFrom(ip: string, path: string, fields: Record<string, string>, cookie?: string) {
  return appFetch(path, withIp(ip, { method: "POST", body: new URLSearchParams(fields), cookie }));
}
