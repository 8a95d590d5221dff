import { expect, test, type Page } from "@playwright/test";
import { mainNav, signIn } from "./support";

// Scripts run only with the response's nonce: every page still hydrates (client navigation,
// dialogs, charts) and the browser reports no Content-Security-Policy violation.

/** Records every policy violation and every console line about one, from the first script on. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __violations?: string[] }).__violations ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.pathname}`);
    });
  });
  return async () => [...violations, ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []))];
}

// A closed seeded run with results each person may see (its report draws charts in the browser).
for (const [email, runId] of [
  ["alice@acme.test", "sr-acme-engagement-1"],
  ["gina@globex.test", "sr-globex-pulse-1"],
] as const) {
  test(`pages hydrate under the nonce policy for ${email}`, async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page, email);
    const response = await page.goto("/reviews/manage-reviews");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("'unsafe-inline'");
    await page.waitForLoadState("networkidle");
    // Hydrated: a sidebar link navigates on the client, without a new document.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    const link = mainNav(page).locator('a[href^="/"]:not([href="/"]):not([href="/reviews/manage-reviews"])').first();
    await link.click();
    await expect(page).not.toHaveURL(/\/reviews\/manage-reviews$/);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Pages with charts and client-side widgets.
    const report = `/surveys/reports?surveyId=${runId}`;
    for (const path of [report, "/surveys/survey-insights/department", "/reviews/reports", "/organization/settings/relationships"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByText("Something went wrong.")).toHaveCount(0);
      if (path === report) await expect(page.locator("svg.apexcharts-svg").first()).toBeVisible();
    }
    expect(await violations()).toEqual([]);
  });
}

test("the Settings dialog opens (JavaScript runs) with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, "gina@globex.test");
  await page.waitForLoadState("networkidle");
  await mainNav(page).getByRole("button", { name: "Settings" }).or(mainNav(page).getByRole("link", { name: "Settings" })).first().click();
  await expect(page.getByRole("dialog", { name: "Settings" }).getByRole("heading", { name: "Settings" })).toBeVisible();
  expect(await violations()).toEqual([]);
});
