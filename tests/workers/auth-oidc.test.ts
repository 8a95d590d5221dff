import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { DEMO, userId } from "~/db/seed/demo";
import { consumeAuthorization, readPendingAuthorization } from "~/modules/auth/authorization.server";
import {
  appFetch,
  callback,
  codeFor,
  cookieFrom,
  countSessions,
    location,
  providerSignIn,
  sessionRow,
  startSignIn,
  TestBrowser,
  withIp,
} from "../support/sign-in-flow";

let browser: TestBrowser;
let ip: string;
beforeEach(() => {
  browser = new TestBrowser();
  ip = browser.ip;
});

async function chatIdOf(id: string) {
  const row = await env.DB.prepare("SELECT slack_user_id, msteams_user_id FROM users WHERE id = ?")
    .bind(id)
    .first<{ slack_user_id: string | null; msteams_user_id: string | null }>();
  return row?.slack_user_id ?? row?.msteams_user_id ?? null;
}

/** Follows callback → complete-authorization in the browser that signed in and returns the final answer. */
async function complete(callbackResponse: Response) {
  expect(callbackResponse.status).toBe(302);
  const next = location(callbackResponse)!;
  expect(next).toMatch(/^\/(slack|msteams)\/complete-authorization\?authorization=/);
  return browser.fetch(next);
}

