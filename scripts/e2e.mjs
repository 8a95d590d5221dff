// Browser tests: serves the built app (build/) under `wrangler dev` on its own port with a fresh
// local D1 (migrations + demo seed), a fake OpenID provider on 127.0.0.1, then runs Playwright
// against it with Debian's Chromium. Everything stays on this machine.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { findChromium } from "./chromium.mjs";
import { localBrowserEnv } from "./local-browser.mjs";
import { findPdfTools } from "./pdf-tools.mjs";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const STATE = ".wrangler/e2e";
// wrangler's own debug log (what it prints plus what it only logs), kept apart so a death can be explained.
const WRANGLER_LOGS = ".wrangler/e2e-logs";

const chromium = findChromium();
// Report PDFs: the Worker's BROWSER binding drives Debian's Chromium; the tests read the PDFs with Poppler.
const browserEnv = localBrowserEnv();
const pdfTools = findPdfTools();
if (!existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` first (npm test does).");
  process.exit(1);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${result.status})`);
}

rmSync(STATE, { recursive: true, force: true });
rmSync(WRANGLER_LOGS, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { ...process.env, CI: "true" } });
run("node", ["scripts/seed.mjs", "--persist-to", STATE]);

const { startFakeOidc } = await import("../tests/support/fake-oidc.ts");
const oidc = await startFakeOidc({ port: 0 });

const vars = {
  DEV_SIGN_IN: "true",
  APP_URL: BASE_URL,
  SIGN_IN_RATE_LIMIT: "1000/60",
  ...oidc.providerVars?.(),
};
const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
let serverLog = "";
const deaths = [];
// --test-scheduled: GET /__scheduled runs the Worker's cron handler (tests/e2e/surveys.spec.ts starts a scheduled survey that way).
function startServer() {
  const child = spawn(
    "wrangler",
    ["dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE, "--inspector-port", "0", "--show-interactive-dev-session=false", "--test-scheduled", ...varArgs],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...browserEnv, CI: "true", WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: WRANGLER_LOGS },
    },
  );
  child.stdout.on("data", (d) => (serverLog += d));
  child.stderr.on("data", (d) => (serverLog += d));
  child.on("exit", (code, signal) => {
    deaths.push(`wrangler dev (pid ${child.pid}) ended: code ${code}, signal ${signal}, at ${new Date().toISOString()}`);
  });
  return child;
}
let server = startServer();
const ended = (child) => child.exitCode !== null || child.signalCode !== null;

async function stop() {
  if (!ended(server)) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  await oidc.close();
}
process.on("SIGINT", () => stop().then(() => process.exit(130)));

async function waitUntilServing() {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (ended(server)) throw new Error(`wrangler dev exited early:\n${serverLog}`);
    try {
      const response = await fetch(`${BASE_URL}/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 90 s:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Playwright as a child process (async: this process also hosts the fake OpenID provider). */
function playwright(args) {
  const child = spawn("playwright", ["test", ...args], {
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_BASE_URL: BASE_URL,
      CHROMIUM_PATH: chromium,
      FAKE_OIDC_URL: oidc.url,
      PDFTOPPM_PATH: pdfTools.pdftoppm,
      PDFTOTEXT_PATH: pdfTools.pdftotext,
    },
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

/**
 * A client that gives up on a POST while its body is still uploading made unpatched wrangler dev
 * exit (workers-sdk#15451; patches/wrangler+4.124.0.patch). Check once that the patch holds, so a
 * lost patch fails here, plainly, instead of as refused connections somewhere in the run.
 */
async function checkServerSurvivesAbortedUpload() {
  const body = new Uint8Array(8 * 1024 * 1024);
  for (let i = 0; i < 3; i++) {
    await fetch(`${BASE_URL}/healthz`, { method: "POST", body, signal: AbortSignal.timeout(20) }).catch(() => {});
  }
  await new Promise((r) => setTimeout(r, 300));
  if (ended(server)) throw new Error("wrangler dev died when a client aborted an upload: is patches/wrangler+4.124.0.patch applied (npm ci runs patch-package)?");
  const response = await fetch(`${BASE_URL}/healthz`);
  if (!response.ok) throw new Error(`wrangler dev answers ${response.status} after an aborted upload`);
}

let exitCode = 1;
try {
  await waitUntilServing();
  await checkServerSurvivesAbortedUpload();
  exitCode = await playwright(process.argv.slice(2));
  if (exitCode !== 0) console.log(`--- wrangler dev (last lines) ---\n${serverLog.split("\n").slice(-80).join("\n")}`);
  // wrangler dev itself has died mid-run (in CI on 22 Nov 2026: once in six runs, then twice in
  // one run; never on a development machine, no answer from our code in its log). Every test
  // after that point failed on a refused connection. Start it again on the same state and re-run
  // only the failed tests, at most three times, saying so loudly; a failure our code causes
  // still fails every time. explainDeaths() prints wrangler's own log at the end.
  for (let restart = 1; restart <= 3 && ended(server); restart++) {
    console.log(`wrangler dev ended (${server.exitCode ?? server.signalCode}) during the run: restart ${restart} of 3, re-running the failed tests`);
    server = startServer();
    await waitUntilServing();
    exitCode = await playwright(["--last-failed", ...process.argv.slice(2)]);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
}
if (deaths.length > 1 || exitCode !== 0) explainDeaths();

/** Printed last, so it is in the tail of a CI log: how wrangler dev ended and what it logged before. */
function explainDeaths() {
  console.log(`--- wrangler dev lifetimes ---\n${deaths.join("\n")}`);
  if (!existsSync(WRANGLER_LOGS)) return;
  for (const file of readdirSync(WRANGLER_LOGS).sort()) {
    const entries = readFileSync(`${WRANGLER_LOGS}/${file}`, "utf8").split("\n---\n");
    const notable = entries.filter((e) => /\b(error|warn)\b/.test(e.slice(0, 40)) && !/Connection reset by peer/.test(e));
    console.log(`--- ${file}: ${entries.length} entries, last errors and warnings ---`);
    console.log(notable.slice(-8).join("\n---\n").slice(-6000));
    console.log(`--- ${file}: last entries ---\n${entries.slice(-6).join("\n---\n").slice(-4000)}`);
  }
}
process.exit(exitCode);
