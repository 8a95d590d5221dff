#!/usr/bin/env node
// Seeds the local D1 database with the demo companies (app/db/seed/demo.ts).
//
//   npm run db:seed                      replace Acme and Globex (re-runnable)
//   npm run db:seed -- --large           also replace Initech, the 5,000-person company
//   node scripts/seed.mjs --if-empty     seed only when no company exists yet (npm prestart)
//   --persist-to <dir> (or SEED_PERSIST_TO)   local state directory, as for wrangler
//   -c, --config <file>                  wrangler configuration file
//
// The rows are turned into SQL text once and handed to `wrangler d1 execute --local --file`,
// which runs the whole file as one D1 batch: the deletes and inserts commit together or not at all.
// Initech's 250,000 feedback items and their counts (about 1.2 million rows) are too many for that
// path (wrangler parses the SQL text at about a megabyte a second): with --large they are made a
// day at a time and inserted into the local D1 database's SQLite file with prepared statements,
// in one transaction, after the batch (which has already deleted Initech's old ones); the insights'
// roll-ups of those counts are then rebuilt with SQL in the same transaction.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { optionValue } from "./lib/args.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const WRANGLER_TIMEOUT_MS = 180_000;

class SeedError extends Error {}

function parseArgs(argv) {
  const options = { ifEmpty: false, large: false, persistTo: process.env.SEED_PERSIST_TO || null, config: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const option = optionValue(argv, i, SeedError);
      i = option.index;
      return option.value;
    };
    if (arg === "--if-empty") options.ifEmpty = true;
    else if (arg === "--large") options.large = true;
    else if (arg === "--persist-to" || arg.startsWith("--persist-to=")) options.persistTo = value();
    else if (arg === "-c" || arg === "--config" || arg.startsWith("--config=")) options.config = value();
    else if (arg === "-h" || arg === "--help") {
      console.log("usage: node scripts/seed.mjs [--if-empty] [--large] [--persist-to <dir>] [-c|--config <wrangler.toml>]");
      process.exit(0);
    } else throw new SeedError(`unknown option ${arg} (see --help)`);
  }
  return options;
}

/** Runs wrangler on this very Node (22, the one npm put first on PATH), bounded by a timeout. */
function wrangler(args, options) {
  const full = [WRANGLER, ...args];
  if (options.config) full.push("--config", options.config);
  if (options.persistTo) full.push("--persist-to", options.persistTo);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      full,
      {
        cwd: ROOT,
        timeout: WRANGLER_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "1", NO_COLOR: "1" },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const why = error.killed ? `timed out after ${WRANGLER_TIMEOUT_MS / 1000}s` : `exit code ${error.code}`;
        const output = `${stderr}\n${stdout}`.trim().split("\n").slice(-15).join("\n");
        reject(new SeedError(`wrangler ${args.slice(0, 3).join(" ")} failed (${why}):\n${output}`));
      },
    );
  });
}

async function companyCount(options) {
  let stdout;
  try {
    stdout = await wrangler(["d1", "execute", "DB", "--local", "--json", "--command", "SELECT count(*) AS n FROM companies"], options);
  } catch (error) {
    if (/no such table/i.test(error.message)) {
      throw new SeedError("the local database has no tables yet: run `npm run db:migrate` first");
    }
    throw error;
  }
  // --json prints the result array; anything wrangler logs before it is skipped.
  const json = JSON.parse(stdout.slice(stdout.indexOf("[")));
  return Number(json[0]?.results?.[0]?.n ?? 0);
}

async function loadSeedModule() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new SeedError(`Node ${process.versions.node} is too old; run it through npm (\`npm run db:seed\`) or \`npx node scripts/seed.mjs\` to get Node 22`);
  }
  // demo.ts has no imports and only erasable TypeScript, so Node's type stripping loads it as is;
  // keep the one-time "type stripping is experimental" notice out of the summary.
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning?.message ?? warning).includes("Type Stripping")) return;
    return emit.call(process, warning, ...rest);
  };
  try {
    return await import("../app/db/seed/demo.ts");
  } finally {
    process.emitWarning = emit;
  }
}

