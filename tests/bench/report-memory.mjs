// The bulk XLSX's memory ("XLSX of 50,000 answer rows by the consumer within 128 MB"),
// for tests/bench/run.mjs. Workers cap an isolate at 128 MB, but wrangler dev's workerd does not,
// so the Worker's own run cannot show it. Here the very module code the queue consumer runs for a
// bulk-xlsx report (bulkXlsxBuilder.build of app/modules/reviews/reports/bulk-report.server.ts: the
// requester's rights, answerRowPages reading completed pairs a page at a time, answerCells,
// writeXlsx deflating each page into the zip) is bundled with esbuild and run in a child
// `node --max-old-space-size=128` on the bench's own D1 database (its SQLite file, read through a
// small D1 stand-in over node:sqlite), with the generated_reports row the bench queued. The child
// samples process.memoryUsage() every few milliseconds and at every D1 read, and reports the peaks.
//
//   measureReportMemory({ root, outDir, d1File, report })  →  { ok, seconds, bytes, peak…, baseline…, error? }
//   node tests/bench/report-memory.mjs --child <bundle> <d1File> <report.json> <out.xlsx>   (what the parent runs)
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleForNode, d1Over, runCappedChild } from "./node-bundle.mjs";

const MB = 1024 * 1024;
export const MEMORY_LIMIT_MB = 128;

/** The D1 database's SQLite file in a wrangler --persist-to folder (the one holding generated_reports). */
export async function d1FileIn(stateDir) {
  const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const { DatabaseSync } = await quietly(() => import("node:sqlite"));
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".sqlite") && n !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(dir, name), { readOnly: true });
    try {
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'generated_reports'").get()) return path.join(dir, name);
    } finally {
      db.close();
    }
  }
  throw new Error(`no D1 database with generated_reports in ${dir}`);
}

/** node:sqlite without its ExperimentalWarning on the bench's output. */
async function quietly(load) {
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (/SQLite is an experimental feature/.test(String(warning?.message ?? warning))) return;
    return emit.call(process, warning, ...rest);
  };
  try {
    return await load();
  } finally {
    process.emitWarning = emit;
  }
}

/** The builder's module graph as one ESM file for Node. */
const bundle = (root, outDir) =>
  bundleForNode(root, outDir, "report-memory", [
    'export { bulkXlsxBuilder } from "./app/modules/reviews/reports/bulk-report.server";',
    'export { createDb } from "./app/db/client.server";',
  ]);

/**
 * Bundles the builder, runs it in a child capped at MEMORY_LIMIT_MB of old space, and returns what
 * the child measured. `report` is the generated_reports row (id, company_id, requested_by, kind,
 * title, scope as JSON text, created_at).
 */
export async function measureReportMemory({ root, outDir, d1File, report, timeoutMs = 180_000 }) {
  const bundlePath = await bundle(root, outDir);
  const reportPath = path.join(outDir, "report-memory.report.json");
  const outPath = path.join(outDir, "report-memory.xlsx");
  writeFileSync(reportPath, JSON.stringify(report));
  const self = fileURLToPath(import.meta.url);
  const result = await runCappedChild({ script: self, args: [bundlePath, d1File, reportPath, outPath], root, memoryMb: MEMORY_LIMIT_MB, timeoutMs });
  return result.ok ? { ...result, outPath } : result;
}

// ---------------------------------------------------------------------------------------------
// The child


async function child([bundlePath, d1File, reportPath, outPath]) {
  const { readFileSync } = await import("node:fs");
  const { DatabaseSync } = await import("node:sqlite");
  const { bulkXlsxBuilder, createDb } = await import(pathToFileURL(bundlePath).href);
  const row = JSON.parse(readFileSync(reportPath, "utf8"));
  const db = new DatabaseSync(d1File, { readOnly: true });

  const peak = { heapUsed: 0, heapTotal: 0, arrayBuffers: 0, external: 0, rss: 0, heapPlusBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.heapTotal = Math.max(peak.heapTotal, m.heapTotal);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
    peak.external = Math.max(peak.external, m.external);
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapPlusBuffers = Math.max(peak.heapPlusBuffers, m.heapUsed + m.arrayBuffers);
  };
  const mb = (v) => Math.round((v / MB) * 10) / 10;
  const peaks = () => Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, mb(v)]));
  let reads = 0;
  // The builder reads the Worker's configuration; the bench's server runs as local development
  // (DEV_SIGN_IN on a loopback APP_URL), which is what lets it start without production secrets.
  const env = {
    DEV_SIGN_IN: "true",
    DB: d1Over(db, (done) => {
      sample();
      if (!done) return;
      reads++;
      // How far it got, should the heap overflow before the end (the parent reads the last line).
      console.log(JSON.stringify({ ok: false, progress: true, reads, peak: peaks(), limitMb: MEMORY_LIMIT_MB }));
    }),
  };
  const report = {
    id: row.id,
    companyId: row.company_id,
    requestedBy: row.requested_by,
    kind: row.kind,
    title: row.title,
    scope: typeof row.scope === "string" ? JSON.parse(row.scope) : row.scope,
    state: "queued",
    fileId: null,
    error: null,
    createdAt: new Date(Number(row.created_at)),
    finishedAt: null,
  };
  // What is in memory before the build: Node, the bundle (SheetJS, zod, drizzle), the database handle.
  const baseline = process.memoryUsage();
  sample();
  const timer = setInterval(sample, 2);
  const started = performance.now();
  // The one database handle the queue consumer hands a builder, over the counting D1 wrapper.
  const rendered = await bulkXlsxBuilder.build(env, createDb(env.DB), report);
  const seconds = (performance.now() - started) / 1000;
  sample();
  clearInterval(timer);
  const body = typeof rendered.body === "string" ? Buffer.from(rendered.body) : rendered.body;
  writeFileSync(outPath, body);
  console.log(
    JSON.stringify({
      ok: true,
      seconds,
      bytes: body.length,
      name: rendered.name,
      reads,
      baseline: { heapUsed: mb(baseline.heapUsed), arrayBuffers: mb(baseline.arrayBuffers), rss: mb(baseline.rss) },
      peak: peaks(),
      limitMb: MEMORY_LIMIT_MB,
    })
  );
}

if (process.argv[2] === "--child") {
  child(process.argv.slice(3)).catch((error) => {
    console.error(error?.stack ?? String(error));
    process.exit(1);
  });
}
