#!/usr/bin/env node
// `npm run bench`: server-side latency and first-load JavaScript of the built app, on this machine.
//
//   1. build into .builds/bench (never build/), migrate and seed --large into a fresh .wrangler/bench
//   2. run that build with `wrangler dev` on 127.0.0.1:8799 (DEV_SIGN_IN=true, NODE_ENV=production)
//   3. sign in as Initech's super admin (5,000 people in the company)
//   4. autocannon, 20 connections: warm-up, then a fixed window per URL; p50/p95 per URL
//   5. the review campaign's Durable Object: Send Reminder on the 2,000-pair review's pairs, at its
//      own boundary (/dev/review-transitions: 300/s sustained for 10 s, then its ceiling) and, for
//      information, end to end through the review page's form post at the same connections
//   6. 500 Initech people (each signed in with their own session) submit the respondent form of an
//      open survey run all at once; after the run, D1 must hold exactly their 500 responses
//      and 500 senders of Initech's open feedback run give feedback at once, each item stored exactly
//      once (tests/bench/feedback.mjs, which also adds the loop configuration and Give Feedback pages)
//   7. gzip size of the JavaScript a first load of the profile page downloads
//   8. review reports (tests/bench/reports.mjs) on the closed 2,000-pair review
//      rc-large-report (56,000 answer rows): the report table's streaming download read to the
//      end (report-stream); its Download without JavaScript, a bulk XLSX built by the queue
//      consumer, stored in R2, fetched through the requester's link and read back (report-xlsx);
//      a per-reviewee PDF by Browser Rendering, queued from its page (reviewee-pdf); after the run,
//      the bulk XLSX builder's own code in a child `node --max-old-space-size=128` on the bench's
//      D1 file, its peak memory sampled (tests/bench/report-memory.mjs: workerd does not cap memory)
//   8b. feedback loop launch: Initech's 5,000-pair manager-downward library loop launched through
//      /dev/feedback-launch; every sender's notification must be written (the queue's jobs
//      included) within 10 s, and after the run D1 must hold exactly one per sender
//   8c. the embedded AI analyser scoring 2,000 characters, in this Node process (tests/bench/ai-analyser.mjs;
//      `--only ai-analyser` measures it alone, without building or starting the server)
//   9. PASS/FAIL against the targets (page p95 <= 4 x static p95; >= 300 pair transitions/s with
//      p95 < 50 ms; 500 survey submissions at once all land exactly once; first-load JS <= 150 KB
//      gzip; 5,000-row uploads: people <= 10 s, pairs < 5 s; XLSX of >= 50,000 answer rows by the
//      consumer in < 20 s within 128 MB; per-reviewee PDF < 10 s; streaming download of >= 50,000
//      rows < 10 s)
//
// Options: --no-build (reuse .builds/bench), --strict (exit 1 when a target fails),
//          --duration <s> (default 10), --warmup <s> (default 2), --connections <n> (default 20),
//          --port <n> or BENCH_PORT (default 8799), --only <key,key,…> (some targets only; see --help).
// A broken measurement (a non-2xx answer, a redirect to sign-in, a transition answered with
// anything but a redirect and a success toast, a server that never starts) always exits 1.
// Everything talks to 127.0.0.1 only.
import { execFile, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { localBrowserEnv } from "../../scripts/local-browser.mjs";
import { analyserBench, analyserCheck } from "./ai-analyser.mjs";
import { notifyDeliveryBench, notifyDeliveryCheck } from "./notify-delivery.mjs";
import { postAtOnce } from "./burst.mjs";
import { CHAT_SOCKETS, chatSocketsChecks, chatSocketsRun } from "./ai-chat.mjs";
import { feedbackIds, feedbackPages, feedbackPlan, feedbackStored, feedbackSubmitCheck, feedbackSubmitRun } from "./feedback.mjs";
import { objectivesCampaignIds, objectivesCampaignPages } from "./objectives-campaigns.mjs";
import { d1FileIn, measureReportMemory, MEMORY_LIMIT_MB } from "./report-memory.mjs";
import { DATA_STUDIO_TARGETS, dataStudioBench, dataStudioChecks } from "./data-studio.mjs";
import {
  PDF_WAIT_MS,
  REPORT_ROWS,
  REPORT_TARGETS,
  reportBench,
  TARGET_REPORT_STREAM_S,
  TARGET_REPORT_XLSX_S,
  TARGET_REVIEWEE_PDF_S,
  XLSX_WAIT_MS,
} from "./reports.mjs";
import { installInitech, SLACK_INTERACTIVITY, slackInteractivityCheck, slackInteractivityRun, slackPlan, startSlackFake } from "./slack-interactivity.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_DIR = path.join(ROOT, ".builds", "bench");
const STATE_DIR = path.join(ROOT, ".wrangler", "bench");
const WRANGLER = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const REMIX = path.join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js");
const HOST = "127.0.0.1";
const DEFAULT_PORT = 8799;
const ADMIN_EMAIL = "admin@initech.test";
const ADMIN_ID = "u-initech-admin";
const COMPANY_ID = "c-initech";
// app/lib/config.server.ts: the secret used when DEV_SIGN_IN=true and SESSION_SECRET is unset.
const DEV_SESSION_SECRET = "development-only-session-secret-not-for-production";
const TARGET_RATIO = 4;
const TARGET_FIRST_LOAD_KB = 150;
const TARGET_TRANSITIONS_PER_S = 300;
const TARGET_TRANSITION_P95_MS = 50;
/** The sustained load offered to the Durable Object: a tenth above the target rate, for ten seconds. */
const OBJECT_RATE = Math.round(TARGET_TRANSITIONS_PER_S * 1.1);
const OBJECT_COUNT = OBJECT_RATE * 10;
/** Reviewers auto-saving at once. */
const AUTOSAVERS = 200;
/** Survey respondents submitting at once, and how many of them post twice in that burst (a double click). */
const SUBMITTERS = 500;
const DOUBLE_SUBMITTERS = 50;
const WATCHDOG_MS = 8 * 60_000;

const seed = await loadSeedModule();
/** app/db/seed/surveys.ts: Initech's closed survey run with 5,000 responses (the survey report). */
const surveySeed = await loadSeedModule("../../app/db/seed/surveys.ts");
/** app/db/seed/feedback-loops.ts: the 5,000-pair library loop of the launch target. */
const LARGE_FEEDBACK = (await loadSeedModule("../../app/db/seed/feedback-loops.ts")).LARGE_FEEDBACK;
const TARGET_FEEDBACK_LAUNCH_S = 10;
const SURVEY_RUN = surveySeed.LARGE_SURVEY_RUN;
/** The same survey's open run: 1,000 recipients, none responded (the submission burst). */
const OPEN_SURVEY_RUN = surveySeed.LARGE_OPEN_SURVEY_RUN;
const RESPOND_PATH = `/surveys/respond/${encodeURIComponent(OPEN_SURVEY_RUN.id)}`;
/** Feedback loops (tests/bench/feedback.mjs): LARGE_FEEDBACK of app/db/seed/feedback-loops.ts. */
const FEEDBACK_IDS = await feedbackIds(loadSeedModule);
/** Objectives campaigns (tests/bench/objectives-campaigns.mjs): OBJECTIVES_CAMPAIGN_IDS of app/db/seed/objectives-campaigns.ts. */
const OBJECTIVES_CAMPAIGN_IDS = await objectivesCampaignIds(loadSeedModule);
const LARGE_REVIEW = seed.LARGE_REVIEW;
const REVIEW_PATH = `/reviews/manage-reviews/${LARGE_REVIEW.id}`;
/** The large review's pairs a reminder can go to (app/db/seed/demo.ts: the completed ones cannot be reminded). */
/** The closed review of the report targets: 2,000 completed pairs, 56,000 answer rows. */
const REPORT_REVIEW = seed.LARGE_REPORT_REVIEW;
const REMINDABLE_PAIR_IDS = Array.from({ length: LARGE_REVIEW.pairs }, (_, i) => i + 1)
  .filter((k) => seed.largePairState(k) !== "completed")
  .map((k) => seed.largePairId(k));

const PAGES = [
  {
    key: "profile",
    name: "profile page",
    path: `/my-profile/${ADMIN_ID}/feedback-insights`,
    note: "the signed-in person's profile (Feedback Insights tab)",
  },
  {
    key: "people",
    name: "people list",
    path: "/organization/settings/users",
    note: "Organization › Users: the first page (25 people) of the 5,000-person company, sorted by name",
  },
  {
    key: "reviews",
    name: "reviews list",
    path: "/reviews/manage-reviews",
    note: "Reviews › Manage: Initech's Live and Draft reviews (the default filter) with pair counts and progress",
  },
  {
    key: "todo",
    name: "to-do page",
    path: `/reviews/todos/${seed.largeTodoId(1)}`,
    note: `a reviewer (Initech's admin) with ${seed.LARGE_TODOS.reviews} open reviews: the progress panel, the first review's questions and the reviewee's context`,
  },
  {
    key: "review-detail",
    name: "review detail",
    path: REVIEW_PATH,
    note: `the live review ${LARGE_REVIEW.id} of ${LARGE_REVIEW.pairs.toLocaleString("en")} pairs: overview and first page of pairs`,
  },
  {
    key: "survey-report",
    name: "survey report of a run with 5,000 responses",
    path: `/surveys/reports?workspaceOrChannelId=w-initech-main&surveyId=${SURVEY_RUN.id}`,
    note: `Surveys › Reports: the closed run ${SURVEY_RUN.id} with ${SURVEY_RUN.responses.toLocaleString(
      "en"
    )} responses, every question aggregated in SQL (counts, percentages, NPS, text answers and comments) on the isolate's first request, then kept in its memory`,
    // The report of that run, not a picker or an empty state: it names all 5,000 participants.
    expect: { pattern: new RegExp(`data-participants="${SURVEY_RUN.responses}"`), what: `${SURVEY_RUN.responses} participants` },
    // A closed run's aggregation is computed once per isolate and then kept in memory
    // (app/modules/surveys/report.server.ts closedRunMemo): the load run measures the page around it.
    firstRequestNote: "the aggregation itself: later requests of a closed run are answered from the isolate's memo",
  },
  ...feedbackPages(FEEDBACK_IDS),
  ...objectivesCampaignPages(OBJECTIVES_CAMPAIGN_IDS),
  {
    key: "objectives-okr",
    name: "OKR page",
    path: "/objective-campaign/okr",
    note: "Objectives › OKRs: Initech's admin in the launched campaign with 10 objectives of 5 key results each, their progress, actuals and up to 12 check-ins each",
    expect: { pattern: /data-key-result="/, what: "key results listed" },
  },
  {
    key: "insights-workspace",
    name: "workspace feedback insights",
    path: "/analytics/feedback-analytics/overview",
    note: "Analytics › Feedback Analytics: Initech's whole workspace over the last 3 months (250,000 feedback items): tiles, three treemaps and the leaderboard of 5,000 people, read from the roll-ups kept on write",
    expect: { pattern: /data-leaderboard-user="/, what: "a leaderboard with people in it" },
    firstRequestNote: "uncached: nothing of the insights is kept between requests",
    firstRequestTargetMs: 100,
  },
  ...surveyAnalyticsPages(SURVEY_RUN.surveyId),
  {
    key: "feedback-list",
    name: "profile feedback list",
    path: `/my-profile/${ADMIN_ID}/feedback`,
    note: "the signed-in person's Feedback tab: the feedback they received, newest first (up to 5,000), with its filters",
  },
  {
    key: "review-analytics-overview",
    name: "review analytics overview",
    path: `/analytics/review-analytics/overview?campaign=${REPORT_REVIEW.id}`,
    note: `Analytics › Review Analytics: the closed review ${REPORT_REVIEW.id} (${REPORT_REVIEW.pairs.toLocaleString("en")} completed pairs, 56,000 answers): pairs by state and each rated question's average; the scores by reviewee are kept in the isolate's memory after the first request`,
    expect: { pattern: /data-question="/, what: "question averages" },
    firstRequestNote: "the scores of 56,000 answers by reviewee: later requests of a closed review add them up from the isolate's memo",
  },
  {
    key: "review-analytics-organization",
    name: "review analytics by department",
    path: `/analytics/review-analytics/organization?campaign=${REPORT_REVIEW.id}&by=department`,
    note: `Analytics › Review Analytics › Organization: the same review by the reviewees' department (20 departments)`,
    expect: { pattern: /data-slice="/, what: "departments listed" },
  },
  {
    key: "analytics-reports",
    name: "analytics reports list",
    path: "/analytics/reports",
    note: "Analytics › Reports: the first page (25) of Initech's reviews, surveys with their runs, feedback loops with their runs and the admin's Data Studio views, newest first",
    expect: { pattern: /data-report-row="/, what: "report rows listed" },
  },
  {
    key: "one-on-ones",
    name: "1-on-1 list",
    path: "/one-on-ones",
    note: "1-on-1s: Initech's super admin's Upcoming meetings (of 200 over the past year and the weeks ahead) with the 3-month engagement overview, read in one D1 batch",
    expect: { pattern: /data-one-on-one="/, what: "meetings listed" },
  },
  {
    key: "data-studio",
    name: "Data Studio page",
    path: "/analytics/my-queries",
    note: "Analytics › Data Studio: Initech's admin's builder as first opened (the Load View selector of their views, an empty query on People with its Add Column + choices)",
    expect: { pattern: /data-ds-views/, what: "the Load View selector" },
  },
];
/** Analytics › Survey Analytics, each tab on Initech's engagement survey (a closed run of 5,000 responses and an open one). */
function surveyAnalyticsPages(surveyId) {
  const survey = `surveyId=${encodeURIComponent(surveyId)}`;
  const memo = "a closed run's aggregates are computed on the isolate's first request, then kept in its memory";
  return [
    {
      key: "survey-analytics-timeline",
      name: "survey analytics timeline",
      path: `/analytics/survey-analytics/timeline?${survey}`,
      note: "Analytics › Survey Analytics › Timeline: participation, eNPS and average scores over the engagement survey's runs",
      expect: { pattern: /data-enps="-?\d+"/, what: "an eNPS of the closed run" },
      firstRequestNote: memo,
    },
    {
      key: "survey-analytics-overview",
      name: "survey analytics overview",
      path: "/analytics/survey-analytics/overview",
      note: "Analytics › Survey Analytics › Overview: each survey's latest participation and the eNPS of its newest run with results",
      expect: { pattern: /data-survey="/, what: "surveys listed" },
      firstRequestNote: memo,
    },
    {
      key: "survey-analytics-sentiments",
      name: "survey analytics sentiments",
      path: `/analytics/survey-analytics/sentiments?${survey}`,
      note: "Analytics › Survey Analytics › Sentiments: every text answer of the runs with results read by the embedded analyser, and the first answers of each share",
      expect: { pattern: /data-share="positive"/, what: "sentiment shares" },
      firstRequestNote: memo,
    },
    {
      key: "survey-analytics-question-timeline",
      name: "survey analytics question timeline",
      path: `/analytics/survey-analytics/question-timeline?${survey}`,
      note: "Analytics › Survey Analytics › Question Timeline: the tracked eNPS question's answers per run",
      expect: { pattern: /data-respondents="\d+"/, what: "respondents of the tracked question" },
      firstRequestNote: memo,
    },
  ];
}

/** What `--only` can name besides the pages (static asset: always measured with a page, as the ratios need it). */
const OTHER_TARGETS = [
  "transitions",
  "object",
  "autosave",
  "survey-submit",
  "first-load-js",
  "people-upload",
  "pair-upload",
  "feedback-launch",
  ...REPORT_TARGETS,
  "feedback-submit",
  "ai-analyser",
  "notify-delivery",
  "ai-chat-sockets",
  ...DATA_STUDIO_TARGETS,
  SLACK_INTERACTIVITY,
];
const TARGET_KEYS = [...PAGES.map((p) => p.key), ...OTHER_TARGETS];

/** app/db/seed/demo.ts (or another seed module), loaded by Node's type stripping as scripts/seed.mjs does (pair ids and states of the large review). */
async function loadSeedModule(specifier = "../../app/db/seed/demo.ts") {
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning?.message ?? warning).includes("Type Stripping")) return;
    return emit.call(process, warning, ...rest);
  };
  try {
    return await import(specifier);
  } finally {
    process.emitWarning = emit;
  }
}

class BenchError extends Error {}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exit(2);
}
const PORT = args.port;
/** Whether a target is measured in this run (`--only`). */
const want = (key) => !args.only || args.only.has(key);
const ORIGIN = `http://${HOST}:${PORT}`;
const children = new Set();
let server = null;
let exiting = false;

function parseArgs(argv) {
  const options = {
    build: true,
    strict: false,
    duration: 10,
    warmup: 2,
    rounds: 5,
    connections: 20,
    port: Number(process.env.BENCH_PORT) || DEFAULT_PORT,
    only: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const number = () => {
      const n = Number(argv[++i]);
      if (!Number.isFinite(n) || n <= 0) throw new BenchError(`${arg} needs a positive number`);
      return n;
    };
    if (arg === "--no-build") options.build = false;
    else if (arg === "--strict") options.strict = true;
    else if (arg === "--duration") options.duration = Math.min(number(), 60);
    else if (arg === "--warmup") options.warmup = Math.min(number(), 30);
    else if (arg === "--rounds") options.rounds = Math.min(Math.round(number()), 20);
    else if (arg === "--connections") options.connections = Math.min(Math.round(number()), 200);
    else if (arg === "--port") options.port = Math.round(number());
    else if (arg === "--serve") options.serve = true;
    else if (arg === "--only") {
      const keys = String(argv[++i] ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean);
      const unknown = keys.filter((k) => !TARGET_KEYS.includes(k));
      if (keys.length === 0 || unknown.length > 0)
        throw new BenchError(
          `--only needs a comma-separated list of ${TARGET_KEYS.join(", ")}${unknown.length ? ` (not ${unknown.join(", ")})` : ""}`
        );
      options.only = new Set(keys);
    } else if (arg === "-h" || arg === "--help") {
      console.log(
        "usage: npm run bench -- [--no-build] [--strict] [--duration s] [--warmup s] [--rounds n] [--connections n] [--port n (or BENCH_PORT)] [--serve] [--only key,key,…]"
      );
      console.log(`--only keys: ${TARGET_KEYS.join(", ")}`);
      process.exit(0);
    } else throw new BenchError(`unknown option ${arg} (see --help)`);
  }
  return options;
}

function log(message) {
  console.log(`bench: ${message}`);
}

/** A child process bounded by a timeout; resolves with stdout, rejects with the tail of its output. */
function run(label, file, argv, { timeoutMs = 180_000, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      argv,
      { cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...quietEnv(), ...env } },
      (error, stdout, stderr) => {
        children.delete(child);
        if (!error) return resolve(stdout);
        const why = error.killed ? `timed out after ${timeoutMs / 1000}s` : `exit code ${error.code}`;
        const tail = `${stderr}\n${stdout}`.trim().split("\n").slice(-20).join("\n");
        reject(new BenchError(`${label} failed (${why}):\n${tail}`));
      }
    );
    children.add(child);
  });
}

/** Keeps wrangler from phoning home: no telemetry, no Request.cf download, no banner update check. */
function quietEnv() {
  return {
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    NO_COLOR: "1",
    CI: "1",
  };
}

const wrangler = (label, argv, opts) => run(label, process.execPath, [WRANGLER, ...argv], opts);

// ---------------------------------------------------------------------------------------------
// 1. Build, migrate, seed

async function build() {
  if (!args.build) {
    if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
      throw new BenchError(`--no-build, but ${path.relative(ROOT, BUILD_DIR)} holds no build yet`);
    }
    log(`reusing the build in ${path.relative(ROOT, BUILD_DIR)}`);
    return;
  }
  const t = performance.now();
  rmSync(BUILD_DIR, { recursive: true, force: true });
  await run("remix vite:build", process.execPath, [REMIX, "vite:build"], { env: { REMIX_BUILD_DIR: BUILD_DIR } });
  log(`built into ${path.relative(ROOT, BUILD_DIR)} in ${secondsSince(t)} s`);
}

