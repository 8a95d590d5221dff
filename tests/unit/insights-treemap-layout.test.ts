import { describe, expect, it } from "vitest";
import { treemapLayout } from "~/modules/insights/treemap-layout";

const box = { x: 0, y: 0, width: 600, height: 400 };
const area = (t: { width: number; height: number }) => t.width * t.height;

describe("treemap layout", () => {
  it("gives each tile an area proportional to its value and fills the box exactly", () => {
    const items = [6, 6, 4, 3, 2, 2, 1];
    const tiles = treemapLayout(items, (v) => v, box);
    expect(tiles).toHaveLength(items.length);
    const total = items.reduce((a, b) => a + b, 0);
    for (const t of tiles) expect(area(t)).toBeCloseTo((t.item / total) * 600 * 400, 6);
    expect(tiles.reduce((s, t) => s + area(t), 0)).toBeCloseTo(600 * 400, 6);
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(-1e-9);
      expect(t.y).toBeGreaterThanOrEqual(-1e-9);
      expect(t.x + t.width).toBeLessThanOrEqual(600 + 1e-9);
      expect(t.y + t.height).toBeLessThanOrEqual(400 + 1e-9);
    }
  });

  it("lays tiles without overlap", () => {
    const tiles = treemapLayout([9, 7, 5, 5, 3, 2, 1, 1], (v) => v, box);
    for (let i = 0; i < tiles.length; i++)
      for (let j = i + 1; j < tiles.length; j++) {
        const a = tiles[i];
        const b = tiles[j];
        const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        expect(w > 1e-6 && h > 1e-6, `tiles ${i} and ${j} overlap`).toBe(false);
      }
  });

  it("keeps tiles close to square (the point of squarifying)", () => {
    const tiles = treemapLayout([1, 1, 1, 1, 1, 1], (v) => v, { x: 0, y: 0, width: 300, height: 200 });
    for (const t of tiles) expect(Math.max(t.width / t.height, t.height / t.width)).toBeLessThan(2);
  });

  it("leaves out nothing but empty values, and an empty chart has no tiles", () => {
    expect(treemapLayout([0, 3, -1], (v) => v, box).map((t) => t.item)).toEqual([3]);
    expect(treemapLayout([], (v: number) => v, box)).toEqual([]);
  });
});
