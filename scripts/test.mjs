// `npm test`: import rules (.dependency-cruiser.cjs), build and type-check, then unit tests (Node), worker tests (inside workerd, real bindings),
// browser tests (Playwright + Debian's Chromium against wrangler dev). Stops at the first failure.
import { spawnSync } from "node:child_process";

const steps = [
  ["import rules", "npm", ["run", "--silent", "lint:imports"]],
  ["build", "npm", ["run", "build"]],
  ["type check", "tsc", ["--noEmit"]],
  ["unit tests", "vitest", ["run", "--config", "vitest.unit.config.ts"]],
  ["worker tests", "vitest", ["run", "--config", "vitest.workers.config.ts"]],
  ["browser tests", "node", ["scripts/e2e.mjs"]],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name}: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
}
console.log(`\nAll test stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