async function main() {
  const started = performance.now();
  const options = parseArgs(process.argv.slice(2));
  const seed = await loadSeedModule();

  if (options.ifEmpty) {
    const n = await companyCount(options);
    if (n > 0) {
      console.log(`seed: skipped, the local database already has ${n} compan${n === 1 ? "y" : "ies"} (${seconds(started)} s)`);
      return;
    }
  }

  const now = Date.now();
  const tables = seed.demoSeed(now);
  const large = options.large ? seed.largeSeed(5000, now) : null;
  if (large) {
    for (const [table, rows] of Object.entries(large)) (tables[table] ??= []).push(...rows);
  }

  const dir = mkdtempSync(path.join(tmpdir(), "pulseboard-seed-"));
  try {
    const file = path.join(dir, "seed.sql");
    // Bigger chunks than D1's remote-friendly default: far fewer statements, each still well under 100 KB.
    writeFileSync(file, seed.replaceStatements(tables, 200).join("\n"));
    await wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file], options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const feedback = large ? await insertLargeFeedback(seed, large, now, options) : null;

  const names = tables.companies.map((c) => c.name).join(", ");
  const where = options.persistTo ? ` into ${options.persistTo}` : "";
  const items = feedback ? `, ${feedback.items.toLocaleString("en")} Initech feedback items (${feedback.seconds} s)` : "";
  console.log(
    `seed: ${tables.companies.length} companies (${names}), ${tables.users.length} people${items}${where} in ${seconds(started)} s`,
  );
}

/** The local D1 database's SQLite file, where wrangler keeps it (--persist-to, else .wrangler/state beside the config). */
function localD1File(DatabaseSync, options) {
  const state = options.persistTo
    ? path.resolve(options.persistTo)
    : path.resolve(options.config ? path.dirname(path.resolve(options.config)) : ROOT, ".wrangler", "state");
  const dir = path.join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((n) => n.endsWith(".sqlite") && n !== "metadata.sqlite");
  for (const name of files) {
    const db = new DatabaseSync(path.join(dir, name), { readOnly: true });
    try {
      if (db.prepare("SELECT 1 FROM companies WHERE id = 'c-initech'").get()) return path.join(dir, name);
    } catch {
      // another database
    } finally {
      db.close();
    }
  }
  throw new SeedError(`no local D1 database holding Initech in ${dir}`);
}

/** Initech's feedback (app/db/seed/feedback.ts largeFeedbackBatches), a day at a time, in one transaction. */
async function insertLargeFeedback(seed, large, now, options) {
  const t = performance.now();
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (/SQLite is an experimental feature/.test(String(warning?.message ?? warning))) return;
    return emit.call(process, warning, ...rest);
  };
  const { DatabaseSync } = await import("node:sqlite").finally(() => (process.emitWarning = emit));
  const db = new DatabaseSync(localD1File(DatabaseSync, options));
  const statements = new Map();
  let items = 0;
  try {
    // The rows land all over the indexes: a page cache that holds them saves re-reading pages from disk.
    db.exec("PRAGMA cache_size = -262144");
    db.exec("BEGIN IMMEDIATE");
    // A million rows go in faster without the secondary indexes, which are built again at the end
    // from their own definitions, in the same transaction.
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${seed.FEEDBACK_SEED_TABLES.map(
          (t) => `'${t}'`,
        ).join(", ")})`,
      )
      .all();
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
    for (const day of seed.largeFeedbackBatches(large, now)) {
      for (const [table, rows] of Object.entries(day)) {
        if (rows.length === 0) continue;
        const columns = Object.keys(rows[0]);
        const key = `${table}(${columns.join(",")})`;
        let insert = statements.get(key);
        if (!insert) {
          // Counts add to a row another part of the seed already wrote for the same key.
          const upsert = seed.FEEDBACK_COUNT_UPSERTS[table] ?? "";
          insert = db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ${upsert}`);
          statements.set(key, insert);
        }
        for (const row of rows) insert.run(...columns.map((c) => row[c] ?? null));
        if (table === "feedback_items") items += rows.length;
      }
    }
    for (const index of indexes) db.exec(index.sql);
    // The insights' roll-ups of every Initech count row, in the same transaction.
    for (const statement of seed.rollupRebuildStatements(seed.LARGE_FEEDBACK_ITEMS.companyId)) db.exec(statement);
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw new SeedError(`inserting Initech's feedback failed: ${error.message}`);
  } finally {
    db.close();
  }
  return { items, seconds: seconds(t) };
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

main().catch((error) => {
  console.error(`seed failed: ${error instanceof SeedError ? error.message : error?.stack ?? error}`);
  process.exit(1);
});
