import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Slack Web API on 127.0.0.1 (the methods the app calls), recording every call.
 * - chat.postMessage, views.open, views.publish, users.lookupByEmail: need `Authorization: Bearer xox…`
 *   (a token containing "revoked" answers {ok:false, error:"token_revoked"}).
 * - oauth.v2.access: form body {code, client_id, client_secret, redirect_uri}; a code "team-<T>"
 *   installs into team T ("bad" answers invalid_code).
 * - rateLimitEvery n: every nth chat.postMessage answers 429 with Retry-After: 1.
 * Test control over HTTP (for tests running in another process, such as workerd):
 * - GET /control/calls lists the calls; POST /control/calls lists them and clears the list.
 * Worker test files running side by side share one fake: find a test's own calls by what it sent
 * (a channel, a trigger id, a code) rather than clearing the list.
 */
export interface FakeSlackCall {
  method: string;
  authorization: string | null;
  body: Record<string, unknown>;
  at: number;
}

export interface FakeSlackOptions {
  port?: number;
  rateLimitEvery?: number;
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/json")) return JSON.parse(text) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    // slack-web-api-client sends objects (blocks, view) as JSON strings in a form body.
    out[key] = /^[[{]/.test(value) ? safeJson(value) : value;
  }
  return out;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function send(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(payload));
}

const AUTHED = new Set(["chat.postMessage", "views.open", "views.publish", "views.update", "users.lookupByEmail", "auth.test"]);

export async function startFakeSlack(options: FakeSlackOptions = {}) {
  const calls: FakeSlackCall[] = [];
  let postCount = 0;
  let viewCount = 0;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname === "/control/calls") {
        const seen = calls.slice();
        if (req.method === "POST") calls.length = 0;
        return send(res, 200, seen);
      }
      const method = url.pathname.replace(/^\/(api\/)?/, "");
      const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
      const authorization = req.headers.authorization ?? null;
      calls.push({ method, authorization, body, at: Date.now() });
      if (AUTHED.has(method)) {
        if (!authorization?.startsWith("Bearer xox")) return send(res, 200, { ok: false, error: "not_authed" });
        if (authorization.includes("revoked")) return send(res, 200, { ok: false, error: "token_revoked" });
      }
      switch (method) {
        case "chat.postMessage": {
          postCount += 1;
          if (options.rateLimitEvery && postCount % options.rateLimitEvery === 0) {
            return send(res, 429, { ok: false, error: "ratelimited" }, { "Retry-After": "1" });
          }
          const channel = String(body.channel ?? "");
          if (!channel) return send(res, 200, { ok: false, error: "channel_not_found" });
          if (channel.startsWith("UBLOCKED")) return send(res, 200, { ok: false, error: "messages_tab_disabled" });
          return send(res, 200, { ok: true, channel: `D${channel}`, ts: `${Math.floor(Date.now() / 1000)}.${String(postCount).padStart(6, "0")}` });
        }
        case "views.open":
        case "views.publish":
        case "views.update": {
          viewCount += 1;
          if (method === "views.open" && !body.trigger_id) return send(res, 200, { ok: false, error: "invalid_trigger_id" });
          return send(res, 200, { ok: true, view: { id: `V${String(viewCount).padStart(8, "0")}`, ...(body.view as object) } });
        }
        case "users.lookupByEmail": {
          const email = String(body.email ?? "");
          if (!email.includes("@")) return send(res, 200, { ok: false, error: "users_not_found" });
          return send(res, 200, { ok: true, user: { id: `U${email.split("@")[0]!.toUpperCase()}`, profile: { email } } });
        }
        case "auth.test":
          return send(res, 200, { ok: true, team_id: "T0", user_id: "UBOT" });
        case "oauth.v2.access": {
          const code = String(body.code ?? "");
          const team = /^team-([A-Z0-9]+)$/.exec(code)?.[1];
          if (!team) return send(res, 200, { ok: false, error: "invalid_code" });
          if (!body.client_id || !body.client_secret) return send(res, 200, { ok: false, error: "invalid_client_id" });
          return send(res, 200, {
            ok: true,
            app_id: "A0PULSEBOARD",
            authed_user: { id: `U${team}INSTALLER` },
            scope: "chat:write,im:write,im:history,users:read,users:read.email",
            token_type: "bot",
            access_token: `xoxb-${team}-${Math.random().toString(36).slice(2)}`,
            bot_user_id: `B${team}`,
            team: { id: team, name: `Workspace ${team}` },
            enterprise: null,
            is_enterprise_install: false,
          });
        }
        default:
          return send(res, 200, { ok: false, error: "unknown_method" });
      }
    } catch (error) {
      send(res, 500, { ok: false, error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The bindings that point the Worker's Slack calls at the fake. */
export function fakeSlackBindings(url: string) {
  return { SLACK_API_BASE_URL: `${url}/api` };
}
