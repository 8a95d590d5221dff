import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake BambooHR and HiBob on 127.0.0.1 for the worker tests.
 * - BambooHR: GET /bamboohr/{domain}/v1/employees/directory (basic auth, API key as the user)
 * - HiBob: GET /hibob/v1/people (Authorization header = the key)
 * Test control (POST, JSON body):
 * - /control/employees {provider: "bamboohr"|"hibob", employees?: [...], generate?: n} sets the list
 * - /control/next {provider, status: 401|429|"malformed", retryAfter?} makes the next call fail once
 * - /control/requests GET lists the calls seen (path, authorization)
 */
type Provider = "bamboohr" | "hibob";
const state = {
  employees: { bamboohr: [] as unknown[], hibob: [] as unknown[] },
  next: { bamboohr: null, hibob: null } as Record<Provider, null | { status: number | "malformed"; retryAfter?: string }>,
  requests: [] as Array<{ path: string; authorization: string | null }>,
};

function generated(provider: Provider, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const managerId = i === 0 ? null : String(1_000_000 + Math.floor((i - 1) / 8));
    const id = String(1_000_000 + i);
    return provider === "bamboohr"
      ? { id, displayName: `Person ${i}`, workEmail: `person${i}@bulk.test`, jobTitle: `Title ${i % 20}`, department: `Dept ${i % 25}`, supervisorEid: managerId }
      : { id, displayName: `Person ${i}`, email: `person${i}@bulk.test`, work: { title: `Title ${i % 20}`, department: `Dept ${i % 25}`, reportsTo: managerId ? { id: managerId } : null } };
  });
}

async function body(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

function send(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
}

export async function startFakeHris() {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname === "/control/employees" && req.method === "POST") {
        const input = await body(req);
        const provider = input.provider as Provider;
        state.employees[provider] = input.generate ? generated(provider, input.generate) : input.employees;
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/control/next" && req.method === "POST") {
        const input = await body(req);
        state.next[input.provider as Provider] = { status: input.status, retryAfter: input.retryAfter };
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/control/requests") {
        const seen = state.requests;
        if (req.method === "POST") state.requests = [];
        return send(res, 200, seen);
      }
      const bamboo = /^\/bamboohr\/([^/]+)\/v1\/employees\/directory$/.exec(url.pathname);
      const provider: Provider | null = bamboo ? "bamboohr" : url.pathname === "/hibob/v1/people" ? "hibob" : null;
      if (!provider || req.method !== "GET") return send(res, 404, { error: "not found" });
      const authorization = req.headers.authorization ?? null;
      state.requests.push({ path: url.pathname + url.search, authorization });
      if (!authorization) return send(res, 401, { error: "no credentials" });
      const next = state.next[provider];
      state.next[provider] = null;
      if (next?.status === "malformed") return send(res, 200, '{"employees": [ {"id": ');
      if (next?.status === 429) return send(res, 429, { error: "slow down" }, { "Retry-After": next.retryAfter ?? "17" });
      if (next) return send(res, next.status, { error: "refused" });
      return send(res, 200, { employees: state.employees[provider] });
    } catch (error) {
      send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The Worker bindings pointing both HR systems at the fake. */
export function fakeHrisBindings(url: string) {
  return { BAMBOOHR_API_BASE_URL: `${url}/bamboohr`, HIBOB_API_BASE_URL: `${url}/hibob`, FAKE_HRIS_URL: url };
}
