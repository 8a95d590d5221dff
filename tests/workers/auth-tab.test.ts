import { describe, expect, it } from "vitest";
import { DEMO, userId } from "~/db/seed/demo";
import { appFetch, cookieFrom, fakeIdToken, freshIp, location, sessionRow, withIp } from "../support/sign-in-flow";

function tabUrl(params: Record<string, string>) {
  return `/tab?${new URLSearchParams(params)}`;
}

function metaRefresh(html: string) {
  return html.match(/<meta http-equiv="refresh" content="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;
}

describe("framed tab", () => {
  it("turns a valid Teams token into a session for the frame's team and continues to the redirect after 1 second", async () => {
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test" });
    const response = await appFetch(
      tabUrl({ token, teamId: "19:demo-team@thread.tacv2", platform: "msteams", redirect: "/reviews/todos?tab=open" }),
      withIp(freshIp()),
    );
    expect(response.status).toBe(200);
    const row = await sessionRow(cookieFrom(response));
    expect(row).toMatchObject({ user_id: userId("globex", "gina"), company_id: DEMO.globex.id, frame_team_id: "19:demo-team@thread.tacv2" });
    const html = await response.text();
    expect(metaRefresh(html)).toBe("1;url=/reviews/todos?tab=open");
  });

  it("opens the objectives page for a team in the demo allow-list, where the demo view is granted", async () => {
    const token = await fakeIdToken({ platform: "msteams", email: "tina@globex.test" });
    const response = await appFetch(
      tabUrl({ token, teamId: "19:globex-demo-team@thread.tacv2", platform: "msteams" }),
      withIp(freshIp()),
    );
    expect(metaRefresh(await response.text())).toBe("1;url=/objective-campaign/okr");
    const okr = await appFetch("/objective-campaign/okr", { cookie: cookieFrom(response) });
    expect(okr.status).toBe(200);
  });

  it("goes to the person's profile when no redirect is given", async () => {
    const token = await fakeIdToken({ platform: "slack", email: "sam@acme.test" });
    const response = await appFetch(tabUrl({ token, teamId: DEMO.acme.externalId, platform: "slack" }), withIp(freshIp()));
    expect(response.status).toBe(200);
    expect(metaRefresh(await response.text())).toBe(`1;url=/my-profile/${userId("acme", "sam")}`);
  });

  it.each(["https://evil.example/phish", "//evil.example/phish", "/\\evil.example", "javascript:alert(1)"])(
    "refuses the off-site redirect %s and goes to the profile instead",
    async (redirect) => {
      const token = await fakeIdToken({ platform: "msteams", email: "tom@globex.test" });
      const response = await appFetch(tabUrl({ token, teamId: "19:x", platform: "msteams", redirect }), withIp(freshIp()));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(metaRefresh(html)).toBe(`1;url=/my-profile/${userId("globex", "tom")}`);
      expect(html).not.toContain("evil.example/phish\"");
    },
  );

  it.each([
    ["a token signed with an unknown key", { signWith: "unknown" as const }],
    ["a token for another app", { audience: "another-app" }],
    ["an expired token", { expiresInSeconds: -600 }],
  ])("sends %s to the authorization-error page without a session", async (_label, options) => {
    const token = await fakeIdToken({ platform: "msteams", email: "gina@globex.test", options });
    const response = await appFetch(tabUrl({ token, teamId: "19:x", platform: "msteams" }), withIp(freshIp()));
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/auth-error");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a missing or garbled token to the authorization-error page", async () => {
    expect(location(await appFetch(tabUrl({ teamId: "19:x", platform: "msteams" }), withIp(freshIp())))).toBe("/auth-error");
    expect(location(await appFetch(tabUrl({ token: "not.a.jwt", platform: "msteams" }), withIp(freshIp())))).toBe("/auth-error");
    expect(location(await appFetch(tabUrl({ token: "x", platform: "myspace" }), withIp(freshIp())))).toBe("/auth-error");
  });

  it("sends a valid token of someone who is not a member to the not-authorized screen", async () => {
    const token = await fakeIdToken({ platform: "msteams", email: "visitor@globex.test" });
    const response = await appFetch(tabUrl({ token, platform: "msteams" }), withIp(freshIp()));
    expect(location(response)).toBe("/not-authorized");
  });
});
