// Worker-side helpers for the auth tests (run inside workerd): drive the app's sign-in routes
// and the fake OpenID provider the global setup started on 127.0.0.1.
import { createCookie } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { appFetch, cookieFrom, postForm, SESSION_COOKIE } from "../workers/helpers";
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

/** Every "name=value" pair a response sets (not only the first), expired ones included. */
export function setCookies(response: Response): Array<{ name: string; value: string; header: string }> {
  return response.headers.getSetCookie().map((header) => {
    const pair = header.split(";")[0];
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), header };
  });
}

/**
 * One browser: a client address of its own and a cookie jar that keeps what the app sets (and
 * drops what it expires), so a flow can be followed step by step, or replayed from another browser.
 */
export class TestBrowser {
  readonly ip = freshIp();
  readonly jar = new Map<string, string>();

  cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response: Response): Response {
    for (const { name, value, header } of setCookies(response)) {
      if (!value || /max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  async fetch(path: string, init: { method?: string; body?: BodyInit } = {}): Promise<Response> {
    return this.keep(await appFetch(path, withIp(this.ip, { ...init, cookie: this.cookie() })));
  }

  post(path: string, fields: Record<string, string>) {
    return this.fetch(path, { method: "POST", body: new URLSearchParams(fields) });
  }
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
export async function startSignIn(platform: FakePlatform, browser: TestBrowser): Promise<StartedSignIn> {
  const response = await browser.fetch(`/auth/${platform}/start`, { method: "POST" });
  expect(response.status).toBe(302);
  const authorizeUrl = new URL(response.headers.get("Location")!);
  const q = authorizeUrl.searchParams;
  return {
    authorizeUrl,
    flowCookie: setCookies(response).find((c) => c.name === "__sign_in_flow")?.header.split(";")[0] ?? "",
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

/** The provider's redirect back to /auth/{platform}/callback, in the browser that started. */
export function callback(platform: FakePlatform, params: { code: string; state: string }, browser: TestBrowser) {
  return browser.fetch(`/auth/${platform}/callback?${new URLSearchParams(params)}`);
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

/** Start → provider → callback for a seeded e-mail in one browser; returns the callback's answer. */
export async function providerSignIn(platform: FakePlatform, email: string, browser: TestBrowser) {
  const started = await startSignIn(platform, browser);
  const callbackPath = await authorizeAtFake(started, email);
  return browser.fetch(callbackPath);
}

/** The session id inside a Set-Cookie / Cookie value written by the app. */
export async function sessionIdOf(cookiePair: string): Promise<string | null> {
  const value = await createCookie(SESSION_COOKIE, { secrets: [env.SESSION_SECRET] }).parse(cookiePair);
  return typeof value === "string" ? value : null;
}

export async function sessionRow(cookiePair: string) {
  const id = await sessionIdOf(cookiePair);
  if (!id) return null;
  return env.DB.prepare("SELECT id, user_id, company_id, frame_team_id, workspace_id, last_seen_at, expires_at FROM sessions WHERE id = ?")
    .bind(id)
    .first<{
      id: string;
      user_id: string;
      company_id: string;
      frame_team_id: string | null;
      workspace_id: string | null;
      last_seen_at: number | null;
      expires_at: number;
    }>();
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
