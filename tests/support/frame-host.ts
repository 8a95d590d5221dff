import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Teams web client on another origin: GET /?src=<app url> answers a page that
 * frames the app the way Teams frames a tab, and records every message the frame posts to it
 * (window.hostMessages). scripts/e2e.mjs starts it on 127.0.0.1 and lists its origin in the app's
 * FRAME_ANCESTORS; the same server reached as http://localhost:<port> is another origin, not listed.
 */
export async function startFrameHost(options: { port?: number } = {}) {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://host").searchParams.get("src") ?? "about:blank";
    const attribute = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test host</title></head>
<body style="margin:0">
<script>
  window.hostMessages = [];
  window.addEventListener("message", (event) => window.hostMessages.push({ origin: event.origin, data: event.data }));
</script>
<iframe id="app" title="App" src="${attribute}" style="border:0;width:100vw;height:100vh"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    /** The origin listed in FRAME_ANCESTORS. */
    url: `http://127.0.0.1:${port}`,
    /** The same page from an origin that is not listed. */
    unlistedUrl: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
