#!/usr/bin/env node
// `npm run deploy`: deploys to Cloudflare and creates nothing by surprise.
//
//   node scripts/deploy.mjs --check     print the checklist only (non-zero when something is missing)
//   node scripts/deploy.mjs             checklist; only when everything exists:
//                                       npm run build → d1 migrations apply DB --remote → wrangler deploy
//   -c, --config <file>  /  -e, --env <name>   passed to every wrangler command
//
// Every resource the Worker binds to (D1 database, R2 bucket, queues) and every secret must already
// exist. For anything missing the checklist prints the exact command that creates it, and nothing
// is deployed. A configuration that would deploy DEV_SIGN_IN=true is refused outright.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { optionValue } from "./lib/args.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const PLACEHOLDER_DATABASE_ID = "00000000-0000-0000-0000-000000000000";
const REMOTE_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 15 * 60_000;

class DeployError extends Error {}

function parseArgs(argv) {
  const options = { check: false, config: null, env: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const option = optionValue(argv, i, DeployError);
      i = option.index;
      return option.value;
    };
    if (arg === "--check") options.check = true;
    else if (arg === "-c" || arg === "--config" || arg.startsWith("--config=")) options.config = value();
    else if (arg === "-e" || arg === "--env" || arg.startsWith("--env=")) options.env = value();
    else if (arg === "-h" || arg === "--help") {
      console.log("usage: node scripts/deploy.mjs [--check] [-c|--config <wrangler.toml>] [-e|--env <name>]");
      process.exit(0);
    } else throw new DeployError(`unknown option ${arg} (see --help)`);
  }
  return options;
}

const options = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`deploy: ${error.message}`);
    process.exit(2);
  }
})();

/** Extra wrangler flags that select the same configuration everywhere. */
const configFlags = [...(options.config ? ["--config", options.config] : []), ...(options.env ? ["--env", options.env] : [])];
/** How a printed command should look to a person (npx picks the project's wrangler and Node). */
const cmd = (...parts) => ["npx wrangler", ...parts, ...configFlags].join(" ");

/** A wrangler command, captured and bounded: never hangs when offline. */
function wrangler(argv, { timeoutMs = REMOTE_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [WRANGLER, ...argv, ...configFlags],
      {
        cwd: ROOT,
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
      },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
        resolve({ ok: !error, timedOut: Boolean(error?.killed), stdout, output });
      },
    );
  });
}

/** The first line of a failed wrangler command that says why. */
function why(result) {
  if (result.timedOut) return `no answer within ${REMOTE_TIMEOUT_MS / 1000} s (offline?)`;
  const lines = result.output.split("\n").map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => /ERROR|error|fail|not |unable|cannot/i.test(l) && !l.startsWith("🪵")) ?? lines.at(-1) ?? "failed";
  return line.replace(/^✘\s*\[ERROR\]\s*/, "").slice(0, 240);
}

