// Browser tests: serves the built app (build/) under `wrangler dev` with a fresh local D1
// (migrations + demo seed), a fake OpenID provider on 127.0.0.1, then runs Playwright against it
// with Debian's Chromium. Everything stays on this machine.
//
// The spec files are spread over E2E_SERVERS (default 2, one per core) Playwright workers; worker
// n talks to its own `wrangler dev` on E2E_PORT + n with its own copy of the freshly seeded
// state, so what one spec writes never reaches the specs running on the other server.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { findChromium } from "./chromium.mjs";
import { localBrowserEnv } from "./local-browser.mjs";
import { findPdfTools } from "./pdf-tools.mjs";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const STATE = ".wrangler/e2e";
// wrangler's own debug logs (what it prints plus what it only logs), one folder per server, kept apart so a death can be explained.
const WRANGLER_LOGS = ".wrangler/e2e-logs";
// Playwright's JSON report of the latest run (playwright.config.ts), read to name the failures last.
const JSON_REPORT = ".wrangler/e2e-report.json";

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
rmSync(JSON_REPORT, { force: true });
// Migrated and seeded once; every server starts from its own copy (taken before any server runs).
const SEEDED = `${STATE}/seeded`;
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", SEEDED], { env: { ...process.env, CI: "true" } });
run("node", ["scripts/seed.mjs", "--persist-to", SEEDED]);

const { startFakeOidc } = await import("../tests/support/fake-oidc.ts");
const oidc = await startFakeOidc({ port: 0 });
// A page on another origin that frames the app as Teams does (tests/e2e/framed-tab.spec.ts), allowed to frame it.
const { startFrameHost } = await import("../tests/support/frame-host.ts");
const frameHost = await startFrameHost();
const frameAncestors = `${readFileSync("wrangler.toml", "utf8").match(/^FRAME_ANCESTORS = "(.*)"$/m)?.[1] ?? ""} ${frameHost.url}`.trim();

/** One `wrangler dev` with its own port, state, log folder and restart history. */
function makeServer(index) {
  const port = PORT + index;
  const server = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    state: `${STATE}/server-${index}`,
    logs: `${WRANGLER_LOGS}/server-${index}`,
    log: "",
    deaths: [],
    child: null,
  };
  cpSync(SEEDED, server.state, { recursive: true });
  mkdirSync(server.logs, { recursive: true });
  return server;
}
const servers = Array.from({ length: SERVERS }, (_, i) => makeServer(i));

// --test-scheduled: GET /__scheduled runs the Worker's cron handler (tests/e2e/surveys.spec.ts starts a scheduled survey that way).
function startServer(server) {
  const vars = {
    DEV_SIGN_IN: "true",
    APP_URL: server.url,
    SIGN_IN_RATE_LIMIT: "1000/60",
    ...oidc.providerVars?.(),
    FRAME_ANCESTORS: frameAncestors,
  };
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "wrangler",
    ["dev", "--ip", "127.0.0.1", "--port", String(server.port), "--persist-to", server.state, "--inspector-port", "0", "--show-interactive-dev-session=false", "--test-scheduled", ...varArgs],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...browserEnv, CI: "true", WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: server.logs },
    },
  );
  child.stdout.on("data", (d) => (server.log += d));
  child.stderr.on("data", (d) => (server.log += d));
  child.on("exit", (code, signal) => {
    server.deaths.push(`wrangler dev on :${server.port} (pid ${child.pid}) ended: code ${code}, signal ${signal}, at ${new Date().toISOString()}`);
  });
  server.child = child;
}
for (const server of servers) startServer(server);
const ended = (server) => server.child.exitCode !== null || server.child.signalCode !== null;

async function stop() {
  await Promise.all(
    servers.map(async (server) => {
      if (ended(server)) return;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }),
  );
  await oidc.close();
  await frameHost.close();
}
let running = null; // the Playwright child, ended with us on Ctrl-C
process.on("SIGINT", () => {
  running?.kill("SIGINT");
  stop().then(() => process.exit(130));
});

