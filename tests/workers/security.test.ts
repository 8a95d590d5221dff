import { createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { appFetch, ORIGIN, sessionFor } from "./helpers";

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

/** The header's script nonce, or null. */
const nonceOf = (csp: string) => csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1] ?? null;
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? "";

describe("Content-Security-Policy", () => {
  it("allows scripts only by a per-response nonce that every script of the page carries", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const nonces = new Set<string>();
    for (const [path, init, status] of [
      ["/sign-in", {}, 200],
      ["/integrations", { cookie }, 200],
      ["/organization/settings/relationships", { cookie }, 200],
      ["/reviews/manage-reviews", { cookie }, 200],
      // An error page is rendered by the same document with the same scripts.
      ["/reviews/manage-reviews/rc-no-such-review", { cookie }, 404],
    ] as const) {
      const response = await appFetch(path, init);
      expect(response.status, path).toBe(status);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      const scriptSrc = directive(csp, "script-src");
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      const nonce = nonceOf(csp);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
      nonces.add(nonce!);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      // Nothing runs from an inline handler attribute either (the policy would block it).
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+=["']/i);
    }
    expect(nonces.size).toBe(5);
  });

  it("posts forms only to the app and the sign-in providers, and keeps the frame and object rules", async () => {
    const response = await appFetch("/sign-in");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const providers = [...new Set([env.SLACK_OIDC_AUTHORIZE_URL, env.MSTEAMS_OIDC_AUTHORIZE_URL].map((u) => new URL(u).origin))];
    expect(directive(csp, "form-action").split(/\s+/).slice(1).sort()).toEqual(["'self'", ...providers].sort());
    expect(directive(csp, "frame-ancestors")).toMatch(/^frame-ancestors 'self' /);
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'self'");
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
  });
});

/** A request body that arrives in pieces without a Content-Length; counts what was pulled from it. */
function chunkedBody(totalBytes: number, chunk = "a=" + "x".repeat(64 * 1024 - 2)) {
  const bytes = new TextEncoder().encode(chunk);
  const source = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (source.pulled >= totalBytes) return controller.close();
      source.pulled += bytes.byteLength;
      controller.enqueue(bytes);
    },
  });
  return { stream, source };
}

/** POSTs `totalBytes` of form body in pieces (no Content-Length unless given); `source.pulled` says how much was read. */
async function postChunked(path: string, cookie: string, totalBytes: number, headers: Record<string, string> = {}) {
  const { stream, source } = chunkedBody(totalBytes);
  const response = await appFetch(path, {
    method: "POST",
    body: stream,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    cookie,
    duplex: "half",
  } as RequestInit);
  return { response, source };
}

describe("request bodies", () => {
  it("answers a chunked 3 MB form POST with 413 without reading it whole", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM integrations").first<{ n: number }>();
    const { response, source } = await postChunked("/integrations", cookie, 3 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("too large");
    expect(source.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM integrations").first<{ n: number }>()).toEqual(before);
  });

  it("answers a declared Content-Length over the limit with 413 before reading", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const { response, source } = await postChunked("/integrations", cookie, 2 * 1024 * 1024, { "Content-Length": String(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(source.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("still takes an ordinary form", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch("/integrations", {
      method: "POST",
      body: new URLSearchParams({ intent: "create", type: "bamboohr", domain: "", apiKey: "k" }),
      cookie,
    });
    expect(response.status).toBe(400);
  });

  it("lets the upload pages take a file over the form limit and answer an oversized one themselves", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const relationship = await env.DB.prepare("SELECT id FROM custom_relationships WHERE company_id = 'c-acme' LIMIT 1").first<{ id: string }>();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("relationshipId", relationship!.id);
    form.set("file", new File(["email\n" + "x@acme.test\n".repeat(220_000)], "big.csv"));
    const encoded = new Response(form);
    const type = encoded.headers.get("Content-Type")!;
    const body = new Uint8Array(await encoded.arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(2.5 * 1024 * 1024);
    const page = `/organization/settings/relationships?open=${relationship!.id}`;
    const TOO_LARGE = "The file is too large (at most 2 MB).";
    // Declared: the page's own check and message.
    const declared = await appFetch(page, { method: "POST", body, headers: { "Content-Type": type }, cookie });
    expect(await declared.text()).toContain(TOO_LARGE);
    // The same file without a Content-Length is read (under the upload limit) and gets the same message.
    const streamed = await appFetch(page, {
      method: "POST",
      body: new Blob([body]).stream(),
      headers: { "Content-Type": type },
      cookie,
      duplex: "half",
    } as RequestInit);
    expect(await streamed.text()).toContain(TOO_LARGE);
    // Chunked past the upload limit: refused while reading.
    const { response: huge, source } = await postChunked(page, cookie, 12 * 1024 * 1024);
    expect(huge.status).toBe(413);
    expect(source.pulled).toBeLessThan(6 * 1024 * 1024);
  });
});

describe("a refused configuration", () => {
  const badEnv = () => ({ ...env, DEV_SIGN_IN: "false", SESSION_SECRET: "" }) as unknown as Env;

  it("answers every request with 500 Server misconfigured, logged once, no details", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bad = badEnv();
    const answers: Response[] = [];
    for (const path of ["/sign-in", "/home", "/healthz"]) {
      const ctx = createExecutionContext();
      answers.push(await worker.fetch(new Request(new URL(path, ORIGIN)) as Parameters<typeof worker.fetch>[0], bad, ctx));
      await waitOnExecutionContext(ctx);
    }
    for (const response of answers) {
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).toContain("Server misconfigured");
      expect(text).not.toMatch(/SESSION_SECRET|DEV_SIGN_IN/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const logged = errors.mock.calls.filter((call) => String(call[0]).includes("SESSION_SECRET"));
    expect(logged).toHaveLength(1);
    errors.mockRestore();
  });

  it("refuses to run the scheduled and queue handlers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bad = badEnv();
    const ctx = createExecutionContext();
    await expect(
      worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), bad, ctx),
    ).rejects.toThrow(/SESSION_SECRET/);
    const batch = createMessageBatch("pulseboard-jobs", [
      { id: "m-1", timestamp: new Date(), attempts: 1, body: { type: "notification.deliver", outboxId: "none" } },
    ]);
    await expect(worker.queue!(batch as MessageBatch<never>, bad)).rejects.toThrow(/SESSION_SECRET/);
    vi.restoreAllMocks();
  });
});
