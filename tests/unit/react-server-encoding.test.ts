import { createElement } from "react";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The production build of React's streaming renderer is what the Worker runs, and the one
// patches/react-dom+18.3.1.patch changes (short ASCII strings encoded in JavaScript).
const require = createRequire(import.meta.url);
const BUILD = fileURLToPath(new URL("../../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js", import.meta.url));
const { renderToReadableStream } = require(BUILD) as typeof import("react-dom/server");

async function render(element: ReturnType<typeof createElement>) {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

describe("React's server renderer with the encoding patch", () => {
  it("is the patched build", () => {
    const source = readFileSync(BUILD, "utf8");
    expect(source).toContain("short ASCII strings are encoded in JavaScript");
  });

  it("writes ASCII, accented, CJK and emoji text and attributes byte for byte", async () => {
    const names = ["Ada Lovelace", "Zoë Ðorđević", "山田 太郎", "Ana 🚀 Müller", "x".repeat(300), `${"é".repeat(40)}${"a".repeat(200)}`];
    const html = await render(
      createElement(
        "ul",
        null,
        names.map((name) => createElement("li", { key: name, title: name, "data-name": `${name}<&>"` }, name)),
      ),
    );
    for (const name of names) {
      expect(html).toContain(`<li title="${name}" data-name="${name}&lt;&amp;&gt;&quot;">${name}</li>`);
    }
  });

  it("renders a large document identically to the unpatched TextEncoder path", async () => {
    const rows = Array.from({ length: 500 }, (_, i) => createElement("tr", { key: i, "data-id": `u-${i}` }, createElement("td", null, `Person ${i} — Ünïcode ${i % 7 === 0 ? "😀" : ""}`)));
    const html = await render(createElement("table", null, createElement("tbody", null, rows)));
    expect(html.match(/<tr /g)).toHaveLength(500);
    expect(html).toContain('<tr data-id="u-499"><td>Person 499 — Ünïcode </td></tr>');
    expect(html).toContain("Person 497 — Ünïcode 😀");
  });
});
