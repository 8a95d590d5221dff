import { describe, expect, it } from "vitest";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { appFetch, sessionFor } from "./helpers";

describe("session", () => {
  it("sends a person without a session to sign-in", async () => {
    const response = await appFetch("/reviews/todos");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
  });

  it("lets a signed-in person into a page their role allows", async () => {
    const cookie = await sessionFor("sam@acme.test");
    const response = await appFetch("/reviews/todos", { cookie });
    expect(response.status).toBe(200);
  });
});

describe("an unauthorized session signs the person out", () => {
  async function sessionRows(userId: string) {
    const { results } = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(userId).all();
    return results.length;
  }

  it("sends a revoked session to sign-in and clears its cookie", async () => {
    const cookie = await sessionFor("ed@acme.test");
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = 'u-acme-ed'").run();
    const response = await appFetch("/reviews/todos", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  it("signs out a person deactivated while signed in and deletes their session", async () => {
    const cookie = await sessionFor("eve@acme.test");
    expect(await sessionRows("u-acme-eve")).toBe(1);
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-eve'").run();
    const response = await appFetch("/my-profile/u-acme-eve/feedback-insights", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    expect(await sessionRows("u-acme-eve")).toBe(0);
    await env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = 'u-acme-eve'").run();
  });
});

describe("session lifetime", () => {
  const HOUR = 3_600_000;
  const sessionIdOfCookie = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
  async function lastSeen(userId: string) {
    const row = await env.DB.prepare("SELECT last_seen_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
      .bind(userId)
      .first<{ last_seen_at: number | null }>();
    return row?.last_seen_at ?? null;
  }

  it("ends a session left idle longer than 12 hours, though it has not expired", async () => {
    const cookie = await sessionFor("mona@acme.test");
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?, created_at = ? WHERE user_id = 'u-acme-mona'")
      .bind(Date.now() - 12 * HOUR - 60_000, Date.now() - 13 * HOUR)
      .run();
    const response = await appFetch("/reviews/todos", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
  });

  it("counts a session never seen since sign-in as idle from its creation", async () => {
    const cookie = await sessionFor("adam@acme.test");
    await env.DB.prepare("UPDATE sessions SET last_seen_at = NULL, created_at = ? WHERE user_id = 'u-acme-adam'").bind(Date.now() - 13 * HOUR).run();
    expect((await appFetch("/reviews/todos", { cookie })).headers.get("Location")).toBe("/sign-in");
  });

  it("keeps a session in use alive, writing its last use at most every 5 minutes", async () => {
    const cookie = await sessionFor("gary@globex.test");
    const stale = Date.now() - 11 * HOUR;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = 'u-globex-gary'").bind(stale).run();
    expect((await appFetch("/reviews/todos", { cookie })).status).toBe(200);
    const refreshed = await lastSeen("u-globex-gary");
    expect(refreshed).toBeGreaterThan(Date.now() - 60_000);

    // Within the next few minutes a request reads the session without writing it again.
    const recent = Date.now() - 2 * 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = 'u-globex-gary'").bind(recent).run();
    expect((await appFetch("/reviews/todos", { cookie })).status).toBe(200);
    expect(await lastSeen("u-globex-gary")).toBe(recent);
    expect(sessionIdOfCookie(cookie)).toBeTruthy();
  });

  it("still ends a session at its absolute expiry, however recently used", async () => {
    const cookie = await sessionFor("mike@globex.test");
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE user_id = 'u-globex-mike'").bind(Date.now(), Date.now() - 1000).run();
    expect((await appFetch("/reviews/todos", { cookie })).headers.get("Location")).toBe("/sign-in");
  });
});

describe("session cookie over https", () => {
  it("is a __Host- cookie: Secure, Path=/, no Domain, HttpOnly, and read back under that name", async () => {
    const origin = "https://127.0.0.1:8787";
    const signIn = await worker.fetch(
      new Request(`${origin}/dev/sign-in`, {
        method: "POST",
        body: new URLSearchParams({ email: "sam@acme.test" }),
        headers: { Host: "127.0.0.1:8787", Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "10.9.9.9" },
        redirect: "manual",
      }) as Parameters<typeof worker.fetch>[0],
      env as Env,
      createExecutionContext(),
    );
    expect(signIn.status).toBe(302);
    const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(setCookie).toBeTruthy();
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const page = await worker.fetch(
      new Request(`${origin}/reviews/todos`, { headers: { Host: "127.0.0.1:8787", Cookie: setCookie!.split(";")[0] }, redirect: "manual" }) as Parameters<typeof worker.fetch>[0],
      env as Env,
      createExecutionContext(),
    );
    expect(page.status).toBe(200);
  });
});
