import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO, userId } from "~/db/seed/demo";
import { logError, logInfo } from "~/lib/log.server";
import { logSignInFailure, SignInError } from "~/modules/auth/oidc.server";
import { countSessions, fakeIdToken, location, sessionRow, TestBrowser } from "../support/sign-in-flow";

function tabUrl(params: Record<string, string>) {
  return `/tab?${new URLSearchParams(params)}`;
}

function metaRefresh(html: string) {
  return html.match(/<meta http-equiv="refresh" content="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;
}

/** The host opens the tab: the token step answers 303 to a token-free URL, which the same browser follows. */
async function openTab(browser: TestBrowser, params: Record<string, string>) {
  const first = await browser.fetch(tabUrl(params));
  if (first.status !== 303) return { first, final: first };
  const final = await browser.fetch(location(first)!);
  return { first, final };
}

function sessionCookieOf(browser: TestBrowser) {
  const value = browser.jar.get("__session");
  return value ? `__session=${value}` : "";
}

/** The Teams team the demo allow-list names in the worker tests, as a Globex group Tina belongs to. */
const DEMO_TEAM = "19:globex-demo-team@thread.tacv2";
beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO groups (id, company_id, name, channel_name, msteams_group_id) VALUES ('g-globex-demo', ?, 'Demo Team', 'General', ?)",
    ).bind(DEMO.globex.id, DEMO_TEAM),
    env.DB.prepare("INSERT INTO group_members (company_id, group_id, user_id, is_admin) VALUES (?, 'g-globex-demo', ?, 0)").bind(
      DEMO.globex.id,
      userId("globex", "tina"),
    ),
  ]);
});

describe("framed tab", () => {
  it("turns a valid Teams token into a session for a team of the person's and continues to the redirect after 1 second", async () => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const { first, final } = await openTab(browser, {
      token,
      teamId: "19:globex-group-1@thread.tacv2",
      platform: "msteams",
      redirect: "/reviews/todos?tab=open",
    });
    expect(first.status).toBe(303);
    expect(final.status).toBe(200);
    const row = await sessionRow(sessionCookieOf(browser));
    expect(row).toMatchObject({ user_id: userId("globex", "gina"), company_id: DEMO.globex.id, frame_team_id: "19:globex-group-1@thread.tacv2" });
    const html = await final.text();
    expect(metaRefresh(html)).toBe("1;url=/reviews/todos?tab=open");
  });

  it("opens the objectives page for a team in the demo allow-list, where the demo view is granted", async () => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "msteams", email: "tina@globex.test" });
    const { final } = await openTab(browser, { token, teamId: DEMO_TEAM, platform: "msteams" });
    expect(metaRefresh(await final.text())).toBe("1;url=/objective-campaign/okr");
    const okr = await browser.fetch("/objective-campaign/okr");
    expect(okr.status).toBe(200);
  });

  it("goes to the person's profile when no redirect is given", async () => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "slack", email: "sam@acme.test" });
    const { final } = await openTab(browser, { token, teamId: DEMO.acme.externalId, platform: "slack" });
    expect(final.status).toBe(200);
    expect(metaRefresh(await final.text())).toBe(`1;url=/my-profile/${userId("acme", "sam")}`);
    expect(await sessionRow(sessionCookieOf(browser))).toMatchObject({ frame_team_id: DEMO.acme.externalId });
  });

  it.each(["https://evil.example/phish", "//evil.example/phish", "/\\evil.example", "javascript:alert(1)"])(
    "refuses the off-site redirect %s and goes to the profile instead",
    async (redirect) => {
      const browser = new TestBrowser();
      const token = await fakeIdToken({ platform: "msteams", email: "tom@globex.test" });
      const { final } = await openTab(browser, { token, teamId: "19:x", platform: "msteams", redirect });
      expect(final.status).toBe(200);
      const html = await final.text();
      expect(metaRefresh(html)).toBe(`1;url=/my-profile/${userId("globex", "tom")}`);
      expect(html).not.toContain('evil.example/phish"');
    },
  );

  it.each([
    ["a token signed with an unknown key", { signWith: "unknown" as const }],
    ["a token for another app", { audience: "another-app" }],
    ["an expired token", { expiresInSeconds: -600 }],
  ])("sends %s to the authorization-error page without a session", async (_label, options) => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test", options });
    const response = await browser.fetch(tabUrl({ token, teamId: "19:x", platform: "msteams" }));
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/auth-error");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a missing or garbled token to the authorization-error page", async () => {
    const browser = new TestBrowser();
    expect(location(await browser.fetch(tabUrl({ teamId: "19:x", platform: "msteams" })))).toBe("/auth-error");
    expect(location(await browser.fetch(tabUrl({ token: "not.a.jwt", platform: "msteams" })))).toBe("/auth-error");
    expect(location(await browser.fetch(tabUrl({ token: "x", platform: "myspace" })))).toBe("/auth-error");
  });

  it("sends a valid token of someone who is not a member to the not-authorized screen", async () => {
    const token = await fakeIdToken({ platform: "msteams", email: "visitor@globex.test" });
    const { final } = await openTab(new TestBrowser(), { token, platform: "msteams" });
    expect(location(final)).toBe("/not-authorized");
  });
});

