import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
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
