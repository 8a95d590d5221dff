import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userId } from "~/db/seed/demo";
import { appFetch, sessionFor } from "./helpers";
import { location, sessionIdOf } from "../support/sign-in-flow";

describe("home", () => {
  it("sends a visitor without a session to sign-in", async () => {
    const response = await appFetch("/");
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/sign-in");
  });

  it("sends a signed-in person to their own profile", async () => {
    const response = await appFetch("/", { cookie: await sessionFor("mona@acme.test") });
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/my-profile/${userId("acme", "mona")}`);
  });
});

describe("public sign-in pages for a signed-in person", () => {
  it.each(["/sign-in", "/slack/complete-authorization?authorization=x", "/msteams/complete-authorization", "/slack/select-slack-workspace", "/auth-error"])(
    "%s redirects to the profile",
    async (path) => {
      const response = await appFetch(path, { cookie: await sessionFor("gina@globex.test") });
      expect(response.status).toBe(302);
      expect(location(response)).toBe(`/my-profile/${userId("globex", "gina")}`);
    },
  );
});

describe("sign-in page", () => {
  it("offers one real POST form per chat platform and the demo sign-in when enabled", async () => {
    const response = await appFetch("/sign-in");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/auth\/slack\/start"/);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/auth\/msteams\/start"/);
    expect(html).toContain("Sign in with Slack");
    expect(html).toContain("Sign in with Microsoft Teams");
    expect(html).toMatch(/<a[^>]*href="\/dev\/sign-in"[^>]*>Demo sign-in<\/a>/);
  });

  it("allows the form's redirect to the configured identity providers in the page's CSP", async () => {
    const response = await appFetch("/sign-in");
    const formAction = (response.headers.get("Content-Security-Policy") ?? "").split(";").find((d: string) => d.trim().startsWith("form-action"));
    expect(formAction).toContain("'self'");
    // The fake provider runs on plain http, which "https:" alone would not allow.
    expect(formAction).toContain(env.FAKE_OIDC_URL);
  });
});

describe("authorization-error and not-authorized screens", () => {
  it("explains a failed sign-in with a way back to sign-in", async () => {
    const response = await appFetch("/auth-error");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sign-in failed");
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Go back to Sign In<\/a>/);
  });

  it("asks to select the correct workspace, with Contact Us and Go back to Sign In", async () => {
    const response = await appFetch("/not-authorized");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Please select the correct workspace...");
    expect(html).toMatch(/<a[^>]*href="mailto:[^"]+@[^"]+"[^>]*>Contact Us<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Go back to Sign In<\/a>/);
  });
});

describe("sign-out", () => {
  it("deletes the session row, clears the cookie and goes to sign-in", async () => {
    const cookie = await sessionFor("sam@acme.test");
    const id = await sessionIdOf(cookie);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(id).first()).not.toBeNull();

    const response = await appFetch("/sign-out", { method: "POST", cookie });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/sign-in");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/Max-Age=0/i);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(id).first()).toBeNull();

    // The old cookie no longer opens anything.
    const after = await appFetch("/reviews/todos", { cookie });
    expect(location(after)).toBe("/sign-in");
  });

  it("does not sign out on GET", async () => {
    const cookie = await sessionFor("sam@acme.test");
    const id = await sessionIdOf(cookie);
    const response = await appFetch("/sign-out", { cookie });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/");
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(id).first()).not.toBeNull();
  });
});