async function prepareDatabase() {
  const t = performance.now();
  rmSync(STATE_DIR, { recursive: true, force: true });
  await wrangler("d1 migrations apply", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
  const seeded = await run("seed --large", process.execPath, [
    path.join(ROOT, "scripts", "seed.mjs"),
    "--large",
    "--persist-to",
    STATE_DIR,
  ]);
  log(`${seeded.trim().split("\n").at(-1)}`);
  log(`fresh database in ${path.relative(ROOT, STATE_DIR)} (migrated and seeded) in ${secondsSince(t)} s`);
}

/** Data Studio's preview and download, measured on the seeded database before the server holds it. */
async function dataStudioRun() {
  const d1File = await d1FileIn(STATE_DIR);
  const outDir = path.join(ROOT, ".builds", "bench-data-studio");
  mkdirSync(outDir, { recursive: true });
  log(`data studio: runQuery previews (${args.rounds * 10} runs each) and the data-studio-xlsx build, in a child capped at 128 MB, on ${path.relative(ROOT, d1File)}`);
  const result = await dataStudioBench({
    root: ROOT,
    outDir,
    d1File,
    companyId: COMPANY_ID,
    requesterId: ADMIN_ID,
    rounds: args.rounds * 10,
    preview: want("data-studio-preview"),
    download: want("data-studio-download"),
  });
  if (!result.ok) log(`data studio: ${result.error}`);
  else log(`data studio: ${JSON.stringify(result)}`);
  return result;
}

/**
 * A session row for the fallback sign-in, written before the server starts so nothing writes the
 * database while the server holds it. It is used only when /dev/sign-in does not sign us in.
 */
async function insertFallbackSession() {
  const id = `bench-${crypto.randomUUID()}`;
  const expiresAt = Date.now() + 60 * 60 * 1000;
  await wrangler("insert bench session", [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    STATE_DIR,
    "--command",
    `INSERT INTO sessions (id, user_id, company_id, view, expires_at) VALUES ('${id}', '${ADMIN_ID}', '${COMPANY_ID}', 'USER', ${expiresAt})`,
  ]);
  return id;
}

// ---------------------------------------------------------------------------------------------
// 2. Serve the bench build

/**
 * workers/app.ts imports ../build/server/index.js; the bench serves its own build, so it gets a
 * copy of the entry whose relative imports point back into the tree, except the server build,
 * which points at .builds/bench/server. Likewise a wrangler.toml whose paths resolve from here.
 */
function writeServeConfig() {
  const workersDir = path.join(ROOT, "workers");
  const defaultBuild = path.join(ROOT, "build", "server", "index.js");
  const entry = readFileSync(path.join(workersDir, "app.ts"), "utf8");
  let rewroteBuild = false;
  const benchEntry = entry.replace(/(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.\.?\/[^"']+)\2/g, (_, lead, quote, spec) => {
    const target = path.resolve(workersDir, spec);
    let rel;
    if (target === defaultBuild) {
      rewroteBuild = true;
      rel = "./server/index.js";
    } else {
      rel = path.relative(BUILD_DIR, target).split(path.sep).join("/");
      if (!rel.startsWith(".")) rel = `./${rel}`;
    }
    return `${lead}${quote}${rel}${quote}`;
  });
  if (!rewroteBuild) throw new BenchError("workers/app.ts no longer imports ../build/server/index.js; update tests/bench/run.mjs");
  writeFileSync(path.join(BUILD_DIR, "worker.ts"), `// Generated by tests/bench/run.mjs from workers/app.ts; do not edit.\n${benchEntry}`);

  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const rules = [
    [/^main\s*=.*$/m, 'main = "worker.ts"'],
    [/^directory\s*=\s*"\.?\/?build\/client\/?"/m, 'directory = "./client"'],
    [
      /^migrations_dir\s*=\s*"([^"]+)"/m,
      (_, dir) => `migrations_dir = "${path.relative(BUILD_DIR, path.join(ROOT, dir)).split(path.sep).join("/")}"`,
    ],
  ];
  let benchToml = toml;
  for (const [pattern, replacement] of rules) {
    if (!pattern.test(benchToml)) throw new BenchError(`wrangler.toml: expected a line matching ${pattern}; update tests/bench/run.mjs`);
    benchToml = benchToml.replace(pattern, replacement);
  }
  const configPath = path.join(BUILD_DIR, "wrangler.toml");
  writeFileSync(configPath, `# Generated by tests/bench/run.mjs from wrangler.toml; do not edit.\n${benchToml}`);
  return configPath;
}

