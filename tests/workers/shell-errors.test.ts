import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

describe("server failures (002 §8, DESIGN 'Bad input')", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await env.DB.prepare("ALTER TABLE broken_members RENAME TO custom_relationship_members").run().catch(() => undefined);
  });

  it("shows 'Something went wrong.' with the request id inside the shell, and logs the error with that id", async () => {
    const cookie = await sessionFor("eve@acme.test");
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
    // Break the profile's relationships query the way a failed D1 call would.
    await env.DB.prepare("ALTER TABLE custom_relationship_members RENAME TO broken_members").run();

    const response = await appFetch("/my-profile/u-acme-eve/feedback", { cookie });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();
    const html = await response.text();
    expect(await texts(html, '[role="alert"] h1')).toEqual(["Something went wrong."]);
    expect(await texts(html, '[role="alert"] code')).toEqual([requestId]);
    expect(await attrs(html, 'nav[aria-label="Main"]', "aria-label")).toEqual(["Main"]);
    expect(textOf(html)).not.toContain("broken_members");

    const entry = logged.map((line) => JSON.parse(line) as { level: string; requestId: string }).find((l) => l.level === "error");
    expect(entry?.requestId).toBe(requestId);
  });

  it("logs nothing for a plain 404", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await appFetch("/my-profile/u-globex-gina/feedback", { cookie: await sessionFor("eve@acme.test") });
    expect(response.status).toBe(404);
    expect(spy).not.toHaveBeenCalled();
  });
});
