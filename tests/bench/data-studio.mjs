// Data Studio's speed targets for tests/bench/run.mjs, on the large seed (Initech):
//
//   data-studio-preview   runQuery (app/modules/analytics/data-studio/run.server.ts) as the page
//                         calls it for Run, by Initech's super admin: the compiler, then the preview
//                         page (10 rows) and the row count in one D1 batch. Two queries following
//                         three edges: feedback (250,000 items) → receiver, receiver → department,
//                         → sender; review answers (56,000) → pair → reviewee → department, and
//                         → campaign. Target: p95 < 200 ms of server time each.
//   data-studio-download  the queue consumer's build of a data-studio-xlsx report
//                         (dataStudioXlsxBuilder.build of download.server.ts) for the feedback
//                         query, a page of 2,000 rows at a time after the last key, every cell
//                         escaped, deflated as it goes. Target: >= 100,000 rows in < 20 s within
//                         128 MB.
//
// Both run the very module code the Worker runs, bundled with esbuild, in a child
// `node --max-old-space-size=128` on the bench's own D1 database (its SQLite file, through the
// D1 stand-in of report-memory.mjs), as the bulk XLSX's memory is measured: wrangler dev's workerd
// caps no memory and its request timing includes the page's rendering, which is the page's
// (another part of the product) and not the query's. Server time here is the D1 work and the
// compiler, measured inside the process that does it.
//
//   dataStudioBench({ root, outDir, d1File, companyId, requesterId, rounds })  →  { ok, preview, download, error? }
//   node tests/bench/data-studio.mjs --child <bundle> <d1File> <args.json>   (what the parent runs)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleForNode, d1Over, runCappedChild } from "./node-bundle.mjs";

const require = createRequire(import.meta.url);
const MB = 1024 * 1024;
export const DATA_STUDIO_TARGETS = ["data-studio-preview", "data-studio-download"];
export const TARGET_PREVIEW_MS = 200;
export const TARGET_DOWNLOAD_S = 20;
export const DOWNLOAD_ROWS = 100_000;
export const MEMORY_LIMIT_MB = 128;

const attr = (name) => ({ type: "attribute", name });
const edge = (name) => ({ type: "edge", name });

export const PREVIEW_QUERIES = {
  feedback: {
    table: "feedback",
    columns: [
      [attr("text")],
      [attr("sentAt")],
      [edge("receiver"), attr("name")],
      [edge("receiver"), edge("department"), attr("name")],
      [edge("sender"), attr("name")],
    ],
  },
  reviewAnswers: {
    table: "reviewAnswers",
    columns: [
      [attr("question")],
      [attr("score")],
      [edge("pair"), edge("reviewee"), attr("name")],
      [edge("pair"), edge("reviewee"), edge("department"), attr("name")],
      [edge("campaign"), attr("title")],
    ],
  },
};

const bundle = (root, outDir) =>
  bundleForNode(root, outDir, "data-studio", [
    'export { runQuery } from "./app/modules/analytics/data-studio/run.server";',
    'export { dataStudioXlsxBuilder, viewerOfPerson } from "./app/modules/analytics/data-studio/download.server";',
    'export { personOfUser } from "./app/modules/auth/session.server";',
    'export { createDb } from "./app/db/client.server";',
  ]);

export async function dataStudioBench({ root, outDir, d1File, companyId, requesterId, rounds = 20, preview = true, download = true, timeoutMs = 240_000 }) {
  const bundlePath = await bundle(root, outDir);
  const argsPath = path.join(outDir, "data-studio.args.json");
  writeFileSync(argsPath, JSON.stringify({ companyId, requesterId, rounds, preview, download, outPath: path.join(outDir, "data-studio.xlsx") }));
  const self = fileURLToPath(import.meta.url);
  const result = await runCappedChild({ script: self, args: [bundlePath, d1File, argsPath], root, memoryMb: MEMORY_LIMIT_MB, timeoutMs });
  // The file read back here, outside the capped child: the rows it holds.
  if (result.ok && result.download) result.download.rows = countRows(result.download.outPath);
  return result;
}

function countRows(file) {
  const XLSX = require(path.join(process.cwd(), "node_modules", "@e965", "xlsx"));
  const book = XLSX.read(readFileSync(file), { type: "buffer", dense: true });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 }).length - 1;
}