async function portAnswers() {
  try {
    await fetch(`${ORIGIN}/`, { signal: AbortSignal.timeout(1000), redirect: "manual" });
    return true;
  } catch {
    return false;
  }
}

async function startServer(configPath, extraVars = []) {
  if (await portAnswers())
    throw new BenchError(`something already answers on ${ORIGIN}; stop it or pick another port (--port n / BENCH_PORT)`);
  const logPath = path.join(BUILD_DIR, "wrangler-dev.log");
  const out = createWriteStream(logPath);
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      "dev",
      "--config",
      configPath,
      "--ip",
      HOST,
      "--port",
      String(PORT),
      "--inspector-port",
      args.serve ? "9229" : "0",
      "--persist-to",
      STATE_DIR,
      "--tsconfig",
      path.join(ROOT, "tsconfig.json"),
      "--var",
      "DEV_SIGN_IN:true",
      "--var",
      `APP_URL:${ORIGIN}`,
      // The submission burst signs in 500 people, all from 127.0.0.1 (one limiter key, "local").
      "--var",
      "SIGN_IN_RATE_LIMIT:100000/60",
      ...extraVars,
      "--show-interactive-dev-session=false",
      "--live-reload=false",
      // Per-request log lines cost the Node side CPU on a small machine; errors and warnings still show.
      "--log-level",
      "warn",
    ],
    // wrangler dev bundles with process.env.NODE_ENV = "development" unless NODE_ENV says otherwise,
    // which would measure React's development build; deployed Workers get "production".
    // localBrowserEnv: the BROWSER binding (report PDFs) drives Debian's Chromium (scripts/local-browser.mjs).
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...quietEnv(), ...localBrowserEnv(), NODE_ENV: "production" },
    }
  );
  server = { child, logPath, exited: false };
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.on("exit", () => (server.exited = true));

  const t = performance.now();
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exited) throw new BenchError(`wrangler dev exited early:\n${logTail()}`);
    try {
      const res = await fetch(`${ORIGIN}/`, { signal: AbortSignal.timeout(2000), redirect: "manual" });
      await res.arrayBuffer();
      if (res.status < 500) {
        log(`wrangler dev answers on ${ORIGIN} after ${secondsSince(t)} s (log: ${path.relative(ROOT, logPath)})`);
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new BenchError(`wrangler dev did not answer on ${ORIGIN} within 90 s:\n${logTail()}`);
}

function logTail() {
  try {
    return readFileSync(server.logPath, "utf8").trim().split("\n").slice(-25).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Stops wrangler and workerd (their own process group), politely first. */
async function stopServer() {
  if (!server || server.exited) return;
  const group = -server.child.pid;
  try {
    process.kill(group, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + 5000;
  while (!server.exited && Date.now() < deadline) await sleep(100);
  if (!server.exited) killServerNow();
}

function killServerNow() {
  if (!server || server.exited) return;
  try {
    process.kill(-server.child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Sign in

async function signIn(fallbackSessionId) {
  let reason;
  try {
    const res = await fetch(`${ORIGIN}/dev/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("__session=") && c.length > "__session=".length);
    if (cookie && (await signedIn(cookie))) {
      log(`signed in as ${ADMIN_EMAIL} through POST /dev/sign-in (${res.status} → ${res.headers.get("location")})`);
      return { cookie, how: "POST /dev/sign-in" };
    }
    reason = `POST /dev/sign-in answered ${res.status}${cookie ? " with a cookie that does not sign in" : " without a session cookie"}`;
  } catch (error) {
    reason = `POST /dev/sign-in failed: ${error.message}`;
  }
  // Fallback: the cookie session.server.ts would set for the session row written before start.
  const { createCookie } = await import("@remix-run/cloudflare");
  const sessionCookie = createCookie("__session", { secrets: [DEV_SESSION_SECRET], httpOnly: true, path: "/", sameSite: "lax" });
  const cookie = (await sessionCookie.serialize(fallbackSessionId)).split(";")[0];
  if (!(await signedIn(cookie))) {
    throw new BenchError(`cannot sign in as ${ADMIN_EMAIL}: ${reason}, and the fallback session cookie is refused too`);
  }
  log(`signed in as ${ADMIN_EMAIL} with the FALLBACK session cookie (${reason})`);
  return { cookie, how: `fallback session row + signed cookie (${reason})` };
}

/** The profile page answers 200 to this cookie (not a redirect to /sign-in). */
async function signedIn(cookie) {
  const res = await fetch(`${ORIGIN}${PAGES[0].path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status === 200;
}

// ---------------------------------------------------------------------------------------------
// 4. Load

/** What a URL serves: status, size, the leaf route and its client module (tells a placeholder). */
async function describe(target, cookie) {
  const started = performance.now();
  const res = await fetch(`${ORIGIN}${target.path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.text();
  const firstMs = performance.now() - started;
  if (res.status < 200 || res.status >= 300) {
    throw new BenchError(
      `${target.name} ${target.path} answered ${res.status}${
        res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""
      }; the benchmark would measure the wrong thing`
    );
  }
  if (target.expect && !target.expect.pattern.test(body)) {
    throw new BenchError(`${target.name} ${target.path} does not show ${target.expect.what}; the benchmark would measure the wrong thing`);
  }
  const info = { status: res.status, bytes: Buffer.byteLength(body), contentType: res.headers.get("content-type") ?? "", firstMs };
  if (info.contentType.includes("text/html")) {
    const page = await pageModules(body);
    info.leafRoute = page.leafRoute;
    info.leafModule = page.leafModule;
    // A route module that only re-exports the placeholder page gets a chunk of its own that imports it.
    info.placeholder = [page.leafModule, ...page.leafImports].some((url) => /\/assets\/placeholder-/.test(url ?? ""));
    info.title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? null;
  }
  return info;
}

/**
 * Load on one URL for `seconds` at `args.connections` connections, adding every response time to
 * `target.samples`. Called in rounds that alternate between the URLs (see main), so that a change
 * in what else the machine is doing lands on every URL alike instead of on whichever URL happened
 * to be measured at the time: the ratios compare like with like.
 */
async function loadRound(target, cookie, seconds, record = true) {
  const { default: autocannon } = await import("autocannon");
  const options = {
    url: `${ORIGIN}${target.path}`,
    connections: args.connections,
    headers: cookie ? { cookie } : {},
    timeout: 10,
    duration: seconds,
  };
  target.samples ??= { latencies: [], seconds: 0, non2xx: 0, errors: 0, timeouts: 0, statusCodes: {} };
  const latencies = record ? target.samples.latencies : null;
  const result = await runAutocannon(autocannon, options, latencies);
  if (!record) return;
  target.samples.seconds += seconds;
  target.samples.non2xx += result.non2xx;
  target.samples.errors += result.errors;
  target.samples.timeouts += result.timeouts;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    target.samples.statusCodes[code] = (target.samples.statusCodes[code] ?? 0) + stats.count;
  }
}

function summarize(samples) {
  const latencies = [...samples.latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / samples.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: samples.non2xx,
    errors: samples.errors,
    timeouts: samples.timeouts,
    statusCodes: samples.statusCodes,
  };
}

/** One request at a time: what a request costs when nothing queues in front of it. */
async function serialLatency(target, cookie, count = 30) {
  const times = [];
  for (let i = 0; i < count + 5; i++) {
    const t = performance.now();
    const res = await fetch(`${ORIGIN}${target.path}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new BenchError(`${target.path} answered ${res.status} during the serial run`);
    if (i >= 5) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

// ---------------------------------------------------------------------------------------------
// 5. Pair transitions through the review campaign's Durable Object

/**
 * The review page's own form post for one pair's Send Reminder (a browser without JavaScript
 * sends the same): the page's action hands it to the campaign's Durable Object, which checks the
 * pair state, writes the pair, the campaign's version, the reviewer's outbox row and an audit row
 * in one D1 batch, and answers with a redirect carrying a toast. Each request names another pair
 * (round robin over the pairs that can be reminded) and a request id of its own.
 */
function transitionBody(pairId, requestId) {
  return new URLSearchParams({ intent: "pair", pairAction: "sendReminder", pairId, confirmed: "true", requestId }).toString();
}

let transitionCount = 0;
const transitionRun = `bench-${Date.now().toString(36)}`;
function nextTransition() {
  const n = transitionCount++;
  return transitionBody(REMINDABLE_PAIR_IDS[n % REMINDABLE_PAIR_IDS.length], `${transitionRun}-${n}`);
}

/** The toast a redirect queues (app/lib/toast.server.ts: an unsigned Remix cookie holding JSON). */
async function toastOf(setCookies) {
  const { createCookie } = await import("@remix-run/cloudflare");
  const header = [setCookies ?? []].flat().find((c) => String(c).startsWith("__toast="));
  if (!header) return null;
  return createCookie("__toast")
    .parse(String(header).split(";")[0])
    .catch(() => null);
}

/** success, or why not: a status, or the error toast's message. */
async function classifyTransition(status, setCookies, location) {
  if (status !== 302 && status !== 303) return `HTTP ${status}${location ? ` → ${location}` : ""}`;
  const toast = await toastOf(setCookies);
  if (!toast) return `${status} without a toast → ${location}`;
  return toast.type === "success" ? "success" : `${toast.type} toast: ${toast.message}`;
}

/** One transition at a time: what one costs when nothing queues in front of it. */
async function serialTransitions(cookie, count = 30) {
  const times = [];
  for (let i = 0; i < count + 5; i++) {
    const t = performance.now();
    const res = await fetch(`${ORIGIN}${REVIEW_PATH}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: nextTransition(),
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    const outcome = await classifyTransition(res.status, res.headers.getSetCookie(), res.headers.get("location"));
    if (outcome !== "success") throw new BenchError(`POST ${REVIEW_PATH} (Send Reminder) answered: ${outcome}`);
    if (i >= 5) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * `seconds` of Send Reminder posts at `args.connections` connections. Throughput is successful
 * answers over the wall time of the window; every other answer is counted by what it was.
 */
async function transitionRound(cookie, seconds, record = true) {
  const { default: autocannon } = await import("autocannon");
  const answers = [];
  const options = {
    url: `${ORIGIN}${REVIEW_PATH}`,
    connections: args.connections,
    timeout: 10,
    duration: seconds,
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({ ...request, body: nextTransition() }),
        onResponse: (status, _body, _context, headers) => {
          const header = (name) => headers[Object.keys(headers).find((k) => k.toLowerCase() === name)];
          answers.push([status, header("set-cookie"), header("location")]);
        },
      },
    ],
  };
  const latencies = [];
  const started = performance.now();
  const result = await runAutocannon(autocannon, options, latencies);
  const wall = (performance.now() - started) / 1000;
  if (!record) return null;
  const outcomes = {};
  let ok = 0;
  for (const [status, setCookies, location] of answers) {
    const outcome = await classifyTransition(status, setCookies, location);
    if (outcome === "success") ok++;
    else outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    ok,
    failed: answers.length - ok,
    outcomes,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: wall,
    perSecond: ok / wall,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

function runAutocannon(autocannon, options, latencies) {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      instance.stop();
      reject(new BenchError(`autocannon on ${options.url} ran past its ${options.duration} s window`));
    }, (options.duration + 30) * 1000);
    const instance = autocannon(options, (error, result) => {
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
    // autocannon reports p97.5 but no p95; record each response time to compute exact percentiles.
    if (latencies) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

// ---------------------------------------------------------------------------------------------
// 6. First-load JavaScript

/**
 * Scripts of a server-rendered page: <script src>, <link rel="modulepreload">, the imports of the
 * inline module script, and from the Remix manifest the module and imports of every route the
 * page rendered (normally already preloaded; counted once either way).
 */
async function pageModules(html) {
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && rel.split(/\s+/).includes("modulepreload")) urls.add(href);
  }
  let routeIds = [];
  for (const [, inline] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of inline.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*"([^"]+\.js)"/g)) urls.add(spec);
    const modules = /window\.__remixRouteModules\s*=\s*\{([^}]*)\}/.exec(inline);
    if (modules) routeIds = [...modules[1].matchAll(/"([^"]+)"\s*:/g)].map((m) => m[1]);
  }
  // With lazy route discovery the manifest is inline (window.__remixManifest = {...}); without
  // it, the page imports /assets/manifest-*.js, which assigns the same object.
  let manifest = null;
  for (const [, inline] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    manifest ??= objectAfter(inline, "window.__remixManifest");
  }
  const manifestUrl = [...urls].find((u) => /\/manifest-[^/]+\.js$/.test(u));
  if (!manifest && manifestUrl) {
    const text = await (await fetch(new URL(manifestUrl, ORIGIN), { signal: AbortSignal.timeout(10_000) })).text();
    manifest = objectAfter(text, "window.__remixManifest");
  }
  const leafRoute = routeIds.at(-1) ?? null;
  let leafModule = null;
  let leafImports = [];
  if (manifest) {
    for (const id of routeIds) {
      const route = manifest.routes?.[id];
      if (!route) continue;
      urls.add(route.module);
      for (const imp of route.imports ?? []) urls.add(imp);
    }
    if (leafRoute) leafModule = manifest.routes?.[leafRoute]?.module ?? null;
    if (leafRoute) leafImports = manifest.routes?.[leafRoute]?.imports ?? [];
    if (manifest.entry?.module) urls.add(manifest.entry.module);
    for (const imp of manifest.entry?.imports ?? []) urls.add(imp);
  }
  return { urls: [...urls], leafRoute, leafModule, leafImports };
}

/** The JSON object literal assigned right after `marker` in a script, or null. */
function objectAfter(text, marker) {
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const start = text.indexOf("{", at);
  let depth = 0;
  let inString = false;
  for (let i = start; i >= 0 && i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

async function firstLoadJs(cookie) {
  const res = await fetch(`${ORIGIN}${PAGES[0].path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  const html = await res.text();
  if (res.status !== 200) throw new BenchError(`profile page answered ${res.status} while measuring first-load JS`);
  const { urls } = await pageModules(html);
  const files = [];
  for (const url of urls) {
    const r = await fetch(new URL(url, ORIGIN), { signal: AbortSignal.timeout(10_000) });
    if (!r.ok) throw new BenchError(`first-load script ${url} answered ${r.status}`);
    const bytes = Buffer.from(await r.arrayBuffer());
    files.push({ url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  return { files, gzipKB: total / 1024, rawKB: raw / 1024 };
}

// ---------------------------------------------------------------------------------------------

function staticAsset() {
  const dir = path.join(BUILD_DIR, "client", "assets");
  const names = readdirSync(dir);
  const css = names.filter((n) => n.endsWith(".css")).sort();
  const name = css[0] ?? names.filter((n) => /^entry\.client-.*\.js$/.test(n))[0];
  if (!name) throw new BenchError(`no CSS or entry.client JS in ${path.relative(ROOT, dir)}`);
  const bytes = readFileSync(path.join(dir, name)).length;
  return {
    name: "static asset",
    path: `/assets/${name}`,
    note: `the built ${name.endsWith(".css") ? "stylesheet" : "client entry"} (${(bytes / 1024).toFixed(
      1
    )} KB), served by the assets layer`,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secondsSince = (t) => ((performance.now() - t) / 1000).toFixed(1);
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : "n/a");

/**
 * The target "a 5,000-row people upload … finishes within 10 s". Creates a custom relationship for
 * the large company and uploads a csv of all its people's e-mails through the page's own form
 * post, timing the whole request. Excluded and deactivated people come back as rejected rows.
 */
async function uploadTiming(cookie) {
  const headers = { cookie, origin: ORIGIN };
  const created = await fetch(`${ORIGIN}/organization/settings/relationships`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "create", name: `Bench upload ${Date.now()}` }),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const relationshipId = new URL(created.headers.get("location") ?? "/", ORIGIN).searchParams.get("open");
  if (!relationshipId) throw new BenchError(`creating the upload relationship answered ${created.status}`);
  const emails = ["admin", ...Array.from({ length: 4999 }, (_, i) => `person${String(i + 1).padStart(4, "0")}`)].map(
    (l) => `${l}@initech.test`
  );
  const form = new FormData();
  form.set("intent", "upload");
  form.set("relationshipId", relationshipId);
  form.set("file", new Blob([`email\n${emails.join("\n")}\n`], { type: "text/csv" }), "people.csv");
  const path = `/organization/settings/relationships?open=${encodeURIComponent(relationshipId)}`;
  return { rows: emails.length, seconds: await timedUpload(path, headers, form, [200, 302], "the 5,000-row upload") };
}

/** Seconds from sending a multipart form until its whole answer is in; an unexpected status is a broken run. */
async function timedUpload(path, headers, form, statuses, label) {
  const started = performance.now();
  const response = await fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  const seconds = (performance.now() - started) / 1000;
  if (!statuses.includes(response.status)) throw new BenchError(`${label} answered ${response.status}`);
  return seconds;
}

/**
 * The ReviewCampaign Durable Object at its own boundary (/dev/review-transitions, DEV_SIGN_IN
 * only): the Worker starts Send Reminder transitions on the 2,000-pair review and times each call
 * to the object, D1 included. `rate` is a sustained load (the target); `concurrency` callers back
 * to back give the ceiling. Over wrangler dev's local HTTP proxy even the static asset tops out
 * near 300 requests a second at 20 connections here, so the end-to-end form post above cannot
 * show the object's own figure.
 */
async function objectTransitions(cookie, fields) {
  const res = await fetch(`${ORIGIN}/dev/review-transitions`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body: new URLSearchParams({ campaignId: LARGE_REVIEW.id, ...fields }),
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status !== 200) throw new BenchError(`POST /dev/review-transitions answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const result = await res.json();
  const failed = Object.entries(result.outcomes).filter(([k]) => k !== "ok");
  if (failed.length > 0) throw new BenchError(`transitions that did not apply: ${JSON.stringify(Object.fromEntries(failed))}`);
  return result;
}

/** 200 different reviewers save answers on one campaign at once; the answers are read back from D1. */
async function autosaveRun(cookie) {
  const res = await fetch(`${ORIGIN}/dev/review-transitions`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body: new URLSearchParams({ campaignId: LARGE_REVIEW.id, mode: "autosave", count: String(AUTOSAVERS) }),
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status !== 200)
    throw new BenchError(`POST /dev/review-transitions (autosave) answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** A 5,000-row reviewee–reviewer upload on a new draft of the Launch Review form: read, checked against the workspace, added. */
async function pairUploadTiming(cookie) {
  const headers = { cookie, origin: ORIGIN };
  const draftId = crypto.randomUUID();
  const basics = { title: `Bench upload ${Date.now()}`, channel: "w-initech-main", draftId };
  const saved = await fetch(`${ORIGIN}/reviews/manage-reviews/launch-review`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ ...basics, intent: "save" }),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  if (saved.status !== 302) throw new BenchError(`saving the upload draft answered ${saved.status}`);
  const person = (i) => `person${String(i).padStart(4, "0")}@initech.test`;
  const rows = Array.from({ length: 5000 }, (_, i) => `${person((i % 4999) + 1)},${person(((i * 7 + 3) % 4999) + 1)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(basics)) form.set(k, v);
  form.set("intent", "uploadPairs");
  form.set("pairsFile", new Blob([`Reviewee Email,Reviewer Email\n${rows.join("\n")}\n`], { type: "text/csv" }), "pairs.csv");
  const seconds = await timedUpload(`/reviews/manage-reviews/draft/${draftId}`, headers, form, [302], "the 5,000-row pair upload");
  return { rows: rows.length, seconds };
}

// ---------------------------------------------------------------------------------------------
// Survey submissions at once ("500 respondents submitting at once all land")

const sqlString = (v) => `'${String(v).replaceAll("'", "''")}'`;

/** Rows of each statement of `sql` (statements separated by ";") from the bench's local D1. Only while no server holds it. */
async function d1Rows(label, sql) {
  const stdout = await wrangler(label, ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--json", "--command", sql]);
  // --json prints the result array; anything wrangler logs before it is skipped (as scripts/seed.mjs does).
  const json = JSON.parse(stdout.slice(stdout.indexOf("[")));
  return json.map((r) => r.results ?? []);
}

/**
 * Who submits and what (read from D1 before the server starts): the open run's questions and its
 * first SUBMITTERS recipients who have not responded. Each person's form answers every question of
 * the run the way the respondent page posts it (`a.<block>.value`, `a.<block>.comment`, see
 * app/modules/surveys/answers.ts): a choice picked by their position, two choices where several
 * may be picked, a comment where asked, and a text answer naming them, so that what D1 holds
 * afterwards can be compared with what each person sent.
 */
async function surveySubmitPlan() {
  const [[run], people] = await d1Rows(
    "read the open survey run",
    `SELECT blocks, state, submitted_count AS submitted FROM survey_runs WHERE id = ${sqlString(OPEN_SURVEY_RUN.id)};
     SELECT u.id AS id, u.email AS email FROM survey_recipients sr JOIN users u ON u.id = sr.user_id AND u.company_id = sr.company_id
      WHERE sr.run_id = ${sqlString(OPEN_SURVEY_RUN.id)} AND sr.responded = 0 AND u.is_deleted = 0 ORDER BY u.email LIMIT ${SUBMITTERS}`
  );
  if (!run || run.state !== "open" || Number(run.submitted) !== 0)
    throw new BenchError(`the seed has no open, unanswered survey run ${OPEN_SURVEY_RUN.id} (app/db/seed/surveys.ts)`);
  if (people.length < SUBMITTERS)
    throw new BenchError(`survey run ${OPEN_SURVEY_RUN.id} has ${people.length} recipients who can respond, not ${SUBMITTERS}`);
  const questions = JSON.parse(run.blocks)
    .flatMap((b) => (b.type === "group" ? b.questions : [b]))
    .filter((b) => b.type === "choice" || b.type === "text-input");
  const textQuestion = questions.find((q) => q.type === "text-input");
  if (!textQuestion) throw new BenchError(`survey run ${OPEN_SURVEY_RUN.id} has no text question to tell the answers apart`);
  const tag = Date.now().toString(36);
  const submitters = people.map((person, n) => {
    const form = new URLSearchParams({ intent: "submit" });
    let answerRows = 0;
    questions.forEach((q, i) => {
      const field = (part) => `a.${q.id}.${part}`;
      if (q.type === "text-input") {
        form.append(field("value"), `Bench ${tag} ${person.id}`);
        answerRows++;
        return;
      }
      const values = [...new Set(q.choices.map((c) => c.value))];
      const picked = q.multipleAnswers
        ? [...new Set([values[(n + i) % values.length], values[(n + i + 1) % values.length]])]
        : [values[(n + i) % values.length]];
      for (const v of picked) form.append(field("value"), String(v));
      answerRows += picked.length;
      if (q.commentBox) form.append(field("comment"), `Bench comment ${n}`);
    });
    return { ...person, body: form.toString(), answerRows, text: `Bench ${tag} ${person.id}` };
  });
  return { textBlockId: textQuestion.id, submitters };
}

/** Each person's own session, through the demo sign-in (20 at a time; the bench raises SIGN_IN_RATE_LIMIT for this). */
async function signInEach(people) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < people.length) {
        const person = people[next++];
        const res = await fetch(`${ORIGIN}/dev/sign-in`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: person.email }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        person.cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .find((c) => c.startsWith("__session=") && c.length > "__session=".length);
        if (res.status !== 302 || !person.cookie)
          throw new BenchError(`POST /dev/sign-in as ${person.email} answered ${res.status} without a session`);
      }
    })
  );
}

const LANDED = "landed";
const REFUSED = "refused: already responded";
/** wrangler dev's proxy (patches/wrangler+4.124.0.patch) answers this 502 when its forward to the Worker loses the connection; a POST is not retried by it. */
const PROXY_LOST = "lost by wrangler dev's proxy (502)";
const PROXY_RETRIES = 3;

/** landed (the respondent page's redirect back to itself), or what the answer was instead. */
function submissionOutcome(status, location, body) {
  if ((status === 302 || status === 303) && location === RESPOND_PATH) return LANDED;
  if (status === 409 && /already responded/.test(body)) return REFUSED;
  if (status === 409 && /has closed/.test(body)) return "refused: closed";
  if (status === 502 && /could not be reached for this request/.test(body)) return PROXY_LOST;
  return `HTTP ${status}${location ? ` → ${location}` : ""}`;
}

/** Every post is sent at the same moment; each answer is timed. `answers[i]` is the answer to `posts[i]`. */
function submitAtOnce(posts) {
  return postAtOnce(posts, {
    origin: ORIGIN,
    pathOf: () => RESPOND_PATH,
    outcomeOf: async (res) => submissionOutcome(res.status, res.headers.get("location"), await res.text()),
    landed: LANDED,
    percentile,
  });
}

/**
 * The burst: every submitter posts at the same moment, and the first DOUBLE_SUBMITTERS of them post
 * the same form twice (side by side, a double click): exactly one of the two may land. A post that
 * wrangler dev's own proxy lost (its 502, "Please try again"; no such hop in production) is sent
 * again after the burst, as the person would (up to PROXY_RETRIES times, half a second apart); the
 * re-sent posts are reported. Whether each person's response landed exactly once is D1's to say (verifySubmissions).
 */
async function surveySubmitRun(plan) {
  const t = performance.now();
  await signInEach(plan.submitters);
  log(
    `signed in ${plan.submitters.length} recipients of ${OPEN_SURVEY_RUN.id} in ${secondsSince(
      t
    )} s; all of them submit at once (${DOUBLE_SUBMITTERS} of them twice)`
  );
  const burst = await submitAtOnce(plan.submitters.flatMap((person, i) => (i < DOUBLE_SUBMITTERS ? [person, person] : [person])));
  // Up to PROXY_RETRIES more tries, half a second apart, for whoever has no answer but the proxy's 502 yet.
  const retries = [];
  const settled = new Set();
  let answers = burst.answers;
  for (;;) {
    for (const a of answers) if (a.outcome !== PROXY_LOST) settled.add(a.poster);
    const lost = [...new Set(answers.filter((a) => a.outcome === PROXY_LOST && !settled.has(a.poster)).map((a) => a.poster))];
    if (lost.length === 0 || retries.length === PROXY_RETRIES) break;
    log(`wrangler dev's proxy lost the post of ${lost.map((p) => p.email).join(", ")}: sending it again`);
    await sleep(500);
    retries.push(await submitAtOnce(lost));
    answers = retries.at(-1).answers;
  }
  return { burst, retries };
}

/**
 * After the run (server stopped): D1 must hold exactly one response from each person who
 * submitted and none from anyone else, each with the answer rows and text they sent; exactly
 * those people marked responded; and the run's submitted count equal to the people who submitted.
 */
async function verifySubmissions(plan) {
  const run = sqlString(OPEN_SURVEY_RUN.id);
  const [[counts], responses, responded, answers] = await d1Rows(
    "read back the survey submissions",
    `SELECT state, submitted_count AS submitted, audience_count AS audience FROM survey_runs WHERE id = ${run};
     SELECT respondent_id AS id, COUNT(*) AS n FROM survey_responses WHERE run_id = ${run} GROUP BY respondent_id;
     SELECT user_id AS id FROM survey_recipients WHERE run_id = ${run} AND responded = 1;
     SELECT r.respondent_id AS id, COUNT(*) AS n, MAX(CASE WHEN a.block_id = ${sqlString(plan.textBlockId)} THEN a.value_text END) AS text
       FROM survey_answers a JOIN survey_responses r ON r.id = a.response_id WHERE a.run_id = ${run} GROUP BY r.respondent_id`
  );
  const expected = new Map(plan.submitters.map((p) => [p.id, p]));
  const responseCount = responses.reduce((sum, r) => sum + Number(r.n), 0);
  const answersById = new Map(answers.map((a) => [a.id, a]));
  const asSent = plan.submitters.filter((p) => {
    const stored = answersById.get(p.id);
    return stored && Number(stored.n) === p.answerRows && stored.text === p.text;
  }).length;
  return {
    state: counts?.state ?? null,
    submittedCount: Number(counts?.submitted ?? NaN),
    audience: Number(counts?.audience ?? NaN),
    responses: responseCount,
    respondents: responses.length,
    onceEach: responses.filter((r) => expected.has(r.id) && Number(r.n) === 1).length,
    strangers: responses.filter((r) => !expected.has(r.id)).length + responded.filter((r) => !expected.has(r.id)).length,
    responded: responded.filter((r) => expected.has(r.id)).length,
    asSent,
  };
}

function surveySubmitCheck(plan, { burst, retries }, stored) {
  const n = plan.submitters.length;
  const resent = retries.flatMap((r) => r.answers);
  const all = [...burst.answers, ...resent];
  // Per person: how many posts landed; a re-sent post refused as a second response means a lost one had landed after all.
  const landedPosts = new Map(plan.submitters.map((p) => [p, 0]));
  for (const a of all) if (a.outcome === LANDED) landedPosts.set(a.poster, landedPosts.get(a.poster) + 1);
  const refusedLater = new Set(resent.filter((a) => a.outcome === REFUSED).map((a) => a.poster));
  const everyoneOnce = plan.submitters.every((p) => landedPosts.get(p) === 1 || (landedPosts.get(p) === 0 && refusedLater.has(p)));
  // Anything but landed, refused as a second response, or lost by the proxy (the latter is then settled by a re-sent post or fails everyoneOnce).
  const unexpected = all.filter((a) => ![LANDED, REFUSED, PROXY_LOST].includes(a.outcome));
  const tally = (answers) => {
    const byOutcome = {};
    for (const a of answers) byOutcome[a.outcome] = (byOutcome[a.outcome] ?? 0) + 1;
    return byOutcome;
  };
  const counts = (outcomes) =>
    Object.entries(outcomes)
      .filter(([k]) => k !== LANDED)
      .map(([k, v]) => `${v} ${k === REFUSED ? "refused as a second response" : `× ${k}`}`)
      .join(", ");
  const ok =
    n === SUBMITTERS &&
    burst.requests === n + DOUBLE_SUBMITTERS &&
    everyoneOnce &&
    unexpected.length === 0 &&
    stored.responses === n &&
    stored.respondents === n &&
    stored.onceEach === n &&
    stored.strangers === 0 &&
    stored.responded === n &&
    stored.submittedCount === n &&
    stored.asSent === n &&
    stored.state === "open";
  const resentNote = resent.length
    ? `; ${resent.length} lost post(s) sent again in ${retries.length} round(s): ${
        resent.filter((a) => a.outcome === LANDED).length
      } landed${counts(tally(resent)) ? `, ${counts(tally(resent))}` : ""}`
    : "";
  return [
    `${n} respondents submitting at once on ${
      OPEN_SURVEY_RUN.id
    } (each signed in, the respondent form's post; ${DOUBLE_SUBMITTERS} of them twice): ${burst.landed} of ${
      burst.requests
    } posts landed (the thank-you redirect)${counts(burst.outcomes) ? `, ${counts(burst.outcomes)}` : ""}${resentNote}; in D1 ${
      stored.responses
    } responses from ${stored.respondents} people (${stored.onceEach} exactly once, ${stored.strangers} from anyone else), ${
      stored.responded
    } recipients responded, submitted_count ${stored.submittedCount} of ${stored.audience}, ${
      stored.asSent
    } of ${n} answers as sent; latency of the burst: first answer ${ms(burst.min)} ms, p50 ${ms(burst.p50)} ms, p95 ${ms(
      burst.p95
    )} ms, max ${ms(burst.max)} ms; all answered in ${burst.seconds.toFixed(1)} s, ${(burst.landed / burst.seconds).toFixed(
      0
    )} submissions/s (target: all land exactly once)`,
    ok,
  ];
}

// ---------------------------------------------------------------------------------------------
// Feedback loops: tests/bench/feedback.mjs

/** The open run's senders and their forms, from D1 before the server starts. */
async function planFeedback() {
  return feedbackPlan({ ids: FEEDBACK_IDS, d1Rows, sqlString, BenchError });
}

/** The Give Feedback page of the open run's first pending pair, loaded with its sender's own session. */
async function giveFeedbackTarget(page, plan) {
  const sender = { ...plan.senders[0] };
  await signInEach([sender]);
  return { ...page, path: plan.givePath(sender), cookie: sender.cookie };
}

// ---------------------------------------------------------------------------------------------
// Review reports: tests/bench/reports.mjs and tests/bench/report-memory.mjs

/** The closed review of the report targets and one of its reviewees, read from D1 before the server starts. */
async function reportBenchPlan() {
  const id = sqlString(REPORT_REVIEW.id);
  const [[review], [reviewee]] = await d1Rows(
    "read the report review",
    `SELECT c.state AS state, c.title AS title,
        (SELECT count(*) FROM review_pairs p WHERE p.campaign_id = c.id AND p.company_id = c.company_id AND p.state = 'completed') AS completed
       FROM review_campaigns c WHERE c.id = ${id} AND c.company_id = ${sqlString(COMPANY_ID)};
     SELECT p.reviewee_id AS id, u.name AS name FROM review_pairs p JOIN users u ON u.id = p.reviewee_id AND u.company_id = p.company_id
      WHERE p.campaign_id = ${id} AND p.state = 'completed' ORDER BY p.id LIMIT 1`
  );
  if (!review || review.state !== "closed" || Number(review.completed) !== REPORT_REVIEW.pairs || !reviewee) {
    throw new BenchError(
      `the seed has no closed review ${REPORT_REVIEW.id} with ${REPORT_REVIEW.pairs} completed pairs (app/db/seed/demo.ts LARGE_REPORT_REVIEW)`
    );
  }
  return {
    reviewId: REPORT_REVIEW.id,
    title: review.title,
    completed: Number(review.completed),
    revieweeId: reviewee.id,
    revieweeName: reviewee.name,
  };
}

/** One after the other, so none of them shares the machine with another: the stream, the bulk XLSX, the PDF. */
async function reportRuns(plan, cookie) {
  const bench = reportBench({ origin: ORIGIN, cookie, reviewId: plan.reviewId, revieweeId: plan.revieweeId, toastOf, BenchError });
  const out = {};
  if (want("report-stream")) {
    log(`report-stream: the report table's streaming download of ${plan.reviewId} (${plan.completed} completed pairs), read to the end`);
    out.stream = await bench.reportStream();
  }
  if (want("report-xlsx")) {
    log(`report-xlsx: the report table's Download of ${plan.reviewId} without JavaScript (a queued bulk XLSX), waiting for its link`);
    out.xlsx = await bench.reportXlsx();
  }
  if (want("reviewee-pdf")) {
    log(`reviewee-pdf: Download PDF of ${plan.revieweeName}'s report in ${plan.reviewId}, waiting for its link`);
    out.pdf = await bench.revieweePdf();
  }
  return out;
}

/** After the server stopped: the generated_reports rows from D1, then the bulk XLSX builder's memory in a capped child. */
async function reportsAfterRun(reports) {
  if (!reports.xlsx && !reports.pdf) return;
  const [rows] = await d1Rows(
    "read the generated reports",
    `SELECT id, company_id, requested_by, kind, title, scope, state, error, created_at, finished_at FROM generated_reports
      WHERE company_id = ${sqlString(COMPANY_ID)} AND requested_by = ${sqlString(ADMIN_ID)} ORDER BY created_at`
  );
  const timing = (run, row) => {
    run.row = row ?? null;
    if (!row || row.finished_at === null) return;
    run.requestToFinishedS = (Number(row.finished_at) - run.sent) / 1000;
    run.createdToFinishedS = (Number(row.finished_at) - Number(row.created_at)) / 1000;
    run.seconds = Math.max(run.requestToFinishedS, run.createdToFinishedS);
  };
  if (reports.xlsx)
    timing(
      reports.xlsx,
      rows.find((r) => r.kind === "bulk-xlsx" && r.title === reports.xlsx.title)
    );
  if (reports.pdf) timing(reports.pdf, rows.filter((r) => r.kind === "reviewee-pdf").at(-1));
  if (reports.xlsx?.row) {
    log(
      `report-xlsx: the bulk XLSX builder in node --max-old-space-size=${MEMORY_LIMIT_MB} on the bench's D1 (report ${reports.xlsx.row.id})`
    );
    reports.memory = await measureReportMemory({
      root: ROOT,
      outDir: BUILD_DIR,
      d1File: await d1FileIn(STATE_DIR),
      report: reports.xlsx.row,
    });
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n) => (Number.isFinite(n) ? n.toLocaleString("en") : "n/a");

/** How a queued report ended, when it did not give a file. */
function queuedOutcome(run, waitedS) {
  if (run.link?.failed) return `the requester was told it failed (${run.row?.error ?? "no error recorded"})`;
  if (!run.row) return "no generated_reports row";
  if (run.row.state === "failed") return `failed: ${run.row.error ?? "no error recorded"}`;
  return `still ${run.row.state} after ${waitedS} s (see ${path.relative(ROOT, path.join(BUILD_DIR, "wrangler-dev.log"))})`;
}

function printReports(plan, reports) {
  console.log(`Review reports on ${plan.reviewId} "${plan.title}" (${count(plan.completed)} completed pairs, closed):`);
  const { stream, xlsx, pdf, memory } = reports;
  if (stream) {
    console.log(
      `  report-stream  POST /reviews/reports-table/download (${stream.contentType}): ${count(stream.lines)} lines = header + ${count(
        stream.rows
      )} rows, ${stream.bad} unreadable, ${mb(stream.bytes)} in ${count(stream.chunks)} chunks; headers ${ms(
        stream.headersMs
      )} ms, first row ${ms(stream.firstRowMs)} ms, last byte ${ms(stream.lastByteMs)} ms`
    );
  }
  if (xlsx) {
    const what = `queued by POST /reviews/reports-table?reviews=${
      plan.reviewId
    } (the report table's Download without JavaScript; its page counted ${count(xlsx.pairs)} completed pairs), answered in ${ms(
      xlsx.postMs
    )} ms`;
    if (xlsx.file) {
      console.log(
        `  report-xlsx    ${what}; request → finished_at ${xlsx.requestToFinishedS?.toFixed(
          2
        )} s, finished_at − created_at ${xlsx.createdToFinishedS?.toFixed(2)} s; link in the demo inbox after ${(
          xlsx.link.seenMs / 1000
        ).toFixed(2)} s; /reports/files/${xlsx.link.id}: ${mb(xlsx.file.size)} (${xlsx.file.contentType}) from R2 in ${ms(
          xlsx.file.ms
        )} ms, read back with SheetJS: ${
          xlsx.parseError ? `UNREADABLE (${xlsx.parseError})` : `header ${JSON.stringify(xlsx.header)} + ${count(xlsx.rows)} rows`
        }`
      );
    } else console.log(`  report-xlsx    ${what}; no file: ${queuedOutcome(xlsx, XLSX_WAIT_MS / 1000)}`);
  }
  if (memory) {
    const p = memory.peak;
    console.log(
      memory.ok
        ? `  report-xlsx    memory: bulkXlsxBuilder.build (esbuild bundle of app/modules/reviews/reports/bulk-report.server.ts) in node --max-old-space-size=${
            memory.limitMb
          } over the bench's D1 file: ${memory.seconds.toFixed(2)} s, ${count(memory.reads)} D1 reads, ${mb(
            memory.bytes
          )}; peak heap used ${p.heapUsed} MB (heap total ${p.heapTotal} MB, array buffers ${p.arrayBuffers} MB, heap + array buffers ${
            p.heapPlusBuffers
          } MB, process RSS ${p.rss} MB); before the build ${memory.baseline.heapUsed} MB heap used`
        : `  report-xlsx    memory: the builder did not complete in node --max-old-space-size=${MEMORY_LIMIT_MB}: ${memory.error}${
            p
              ? `; peak heap used so far ${p.heapUsed} MB (heap + array buffers ${p.heapPlusBuffers} MB) after ${memory.reads} D1 reads`
              : ""
          }`
    );
  }
  if (pdf) {
    const what = `queued by POST ${pdf.path} (Download PDF of ${plan.revieweeName}), answered in ${ms(pdf.postMs)} ms`;
    if (pdf.file) {
      console.log(
        `  reviewee-pdf   ${what}; request → finished_at ${pdf.requestToFinishedS?.toFixed(
          2
        )} s, finished_at − created_at ${pdf.createdToFinishedS?.toFixed(2)} s; link after ${(pdf.link.seenMs / 1000).toFixed(2)} s; ${(
          pdf.file.size / 1024
        ).toFixed(1)} KB ${pdf.file.contentType}, ${pdf.isPdf ? "%PDF-… %%EOF" : "NOT A PDF"}${pdf.pages ? `, ${pdf.pages} page(s)` : ""}`
      );
    } else console.log(`  reviewee-pdf   ${what}; no file: ${queuedOutcome(pdf, PDF_WAIT_MS / 1000)}`);
  }
  console.log(
    "  (request → finished_at: the bench's clock at the POST to the Worker's at the file's commit; created_at has whole seconds. Browser Rendering: Debian's Chromium via scripts/local-browser.mjs)"
  );
  console.log("");
}

function reportChecks({ stream, xlsx, pdf, memory }) {
  const checks = [];
  if (stream) {
    checks.push([
      `streaming download: ${count(stream.rows)} rows to the client, last byte ${(stream.lastByteMs / 1000).toFixed(2)} s (first row ${ms(
        stream.firstRowMs
      )} ms) (target ≥ ${count(REPORT_ROWS)} rows in < ${TARGET_REPORT_STREAM_S} s)`,
      stream.rows >= REPORT_ROWS && stream.bad === 0 && stream.lastByteMs < TARGET_REPORT_STREAM_S * 1000,
    ]);
  }
  if (xlsx) {
    const done = Boolean(xlsx.file) && Number.isFinite(xlsx.seconds);
    checks.push([
      done
        ? `bulk XLSX of ${count(xlsx.rows)} answer rows by the queue consumer = ${xlsx.seconds.toFixed(2)} s (target ≥ ${count(
            REPORT_ROWS
          )} rows in < ${TARGET_REPORT_XLSX_S} s)`
        : `bulk XLSX by the queue consumer: no file (${queuedOutcome(xlsx, XLSX_WAIT_MS / 1000)}) (target < ${TARGET_REPORT_XLSX_S} s)`,
      done && !xlsx.parseError && xlsx.rows >= REPORT_ROWS && xlsx.seconds < TARGET_REPORT_XLSX_S,
    ]);
  }
  if (memory || xlsx) {
    const p = memory?.peak;
    checks.push([
      memory?.ok
        ? `bulk XLSX builder within ${MEMORY_LIMIT_MB} MB: completed under --max-old-space-size=${MEMORY_LIMIT_MB}, peak heap used ${p.heapUsed} MB, heap + array buffers ${p.heapPlusBuffers} MB (target ≤ ${MEMORY_LIMIT_MB} MB)`
        : `bulk XLSX builder within ${MEMORY_LIMIT_MB} MB: ${
            memory ? `did not complete (${memory.error.split("\n")[0]})` : "not measured (no report row)"
          }`,
      Boolean(memory?.ok) && p.heapPlusBuffers <= MEMORY_LIMIT_MB,
    ]);
  }
  if (pdf) {
    const done = Boolean(pdf.file) && Number.isFinite(pdf.seconds);
    checks.push([
      done
        ? `per-reviewee PDF = ${pdf.seconds.toFixed(2)} s, ${(pdf.file.size / 1024).toFixed(1)} KB${
            pdf.isPdf ? "" : ", NOT A PDF"
          } (target < ${TARGET_REVIEWEE_PDF_S} s)`
        : `per-reviewee PDF: no file (${queuedOutcome(pdf, PDF_WAIT_MS / 1000)}) (target < ${TARGET_REVIEWEE_PDF_S} s)`,
      done && pdf.isPdf && pdf.seconds < TARGET_REVIEWEE_PDF_S,
    ]);
  }
  return checks;
}

// ---------------------------------------------------------------------------------------------
// Feedback loop launch ("a 5,000-pair loop's notifications, every one written once, in under 10 s")

/**
 * Launches Initech's large library loop (as Launch Now does) and polls the run's notifications
 * until every sender has one: the launch's own batch and the queue's jobs. Seconds from the POST.
 */
async function feedbackLaunchRun(cookie) {
  const started = performance.now();
  const res = await fetch(`${ORIGIN}/dev/feedback-launch`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ libraryLoopId: LARGE_FEEDBACK.launchLibraryLoopId }),
    signal: AbortSignal.timeout(120_000),
  });
  const launched = await res.json().catch(() => null);
  if (res.status !== 200 || !launched?.runId) throw new BenchError(`POST /dev/feedback-launch answered ${res.status}: ${JSON.stringify(launched)}`);
  let status = launched;
  const deadline = performance.now() + 60_000;
  while (status.notified < status.senders && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const poll = await fetch(`${ORIGIN}/dev/feedback-launch?loopId=${encodeURIComponent(launched.loopId)}`, {
      headers: { Cookie: cookie },
      signal: AbortSignal.timeout(30_000),
    });
    status = await poll.json();
  }
  return { ...status, loopId: launched.loopId, launchMs: launched.ms, seconds: (performance.now() - started) / 1000 };
}

/** After the run, from D1 itself: the run's pairs and senders, its notification rows and the people they went to. */
async function verifyFeedbackLaunch(launch) {
  const from = sqlString(`feedback-loop:${launch.runId}:`);
  const to = sqlString(`feedback-loop:${launch.runId};`);
  const [[pairs], [notices]] = await d1Rows(
    "read the launched feedback loop",
    `SELECT count(*) AS pairs, count(DISTINCT sender_id) AS senders FROM feedback_loop_pairs WHERE run_id = ${sqlString(launch.runId)};
     SELECT count(*) AS rows, count(DISTINCT recipient_user_id) AS people,
            count(DISTINCT recipient_user_id) FILTER (WHERE recipient_user_id IN (SELECT sender_id FROM feedback_loop_pairs WHERE run_id = ${sqlString(launch.runId)})) AS senders
       FROM notification_outbox WHERE kind = 'feedback-loop' AND dedupe_key >= ${from} AND dedupe_key < ${to}`
  );
  return { pairs: Number(pairs.pairs), senders: Number(pairs.senders), rows: Number(notices.rows), people: Number(notices.people), notifiedSenders: Number(notices.senders) };
}

function feedbackLaunchCheck(launch, stored) {
  const ok =
    launch.notified === launch.senders &&
    launch.seconds < TARGET_FEEDBACK_LAUNCH_S &&
    stored.pairs >= 4_500 &&
    stored.rows === stored.senders &&
    stored.people === stored.senders &&
    stored.notifiedSenders === stored.senders;
  return [
    `feedback loop launch of ${stored.pairs} pairs (${stored.senders} senders): every notification written in ${launch.seconds.toFixed(2)} s (the launch call ${ms(
      launch.launchMs
    )} ms); D1 holds ${stored.rows} notifications to ${stored.people} people (target: one per sender, none duplicated, < ${TARGET_FEEDBACK_LAUNCH_S} s)`,
    ok,
  ];
}

async function main() {
  const t0 = performance.now();
  // The analyser needs no server: measured first, and alone when it is all that was asked for.
  const analyser = want("ai-analyser") && !args.serve ? await analyserBench(loadSeedModule) : null;
  if (analyser && args.only?.size === 1) {
    const [label, ok] = analyserCheck(analyser, ms);
    console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
    return ok || !args.strict ? 0 : 1;
  }
  // Outbox delivery runs the app's delivery code in this process against its own D1 and fake Slack (tests/bench/notify-delivery.mjs).
  const notifyDelivery =
    want("notify-delivery") && !args.serve ? await notifyDeliveryBench({ root: ROOT, outDir: path.join(ROOT, ".builds", "bench-notify"), log }) : null;
  if (notifyDelivery && args.only?.size === 1) {
    const [label, ok] = notifyDeliveryCheck(notifyDelivery);
    console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
    return ok || !args.strict ? 0 : 1;
  }
  mkdirSync(path.join(ROOT, ".builds"), { recursive: true });
  // Data Studio runs its own code on the seeded database (tests/bench/data-studio.mjs): no app build, no server.
  const dataStudioOnly = Boolean(args.only) && [...args.only].every((k) => DATA_STUDIO_TARGETS.includes(k));
  if (!dataStudioOnly) await build();
  await prepareDatabase();
  const dataStudio = DATA_STUDIO_TARGETS.some(want) && !args.serve ? await dataStudioRun() : null;
  if (dataStudioOnly) {
    const results = dataStudioChecks(dataStudio, want);
    for (const [label, ok] of results) console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
    console.log(`\nbench finished in ${secondsSince(t0)} s`);
    return results.every(([, ok]) => ok) || !args.strict ? 0 : 1;
  }
  const fallbackSessionId = await insertFallbackSession();
  const surveyPlan = want("survey-submit") && !args.serve ? await surveySubmitPlan() : null;
  const reportPlan = REPORT_TARGETS.some(want) && !args.serve ? await reportBenchPlan() : null;
  const feedback = (want("feedback-give") || want("feedback-submit")) && !args.serve ? await planFeedback() : null;
  const slackBench = want(SLACK_INTERACTIVITY) && !args.serve ? { plan: await slackPlan(d1Rows), ...(await startSlackFake(loadSeedModule)) } : null;
  const configPath = writeServeConfig();
  await startServer(configPath, slackBench?.vars ?? []);
  const auth = await signIn(fallbackSessionId);
  if (args.serve) {
    // For profiling: keep the seeded server up (DevTools inspector on 127.0.0.1:9229) until Ctrl-C.
    writeFileSync(path.join(BUILD_DIR, "cookie"), auth.cookie);
    log(
      `serving ${ORIGIN}; inspector on 127.0.0.1:9229; session cookie in ${path.relative(
        ROOT,
        path.join(BUILD_DIR, "cookie")
      )}; Ctrl-C stops`
    );
    await new Promise(() => {});
  }

  const pages = PAGES.filter(
    (p) => want(p.key) && !(p.key === "feedback-give" && !feedback)
  );
  // The static asset is the yardstick of every page's ratio: measured whenever a page is.
  const pageTargets = await Promise.all(
    pages.map((p) => (p.key === "feedback-give" ? giveFeedbackTarget(p, feedback) : { ...p, cookie: auth.cookie }))
  );
  const targets = pages.length > 0 ? [...pageTargets, { ...staticAsset(), cookie: null }] : [];
  for (const target of targets) {
    target.info = await describe(target, target.cookie);
    const what = target.info.leafRoute
      ? `route ${target.info.leafRoute} → ${target.info.leafModule}${target.info.placeholder ? " (PLACEHOLDER page)" : ""}`
      : target.info.contentType;
    log(`${target.name}: ${target.path} — ${target.info.status}, ${target.info.bytes} B in ${ms(target.info.firstMs)} ms, ${what}`);
  }

  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length * 0.5) {
    log(
      `WARNING: load average ${loadBefore.toFixed(2)} on ${
        os.cpus().length
      } cores before loading; other work on this machine skews the figures`
    );
  }
  for (const target of targets) {
    log(`warming up ${target.path}: one request at a time, then ${args.warmup} s at ${args.connections} connections`);
    target.serialP50 = await serialLatency(target, target.cookie);
    await loadRound(target, target.cookie, args.warmup, false);
  }
  const roundSeconds = args.duration / args.rounds;
  if (targets.length > 0) log(`measuring: ${args.rounds} rounds of ${roundSeconds.toFixed(1)} s per URL, URLs alternating`);
  for (let round = 0; round < args.rounds && targets.length > 0; round++) {
    // Each round starts at the next URL, so none always follows the same neighbour (whose garbage
    // collection and warm caches it would inherit).
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length];
      await loadRound(target, target.cookie, roundSeconds);
    }
  }
  for (const target of targets) target.result = summarize(target.samples);

  // The Durable Object's throughput, measured only when the review page is real: a placeholder
  // has no action, and its answers would say nothing about the Durable Object.
  const reviewPage =
    targets.find((t) => t.path === REVIEW_PATH) ??
    (want("transitions") ? { info: await describe({ name: "review detail", path: REVIEW_PATH }, auth.cookie) } : null);
  let transitions = null;
  if (!want("transitions")) {
    // not asked for (--only)
  } else if (reviewPage.info.placeholder) {
    log(`skipping the pair transitions: ${REVIEW_PATH} is still a placeholder page`);
  } else {
    log(
      `pair transitions: Send Reminder over ${REMINDABLE_PAIR_IDS.length} pairs of ${LARGE_REVIEW.id}, one at a time, then ${args.warmup} s warm-up and ${args.duration} s at ${args.connections} connections`
    );
    const serialP50 = await serialTransitions(auth.cookie);
    await transitionRound(auth.cookie, args.warmup, false);
    transitions = { ...(await transitionRound(auth.cookie, args.duration)), serialP50 };
  }
  let sustained = null;
  let ceiling = null;
  if (want("object")) {
    log(
      `the ReviewCampaign Durable Object at its boundary: ${OBJECT_RATE}/s sustained for ${OBJECT_COUNT} transitions, then ${args.connections} callers back to back`
    );
    sustained = await objectTransitions(auth.cookie, { count: String(OBJECT_COUNT), rate: String(OBJECT_RATE) });
    ceiling = await objectTransitions(auth.cookie, { count: "1500", concurrency: String(args.connections) });
  }
  let autosave = null;
  if (want("autosave")) {
    log(`${AUTOSAVERS} reviewers auto-saving at once on ${LARGE_REVIEW.id}, every answer read back`);
    autosave = await autosaveRun(auth.cookie);
  }
  let surveySubmit = null;
  if (surveyPlan) {
    log(`${SUBMITTERS} recipients of the open survey run ${OPEN_SURVEY_RUN.id} submitting at once; D1 is read back after the run`);
    surveySubmit = await surveySubmitRun(surveyPlan);
  }
  let feedbackSubmit = null;
  if (feedback && want("feedback-submit")) {
    log(
      `${feedback.senders.length} senders of the open feedback run ${feedback.ids.openRunId} giving feedback at once; D1 is read back after the run`
    );
    feedbackSubmit = await feedbackSubmitRun({ origin: ORIGIN, plan: feedback, signInEach, toastOf, percentile, log, sleep });
  }
  const js = want("first-load-js") ? await firstLoadJs(auth.cookie) : null;
  if (want("people-upload") || want("pair-upload")) log("timing 5,000-row uploads");
  const upload = want("people-upload") ? await uploadTiming(auth.cookie) : null;
  const pairUpload = want("pair-upload") ? await pairUploadTiming(auth.cookie) : null;
  const reports = reportPlan ? await reportRuns(reportPlan, auth.cookie) : null;
  let feedbackLaunch = null;
  if (want("feedback-launch") && !args.serve) {
    log(`launching ${LARGE_FEEDBACK.launchLibraryLoopId} (manager-downward over Initech) and waiting for every sender's notification`);
    feedbackLaunch = await feedbackLaunchRun(auth.cookie);
  }
  let chatSockets = null;
  if (want("ai-chat-sockets")) {
    log(`${CHAT_SOCKETS} assistant sockets at once, each asking one question on the configured provider`);
    chatSockets = await chatSocketsRun({ origin: ORIGIN, cookie: auth.cookie, profileId: ADMIN_ID, percentile });
  }
  let slackInteractivity = null;
  if (slackBench) {
    log(`Slack interactivity: "Add to Slack" for Initech, then signed posts at ${args.connections} connections for ${args.duration} s`);
    await installInitech(ORIGIN, auth.cookie);
    slackInteractivity = await slackInteractivityRun({
      origin: ORIGIN,
      plan: slackBench.plan,
      fakeUrl: slackBench.fake.url,
      seconds: args.duration,
      connections: args.connections,
      percentile,
    });
    await slackBench.fake.close();
  }
  await stopServer();
  const feedbackLaunchStored = feedbackLaunch ? await verifyFeedbackLaunch(feedbackLaunch) : null;
  // Checked after the run, from the database itself (the server no longer holds it).
  const surveyStored = surveyPlan ? await verifySubmissions(surveyPlan) : null;
  const feedbackGiven = feedbackSubmit ? await feedbackStored({ plan: feedback, d1Rows, sqlString }) : null;
  if (reports) await reportsAfterRun(reports);

  const staticTarget = targets.at(-1);
  const broken = [];
  console.log("");
  console.log(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model?.trim() ?? "?"}), Node ${
      process.versions.node
    }; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after loading`
  );
  console.log(
    `Benchmark ${new Date().toISOString()} — ${args.connections} connections, ${args.duration} s per URL in ${
      args.rounds
    } alternating rounds after ${args.warmup} s warm-up; signed in via ${auth.how}${args.only ? `; only ${[...args.only].join(", ")}` : ""}`
  );
  console.log("");
  const loaded = targets.length > 0 || transitions;
  if (loaded)
    console.log(
      `${"URL".padEnd(48)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(
        8
      )} ${"1-conn".padStart(7)} ${"non-2xx".padStart(8)} ${"errors".padStart(7)} ${"p95/static".padStart(11)}`
    );
  for (const target of targets) {
    const r = target.result;
    const ratio = target === staticTarget ? "" : (r.p95 / staticTarget.result.p95).toFixed(2);
    target.ratio = target === staticTarget ? null : r.p95 / staticTarget.result.p95;
    console.log(
      `${target.path.padEnd(48)} ${r.rps.toFixed(0).padStart(7)} ${ms(r.p50).padStart(8)} ${ms(r.p95).padStart(8)} ${ms(r.p99).padStart(
        8
      )} ${ms(target.serialP50).padStart(7)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)} ${ratio.padStart(11)}`
    );
    if (r.non2xx > 0 || r.errors > 0 || r.requests === 0) {
      broken.push(`${target.path}: ${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)}), ${r.errors} errors, ${r.requests} responses`);
    }
  }
  if (transitions) {
    const t = transitions;
    console.log(
      `${`POST ${REVIEW_PATH} (Send Reminder)`.padEnd(48)} ${t.perSecond.toFixed(0).padStart(7)} ${ms(t.p50).padStart(8)} ${ms(
        t.p95
      ).padStart(8)} ${ms(t.p99).padStart(8)} ${ms(t.serialP50).padStart(7)} ${String(t.failed).padStart(8)} ${String(t.errors).padStart(
        7
      )}`
    );
  }
  if (loaded) console.log("(1-conn: median ms of 30 requests sent one at a time, before the load run)");
  if (transitions) {
    console.log(
      `(Send Reminder: req/s = successful transitions / wall time, ${transitions.ok} of ${
        transitions.requests
      } answers in ${transitions.seconds.toFixed(1)} s; the non-2xx column counts answers other than a redirect with a success toast)`
    );
    for (const [outcome, n] of Object.entries(transitions.outcomes)) console.log(`  ${n} × ${outcome}`);
  }
  console.log("");
  for (const target of targets) {
    const served = target.info.leafRoute
      ? `; served ${target.info.bytes} B of HTML from route ${target.info.leafRoute} (${target.info.leafModule})`
      : "";
    console.log(`  ${target.name}: ${target.note}${served}${target.info.placeholder ? " — currently a PLACEHOLDER route module" : ""}`);
  }
  console.log("");
  if (js) {
    console.log(
      `First-load JavaScript of ${PAGES[0].path}: ${js.gzipKB.toFixed(1)} KB gzip (${js.rawKB.toFixed(1)} KB raw, ${js.files.length} files)`
    );
    for (const f of js.files)
      console.log(
        `  ${f.url.padEnd(56)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(f.raw / 1024).toFixed(1).padStart(8)} KB raw`
      );
    console.log("");
  }

  const checks = [
    ...targets
      .filter((t) => t.ratio !== null)
      .map((t) => [
        `${t.name} p95 / static p95 = ${t.ratio.toFixed(2)} (target ≤ ${TARGET_RATIO})${
          t.info.placeholder ? " — PLACEHOLDER page, not meaningful" : ""
        }`,
        t.ratio <= TARGET_RATIO,
      ]),
    ...targets
      .filter((t) => t.firstRequestNote)
      .map((t) => [
        `${t.name}: first request ${ms(t.info.firstMs)} ms (${t.firstRequestNote})${
          t.firstRequestTargetMs ? ` (target < ${t.firstRequestTargetMs} ms)` : ""
        }, 1-conn median ${ms(t.serialP50)} ms`,
        t.firstRequestTargetMs ? t.info.firstMs < t.firstRequestTargetMs : null,
      ]),
  ];
  if (sustained) {
    checks.push([
      `ReviewCampaign Durable Object, ${sustained.rate}/s offered for ${
        sustained.count
      } Send Reminder transitions: ${sustained.perSecond.toFixed(0)}/s applied, p95 ${ms(
        sustained.p95
      )} ms (target ≥ ${TARGET_TRANSITIONS_PER_S}/s, p95 < ${TARGET_TRANSITION_P95_MS} ms); ceiling with ${
        ceiling.concurrency
      } callers: ${ceiling.perSecond.toFixed(0)}/s, p95 ${ms(ceiling.p95)} ms`,
      sustained.perSecond >= TARGET_TRANSITIONS_PER_S && sustained.p95 < TARGET_TRANSITION_P95_MS,
    ]);
  }
  if (want("transitions")) {
    checks.push(
      transitions
        ? [
            `(informative) Send Reminder end to end through wrangler dev's HTTP proxy, ${
              args.connections
            } connections: ${transitions.perSecond.toFixed(0)}/s, p95 ${ms(transitions.p95)} ms, ${transitions.failed} non-success`,
            null,
          ]
        : [`pair transitions end to end: not measured, ${REVIEW_PATH} is a placeholder page`, null]
    );
  }
  if (autosave) {
    checks.push([
      `${autosave.reviewers} reviewers auto-saving at once: ${autosave.applied} of ${autosave.saves} saves applied, ${
        autosave.lost
      } answers lost, p95 ${ms(autosave.p95)} ms (target: none lost)`,
      autosave.reviewers >= AUTOSAVERS && autosave.applied === autosave.saves && autosave.lost === 0,
    ]);
  }
  if (surveyPlan) checks.push(surveySubmitCheck(surveyPlan, surveySubmit, surveyStored));
  if (feedbackLaunch) checks.push(feedbackLaunchCheck(feedbackLaunch, feedbackLaunchStored));
  if (feedbackSubmit) checks.push(feedbackSubmitCheck(feedback, feedbackSubmit, feedbackGiven, ms));
  if (analyser) checks.push(analyserCheck(analyser, ms));
  if (notifyDelivery) checks.push(notifyDeliveryCheck(notifyDelivery));
  if (pairUpload)
    checks.push([
      `${pairUpload.rows}-row pair upload (Launch Review) = ${pairUpload.seconds.toFixed(2)} s (target < 5 s)`,
      pairUpload.seconds < 5,
    ]);
  if (js)
    checks.push([
      `first-load JS = ${js.gzipKB.toFixed(1)} KB gzip (target ≤ ${TARGET_FIRST_LOAD_KB} KB)`,
      js.gzipKB <= TARGET_FIRST_LOAD_KB,
    ]);
  if (upload)
    checks.push([
      `${upload.rows}-row people upload (custom relationship) = ${upload.seconds.toFixed(2)} s (target ≤ 10 s)`,
      upload.seconds <= 10,
    ]);
  if (chatSockets) checks.push(...chatSocketsChecks(chatSockets, ms));
  if (slackInteractivity) checks.push(slackInteractivityCheck(slackInteractivity, ms));
  if (reports) {
    printReports(reportPlan, reports);
    checks.push(...reportChecks(reports));
  }
  if (dataStudio) checks.push(...dataStudioChecks(dataStudio, want));
  for (const [label, ok] of checks) console.log(`${ok === null ? "INFO" : ok ? "PASS" : "FAIL"}  ${label}`);
  console.log(`\nbench finished in ${secondsSince(t0)} s`);

  if (transitions && (transitions.failed > 0 || transitions.errors > 0 || transitions.ok === 0)) {
    broken.push(
      `POST ${REVIEW_PATH}: ${transitions.failed} answers were not a redirect with a success toast, ${transitions.errors} errors`
    );
  }
  if (broken.length > 0) {
    throw new BenchError(`BROKEN benchmark, the figures above are not valid:\n  ${broken.join("\n  ")}`);
  }
  const failed = checks.filter(([, ok]) => ok === false).length;
  if (failed > 0 && args.strict) {
    console.error(`bench: ${failed} target(s) failed (--strict)`);
    return 1;
  }
  return 0;
}

async function shutdown(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill("SIGKILL");
  await stopServer().catch(() => killServerNow());
  process.exit(code);
}

process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  killServerNow();
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    console.error(`bench: ${signal}, stopping wrangler`);
    shutdown(130);
  });
}
if (!args.serve)
  setTimeout(() => {
    console.error(`bench: gave up after ${WATCHDOG_MS / 60_000} minutes`);
    shutdown(1);
  }, WATCHDOG_MS).unref();

main().then(
  (code) => shutdown(code),
  (error) => {
    if (exiting) return; // interrupted: shutdown() is already stopping everything
    console.error(`bench failed: ${error instanceof BenchError ? error.message : error?.stack ?? error}`);
    if (server && !(error instanceof BenchError && /exited early|did not answer/.test(error.message))) {
      console.error(`(wrangler dev log: ${path.relative(ROOT, server.logPath)})`);
    }
    shutdown(1);
  }
);
