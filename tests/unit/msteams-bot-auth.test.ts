import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotAuthError, verifyBotFrameworkRequest } from "~/modules/msteams/bot-auth.server";
import type { Fetcher } from "~/modules/notifications/adapter-kit.server";
import { botFrameworkToken, botTokenRequest, type TeamsBotConfig } from "~/modules/notifications/teams-adapter.server";
import { FAKE_BOT, startFakeBotFramework, type FakeActivityTokenRequest, type FakeBotFramework } from "../support/fake-botframework";

let fake: FakeBotFramework;
let bot: TeamsBotConfig;
const SERVICE_URL = "https://smba.trafficmanager.net/emea/";

beforeAll(async () => {
  fake = await startFakeBotFramework();
  bot = {
    appId: FAKE_BOT.appId,
    appPassword: FAKE_BOT.appPassword,
    tenantId: FAKE_BOT.tenantId,
    tokenUrl: `${fake.url}/{tenant}/oauth2/v2.0/token`,
    openIdMetadataUrl: `${fake.url}/botframework/.well-known/openidconfiguration`,
    issuer: FAKE_BOT.issuer,
  };
});
afterAll(() => fake.close());

async function token(request: Partial<FakeActivityTokenRequest> = {}) {
  const response = await fetch(`${fake.url}/test/activity-tokens`, { method: "POST", body: JSON.stringify({ serviceUrl: SERVICE_URL, ...request }) });
  return ((await response.json()) as { token: string }).token;
}

const verify = async (authorization: string | null, serviceUrl: string | null = SERVICE_URL, config: TeamsBotConfig = bot) =>
  verifyBotFrameworkRequest(config, authorization, serviceUrl);

describe("Bot Framework token on inbound activities", () => {
  it("accepts a token from the Bot Framework for our bot naming the activity's serviceUrl", async () => {
    const claims = await verify(`Bearer ${await token()}`);
    expect(claims).toMatchObject({ aud: FAKE_BOT.appId, iss: FAKE_BOT.issuer, serviceurl: SERVICE_URL });
  });

  it("accepts a token that expired less than five minutes ago (clock skew)", async () => {
    await expect(verify(`Bearer ${await token({ expiresInSeconds: -120 })}`)).resolves.toBeTruthy();
  });

  it.each([
    ["no header", async () => null],
    ["not a bearer token", async () => `Basic ${btoa("a:b")}`],
    ["garbage", async () => "Bearer not.a.jwt"],
    ["a key the metadata does not publish", async () => `Bearer ${await token({ signWith: "unknown" })}`],
    ["expired beyond the tolerance", async () => `Bearer ${await token({ expiresInSeconds: -600 })}`],
    ["another bot's audience", async () => `Bearer ${await token({ audience: "someone-elses-bot" })}`],
    ["another issuer", async () => `Bearer ${await token({ issuer: "https://sts.windows.net/evil/" })}`],
  ])("refuses %s", async (_, header) => {
    await expect(verify(await header())).rejects.toBeInstanceOf(BotAuthError);
  });

  it("refuses a token whose serviceurl is not the activity's serviceUrl", async () => {
    const good = `Bearer ${await token()}`;
    await expect(verify(good, "https://attacker.example/")).rejects.toThrow(/serviceurl/);
    await expect(verify(good, null)).rejects.toBeInstanceOf(BotAuthError);
  });

  it("refuses everything while the bot has no app id", async () => {
    await expect(verify(`Bearer ${await token()}`, SERVICE_URL, { ...bot, appId: "" })).rejects.toBeInstanceOf(BotAuthError);
  });

  it("refuses when the OpenID metadata cannot be read", async () => {
    const broken = { ...bot, openIdMetadataUrl: `${fake.url}/no-such-metadata` };
    await expect(verify(`Bearer ${await token()}`, SERVICE_URL, broken)).rejects.toBeInstanceOf(BotAuthError);
  });
});

describe("the bot's own token (Microsoft identity platform)", () => {
  it("asks the bot's own tenant for client credentials with the Bot Framework scope", () => {
    const request = botTokenRequest(bot);
    expect(request.url).toBe(`${fake.url}/${FAKE_BOT.tenantId}/oauth2/v2.0/token`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: "client_credentials",
      client_id: FAKE_BOT.appId,
      client_secret: FAKE_BOT.appPassword,
      scope: "https://api.botframework.com/.default",
    });
  });

  it("keeps the token in the isolate until five minutes before it expires", async () => {
    const own = { ...bot, appId: "cache-test-app" };
    let calls = 0;
    const fetcher: Fetcher = async () => {
      calls += 1;
      return Response.json({ access_token: `token-${calls}`, expires_in: 3600 });
    };
    const t0 = Date.UTC(2026, 10, 27, 8, 0, 0);
    const [a, b] = await Promise.all([botFrameworkToken(own, fetcher, t0), botFrameworkToken(own, fetcher, t0)]);
    expect(a).toEqual({ ok: true, token: "token-1" });
    expect(b).toEqual({ ok: true, token: "token-1" });
    expect(await botFrameworkToken(own, fetcher, t0 + 54 * 60_000)).toEqual({ ok: true, token: "token-1" });
    expect(await botFrameworkToken(own, fetcher, t0 + 56 * 60_000)).toEqual({ ok: true, token: "token-2" });
    expect(calls).toBe(2);
  });

  it("does not retry refused credentials, and retries an identity platform outage", async () => {
    const refused = await botFrameworkToken({ ...bot, appId: "wrong", appPassword: "wrong" }, (u, i) => fetch(u, i));
    expect(refused).toMatchObject({ ok: false, code: "AppNotAuthorized", retryable: false });
    const down = await botFrameworkToken({ ...bot, appId: "down" }, async () => new Response("", { status: 503 }));
    expect(down).toMatchObject({ ok: false, code: "ProviderUnavailable", retryable: true });
  });
});