async function waitUntilServing(server) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (ended(server)) throw new Error(`wrangler dev on :${server.port} exited early:\n${server.log}`);
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev on :${server.port} did not answer within 90 s:\n${server.log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Playwright as a child process (async: this process also hosts the fake OpenID provider). */
function playwright(args) {
  const child = spawn("playwright", ["test", ...args], {
    stdio: "inherit",
    env: {
      ...process.env,
      // playwright.config.ts gives Playwright worker n (TEST_PARALLEL_INDEX) the n-th URL.
      E2E_BASE_URLS: servers.map((server) => server.url).join(","),
      E2E_JSON_REPORT: JSON_REPORT,
      CHROMIUM_PATH: chromium,
      FAKE_OIDC_URL: oidc.url,
      E2E_FRAME_HOST_URL: frameHost.url,
      E2E_UNLISTED_FRAME_HOST_URL: frameHost.unlistedUrl,
      PDFTOPPM_PATH: pdfTools.pdftoppm,
      PDFTOTEXT_PATH: pdfTools.pdftotext,
    },
  });
  running = child;
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

/**
 * A client that gives up on a POST while its body is still uploading made unpatched wrangler dev
 * exit (workers-sdk#15451; patches/wrangler+4.124.0.patch). Check once that the patch holds, so a
 * lost patch fails here, plainly, instead of as refused connections somewhere in the run.
 */
async function checkServerSurvivesAbortedUpload(server) {
  const body = new Uint8Array(8 * 1024 * 1024);
  for (let i = 0; i < 3; i++) {
    await fetch(`${server.url}/healthz`, { method: "POST", body, signal: AbortSignal.timeout(20) }).catch(() => {});
  }
  await new Promise((r) => setTimeout(r, 300));
  if (ended(server)) throw new Error("wrangler dev died when a client aborted an upload: is patches/wrangler+4.124.0.patch applied (npm ci runs patch-package)?");
  const response = await fetch(`${server.url}/healthz`);
  if (!response.ok) throw new Error(`wrangler dev answers ${response.status} after an aborted upload`);
}

let exitCode = 1;
try {
  await Promise.all(servers.map(waitUntilServing));
  await Promise.all(servers.map(checkServerSurvivesAbortedUpload));
  exitCode = await playwright(process.argv.slice(2));
  if (exitCode !== 0) {
    for (const server of servers) console.log(`--- wrangler dev on :${server.port} (last lines) ---\n${server.log.split("\n").slice(-80).join("\n")}`);
  }
  // wrangler dev itself has died mid-run (in CI on 22 Nov 2026: once in six runs, then twice in
  // one run; never on a development machine, no answer from our code in its log). Every test
  // after that point failed on a refused connection. Start it again on the same state and re-run
  // only the failed tests, at most three times, saying so loudly; a failure our code causes
  // still fails every time. explainDeaths() prints wrangler's own log at the end.
  for (let restart = 1; restart <= 3 && servers.some(ended); restart++) {
    for (const server of servers.filter(ended)) {
      console.log(`wrangler dev on :${server.port} ended (${server.child.exitCode ?? server.child.signalCode}) during the run: restart ${restart} of 3, re-running the failed tests`);
      startServer(server);
    }
    await Promise.all(servers.map(waitUntilServing));
    exitCode = await playwright(["--last-failed", ...process.argv.slice(2)]);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
}
if (servers.some((server) => server.deaths.length > 1) || exitCode !== 0) explainDeaths();
if (exitCode !== 0) nameFailures();

/** Printed last, so it is in the tail of a CI log: how each wrangler dev ended and what it logged before. */
function explainDeaths() {
  console.log(`--- wrangler dev lifetimes ---\n${servers.flatMap((server) => server.deaths).join("\n")}`);
  for (const server of servers) {
    if (!existsSync(server.logs)) continue;
    for (const file of readdirSync(server.logs).sort()) {
      const entries = readFileSync(`${server.logs}/${file}`, "utf8").split("\n---\n");
      const notable = entries.filter((e) => /\b(error|warn)\b/.test(e.slice(0, 40)) && !/Connection reset by peer/.test(e));
      console.log(`--- :${server.port} ${file}: ${entries.length} entries, last errors and warnings ---`);
      console.log(notable.slice(-8).join("\n---\n").slice(-6000));
      console.log(`--- :${server.port} ${file}: last entries ---\n${entries.slice(-6).join("\n---\n").slice(-4000)}`);
    }
  }
}
/** The very last lines: which tests failed (after their retry) and why, from Playwright's JSON report. */
function nameFailures() {
  if (!existsSync(JSON_REPORT)) return console.log("--- no Playwright report: the run ended before any test finished ---");
  const failed = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const last = test.results?.at(-1);
        const message = (last?.error?.message ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").slice(0, 12).join("\n");
        failed.push(`${test.status === "flaky" ? "flaky (passed on retry)" : "FAILED"}: ${[...titles, spec.title].filter(Boolean).join(" › ")} (${spec.file}:${spec.line})\n${message}`);
      }
    }
  };
  walk(JSON.parse(readFileSync(JSON_REPORT, "utf8")), []);
  console.log(`--- browser tests that did not pass (${failed.length}) ---\n${failed.join("\n\n")}`);
}
process.exit(exitCode);
