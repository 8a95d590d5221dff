import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUPPORT_ROUTES } from "~/lib/route-table";

const dir = "chat-apps/msteams";
const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, "utf8"));

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(path: string) {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colorType: bytes[25] };
}

describe("Teams app manifest", () => {
  it("uses a recent schema, stated both ways", () => {
    const version = Number(String(manifest.manifestVersion).replace(/^1\./, ""));
    expect(version).toBeGreaterThanOrEqual(19);
    expect(manifest.$schema).toBe(`https://developer.microsoft.com/json-schemas/teams/v${manifest.manifestVersion}/MicrosoftTeams.schema.json`);
  });

  it("opens the tab's start page, a route the app serves, on a valid domain", () => {
    const tab = manifest.staticTabs.find((t: { contentUrl?: string }) => t.contentUrl);
    const url = new URL(tab.contentUrl);
    expect(tab.scopes).toEqual(["personal"]);
    expect(SUPPORT_ROUTES.find((r) => r.path === url.pathname)?.module).toBe("routes/msteams.tab-start.tsx");
    expect(manifest.validDomains).toContain(url.host);
  });

  it("signs in with the bot's own registration (webApplicationInfo) and has a personal bot", () => {
    const [bot] = manifest.bots;
    expect(bot.scopes).toEqual(["personal"]);
    expect(manifest.webApplicationInfo.id).toBe(bot.botId);
    const host = new URL(manifest.staticTabs[0].contentUrl).host;
    expect(manifest.webApplicationInfo.resource).toBe(`api://${host}/${bot.botId}`);
    for (const id of [manifest.id, bot.botId]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(manifest.id).not.toBe(bot.botId);
  });

  it("keeps Teams' length limits", () => {
    expect(manifest.name.short.length).toBeLessThanOrEqual(30);
    expect(manifest.name.full.length).toBeLessThanOrEqual(100);
    expect(manifest.description.short.length).toBeLessThanOrEqual(80);
    expect(manifest.description.full.length).toBeLessThanOrEqual(4000);
  });

  it("ships a 192 × 192 colour icon and a 32 × 32 outline icon with transparency", () => {
    expect(pngSize(`${dir}/${manifest.icons.color}`)).toMatchObject({ width: 192, height: 192 });
    expect(pngSize(`${dir}/${manifest.icons.outline}`)).toEqual({ width: 32, height: 32, colorType: 6 });
  });
});