/** The checks run.mjs prints: [label, ok] pairs. */
export function dataStudioChecks(result, want) {
  const out = [];
  if (!result?.ok) return [[`data studio: ${result?.error ?? "not measured"}`, false]];
  if (want("data-studio-preview")) {
    for (const [name, p] of Object.entries(result.preview ?? {})) {
      out.push([
        `data-studio-preview ${name}: p95 ${p.p95.toFixed(1)} ms (p50 ${p.p50.toFixed(1)} ms, ${p.rowCount} rows counted) < ${TARGET_PREVIEW_MS} ms`,
        p.p95 < TARGET_PREVIEW_MS && p.rows === 10,
      ]);
    }
  }
  if (want("data-studio-download")) {
    const d = result.download;
    out.push([
      `data-studio-download: ${d.rows} rows in ${d.seconds.toFixed(2)} s (< ${TARGET_DOWNLOAD_S} s), peak heap+buffers ${d.peak.heapPlusBuffers} MB within ${MEMORY_LIMIT_MB} MB, ${(d.bytes / MB).toFixed(1)} MB file`,
      d.rows >= DOWNLOAD_ROWS && d.seconds < TARGET_DOWNLOAD_S && d.peak.heapPlusBuffers < MEMORY_LIMIT_MB,
    ]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The child


async function child([bundlePath, d1File, argsPath]) {
  const { readFileSync } = await import("node:fs");
  const { DatabaseSync } = await import("node:sqlite");
  const { runQuery, dataStudioXlsxBuilder, viewerOfPerson, personOfUser, createDb } = await import(pathToFileURL(bundlePath).href);
  const args = JSON.parse(readFileSync(argsPath, "utf8"));
  const db = new DatabaseSync(d1File, { readOnly: true });
  const peak = { heapUsed: 0, arrayBuffers: 0, rss: 0, heapPlusBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapPlusBuffers = Math.max(peak.heapPlusBuffers, m.heapUsed + m.arrayBuffers);
  };
  const mb = (v) => Math.round((v / MB) * 10) / 10;
  const env = { DEV_SIGN_IN: "true", DB: d1Over(db, sample) };
  const drizzle = createDb(env.DB);
  const person = await personOfUser(drizzle, args.companyId, args.requesterId);
  if (!person) throw new Error(`no person ${args.requesterId} in ${args.companyId}`);
  const viewer = viewerOfPerson(person);
  const context = { db: drizzle, requestId: "bench", cloudflare: { env } };
  const out = { ok: true };

  if (args.preview) {
    out.preview = {};
    for (const [name, doc] of Object.entries(PREVIEW_QUERIES)) {
      const times = [];
      let last = null;
      for (let i = 0; i < args.rounds + 2; i++) {
        const started = performance.now();
        last = await runQuery(context, viewer, doc);
        const took = performance.now() - started;
        if (!last.ok) throw new Error(`${name}: ${last.message}`);
        if (i >= 2) times.push(took); // two warm-up runs (the statement cache, the page cache)
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      out.preview[name] = { p50: at(0.5), p95: at(0.95), max: times.at(-1), rows: last.rows.length, rowCount: last.rowCount, sample: last.rows[0] };
    }
  }

  if (args.download) {
    const report = {
      id: "bench-data-studio",
      companyId: args.companyId,
      requestedBy: args.requesterId,
      kind: "data-studio-xlsx",
      title: "Data Studio bench",
      scope: { query: PREVIEW_QUERIES.feedback },
      state: "queued",
      fileId: null,
      error: null,
      createdAt: new Date(),
      finishedAt: null,
    };
    const baseline = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = 0;
    sample();
    const timer = setInterval(sample, 2);
    const started = performance.now();
    const rendered = await dataStudioXlsxBuilder.build(env, createDb(env.DB), report);
    const seconds = (performance.now() - started) / 1000;
    sample();
    clearInterval(timer);
    writeFileSync(args.outPath, rendered.body);
    out.download = {
      seconds,
      outPath: args.outPath,
      bytes: rendered.body.length,
      baseline: { heapUsed: mb(baseline.heapUsed), arrayBuffers: mb(baseline.arrayBuffers) },
      peak: Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, mb(v)])),
    };
  }
  console.log(JSON.stringify(out));
}

if (process.argv[2] === "--child") {
  child(process.argv.slice(3)).catch((error) => {
    console.error(error?.stack ?? String(error));
    process.exit(1);
  });
}
