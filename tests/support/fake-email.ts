import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake transactional e-mail API (Resend's shape) on 127.0.0.1, recording what it sends.
 * - POST /emails with `Authorization: Bearer re_…` and JSON {from, to, subject, html, text}:
 *   200 {id}. An Idempotency-Key already seen answers the first e-mail's id and sends nothing more.
 * - failFirst(n, status?, retryAfter?, to?): the next n sends (to that address, when given) answer
 *   that status (default 503) and send nothing.
 * Test control over HTTP (for tests running in another process, such as workerd):
 * - GET /control/messages: the e-mails sent; GET /control/calls: every request (key, status answered)
 * - POST /control/fail {count, status?, retryAfter?, to?}; POST /control/reset clears everything.
 *   Worker test files share one fake and run side by side: a test fails only its own address and
 *   reads only its own messages (by Idempotency-Key), and never resets.
 */
export interface FakeEmail {
  id: string;
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
}

export interface FakeEmailCall {
  idempotencyKey: string | null;
  status: number;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(payload));
}

export async function startFakeEmail(options: { port?: number } = {}) {
  const messages: FakeEmail[] = [];
  const calls: FakeEmailCall[] = [];
  const byKey = new Map<string, string>();
  let failing = { count: 0, status: 503, retryAfter: undefined as string | undefined, to: undefined as string | undefined };
  const failFirst = (count: number, status = 503, retryAfter?: number, to?: string) => {
    failing = { count, status, retryAfter: retryAfter === undefined ? undefined : String(retryAfter), to };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname === "/control/messages") return send(res, 200, messages);
      if (url.pathname === "/control/calls") return send(res, 200, calls);
      if (url.pathname === "/control/reset" && req.method === "POST") {
        messages.length = 0;
        calls.length = 0;
        byKey.clear();
        failFirst(0);
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/control/fail" && req.method === "POST") {
        const input = await readJson(req);
        failFirst(
          Number(input.count ?? 0),
          Number(input.status ?? 503),
          input.retryAfter === undefined ? undefined : Number(input.retryAfter),
          typeof input.to === "string" ? input.to : undefined
        );
        return send(res, 200, { ok: true });
      }
      if (url.pathname !== "/emails" || req.method !== "POST") return send(res, 404, { statusCode: 404, name: "not_found", message: "Not found" });
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
        calls.push({ idempotencyKey: key, status });
        send(res, status, payload, headers);
      };
      if (!req.headers.authorization?.startsWith("Bearer re_")) {
        return answer(401, { statusCode: 401, name: "missing_api_key", message: "Missing API key" });
      }
      const body = await readJson(req);
      const to = Array.isArray(body.to) ? body.to.map(String) : [String(body.to ?? "")];
      if (failing.count > 0 && (!failing.to || to.includes(failing.to))) {
        failing.count -= 1;
        const name = failing.status === 429 ? "rate_limit_exceeded" : "internal_server_error";
        return answer(failing.status, { statusCode: failing.status, name, message: "try again" }, failing.retryAfter ? { "Retry-After": failing.retryAfter } : {});
      }
      if (!body.from || !to[0] || !body.subject || (!body.html && !body.text)) {
        return answer(422, { statusCode: 422, name: "validation_error", message: "from, to, subject and a body are required" });
      }
      const known = key ? byKey.get(key) : undefined;
      if (known) return answer(200, { id: known });
      const id = `em_${messages.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
      if (key) byKey.set(key, id);
      messages.push({ id, idempotencyKey: key, from: String(body.from), to, subject: String(body.subject), html: String(body.html ?? ""), text: String(body.text ?? "") });
      return answer(200, { id });
    } catch (error) {
      send(res, 500, { statusCode: 500, name: "internal_server_error", message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, messages, calls, failFirst, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The bindings that send the Worker's e-mail through the fake. */
export function fakeEmailBindings(url: string) {
  return { EMAIL_PROVIDER: "resend", EMAIL_API_BASE_URL: url, EMAIL_API_KEY: "re_worker_tests", FAKE_EMAIL_URL: url };
}