describe("framed tab: the team comes from a verified source", () => {
  it.each([
    ["a team id no company knows", "19:made-up@thread.tacv2"],
    ["the demo team, of which Gina is not a member", DEMO_TEAM],
    ["Acme's Slack team", DEMO.acme.externalId],
  ])("does not record %s as the frame team (which drives the demo view)", async (_label, teamId) => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const { final } = await openTab(browser, { token, teamId, platform: "msteams" });
    expect(final.status).toBe(200);
    expect(metaRefresh(await final.text())).toBe(`1;url=/my-profile/${userId("globex", "gina")}`);
    expect(await sessionRow(sessionCookieOf(browser))).toMatchObject({ user_id: userId("globex", "gina"), frame_team_id: null });
  });

  it("records a Teams team only when it is a group of the person's own company that they belong to", async () => {
    const browser = new TestBrowser();
    const token = await fakeIdToken({ platform: "msteams", email: "gary@globex.test" });
    // Engineering (group 2) has Gary; Sales (group 3) does not.
    await openTab(browser, { token, teamId: "19:globex-group-3@thread.tacv2", platform: "msteams" });
    expect(await sessionRow(sessionCookieOf(browser))).toMatchObject({ frame_team_id: null });
    const again = new TestBrowser();
    await openTab(again, { token: await fakeIdToken({ platform: "msteams", email: "gary@globex.test" }), teamId: "19:globex-group-2@thread.tacv2", platform: "msteams" });
    expect(await sessionRow(sessionCookieOf(again))).toMatchObject({ frame_team_id: "19:globex-group-2@thread.tacv2" });
  });
});

