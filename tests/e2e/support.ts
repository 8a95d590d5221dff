import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

/** Signs in through the demo sign-in page: one plain POST form per person, field `email`. */
export async function signIn(page: Page, email: string) {
  await page.goto("/dev/sign-in");
  await page.locator(`form:has(input[name="email"][value="${email}"]) button[type="submit"]`).click();
  await expect(page).toHaveURL(/\/my-profile\/[^/]+\/feedback-insights$/);
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Answers every question of a review: the first choice of each radio group or select, `text` in every text box. */
export async function answerAll(page: Page, text = "Thoughtful and reliable") {
  const form = page.locator("form:has([data-question])");
  for (const name of new Set(
    await form.locator('input[type="radio"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))
  )) {
    await form.locator(`input[type="radio"][name="${name}"]`).first().check();
  }
  for (const select of await form.locator("select").all()) await select.selectOption({ index: 1 });
  for (const box of await form.locator('textarea, input[type="text"]').all()) await box.fill(text);
}

/**
 * Runs SQL on the database of the `wrangler dev` this Playwright worker talks to (scripts/e2e.mjs
 * gives each server its own state folder; worker n uses the n-th URL). For what a page cannot do
 * in a test's time: moving a schedule that must be 48 hours ahead, or rows another part makes.
 */
export function d1Execute(statements: string | string[]): string {
  const servers = (process.env.E2E_BASE_URLS ?? "x").split(",").length;
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % servers;
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-d1-"));
  const file = path.join(dir, "statements.sql");
  writeFileSync(file, [statements].flat().join(";\n") + ";\n");
  try {
    // The running server may hold the database's write lock for a moment: SQLITE_BUSY is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        return execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", `.wrangler/e2e/server-${index}`, "--file", file, "--json"], {
          encoding: "utf8",
          env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
          stdio: "pipe",
        });
      } catch (error) {
        if (attempt >= 5 || !/SQLITE_BUSY/.test(String((error as { stderr?: string }).stderr ?? error))) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300 * attempt);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SQL text of a value. */
export const sqlValue = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`);

/**
 * Fails each test of the file that leaves an uncaught error in the page: a chart that throws in
 * the browser leaves the page looking fine until it is navigated away from.
 */
export function failOnPageErrors() {
  let pageErrors: string[] = [];
  test.beforeEach(({ page }) => {
    pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
  });
  test.afterEach(() => {
    expect(pageErrors).toEqual([]);
  });
}
