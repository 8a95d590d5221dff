import { createCookie } from "@remix-run/cloudflare";
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";

export const ORIGIN = "http://127.0.0.1:8787";

/** The session cookie's name over plain http (the tests' origin); over https it is `__Host-session`. */
export const SESSION_COOKIE = "__session";

/**
 * Fetch the app as a browser on our own origin would (Host, and Origin on mutations), calling the
 * Worker's fetch handler directly rather than through SELF: with vitest-pool-workers 0.23 every
 * SELF.fetch gets slower the more were made before (a one-line worker went from ~1 ms to ~25 ms
 * per request after 300 requests), which made the route × role sweep take minutes.
 */
export async function appFetch(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Host", new URL(ORIGIN).host);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, ORIGIN), { redirect: "manual", ...init, headers });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** One seeded person of each role on both platforms (the route × role and sidebar tables). */
export const ROLE_PEOPLE = [
  "alice@acme.test",
  "adam@acme.test",
  "mona@acme.test",
  "eve@acme.test",
  "sam@acme.test",
  "gina@globex.test",
  "gary@globex.test",
  "mike@globex.test",
  "tina@globex.test",
] as const;

/** POST a form as a browser with JavaScript off would. */
export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return appFetch(path, { method: "POST", body: new URLSearchParams(fields), cookie });
}

/** A signed session cookie for a seeded person, written the way the app writes sessions. */
export async function sessionFor(email: string, options: { frameTeamId?: string } = {}): Promise<string> {
  const user = await env.DB.prepare("SELECT id, company_id FROM users WHERE email = ? AND is_deleted = 0")
    .bind(email)
    .first<{ id: string; company_id: string }>();
  if (!user) throw new Error(`No seeded person ${email}`);
  const id = `test-${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO sessions (id, user_id, company_id, frame_team_id, view, expires_at) VALUES (?, ?, ?, ?, 'USER', ?)")
    .bind(id, user.id, user.company_id, options.frameTeamId ?? null, Date.now() + 3600_000)
    .run();
  const cookie = createCookie(SESSION_COOKIE, { secrets: [env.SESSION_SECRET] });
  const header = await cookie.serialize(id);
  return header.split(";")[0];
}

/** The cookie pair ("name=value") from a Set-Cookie answer, for the next request. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0];
}

/** Hands messages to the Worker's queue consumer as one batch, as Queues would, and returns what it acknowledged and retried. */
export async function consumeQueue(queue: string, messages: Array<{ id: string; body: unknown; attempts?: number }>, testEnv: Env = env as Env) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<never>, testEnv);
  return getQueueResult(batch, ctx);
}