describe("Sign in with Slack", () => {
  it("sends the browser to the provider with code flow, openid scope, state, nonce and an S256 PKCE challenge", async () => {
    const started = await startSignIn("slack", browser);
    const q = started.authorizeUrl.searchParams;
    expect(`${started.authorizeUrl.origin}${started.authorizeUrl.pathname}`).toBe(`${env.FAKE_OIDC_URL}/slack/authorize`);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("client_id")).toBeTruthy();
    expect(q.get("client_id")).toBe(env.SLACK_CLIENT_ID);
    expect(q.get("redirect_uri")).toBe("http://127.0.0.1:8787/auth/slack/callback");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(started.state.length).toBeGreaterThanOrEqual(32);
    expect(started.nonce.length).toBeGreaterThanOrEqual(32);
    expect(started.flowCookie).toMatch(/^__sign_in_flow=/);
  });

  it("signs a person with one workspace in: session cookie, profile redirect and a session row", async () => {
    const response = await complete(await providerSignIn("slack", "sam@acme.test", browser));
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/my-profile/${userId("acme", "sam")}`);
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const row = await sessionRow(cookieFrom(response));
    expect(row).toMatchObject({ user_id: userId("acme", "sam"), company_id: DEMO.acme.id, frame_team_id: null, workspace_id: "w-acme-hq" });

    // The new session is a working one.
    const profile = await appFetch("/", { cookie: cookieFrom(response) });
    expect(location(profile)).toBe(`/my-profile/${userId("acme", "sam")}`);
  });

  it("records the authorization with the Slack subject, e-mail and team before completing it", async () => {
    const response = await providerSignIn("slack", "sam@acme.test", browser);
    const id = new URL(location(response)!, "http://x").searchParams.get("authorization");
    const row = await env.DB.prepare("SELECT platform, subject, email, team_id, consumed_at, expires_at FROM authorizations WHERE id = ?")
      .bind(id)
      .first<{ platform: string; subject: string; email: string; team_id: string; consumed_at: number | null; expires_at: number }>();
    expect(row).toMatchObject({ platform: "slack", subject: await chatIdOf(userId("acme", "sam")), email: "sam@acme.test", team_id: DEMO.acme.externalId, consumed_at: null });
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(4 * 60 * 1000);
  });

  it("finds the person by Slack user id when the token carries no e-mail", async () => {
    const sam = await env.DB.prepare("SELECT slack_user_id FROM users WHERE id = ?").bind(userId("acme", "sam")).first<{ slack_user_id: string }>();
    const started = await startSignIn("slack", browser);
    const code = await codeFor(started, "slack", {
      claims: { sub: sam!.slack_user_id, "https://slack.com/user_id": sam!.slack_user_id, email: null },
    });
    const response = await complete(await callback("slack", { code, state: started.state }, browser));
    expect(location(response)).toBe(`/my-profile/${userId("acme", "sam")}`);
  });

  it("lets a person of two workspaces choose the primary one, then signs them in", async () => {
    const alice = userId("acme", "alice");
    const before = await countSessions(alice);
    const response = await complete(await providerSignIn("slack", "alice@acme.test", browser));
    expect(response.status).toBe(302);
    const selectUrl = new URL(location(response)!, "http://127.0.0.1:8787");
    expect(selectUrl.pathname).toBe("/slack/select-slack-workspace");
    expect(selectUrl.searchParams.get("authorization")).toBeTruthy();
    expect(selectUrl.searchParams.get("idToken")).toBeTruthy();
    expect(response.headers.get("Set-Cookie")).toBeNull();

    const page = await browser.fetch(selectUrl.pathname + selectUrl.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Select Primary Workspace");
    expect(html).toContain("Acme HQ");
    expect(html).toContain("Acme Labs");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/type="radio"[^>]*name="workspaceId"[^>]*value="w-acme-labs"/);

    const fields = {
      idToken: selectUrl.searchParams.get("idToken")!,
      authorization: selectUrl.searchParams.get("authorization")!,
      workspaceId: "w-acme-labs",
    };
    const chosen = await browser.post(selectUrl.pathname + selectUrl.search, fields);
    expect(chosen.status).toBe(302);
    expect(location(chosen)).toBe(`/my-profile/${alice}`);
    expect(await sessionRow(cookieFrom(chosen))).toMatchObject({ user_id: alice, company_id: DEMO.acme.id, workspace_id: "w-acme-labs" });
    expect(await countSessions(alice)).toBe(before + 1);

    // The choice token and authorization are spent with the session.
    const again = await browser.post(selectUrl.pathname + selectUrl.search, fields);
    expect(location(again)).toBe("/auth-error");
    expect(await countSessions(alice)).toBe(before + 1);
  });

  it("refuses a workspace that is not the person's with a field error and no session", async () => {
    const eve = userId("acme", "eve");
    const before = await countSessions(eve);
    const response = await complete(await providerSignIn("slack", "eve@acme.test", browser));
    const selectUrl = new URL(location(response)!, "http://127.0.0.1:8787");
    expect(selectUrl.pathname).toBe("/slack/select-slack-workspace");
    const post = (workspaceId: string) =>
      browser.post(selectUrl.pathname + selectUrl.search, {
        idToken: selectUrl.searchParams.get("idToken")!,
        authorization: selectUrl.searchParams.get("authorization")!,
        workspaceId,
      });
    const foreign = await post("w-someone-elses");
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("Choose one of your workspaces");
    const empty = await post("");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Choose a workspace");
    expect(await countSessions(eve)).toBe(before);

    // Still usable for a valid choice afterwards.
    const ok = await post("w-acme-hq");
    expect(location(ok)).toBe(`/my-profile/${eve}`);
  });

  it("sends a forged or mismatched workspace-choice token to the authorization-error page", async () => {
    const response = await complete(await providerSignIn("slack", "alice@acme.test", browser));
    const selectUrl = new URL(location(response)!, "http://127.0.0.1:8787");
    const authorization = selectUrl.searchParams.get("authorization")!;
    const token = selectUrl.searchParams.get("idToken")!;
    const tampered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    const forged = await browser.fetch(`/slack/select-slack-workspace?${new URLSearchParams({ authorization, idToken: tampered })}`);
    expect(location(forged)).toBe("/auth-error");
    const otherAuthorization = await browser.fetch(
      `/slack/select-slack-workspace?${new URLSearchParams({ authorization: crypto.randomUUID(), idToken: token })}`,
    );
    expect(location(otherAuthorization)).toBe("/auth-error");
    const noAuthorization = await appFetch(`/slack/select-slack-workspace?${new URLSearchParams({ idToken: token })}`);
    expect(location(noAuthorization)).toBe("/sign-in");
  });

  it("sends a Slack account that matches nobody in the workspace's company to the not-authorized screen", async () => {
    const response = await complete(await providerSignIn("slack", "stranger@acme.test", browser));
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/not-authorized");
    expect(setCookieNames(response)).not.toContain("__session");
  });

  it("sends a Slack account of an unknown team to the not-authorized screen even if the e-mail exists elsewhere", async () => {
    const started = await startSignIn("slack", browser);
    const code = await codeFor(started, "slack", { email: "sam@acme.test", claims: { "https://slack.com/team_id": "T0UNKNOWN" } });
    const response = await complete(await callback("slack", { code, state: started.state }, browser));
    expect(location(response)).toBe("/not-authorized");
  });

  it("does not let a deactivated person sign in", async () => {
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = ?").bind(userId("acme", "ed")).run();
    try {
      const response = await complete(await providerSignIn("slack", "ed@acme.test", browser));
      expect(location(response)).toBe("/not-authorized");
    } finally {
      await env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = ?").bind(userId("acme", "ed")).run();
    }
  });
});

describe("Sign in with Microsoft", () => {
  it("signs a person in by tenant id and object id", async () => {
    const response = await complete(await providerSignIn("msteams", "gina@globex.test", browser));
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/my-profile/${userId("globex", "gina")}`);
    expect(await sessionRow(cookieFrom(response))).toMatchObject({ user_id: userId("globex", "gina"), company_id: DEMO.globex.id });
  });

  it("matches nobody by preferred_username or upn, even when the address is a person's", async () => {
    await unlink("globex", "abel");
    const started = await startSignIn("msteams", browser);
    const code = await codeFor(started, "msteams", {
      email: "abel@globex.test",
      claims: { oid: "oid-of-abel-elsewhere", email: null, preferred_username: "abel@globex.test", upn: "abel@globex.test", xms_edov: true },
    });
    const response = await complete(await callback("msteams", { code, state: started.state }, browser));
    expect(location(response)).toBe("/not-authorized");
    expect(await chatIdOf(userId("globex", "abel"))).toBeNull();
  });

  it("does not sign a Microsoft account of another tenant into Globex", async () => {
    const started = await startSignIn("msteams", browser);
    const code = await codeFor(started, "msteams", { email: "gina@globex.test", claims: { tid: "00000000-0000-0000-0000-00000000beef" } });
    const response = await complete(await callback("msteams", { code, state: started.state }, browser));
    expect(location(response)).toBe("/not-authorized");
  });

  it("does not sign a Microsoft account into a Slack-type company with the same id", async () => {
    const started = await startSignIn("msteams", browser);
    const code = await codeFor(started, "msteams", { email: "sam@acme.test", claims: { tid: DEMO.acme.externalId } });
    const response = await complete(await callback("msteams", { code, state: started.state }, browser));
    expect(location(response)).toBe("/not-authorized");
  });
});

