import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/** The bot registration the fake knows; fakeBotFrameworkBindings gives the app the same values. */
export const FAKE_BOT = {
  appId: "00000000-0000-0000-0000-0000000b0701",
  appPassword: "fake-bot-client-secret",
  /** The bot's own tenant (single-tenant registration), filled into the token URL's {tenant}. */
  tenantId: "fake-bot-tenant",
  /** Bot Framework's issuer for activities Teams sends; the fake signs with it. */
  issuer: "https://api.botframework.com",
} as const;

/** The app's Teams bot settings pointing at a fake started on `url` (miniflare bindings / wrangler vars). */
export function fakeBotFrameworkBindings(url: string): Record<string, string> {
  return {
    MSTEAMS_BOT_APP_ID: FAKE_BOT.appId,
    MSTEAMS_BOT_APP_PASSWORD: FAKE_BOT.appPassword,
    MSTEAMS_BOT_TENANT_ID: FAKE_BOT.tenantId,
    MSTEAMS_BOT_TOKEN_URL: `${url}/{tenant}/oauth2/v2.0/token`,
    MSTEAMS_BOT_OPENID_METADATA_URL: `${url}/botframework/.well-known/openidconfiguration`,
    MSTEAMS_BOT_ISSUER: FAKE_BOT.issuer,
    MSTEAMS_BOT_BASE_URL: `${url}/teams`,
    FAKE_BOTFRAMEWORK_URL: url,
  };
}

/** What a test may ask of an inbound activity's token (POST /test/activity-tokens). */
export interface FakeActivityTokenRequest {
  /** The serviceurl claim; Teams puts the activity's serviceUrl there. */
  serviceUrl: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresInSeconds?: number;
  /** "unknown": a key the JWKS does not publish. */
  signWith?: "published" | "unknown";
}

/** A recorded call to the token endpoint or the connector. */
export interface FakeBotCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/** A fault the connector answers with, once, to the next connector call whose path contains `pathIncludes`. */
export interface FakeConnectorFault {
  pathIncludes?: string;
  status: number;
  body?: unknown;
  retryAfter?: string;
}

/**
 * A fake Bot Framework and Microsoft identity platform on 127.0.0.1, so the Teams bot is tested
 * end to end with nothing outside the machine:
 *
 *   POST /{tenant}/oauth2/v2.0/token       client credentials → bot access token (scope checked)
 *   GET  /botframework/.well-known/openidconfiguration   { issuer, jwks_uri }
 *   GET  /botframework/keys                the key inbound activity tokens are signed with
 *   POST /teams/v3/conversations           create a 1:1 conversation → { id }
 *   POST /teams/v3/conversations/{id}/activities[/{replyToId}]   post → { id }
 *   POST /test/activity-tokens             FakeActivityTokenRequest → { token }
 *   GET  /test/calls, POST /test/reset     what the token endpoint and connector were sent
 *   POST /test/faults                      FakeConnectorFault[] answered in order by the connector
 */
