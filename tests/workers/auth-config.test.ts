import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { integrations, integrationSyncRuns } from "~/db/schema";
import { readConfig } from "~/lib/config.server";
import { decryptApiKey, encryptApiKey } from "~/modules/integrations/crypto.server";
import { runHrisSync } from "~/modules/integrations/sync.server";

const SECRET = "a-session-secret-of-enough-length-0123456789";
const KEY_A = "first-integration-key-0123456789abcdef";
const KEY_B = "second-integration-key-0123456789abcdef";

/** A fresh env object each time (readConfig caches per env object). */
function config(vars: Record<string, string>) {
  return readConfig({ ...vars } as unknown as Env);
}

describe("configuration refuses an unsafe deployment", () => {
  it.each([
    "https://pulseboard.example.com",
    "https://127.0.0.1:8787",
    "http://pulseboard.example.com",
    "http://10.0.0.5:8787",
    "http://127.0.0.1.evil.example",
  ])("refuses the demo sign-in with APP_URL %s", (appUrl) => {
    expect(() => config({ DEV_SIGN_IN: "true", APP_URL: appUrl, SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k1:${KEY_A}` })).toThrow(
      /DEV_SIGN_IN/,
    );
  });

  it.each(["http://127.0.0.1:8787", "http://localhost:5173", "http://[::1]:8788"])(
    "allows the demo sign-in, with development-only secrets, on the loopback APP_URL %s",
    (appUrl) => {
      const c = config({ DEV_SIGN_IN: "true", APP_URL: appUrl });
      expect(c.devSignIn).toBe(true);
      expect(c.sessionSecret.length).toBeGreaterThanOrEqual(16);
      expect(c.integrationKeys.primary.id).toBeTruthy();
    },
  );

  it.each([
    ["missing", {}],
    ["short", { SESSION_SECRET: "too-short" }],
  ])("refuses a %s SESSION_SECRET outside local development", (_label, vars) => {
    expect(() => config({ APP_URL: "https://pulseboard.example.com", INTEGRATION_KEYS: `k1:${KEY_A}`, ...vars })).toThrow(/SESSION_SECRET/);
    // Without the demo sign-in a loopback address is no local development either: no fallback.
    expect(() => config({ APP_URL: "http://127.0.0.1:8787", INTEGRATION_KEYS: `k1:${KEY_A}`, ...vars })).toThrow(/SESSION_SECRET/);
  });

  it.each([
    ["missing", {}],
    ["short", { INTEGRATION_KEYS: "k1:short" }],
    ["without an id", { INTEGRATION_KEYS: KEY_A }],
    ["with a repeated id", { INTEGRATION_KEYS: `k1:${KEY_A},k1:${KEY_B}` }],
  ])("refuses %s INTEGRATION_KEYS outside local development", (_label, vars) => {
    expect(() => config({ APP_URL: "https://pulseboard.example.com", SESSION_SECRET: SECRET, ...vars })).toThrow(/INTEGRATION_KEYS/);
  });

  it("accepts a deployment with its own secrets; the first integration key encrypts, all decrypt", () => {
    const c = config({ APP_URL: "https://pulseboard.example.com", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k2:${KEY_B}, k1:${KEY_A}` });
    expect(c.devSignIn).toBe(false);
    expect(c.sessionSecret).toBe(SECRET);
    expect(c.integrationKeys.primary).toEqual({ id: "k2", secret: KEY_B });
    expect([...c.integrationKeys.all.keys()]).toEqual(["k2", "k1"]);
  });
});

describe("HR integration keys rotate", () => {
  const ids = { companyId: "c-acme", integrationId: "i-1" };

  it("keeps reading what the old key wrote, writes with the new key, and names the key in the ciphertext", async () => {
    const before = config({ APP_URL: "https://app.example", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k1:${KEY_A}` }).integrationKeys;
    const sealedByOld = await encryptApiKey(before, ids, "bamboo-api-key");
    expect(sealedByOld.ciphertext).toMatch(/^k1:/);
    expect(sealedByOld.ciphertext).not.toContain("bamboo-api-key");

    const after = config({ APP_URL: "https://app.example", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k2:${KEY_B},k1:${KEY_A}` }).integrationKeys;
    expect(await decryptApiKey(after, ids, sealedByOld)).toEqual({ apiKey: "bamboo-api-key", keyId: "k1", current: false });

    const sealedByNew = await encryptApiKey(after, ids, "bamboo-api-key");
    expect(sealedByNew.ciphertext).toMatch(/^k2:/);
    expect(await decryptApiKey(after, ids, sealedByNew)).toEqual({ apiKey: "bamboo-api-key", keyId: "k2", current: true });

    // Once the old key is retired, what it wrote is unreadable; what the new key wrote still reads.
    const retired = config({ APP_URL: "https://app.example", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k2:${KEY_B}` }).integrationKeys;
    expect(await decryptApiKey(retired, ids, sealedByOld)).toBeNull();
    expect((await decryptApiKey(retired, ids, sealedByNew))?.apiKey).toBe("bamboo-api-key");
  });

  it("does not depend on SESSION_SECRET: rotating the session secret leaves saved keys readable", async () => {
    const one = config({ APP_URL: "https://app.example", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k1:${KEY_A}` }).integrationKeys;
    const sealed = await encryptApiKey(one, ids, "hibob-token");
    const other = config({ APP_URL: "https://app.example", SESSION_SECRET: `${SECRET}-rotated`, INTEGRATION_KEYS: `k1:${KEY_A}` }).integrationKeys;
    expect((await decryptApiKey(other, ids, sealed))?.apiKey).toBe("hibob-token");
  });

  it("refuses a ciphertext moved to another integration or tampered with", async () => {
    const ring = config({ APP_URL: "https://app.example", SESSION_SECRET: SECRET, INTEGRATION_KEYS: `k1:${KEY_A}` }).integrationKeys;
    const sealed = await encryptApiKey(ring, ids, "secret");
    expect(await decryptApiKey(ring, { ...ids, integrationId: "i-2" }, sealed)).toBeNull();
    expect(await decryptApiKey(ring, ids, { ...sealed, ciphertext: sealed.ciphertext.replace(/^k1:/, "k9:") })).toBeNull();
  });
});

describe("a sync after a rotation", () => {
  it("reads the key sealed under the old key and re-seals it under the new one in the same batch", async () => {
    const db = createDb(env.DB);
    const ids = { companyId: "c-acme", integrationId: "i-rotation" };
    const old = config({ ...(env as unknown as Record<string, string>), INTEGRATION_KEYS: `k1:${KEY_A}` });
    const sealed = await encryptApiKey(old.integrationKeys, ids, "acme-bamboo-key");
    await db.insert(integrations).values({
      id: ids.integrationId,
      companyId: ids.companyId,
      type: "bamboohr",
      domain: "acme-rotation",
      apiKeyCiphertext: sealed.ciphertext,
      apiKeyIv: sealed.iv,
      createdBy: "u-acme-alice",
      createdAt: new Date(),
    });
    await db.insert(integrationSyncRuns).values({ id: "run-rotation", companyId: ids.companyId, integrationId: ids.integrationId, status: "queued" });
    await fetch(`${env.FAKE_HRIS_URL}/control/employees`, { method: "POST", body: JSON.stringify({ provider: "bamboohr", employees: [] }) });

    const rotated = config({ ...(env as unknown as Record<string, string>), INTEGRATION_KEYS: `k2:${KEY_B},k1:${KEY_A}` });
    const writes = await runHrisSync(db, rotated, { ...ids, syncRunId: "run-rotation" });
    await db.batch(writes as [(typeof writes)[number], ...typeof writes]);

    const run = await env.DB.prepare("SELECT status FROM integration_sync_runs WHERE id = 'run-rotation'").first<{ status: string }>();
    expect(run?.status).toBe("succeeded");
    const requests = (await (await fetch(`${env.FAKE_HRIS_URL}/control/requests`, { method: "POST" })).json()) as Array<{ authorization: string }>;
    expect(requests.at(-1)?.authorization).toBe(`Basic ${btoa("acme-bamboo-key:x")}`);
    const row = await env.DB.prepare("SELECT api_key_ciphertext, api_key_iv FROM integrations WHERE id = ?")
      .bind(ids.integrationId)
      .first<{ api_key_ciphertext: string; api_key_iv: string }>();
    expect(row!.api_key_ciphertext).toMatch(/^k2:/);
    const newOnly = config({ ...(env as unknown as Record<string, string>), INTEGRATION_KEYS: `k2:${KEY_B}` }).integrationKeys;
    expect(await decryptApiKey(newOnly, ids, { ciphertext: row!.api_key_ciphertext, iv: row!.api_key_iv })).toMatchObject({
      apiKey: "acme-bamboo-key",
      current: true,
    });
  });
});