describe("a sign-in that fails verification", () => {
  async function expectAuthError(response: Response) {
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/auth-error");
    // The flow cookie is cleared and no session cookie is set.
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).not.toMatch(/__session=/);
    expect(setCookie).toMatch(/^__sign_in_flow=[^;]*;.*Max-Age=0/i);
  }

  async function authorizationCount() {
    return (await env.DB.prepare("SELECT count(*) AS n FROM authorizations").first<{ n: number }>())!.n;
  }

  it("goes to the authorization-error page when the state does not match, and records nothing", async () => {
    const started = await startSignIn("slack", browser);
    const code = await codeFor(started, "slack", { email: "sam@acme.test" });
    const before = await authorizationCount();
    await expectAuthError(await callback("slack", { code, state: "not-the-state" }, browser));
    expect(await authorizationCount()).toBe(before);
  });

  it("goes to the authorization-error page without the flow cookie (a callback from another browser)", async () => {
    const started = await startSignIn("slack", browser);
    const code = await codeFor(started, "slack", { email: "sam@acme.test" });
    await expectAuthError(await callback("slack", { code, state: started.state }, new TestBrowser()));
  });

  it("goes to the authorization-error page when the flow was started for the other platform", async () => {
    const started = await startSignIn("msteams", browser);
    const code = await codeFor(started, "slack", { email: "sam@acme.test" });
    await expectAuthError(await callback("slack", { code, state: started.state }, browser));
  });

  it("goes to the authorization-error page when the provider answers with an error", async () => {
    const started = await startSignIn("slack", browser);
    const response = await appFetch(
      `/auth/slack/callback?${new URLSearchParams({ error: "access_denied", state: started.state })}`,
      withIp(ip, { cookie: browser.cookie() }),
    );
    await expectAuthError(response);
  });

  it.each([
    ["the token endpoint refuses the code", { options: { tokenError: true } }],
    ["the ID token is signed with a key the provider does not publish", { options: { signWith: "unknown" as const } }],
    ["the ID token is for another client (audience)", { options: { audience: "someone-elses-client" } }],
    ["the ID token comes from another issuer", { options: { issuer: "https://evil.example" } }],
    ["the ID token carries another nonce", { nonce: "a-replayed-nonce" }],
    ["the ID token has no nonce", { claims: { nonce: null } }],
    ["the ID token has expired", { options: { expiresInSeconds: -600 } }],
  ])("goes to the authorization-error page when %s", async (_label, request) => {
    const started = await startSignIn("slack", browser);
    const code = await codeFor(started, "slack", { email: "sam@acme.test", ...request });
    const before = await authorizationCount();
    await expectAuthError(await callback("slack", { code, state: started.state }, browser));
    expect(await authorizationCount()).toBe(before);
  });

  it("goes to the authorization-error page when the PKCE verifier does not match the challenge", async () => {
    const started = await startSignIn("slack", browser);
    const other = await startSignIn("slack", browser);
    // A code issued for another flow's challenge cannot be redeemed with this flow's verifier.
    const code = await codeFor(started, "slack", { email: "sam@acme.test", codeChallenge: other.codeChallenge });
    await expectAuthError(await callback("slack", { code, state: started.state }, browser));
  });

  it("goes to the authorization-error page when a Microsoft token's issuer names another tenant than its tid", async () => {
    const started = await startSignIn("msteams", browser);
    const code = await codeFor(started, "msteams", {
      email: "gina@globex.test",
      claims: { iss: `${env.FAKE_OIDC_URL}/msteams/00000000-0000-0000-0000-00000000beef/v2.0` },
    });
    await expectAuthError(await callback("msteams", { code, state: started.state }, browser));
  });

  it("answers 404 for a platform that does not exist", async () => {
    expect((await appFetch("/auth/myspace/start", withIp(ip, { method: "POST" }))).status).toBe(404);
    expect((await appFetch("/auth/myspace/callback?code=x&state=y", withIp(ip))).status).toBe(404);
  });

  it("does not start a flow on GET", async () => {
    const response = await appFetch("/auth/slack/start", withIp(ip));
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/sign-in");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("complete-authorization", () => {
  it("goes to sign-in when the authorization value is missing", async () => {
    for (const path of ["/slack/complete-authorization", "/msteams/complete-authorization", "/slack/complete-authorization?authorization="]) {
      const response = await appFetch(path);
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/sign-in");
    }
  });

  it("goes to the authorization-error page for an unknown authorization", async () => {
    const response = await appFetch(`/slack/complete-authorization?authorization=${crypto.randomUUID()}`);
    expect(location(response)).toBe("/auth-error");
  });

  it("completes an authorization only once", async () => {
    const sam = userId("acme", "sam");
    const callbackResponse = await providerSignIn("slack", "sam@acme.test", browser);
    const next = location(callbackResponse)!;
    const first = await browser.fetch(next);
    expect(location(first)).toBe(`/my-profile/${sam}`);
    const before = await countSessions(sam);
    browser.jar.delete("__session"); // signed in, the browser would just be sent to the profile
    const second = await browser.fetch(next);
    expect(location(second)).toBe("/auth-error");
    expect(second.headers.get("Set-Cookie")).toBeNull();
    expect(await countSessions(sam)).toBe(before);
  });

  it("consumes an authorization once even when a second completion already read it as pending", async () => {
    const callbackResponse = await providerSignIn("slack", "sam@acme.test", browser);
    const id = new URL(location(callbackResponse)!, "http://x").searchParams.get("authorization")!;
    const context = { db: createDb(env.DB) } as unknown as AppLoadContext;
    const { browser_key: key } = (await env.DB.prepare("SELECT browser_key FROM authorizations WHERE id = ?").bind(id).first<{ browser_key: string }>())!;
    // Both completions got past the read; only the conditional UPDATE can tell them apart.
    expect(await readPendingAuthorization(context, id, key)).not.toBeNull();
    expect(await readPendingAuthorization(context, id, key)).not.toBeNull();
    expect([await consumeAuthorization(context, id, key), await consumeAuthorization(context, id, key)]).toEqual([true, false]);
    expect(location(await browser.fetch(location(callbackResponse)!))).toBe("/auth-error");
  });

  it("goes to the authorization-error page for an expired authorization", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO authorizations (id, platform, subject, email, team_id, expires_at) VALUES (?, 'slack', 'UFAKESAM', 'sam@acme.test', ?, ?)",
    )
      .bind(id, DEMO.acme.externalId, Date.now() - 1000)
      .run();
    const response = await appFetch(`/slack/complete-authorization?authorization=${id}`);
    expect(location(response)).toBe("/auth-error");
  });

  it("refuses a Slack authorization on the Microsoft path (the path selects the platform)", async () => {
    const callbackResponse = await providerSignIn("slack", "sam@acme.test", browser);
    const next = location(callbackResponse)!.replace("/slack/", "/msteams/");
    const response = await browser.fetch(next);
    expect(location(response)).toBe("/auth-error");
  });
});

