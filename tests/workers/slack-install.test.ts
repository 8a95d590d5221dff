import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { decryptApiKey } from "~/modules/integrations/crypto.server";
import { botTokenForCompanyTeam } from "~/modules/slack/installations.server";
import { appFetch, sessionFor } from "./helpers";
import { config, count, db, fakeSlackCalls } from "./slack-support";

const ACME_TEAM = "T0ACME01";

/** /slack/install as the signed-in person: the redirect to Slack and the install cookie. */
async function startInstall(cookie: string) {
  const response = await appFetch("/slack/install", { cookie });
  const location = new URL(response.headers.get("Location") ?? "", "http://x");
  const flow = (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return { response, location, flow };
}

describe("Slack app install (OAuth v2 per workspace)", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await sessionFor("alice@acme.test");
  });

  it("sends a Slack-type super admin to Slack's authorize page with client id, scopes, redirect URI and state", async () => {
    const { response, location, flow } = await startInstall(admin);
    expect(response.status).toBe(302);
    expect(location.href.startsWith(config().slackApp.authorizeUrl)).toBe(true);
    expect(location.searchParams.get("client_id")).toBe(config().slackApp.clientId);
    expect(location.searchParams.get("scope")).toBe("chat:write,im:write,im:history,users:read,users:read.email");
    expect(location.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:8787/slack/oauth/callback");
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
    expect(flow).toMatch(/^__slack_install=/);
  });

  it("is not offered to people who may not install, nor to a Teams-type company", async () => {
    for (const email of ["eve@acme.test", "gina@globex.test"]) {
      const response = await appFetch("/slack/install", { cookie: await sessionFor(email) });
      expect([302, 403, 404]).toContain(response.status);
      expect(response.headers.get("Location") ?? "").not.toContain("client_id");
    }
    const anonymous = await appFetch("/slack/install");
    expect(anonymous.headers.get("Location") ?? "").not.toContain("client_id");
  });

  it("the callback exchanges the code and stores the workspace's bot token sealed, readable only for its row", async () => {
    const { location, flow } = await startInstall(admin);
    const state = location.searchParams.get("state")!;
    const response = await appFetch(`/slack/oauth/callback?code=team-${ACME_TEAM}&state=${encodeURIComponent(state)}`, { cookie: `${admin}; ${flow}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/integrations");
    const exchange = (await fakeSlackCalls()).findLast((c) => c.method === "oauth.v2.access" && c.body.code === `team-${ACME_TEAM}`);
    expect(exchange!.body).toMatchObject({ code: `team-${ACME_TEAM}`, redirect_uri: "http://127.0.0.1:8787/slack/oauth/callback" });
    const row = await env.DB.prepare("SELECT * FROM slack_installations WHERE team_id = ?").bind(ACME_TEAM).first<Record<string, string>>();
    expect(row).toMatchObject({ company_id: "c-acme", team_name: `Workspace ${ACME_TEAM}`, bot_user_id: `B${ACME_TEAM}`, app_id: "A0PULSEBOARD" });
    expect(row!.bot_token).not.toContain("xoxb");
    const ring = config().integrationKeys;
    const opened = await decryptApiKey(ring, { companyId: "c-acme", integrationId: row!.id }, { ciphertext: row!.bot_token, iv: row!.bot_token_iv });
    expect(opened!.apiKey).toMatch(new RegExp(`^xoxb-${ACME_TEAM}-`));
    // Sealed with the row's ids as authenticated data: under another row it does not open.
    expect(await decryptApiKey(ring, { companyId: "c-globex", integrationId: row!.id }, { ciphertext: row!.bot_token, iv: row!.bot_token_iv })).toBeNull();
    // Delivery to the company's people uses it.
    expect(await botTokenForCompanyTeam(db, ring, ACME_TEAM)).toBe(opened!.apiKey);
    // The Integrations page lists the workspace.
    const page = await appFetch("/integrations", { cookie: admin });
    const html = await page.text();
    expect(html).toContain(`Workspace ${ACME_TEAM}`);
    expect(html).toContain('href="/slack/install"');
  });

  it("refuses a team that is not the installer's company's, storing nothing", async () => {
    const before = await count("slack_installations");
    const { location, flow } = await startInstall(admin);
    const state = location.searchParams.get("state")!;
    const response = await appFetch(`/slack/oauth/callback?code=team-T0SOMEONEELSE&state=${encodeURIComponent(state)}`, { cookie: `${admin}; ${flow}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toContain("toast");
    expect(await count("slack_installations")).toBe(before);
  });

  it("refuses a bad or missing state, or a state from another browser, without calling Slack", async () => {
    const before = await count("slack_installations");
    const { location, flow } = await startInstall(admin);
    const state = location.searchParams.get("state")!;
    const attempts = [
      appFetch(`/slack/oauth/callback?code=team-T0ACMELABS&state=not-the-state`, { cookie: `${admin}; ${flow}` }),
      appFetch(`/slack/oauth/callback?code=team-T0ACMELABS&state=${encodeURIComponent(state)}`, { cookie: admin }),
      appFetch(`/slack/oauth/callback?code=team-T0ACMELABS`, { cookie: `${admin}; ${flow}` }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.headers.get("Location")).toBe("/integrations");
    // Another super admin's browser with this flow cookie is not the installer.
    const other = await sessionFor("adam@acme.test").catch(() => null);
    if (other) {
      const response = await appFetch(`/slack/oauth/callback?code=team-T0ACMELABS&state=${encodeURIComponent(state)}`, { cookie: `${other}; ${flow}` });
      expect(response.headers.get("Location") ?? "").not.toContain("client_id");
    }
    expect((await fakeSlackCalls()).filter((c) => c.method === "oauth.v2.access" && c.body.code === "team-T0ACMELABS")).toHaveLength(0);
    expect(await count("slack_installations")).toBe(before);
  });
});