export interface FakeBotFramework {
  url: string;
  calls: FakeBotCall[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

export async function startFakeBotFramework(options: { port?: number; host?: string } = {}): Promise<FakeBotFramework> {
  const host = options.host ?? "127.0.0.1";
  const published = await generateKeyPair("RS256", { extractable: true });
  const unknown = await generateKeyPair("RS256", { extractable: true });
  const publicJwk: JWK & { endorsements: string[] } = {
    ...(await exportJWK(published.publicKey)),
    kid: "fake-bot-published",
    alg: "RS256",
    use: "sig",
    endorsements: ["msteams"],
  };
  const calls: FakeBotCall[] = [];
  const issuedTokens = new Set<string>();
  let faults: FakeConnectorFault[] = [];
  let conversations = 0;
  let url = "";

  function mintActivityToken(request: FakeActivityTokenRequest): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = request.expiresInSeconds ?? 300;
    const unknownKey = request.signWith === "unknown";
    return new SignJWT({ serviceurl: request.serviceUrl })
      .setProtectedHeader({ alg: "RS256", kid: unknownKey ? "fake-bot-unknown" : "fake-bot-published", typ: "JWT" })
      .setIssuer(request.issuer ?? FAKE_BOT.issuer)
      .setAudience(request.audience ?? FAKE_BOT.appId)
      .setIssuedAt(expiresIn < 0 ? now + expiresIn - 300 : now)
      .setNotBefore(expiresIn < 0 ? now + expiresIn - 300 : now)
      .setExpirationTime(now + expiresIn)
      .sign(unknownKey ? unknown.privateKey : published.privateKey);
  }

  async function token(tenant: string, req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    calls.push({ method: "POST", path: `/${tenant}/oauth2/v2.0/token`, authorization: null, body: Object.fromEntries(form) });
    if (tenant !== FAKE_BOT.tenantId) return send(res, 400, { error: "invalid_request", error_description: "AADSTS90002: Tenant not found." });
    if (form.get("client_id") !== FAKE_BOT.appId || form.get("client_secret") !== FAKE_BOT.appPassword) {
      return send(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
    }
    if (form.get("grant_type") !== "client_credentials") return send(res, 400, { error: "unsupported_grant_type" });
    if (form.get("scope") !== "https://api.botframework.com/.default") return send(res, 400, { error: "invalid_scope" });
    const accessToken = `fake-bot-token-${randomBytes(12).toString("hex")}`;
    issuedTokens.add(accessToken);
    return send(res, 200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: accessToken });
  }

  async function connector(req: IncomingMessage, res: ServerResponse, path: string) {
    const text = await readBody(req);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const authorization = req.headers.authorization ?? null;
    calls.push({ method: req.method ?? "", path, authorization, body });
    const bearer = authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!bearer || !issuedTokens.has(bearer)) return send(res, 401, { message: "Authorization has been denied for this request." });
    const faultIndex = faults.findIndex((f) => !f.pathIncludes || path.includes(f.pathIncludes));
    if (faultIndex >= 0) {
      const [fault] = faults.splice(faultIndex, 1);
      return send(res, fault.status, fault.body ?? null, fault.retryAfter ? { "Retry-After": fault.retryAfter } : {});
    }
    if (req.method !== "POST") return send(res, 405, { error: { code: "BadSyntax", message: "POST only" } });
    if (path === "/teams/v3/conversations") {
      const member = (body as { members?: Array<{ id?: string }> } | null)?.members?.[0]?.id;
      if (!member) return send(res, 400, { error: { code: "BadArgument", message: "members required" } });
      conversations += 1;
      return send(res, 201, { id: `a:fake-conversation-${conversations}-${member}` });
    }
    if (/^\/teams\/v3\/conversations\/[^/]+\/activities(\/[^/]+)?$/.test(path)) {
      return send(res, 201, { id: `1:${randomBytes(6).toString("hex")}` });
    }
    return send(res, 404, { error: { code: "NotFound", message: "no such path" } });
  }

  const server = createServer((req, res) => {
    const requestUrl = new URL(req.url ?? "/", url || `http://${host}`);
    const path = requestUrl.pathname;
    const handle = async () => {
      if (path === "/test/activity-tokens" && req.method === "POST") {
        return send(res, 200, { token: await mintActivityToken(JSON.parse((await readBody(req)) || "{}")) });
      }
      if (path === "/test/calls" && req.method === "GET") return send(res, 200, calls);
      if (path === "/test/reset" && req.method === "POST") {
        calls.length = 0;
        faults = [];
        return send(res, 200, { ok: true });
      }
      if (path === "/test/faults" && req.method === "POST") {
        faults.push(...(JSON.parse((await readBody(req)) || "[]") as FakeConnectorFault[]));
        return send(res, 200, { ok: true });
      }
      if (path === "/botframework/.well-known/openidconfiguration" && req.method === "GET") {
        return send(res, 200, {
          issuer: FAKE_BOT.issuer,
          authorization_endpoint: `${url}/botframework/authorize`,
          jwks_uri: `${url}/botframework/keys`,
          id_token_signing_alg_values_supported: ["RS256"],
          token_endpoint_auth_methods_supported: ["private_key_jwt"],
        });
      }
      if (path === "/botframework/keys" && req.method === "GET") return send(res, 200, { keys: [publicJwk] });
      const tokenPath = path.match(/^\/([^/]+)\/oauth2\/v2\.0\/token$/);
      if (tokenPath && req.method === "POST") return token(decodeURIComponent(tokenPath[1]), req, res);
      if (path.startsWith("/teams/")) return connector(req, res, path);
      return send(res, 404, { error: "not_found" });
    };
    handle().catch((error) => send(res, 500, { error: "server_error", error_description: String(error) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
