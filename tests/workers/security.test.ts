import { appFetch } from "./helpers";
import { describe, expect, it } from "vitest";

describe("every response", () => {
  it("carries the security headers with a frame-ancestors allow-list for Teams and Slack", async () => {
    const response = await appFetch("/sign-in");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("https://teams.microsoft.com");
    expect(csp).toContain("https://app.slack.com");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("refuses a cross-site POST and writes nothing", async () => {
    const response = await appFetch("/sign-out", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("accepts a same-origin POST", async () => {
    const response = await appFetch("/sign-out", {
      method: "POST",
    });
    expect(response.status).not.toBe(403);
  });
});