/** A seeded person whose chat account is not linked yet (as after an HR import). */
async function unlink(company: "acme" | "globex", local: string) {
  await env.DB.prepare("UPDATE users SET slack_user_id = NULL, msteams_user_id = NULL WHERE id = ?").bind(userId(company, local)).run();
}

describe("an e-mail only links a person not yet linked, and only when the provider verified it", () => {
  async function signInWith(platform: "slack" | "msteams", email: string, claims: Record<string, unknown>) {
    const started = await startSignIn(platform, browser);
    const code = await codeFor(started, platform, { email, claims });
    return complete(await callback(platform, { code, state: started.state }, browser));
  }

  it("Microsoft: a verified e-mail (email_verified) links the person and stores the object id", async () => {
    await unlink("globex", "ivy");
    const response = await signInWith("msteams", "Ivy@Globex.test", { oid: "oid-ivy-first", email: "Ivy@Globex.test", email_verified: true });
    expect(location(response)).toBe(`/my-profile/${userId("globex", "ivy")}`);
    expect(await chatIdOf(userId("globex", "ivy"))).toBe("oid-ivy-first");

    // From now on the object id is what signs Ivy in, whatever the token's e-mail says.
    const again = await signInWith("msteams", "ivy@globex.test", { oid: "oid-ivy-first", email: "ivy-new-address@globex.test" });
    expect(location(again)).toBe(`/my-profile/${userId("globex", "ivy")}`);
  });

  it("Microsoft: a verified domain owner's e-mail (xms_edov) links too", async () => {
    await unlink("globex", "nora");
    const response = await signInWith("msteams", "nora@globex.test", { oid: "oid-nora-first", xms_edov: true });
    expect(location(response)).toBe(`/my-profile/${userId("globex", "nora")}`);
    expect(await chatIdOf(userId("globex", "nora"))).toBe("oid-nora-first");
  });

  it.each([
    ["without a verification claim", {}],
    ["with email_verified false", { email_verified: false }],
    ["with xms_edov false", { xms_edov: false }],
  ])("Microsoft: an e-mail %s neither signs in nor links", async (_label, claims) => {
    await unlink("globex", "tina");
    const response = await signInWith("msteams", "tina@globex.test", { oid: "oid-of-someone", ...claims });
    expect(location(response)).toBe("/not-authorized");
    expect(setCookieNames(response)).not.toContain("__session");
    expect(await chatIdOf(userId("globex", "tina"))).toBeNull();
  });

  it("Microsoft: a verified e-mail does not take over a person linked to another Teams account", async () => {
    const gary = userId("globex", "gary");
    const linked = await chatIdOf(gary);
    expect(linked).toBeTruthy();
    const response = await signInWith("msteams", "gary@globex.test", { oid: "oid-of-an-intruder", email_verified: true, xms_edov: true });
    expect(location(response)).toBe("/not-authorized");
    expect(await chatIdOf(gary)).toBe(linked);
  });

  it("Slack: a verified e-mail links the person and stores the Slack user id", async () => {
    await unlink("acme", "maya");
    const response = await signInWith("slack", "maya@acme.test", { sub: "UMAYAFIRST", "https://slack.com/user_id": "UMAYAFIRST", email_verified: true });
    expect(location(response)).toBe(`/my-profile/${userId("acme", "maya")}`);
    expect(await chatIdOf(userId("acme", "maya"))).toBe("UMAYAFIRST");
  });

  it.each([
    ["without email_verified", { email_verified: null }],
    ["with email_verified false", { email_verified: false }],
  ])("Slack: an e-mail %s neither signs in nor links", async (_label, claims) => {
    await unlink("acme", "leo");
    const response = await signInWith("slack", "leo@acme.test", { sub: "ULEOSOMEONE", "https://slack.com/user_id": "ULEOSOMEONE", ...claims });
    expect(location(response)).toBe("/not-authorized");
    expect(await chatIdOf(userId("acme", "leo"))).toBeNull();
  });

  it("Slack: a verified e-mail does not take over a person linked to another Slack account", async () => {
    const sam = userId("acme", "sam");
    const linked = await chatIdOf(sam);
    const response = await signInWith("slack", "sam@acme.test", { sub: "UINTRUDER", "https://slack.com/user_id": "UINTRUDER", email_verified: true });
    expect(location(response)).toBe("/not-authorized");
    expect(await chatIdOf(sam)).toBe(linked);
  });
});

