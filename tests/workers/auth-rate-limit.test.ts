import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, freshIp, location, postFormFrom, providerSignIn, TestBrowser, withIp } from "../support/sign-in-flow";

/**
 * A Select Primary Workspace URL for alice (two workspaces), obtained from another address, and
 * the cookie of the browser it belongs to (the choice is bound to it).
 */
async function workspaceChoice() {
  const browser = new TestBrowser();
  const callback = await providerSignIn("slack", "alice@acme.test", browser);
  const complete = await browser.fetch(location(callback)!);
  return { choice: new URL(location(complete)!, "http://127.0.0.1:8787"), cookie: browser.cookie() };
}

const [LIMIT] = env.SIGN_IN_RATE_LIMIT.split("/").map(Number);

describe("sign-in rate limit", () => {
  it("answers 429 with Retry-After and a readable page once a client exceeds the limit", async () => {
    const { choice, cookie } = await workspaceChoice();
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const response = await postFormFrom(ip, "/dev/sign-in", { email: "nobody@acme.test" });
      expect(response.status).toBe(400);
      await response.body?.cancel();
    }
    const refused = await postFormFrom(ip, "/dev/sign-in", { email: "alice@acme.test" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    const html = await refused.text();
    expect(html).toMatch(/Please wait \d+ seconds? and try again\./);

    // Every sign-in entry point shares the client's budget.
    const start = await appFetch("/auth/slack/start", withIp(ip, { method: "POST" }));
    expect(start.status).toBe(429);
    expect(start.headers.get("Retry-After")).toBeTruthy();
    expect(await start.text()).toContain("Too many sign-in attempts");
    const callback = await appFetch("/auth/slack/callback?code=x&state=y", withIp(ip));
    expect(callback.status).toBe(429);
    const tab = await appFetch("/tab?token=x&platform=msteams", withIp(ip));
    expect(tab.status).toBe(429);
    expect(tab.headers.get("Retry-After")).toBeTruthy();
    const select = await appFetch(
      choice.pathname + choice.search,
      withIp(ip, {
        method: "POST",
        cookie,
        body: new URLSearchParams({
          idToken: choice.searchParams.get("idToken")!,
          authorization: choice.searchParams.get("authorization")!,
          workspaceId: "w-acme-hq",
        }),
      }),
    );
    expect(select.status).toBe(429);
    expect(select.headers.get("Retry-After")).toBeTruthy();
    expect(select.headers.get("Set-Cookie")).toBeNull();
    expect(await select.text()).toMatch(/Please wait \d+ seconds? and try again\./);
  });

  it("counts each client address separately", async () => {
    const busy = freshIp();
    for (let i = 0; i <= LIMIT; i++) await (await postFormFrom(busy, "/dev/sign-in", { email: "nobody@acme.test" })).body?.cancel();
    expect((await postFormFrom(busy, "/dev/sign-in", { email: "sam@acme.test" })).status).toBe(429);

    const other = await postFormFrom(freshIp(), "/dev/sign-in", { email: "sam@acme.test" });
    expect(other.status).toBe(302);
    expect(location(other)).toMatch(/^\/my-profile\//);
  });
});
