import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_KEYS } from "~/ui/icons";

const sprite = readFileSync(new URL("../../app/ui/icons.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => ({ id: m[1], body: m[2] }));

describe("icon sprite", () => {
  it("draws every icon name, and nothing else", () => {
    expect(symbolIds.map((s) => s.id).sort()).toEqual([...ICON_KEYS].sort());
  });

  it("leaves stroke and fill to .icon, so icons follow the text colour", () => {
    for (const { id, body } of symbolIds) {
      expect(body, id).toMatch(/^(<(path|circle|rect) [^>]*\/>)+$/);
      expect(body, id).not.toMatch(/stroke|fill/);
    }
  });
});