describe("the sign-in is bound to the browser that started it", () => {
  it("refuses the completion link in another browser, and the right browser still completes it", async () => {
    const sam = userId("acme", "sam");
    const before = await countSessions(sam);
    const next = location(await providerSignIn("slack", "sam@acme.test", browser))!;
    for (const other of [new TestBrowser(), await browserThatStartedItsOwnSignIn()]) {
      const stolen = await other.fetch(next);
      expect(location(stolen)).toBe("/auth-error");
      expect(setCookieNames(stolen)).not.toContain("__session");
    }
    expect(await countSessions(sam)).toBe(before);
    expect(location(await browser.fetch(next))).toBe(`/my-profile/${sam}`);
  });

  it("refuses the workspace choice in another browser (page and form), and the right browser still chooses", async () => {
    const alice = userId("acme", "alice");
    const before = await countSessions(alice);
    const response = await complete(await providerSignIn("slack", "alice@acme.test", browser));
    const selectUrl = new URL(location(response)!, "http://127.0.0.1:8787");
    expect(selectUrl.pathname).toBe("/slack/select-slack-workspace");
    const path = selectUrl.pathname + selectUrl.search;
    const fields = { idToken: selectUrl.searchParams.get("idToken")!, authorization: selectUrl.searchParams.get("authorization")!, workspaceId: "w-acme-hq" };

    const other = await browserThatStartedItsOwnSignIn();
    expect(location(await other.fetch(path))).toBe("/auth-error");
    const posted = await other.post(path, fields);
    expect(location(posted)).toBe("/auth-error");
    expect(setCookieNames(posted)).not.toContain("__session");
    expect(await countSessions(alice)).toBe(before);

    expect((await browser.fetch(path)).status).toBe(200);
    expect(location(await browser.post(path, fields))).toBe(`/my-profile/${alice}`);
    expect(await countSessions(alice)).toBe(before + 1);
  });

  it("stores only a digest of the browser's sign-in cookie with the authorization", async () => {
    const next = location(await providerSignIn("slack", "sam@acme.test", browser))!;
    const id = new URL(next, "http://x").searchParams.get("authorization");
    const row = await env.DB.prepare("SELECT browser_key FROM authorizations WHERE id = ?").bind(id).first<{ browser_key: string }>();
    expect(row?.browser_key).toMatch(/^[0-9a-f]{64}$/);
    expect(browser.cookie()).not.toContain(row!.browser_key);
  });
});

/** Another person's browser, holding a sign-in cookie of its own. */
async function browserThatStartedItsOwnSignIn() {
  const other = new TestBrowser();
  await startSignIn("slack", other);
  expect(other.jar.size).toBeGreaterThan(0);
  return other;
}

function setCookieNames(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split("=")[0]);
}