describe("framed tab: the token is used once, in one browser, and never logged", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses the same token a second time, in the same browser or another", async () => {
    const gina = userId("globex", "gina");
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const browser = new TestBrowser();
    const { final } = await openTab(browser, { token, platform: "msteams" });
    expect(final.status).toBe(200);
    const sessions = await countSessions(gina);

    for (const replayer of [browser, new TestBrowser()]) {
      const replay = await replayer.fetch(tabUrl({ token, platform: "msteams" }));
      expect(replay.status).toBe(302);
      expect(location(replay)).toBe("/auth-error");
      expect(replay.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    }
    expect(await countSessions(gina)).toBe(sessions);
  });

  it("remembers a token without a jti by its digest until it expires", async () => {
    const token = await fakeIdToken({ platform: "msteams", email: "tom@globex.test", claims: { jti: null } });
    await openTab(new TestBrowser(), { token, platform: "msteams" });
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const used = await env.DB.prepare("SELECT id, expires_at FROM used_tokens WHERE id = ?").bind(`sha256:${digest}`).first<{ expires_at: number }>();
    expect(used).not.toBeNull();
    expect(used!.expires_at).toBeGreaterThan(Date.now());
    expect(location(await new TestBrowser().fetch(tabUrl({ token, platform: "msteams" })))).toBe("/auth-error");
  });

  it("takes the token out of the address at once, and completes only in the browser that brought it", async () => {
    const gina = userId("globex", "gina");
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const browser = new TestBrowser();
    const first = await browser.fetch(tabUrl({ token, platform: "msteams", teamId: "19:globex-group-1@thread.tacv2" }));
    expect(first.status).toBe(303);
    const next = location(first)!;
    expect(next).toMatch(/^\/tab\?/);
    expect(next).not.toContain(token);
    expect(next).not.toContain(token.split(".")[2]);
    // The binding cookie: HttpOnly, short-lived, and no session yet.
    const setCookie = first.headers.getSetCookie();
    expect(setCookie.some((c) => c.startsWith("__session="))).toBe(false);
    expect(setCookie.join("\n")).toMatch(/HttpOnly/i);
    const before = await countSessions(gina);

    // Someone who learns the token-free address (history, a log, a shared screen) gets nothing.
    for (const other of [new TestBrowser(), await browserWithItsOwnTab()]) {
      const stolen = await other.fetch(next);
      expect(location(stolen)).toBe("/auth-error");
      expect(stolen.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    }
    expect(await countSessions(gina)).toBe(before);

    const final = await browser.fetch(next);
    expect(final.status).toBe(200);
    expect(await countSessions(gina)).toBe(before + 1);
    // The token-free step is single-use too.
    expect(location(await browser.fetch(next))).toBe("/auth-error");
    expect(await countSessions(gina)).toBe(before + 1);
  });

  it("writes no token, code, state or authorization id into any log line", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    for (const level of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, level).mockImplementation(capture);

    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const browser = new TestBrowser();
    const first = await browser.fetch(tabUrl({ token, platform: "msteams" }));
    const next = location(first)!;
    const authorization = new URL(next, "http://x").searchParams.get("authorization")!;
    await new TestBrowser().fetch(next); // another browser: refused and logged
    await browser.fetch(tabUrl({ token, platform: "msteams" })); // a replay: refused and logged
    const expired = await fakeIdToken({ platform: "msteams", email: "gina@globex.test", options: { expiresInSeconds: -600 } });
    await browser.fetch(tabUrl({ token: expired, platform: "msteams" }));

    // The logging helpers themselves, with secrets in URLs, query strings, messages and stacks.
    const url = `https://app.example/tab?token=${token}&teamId=19:x&platform=msteams`;
    const callback = "/auth/slack/callback?code=secret-code-123&state=secret-state-456";
    logError("req-1", new Error(`fetch failed for ${url}`), { url, method: "GET", nested: { callback } });
    logInfo("request", { url: callback, query: `authorization=${authorization}&id_token=${token}` });
    logSignInFailure("req-2", new SignInError(`ID token ${token} rejected`), { url });

    const output = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(output).toContain("/tab?"); // the failures are logged, with their path
    for (const secret of [token, token.split(".")[1], token.split(".")[2], expired, authorization, "secret-code-123", "secret-state-456"]) {
      expect(output).not.toContain(secret);
    }
  });
});

/** Another person's browser, holding a tab binding cookie of its own. */
async function browserWithItsOwnTab() {
  const other = new TestBrowser();
  const first = await other.fetch(tabUrl({ token: await fakeIdToken({ platform: "msteams", email: "tina@globex.test" }), platform: "msteams" }));
  expect(first.status).toBe(303);
  expect(other.jar.size).toBeGreaterThan(0);
  return other;
}
