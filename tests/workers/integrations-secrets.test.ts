import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";

// A typed API key goes one way: into the encrypted column. An answer to a refused form (the page
// rendered again without JavaScript, or the data a script receives) never carries it back.

const KEY = "sk-live-TYPED-0123456789abcdef";

describe("an invalid integration form", () => {
  it("does not send the typed API key back in the re-rendered page", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await postForm("/integrations", { intent: "create", type: "bamboohr", domain: "acme/../x", apiKey: KEY }, cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Use letters, digits, dots and hyphens only.");
    // The other fields are kept for the person to correct.
    expect(html).toContain("acme/../x");
    expect(html).not.toContain(KEY);
  });

  it("does not send the typed API key back in the action's data", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch("/integrations.data?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "create", type: "hiBob", domain: "", apiKey: KEY }),
      cookie,
    });
    const text = await response.text();
    expect(text).toContain("This is a required field.");
    expect(text).not.toContain(KEY);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM integrations WHERE domain = ''").first("n")).toBe(0);
  });
});
