import { describe, expect, it } from "vitest";
import { readNdjsonRows } from "./ndjson";

function streamOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe("readNdjsonRows (the streamed download, read in the browser)", () => {
  it("reads lines split across chunks, characters split across bytes, and counts as it goes", async () => {
    const bytes = new TextEncoder().encode('["Review","Reviewee"]\n["Prüfung","Zoë"]\n[1,""]\n');
    // Cut inside "ü" (two bytes) and inside a line.
    const cut = [0, 5, 27, 28, 40, bytes.length];
    const chunks = cut.slice(1).map((end, i) => bytes.slice(cut[i], end));
    const counts: number[] = [];
    const rows = await readNdjsonRows(streamOf(chunks), (n) => counts.push(n));
    expect(rows).toEqual([
      ["Review", "Reviewee"],
      ["Prüfung", "Zoë"],
      [1, ""],
    ]);
    expect(counts[counts.length - 1]).toBe(3);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });

  it("takes a last line without its newline", async () => {
    expect(await readNdjsonRows(streamOf([new TextEncoder().encode('["a"]\n["b"]')]))).toEqual([["a"], ["b"]]);
  });
});
