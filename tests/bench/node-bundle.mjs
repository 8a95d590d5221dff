// Benches that run the app's own server code in a memory-capped Node process: its module graph
// bundled into one ESM file (the "~/" paths of tsconfig.json resolved by esbuild), and D1 over the
// bench's SQLite file.
import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Bundles `exports` (lines of `export … from "./app/…"`, relative to `root`) into `outDir/<name>.bundle.mjs`. */
export async function bundleForNode(root, outDir, name, exports) {
  const { build } = await import(pathToFileURL(path.join(root, "node_modules", "esbuild", "lib", "main.js")).href).then((m) => m.default ?? m);
  const outfile = path.join(outDir, `${name}.bundle.mjs`);
  await build({
    stdin: { contents: exports.join("\n"), resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    jsx: "automatic",
    tsconfig: path.join(root, "tsconfig.json"),
    define: { "process.env.NODE_ENV": '"production"' },
    outfile,
    logLevel: "error",
  });
  return outfile;
}

/** D1's prepare/bind/all/first/raw/run and batch over a read-only node:sqlite database; `onRead(false)` before each read, `onRead(true)` after. */
export function d1Over(db, onRead) {
  const norm = (v) => (typeof v === "boolean" ? (v ? 1 : 0) : v === undefined ? null : v);
  class Statement {
    constructor(text, params = []) {
      this.text = text;
      this.params = params;
    }
    bind(...params) {
      return new Statement(this.text, params.map(norm));
    }
    #rows() {
      onRead(false);
      const rows = db.prepare(this.text).all(...this.params);
      onRead(true);
      return rows;
    }
    async all() {
      return { results: this.#rows(), success: true, meta: {} };
    }
    async first(column) {
      const row = this.#rows()[0] ?? null;
      return column && row ? row[column] : row;
    }
    async raw() {
      return this.#rows().map((r) => Object.values(r));
    }
    async run() {
      return this.all();
    }
  }
  return {
    prepare: (text) => new Statement(text),
    batch: async (statements) => Promise.all(statements.map((s) => s.all())),
  };
}

/**
 * Runs `script --child …args` in a Node capped at `memoryMb` and answers the JSON of the last line
 * it printed: `{ ok: true, … }`, or what it got to with `ok: false` and why (timeout, exit code,
 * V8's heap overflow) and the end of its stderr.
 */
export function runCappedChild({ script, args, root, memoryMb, timeoutMs }) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`--max-old-space-size=${memoryMb}`, "--no-warnings", script, "--child", ...args],
      { cwd: root, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split("\n").filter(Boolean).at(-1);
        let result = null;
        try {
          result = line ? JSON.parse(line) : null;
        } catch {
          result = null;
        }
        if (!error && result?.ok) return resolve(result);
        const why = error?.killed ? `timed out after ${timeoutMs / 1000} s` : error ? `exit code ${error.code ?? error.signal}` : "no result";
        const tail = `${stderr}`.trim().split("\n").slice(-8).join("\n");
        // A heap overflow ends the child with V8's "JavaScript heap out of memory"; the last sample it printed still tells how far it got.
        resolve({ ...(result ?? {}), ok: false, error: `${why}${/heap out of memory/i.test(tail) ? " (JavaScript heap out of memory)" : ""}\n${tail}` });
      }
    );
  });
}
