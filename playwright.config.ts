import { defineConfig } from "@playwright/test";

/**
 * Started by scripts/e2e.mjs, which serves the built app under one `wrangler dev` per Playwright
 * worker, each with its own database, and lists their URLs in E2E_BASE_URLS. Spec files are
 * handed to whichever worker is free; worker n (TEST_PARALLEL_INDEX, kept by the worker that
 * replaces it after a failure) always talks to the n-th server.
 */
const baseURLs = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? "http://127.0.0.1:8788").split(",");
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers, two servers and two browsers share the two cores: a long flow (sign in as four
  // people, every step a page load) takes longer than it did alone. Assertions keep their 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: baseURLs.length,
  retries: process.env.CI ? 1 : 0,
  // The JSON report lets scripts/e2e.mjs name the failed tests last, where a CI log's tail shows them.
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? ".wrangler/e2e-report.json" }]],
  use: {
    baseURL: baseURLs[workerIndex % baseURLs.length],
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
});
