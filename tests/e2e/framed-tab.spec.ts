import { expect, test, type Response } from "@playwright/test";

// scripts/e2e.mjs serves a host page on another origin (tests/support/frame-host.ts) and lists
// that origin in the app's FRAME_ANCESTORS; the same page from http://localhost is not listed.
const HOST = process.env.E2E_FRAME_HOST_URL!;
const UNLISTED_HOST = process.env.E2E_UNLISTED_FRAME_HOST_URL!;

/** The ID token Teams single sign-on hands the tab, from the fake provider scripts/e2e.mjs started. */
async function hostToken(email: string) {
  const response = await fetch(`${process.env.FAKE_OIDC_URL}/test/id-tokens`, { method: "POST", body: JSON.stringify({ platform: "msteams", email }) });
  return ((await response.json()) as { idToken: string }).idToken;
}

const hostPage = (host: string, src: string) => `${host}/?${new URLSearchParams({ src })}`;

test("framed like a Teams tab, the app signs in through /tab, shows its page, and 'Go back home' posts home_view to the host", async ({ page, baseURL }) => {
  const token = await hostToken("tina@globex.test");
  const tab = `${baseURL}/tab?${new URLSearchParams({ token, teamId: "19:globex-group-1@thread.tacv2", platform: "msteams" })}`;
  let landing: Response | null = null;
  page.on("response", (response) => {
    if (/\/my-profile\/[^/]+\/feedback-insights$/.test(response.url())) landing = response;
  });
  await page.goto(hostPage(HOST, tab));

  const app = page.frameLocator("iframe#app");
  await expect(app.getByRole("heading", { level: 1 })).toContainText("Tina", { timeout: 15_000 });
  // The page came with a policy that lets this host, and only listed hosts, frame it.
  const csp = (await landing!.allHeaders())["content-security-policy"];
  const ancestors = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("frame-ancestors "));
  expect(ancestors?.split(" ")).toContain(HOST);
  expect(ancestors).not.toContain(UNLISTED_HOST);

  // In a frame the top bar offers 'Go back home', which asks the host for its home view.
  await app.getByRole("button", { name: "Go back home" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages)).toEqual([
    { origin: baseURL, data: { type: "home_view" } },
  ]);
});

test("outside Teams: a host not in the frame-ancestors list cannot frame the app, and the tab's start page says it needs Teams", async ({ page, baseURL }) => {
  await page.goto(hostPage(UNLISTED_HOST, `${baseURL}/sign-in`));
  await page.waitForLoadState("load");
  const frame = page.frames().find((f) => f !== page.mainFrame());
  // Chromium refuses the framed document (CSP frame-ancestors) and shows its own error page instead.
  await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator("iframe#app").getByRole("button", { name: "Sign in with Microsoft Teams" })).toHaveCount(0);

  // The static tab's start page opened outside Teams says what went wrong and offers the web sign-in.
  await page.goto("/msteams/tab-start");
  await expect(page.getByRole("alert")).toHaveText(
    "This page only works inside Microsoft Teams: open Pulseboard from the Teams app, or sign in on the web.",
  );
  await expect(page.getByRole("link", { name: "Sign in on the web" })).toHaveAttribute("href", "/sign-in");
});
