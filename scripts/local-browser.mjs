// Browser Rendering on this machine (PDFs). In production the Worker's BROWSER binding is
// Cloudflare's Browser Rendering; locally, wrangler dev (miniflare) launches a Chrome for Testing
// of the version it pins, which it would download into wrangler's global cache — impossible
// offline. This puts Debian's Chromium where miniflare looks instead: a folder of the project
// (.wrangler/browser-cache) used as XDG_CACHE_HOME, holding
//   .wrangler/chrome/linux-<pinned version>/chrome-linux64/chrome   (a script exec'ing Chromium)
// and miniflare's "install complete" marker. @cloudflare/puppeteer in the Worker then drives
// Debian's Chromium over the DevTools protocol exactly as it drives Cloudflare's.
//
//   import { localBrowserEnv } from "./local-browser.mjs";
//   spawn("wrangler", ["dev", …], { env: { ...process.env, ...localBrowserEnv() } });
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "./chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, ".wrangler", "browser-cache");

/** The Chrome version miniflare pins (it asks for exactly this build). */
export function pinnedBrowserVersion() {
  const source = readFileSync(path.join(ROOT, "node_modules", "miniflare", "dist", "src", "index.js"), "utf8");
  const match = source.match(/var BROWSER_VERSION = "([\d.]+)"/);
  if (!match) throw new Error("miniflare's pinned browser version was not found (node_modules/miniflare/dist/src/index.js BROWSER_VERSION)");
  return match[1];
}

/** Debian's real Chromium binary (not its /usr/bin shell wrapper, which mis-parses some flags). */
function chromiumBinary() {
  const chromium = findChromium();
  const real = "/usr/lib/chromium/chromium";
  return chromium === "/usr/bin/chromium" && existsSync(real) ? real : chromium;
}

/** Prepares the cache folder and returns the environment wrangler dev (or miniflare) needs. */
export function localBrowserEnv() {
  const version = pinnedBrowserVersion();
  const installDir = path.join(CACHE, ".wrangler", "chrome", `linux-${version}`);
  const executable = path.join(installDir, "chrome-linux64", "chrome");
  mkdirSync(path.dirname(executable), { recursive: true });
  // Root (CI, this machine) cannot use Chromium's sandbox; elsewhere the flag is harmless here:
  // the browser only ever opens the Worker's own HTML, set with page.setContent.
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const script = `#!/bin/sh\nexec ${JSON.stringify(chromiumBinary())}${root ? " --no-sandbox" : ""} --disable-gpu "$@"\n`;
  if (!existsSync(executable) || readFileSync(executable, "utf8") !== script) writeFileSync(executable, script);
  chmodSync(executable, 0o755);
  writeFileSync(path.join(installDir, ".miniflare-install-complete"), "");
  return { XDG_CACHE_HOME: CACHE };
}

// `node scripts/local-browser.mjs` (npm start's prestart): prepare the folder and say where it is.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = localBrowserEnv();
  console.log(`Browser Rendering for wrangler dev: XDG_CACHE_HOME=${path.relative(ROOT, env.XDG_CACHE_HOME)}`);
}
