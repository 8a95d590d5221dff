/**
 * Squarified treemap layout (Bruls, Huizing and van Wijk, 2000) for the insights PDF, where the
 * treemaps are drawn as inline SVG (the page draws them with ApexCharts in the browser). Pure:
 * rectangles in the given box, areas proportional to the values, laid out largest first in rows
 * that keep the tiles as close to square as they can.
 */

export interface TreemapTile<T> {
  item: T;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function treemapLayout<T>(items: readonly T[], value: (item: T) => number, box: Box): TreemapTile<T>[] {
  const entries = items.map((item) => ({ item, v: Math.max(0, value(item)) })).filter((e) => e.v > 0);
  entries.sort((a, b) => b.v - a.v);
  const total = entries.reduce((sum, e) => sum + e.v, 0);
  if (total === 0 || box.width <= 0 || box.height <= 0) return [];
  const scale = (box.width * box.height) / total;
  const areas = entries.map((e) => ({ item: e.item, area: e.v * scale }));
  const tiles: TreemapTile<T>[] = [];
  let rest: Box = { ...box };
  let row: typeof areas = [];

  // The worst aspect ratio of a row laid along a side of length `side`.
  const worst = (r: typeof areas, side: number) => {
    const sum = r.reduce((s, a) => s + a.area, 0);
    const max = Math.max(...r.map((a) => a.area));
    const min = Math.min(...r.map((a) => a.area));
    return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
  };

  const place = (r: typeof areas) => {
    const sum = r.reduce((s, a) => s + a.area, 0);
    if (rest.width >= rest.height) {
      // A column on the left, as wide as the row's area needs.
      const w = sum / rest.height;
      let y = rest.y;
      for (const a of r) {
        const h = a.area / w;
        tiles.push({ item: a.item, x: rest.x, y, width: w, height: h });
        y += h;
      }
      rest = { x: rest.x + w, y: rest.y, width: rest.width - w, height: rest.height };
    } else {
      const h = sum / rest.width;
      let x = rest.x;
      for (const a of r) {
        const w = a.area / h;
        tiles.push({ item: a.item, x, y: rest.y, width: w, height: h });
        x += w;
      }
      rest = { x: rest.x, y: rest.y + h, width: rest.width, height: rest.height - h };
    }
  };

  for (const a of areas) {
    const side = Math.min(rest.width, rest.height);
    if (row.length === 0 || worst([...row, a], side) <= worst(row, side)) row.push(a);
    else {
      place(row);
      row = [a];
    }
  }
  if (row.length) place(row);
  return tiles;
}