function parseJson(text) {
  const start = text.search(/[[{]/);
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return null;
  }
}

/** A name appears in wrangler's table/list output as a whole word (pulseboard-jobs ≠ pulseboard-jobs-dlq). */
function listed(output, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w-])${escaped}(?![\\w-])`, "m").test(output);
}

async function readConfig() {
  const { unstable_readConfig } = await import("wrangler");
  const configPath = options.config ? path.resolve(options.config) : path.join(ROOT, "wrangler.toml");
  return unstable_readConfig({ config: configPath, env: options.env ?? undefined }, { hideWarnings: true });
}

async function checklist() {
  const items = [];
  const add = (ok, label, fix = []) => items.push({ ok, label, fix: [].concat(fix) });
  const config = await readConfig();

  // Local: what the configuration itself would deploy.
  const devSignIn = String(config.vars?.DEV_SIGN_IN ?? "false").toLowerCase();
  const refused = devSignIn === "true";
  add(!refused, `DEV_SIGN_IN is "${devSignIn}" in the deployed configuration`, refused ? ['set DEV_SIGN_IN = "false" in wrangler.toml [vars] (the demo sign-in must never reach production)'] : []);

  const db = (config.d1_databases ?? []).find((d) => d.binding === "DB");
  const databaseId = db?.database_id ?? "";
  const placeholder = !databaseId || databaseId === PLACEHOLDER_DATABASE_ID;
  add(!!db && !placeholder, `D1 database "${db?.database_name ?? "?"}" has a real database_id in wrangler.toml`, placeholder
    ? [`${cmd("d1", "create", db?.database_name ?? "pulseboard")}`, "then put the printed database_id into wrangler.toml [[d1_databases]] (binding DB)"]
    : []);

  const appUrl = String(config.vars?.APP_URL ?? "");
  const warnings = [];
  if (/^http:\/\/(127\.0\.0\.1|localhost)/.test(appUrl)) {
    warnings.push(`APP_URL is ${appUrl}: sign-in redirects will point at localhost; set the deployed https URL in wrangler.toml [vars]`);
  }

  const buckets = (config.r2_buckets ?? []).map((b) => b.bucket_name).filter(Boolean);
  const queues = [
    ...new Set([
      ...(config.queues?.producers ?? []).map((q) => q.queue),
      ...(config.queues?.consumers ?? []).flatMap((q) => [q.queue, q.dead_letter_queue]),
    ]),
  ].filter(Boolean);
  const clientIdVars = { SLACK_CLIENT_SECRET: "SLACK_CLIENT_ID", MSTEAMS_CLIENT_SECRET: "MSTEAMS_CLIENT_ID" };

  // Remote: who we are, then whether each resource and secret exists.
  const who = await wrangler(["whoami", "--json"]);
  const authed = who.ok;
  if (process.env.CLOUDFLARE_API_TOKEN) {
    add(authed, "CLOUDFLARE_API_TOKEN is set and accepted (wrangler whoami)", authed ? [] : [`wrangler said: ${why(who)}`]);
  } else {
    add(authed, "logged in to Cloudflare (wrangler whoami)", authed ? [] : [
      "npx wrangler login   (or export CLOUDFLARE_API_TOKEN=<an API token with Workers Scripts, D1, R2 and Queues edit rights>)",
      `wrangler said: ${why(who)}`,
    ]);
  }

  const unchecked = (label) => items.push({ ok: false, label, fix: ["not checked: needs a Cloudflare login (see above)"], unchecked: true });
  if (!authed) {
    if (!placeholder) unchecked(`D1 database ${databaseId} exists in the account`);
    for (const b of buckets) unchecked(`R2 bucket "${b}" exists`);
    for (const q of queues) unchecked(`queue "${q}" exists`);
    unchecked("secrets SESSION_SECRET, INTEGRATION_KEYS and the OIDC client secrets (and bot tokens when NOTIFY_ADAPTER=chat) are set");
    return { items, warnings, config };
  }

  const [d1, r2, qs, secrets] = await Promise.all([
    placeholder ? null : wrangler(["d1", "list", "--json"]),
    buckets.length ? wrangler(["r2", "bucket", "list"]) : null,
    queues.length ? wrangler(["queues", "list"]) : null,
    wrangler(["secret", "list", "--format", "json"]),
  ]);

  if (d1) {
    const list = parseJson(d1.stdout);
    const found = Array.isArray(list) && list.some((d) => d.uuid === databaseId);
    add(found, `D1 database ${databaseId} exists in the account`, found ? [] : d1.ok
      ? [`no database with that id: ${cmd("d1", "create", db.database_name)} and put its id into wrangler.toml`]
      : [`could not list D1 databases: ${why(d1)}`]);
  }
  for (const b of buckets) {
    const found = r2.ok && listed(r2.output, b);
    add(found, `R2 bucket "${b}" exists`, found ? [] : r2.ok ? [cmd("r2", "bucket", "create", b)] : [`could not list R2 buckets: ${why(r2)}`]);
  }
  for (const q of queues) {
    const found = qs.ok && listed(qs.output, q);
    add(found, `queue "${q}" exists`, found ? [] : qs.ok ? [cmd("queues", "create", q)] : [`could not list queues: ${why(qs)}`]);
  }

  // A Worker that was never deployed has no secret list yet; every secret then counts as missing.
  const names = new Set((parseJson(secrets.stdout) ?? []).map((s) => s.name));
  const workerMissing = !secrets.ok && /not found|does not exist|10007/i.test(secrets.output);
  if (!secrets.ok && !workerMissing) {
    add(false, "secrets can be listed", [`could not list secrets: ${why(secrets)}`]);
  } else {
    // The Worker refuses to start without these two outside local development (app/lib/config.server.ts).
    const always = ["SESSION_SECRET", "INTEGRATION_KEYS"];
    const needed = [...always];
    for (const [secret, idVar] of Object.entries(clientIdVars)) {
      if (String(config.vars?.[idVar] ?? "") !== "" || names.has(idVar)) needed.push(secret);
    }
    if (needed.length === always.length) {
      add(false, "a sign-in provider is configured (SLACK_CLIENT_ID or MSTEAMS_CLIENT_ID)", [
        "set SLACK_CLIENT_ID and/or MSTEAMS_CLIENT_ID in wrangler.toml [vars], then their client secrets:",
        cmd("secret", "put", "SLACK_CLIENT_SECRET"),
        cmd("secret", "put", "MSTEAMS_CLIENT_SECRET"),
      ]);
    }
    // Chat delivery (NOTIFY_ADAPTER = "chat") needs the bot token of each configured platform.
    if (String(config.vars?.NOTIFY_ADAPTER ?? "outbox") === "chat") {
      if (needed.includes("SLACK_CLIENT_SECRET")) needed.push("SLACK_BOT_TOKEN");
      if (needed.includes("MSTEAMS_CLIENT_SECRET")) needed.push("MSTEAMS_BOT_TOKEN");
    }
    for (const secret of needed) {
      const found = names.has(secret);
      const fix = secret === "SESSION_SECRET"
        ? `openssl rand -base64 48 | ${cmd("secret", "put", "SESSION_SECRET")}`
        : secret === "INTEGRATION_KEYS"
          ? `echo "k1:$(openssl rand -base64 48)" | ${cmd("secret", "put", "INTEGRATION_KEYS")}   (to rotate later: put "k2:<new>,k1:<old>", then drop k1 once every integration has synced)`
          : cmd("secret", "put", secret);
      add(found, `secret ${secret} is set`, found ? [] : [fix]);
    }
    if (names.has("DEV_SIGN_IN")) {
      add(false, "no DEV_SIGN_IN secret overrides the configuration", [cmd("secret", "delete", "DEV_SIGN_IN")]);
    }
  }
  return { items, warnings, config };
}

function printChecklist({ items, warnings }) {
  console.log("Deploy checklist");
  for (const item of items) {
    console.log(`  ${item.ok ? "[x]" : item.unchecked ? "[?]" : "[ ]"} ${item.label}`);
    for (const line of item.fix) console.log(`        → ${line}`);
  }
  for (const w of warnings) console.log(`  [!] ${w}`);
}

/** A deploy step with the terminal attached (wrangler may ask to confirm migrations), bounded. */
function step(label, file, argv) {
  console.log(`\n▶ ${label}`);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd: ROOT, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new DeployError(`${label}: no end after ${STEP_TIMEOUT_MS / 60_000} minutes`));
    }, STEP_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new DeployError(`${label} failed (${signal ?? `exit code ${code}`}); nothing after it ran`));
    });
  });
}

async function main() {
  const result = await checklist();
  printChecklist(result);
  const missing = result.items.filter((i) => !i.ok);
  const refusedDevSignIn = result.items.some((i) => !i.ok && i.label.startsWith("DEV_SIGN_IN"));
  if (missing.length > 0) {
    console.error(
      refusedDevSignIn
        ? "\ndeploy: REFUSED, the configuration would deploy DEV_SIGN_IN=true."
        : `\ndeploy: ${missing.length} item(s) missing or unchecked; create them with the commands above. Nothing was deployed.`,
    );
    return 1;
  }
  if (options.check) {
    console.log("\ndeploy: everything exists (--check: nothing deployed).");
    return 0;
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  await step("npm run build", npm, ["run", "build"]);
  await step("wrangler d1 migrations apply DB --remote", process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--remote", ...configFlags]);
  await step("wrangler deploy", process.execPath, [WRANGLER, "deploy", ...configFlags]);
  console.log("\ndeploy: done.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`deploy failed: ${error instanceof DeployError ? error.message : error?.stack ?? error}`);
    process.exit(1);
  },
);
