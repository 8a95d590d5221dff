import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
// With the extension so Node's own type stripping can load this file (scripts/e2e.mjs imports it
// without a bundler); tsc accepts such paths only with allowImportingTsExtensions.
// @ts-ignore TS5097
import { DEMO, demoSeed } from "../../app/db/seed/demo.ts";

export const FAKE_OIDC_CLIENTS = {
  slack: { clientId: "fake-slack-client", clientSecret: "fake-slack-secret" },
  msteams: { clientId: "fake-msteams-client", clientSecret: "fake-msteams-secret" },
} as const;

export type FakePlatform = keyof typeof FAKE_OIDC_CLIENTS;

/** The issuer the fake writes into tokens; Microsoft's names the tenant like the real one. */
export function fakeIssuer(url: string, platform: FakePlatform, tenantId = "{tenantid}") {
  return platform === "slack" ? `${url}/slack` : `${url}/msteams/${tenantId}/v2.0`;
}

/** The app's OIDC settings pointing at a fake started on `url` (wrangler vars / miniflare bindings). */
export function fakeOidcBindings(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const platform of ["slack", "msteams"] as const) {
    const prefix = platform.toUpperCase();
    out[`${prefix}_OIDC_ISSUER`] = fakeIssuer(url, platform);
    out[`${prefix}_OIDC_AUTHORIZE_URL`] = `${url}/${platform}/authorize`;
    out[`${prefix}_OIDC_TOKEN_URL`] = `${url}/${platform}/token`;
    out[`${prefix}_OIDC_JWKS_URL`] = `${url}/${platform}/jwks`;
    out[`${prefix}_CLIENT_ID`] = FAKE_OIDC_CLIENTS[platform].clientId;
    out[`${prefix}_CLIENT_SECRET`] = FAKE_OIDC_CLIENTS[platform].clientSecret;
  }
  return out;
}

/** What a test may ask of a code or token, beyond the claims (POST /test/codes, /test/id-tokens). */
export interface FakeTokenOptions {
  /** "unknown": sign with a key the JWKS does not publish. */
  signWith?: "published" | "unknown";
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresInSeconds?: number;
  /** Make the token endpoint refuse the code. */
  tokenError?: boolean;
}

export interface FakeCodeRequest {
  platform: FakePlatform;
  /** Who signs in; default alice@acme.test (Slack) or gina@globex.test (Teams). */
  email?: string;
  /** Claims to add or replace; null removes a claim. */
  claims?: Record<string, unknown>;
  nonce?: string;
  redirectUri?: string;
  codeChallenge?: string;
  options?: FakeTokenOptions;
}

/**
 * A fake OpenID Connect provider on 127.0.0.1 standing in for Sign in with Slack and the
 * Microsoft identity platform, so sign-in is tested end to end with nothing outside the machine.
 *
 *   GET  /{slack|msteams}/authorize  redirects straight back to redirect_uri with a code and the
 *                                    state, for the person named by login_hint (an e-mail)
 *   POST /{slack|msteams}/token      code → id_token (client_secret_post or Basic, PKCE S256 checked)
 *   GET  /{slack|msteams}/jwks       the public signing key
 *   POST /test/codes                 JSON FakeCodeRequest → { code }: a code with chosen claims/faults
 *   POST /test/id-tokens             JSON FakeCodeRequest → { idToken } (for the framed tab)
 */
export interface FakeOidc {
  url: string;
  /** The app's OIDC settings pointing at this fake (wrangler --var / miniflare bindings). */
  providerVars(): Record<string, string>;
  close(): Promise<void>;
}

interface IssuedCode extends FakeCodeRequest {
  expiresAt: number;
}

const PLATFORMS = new Set<FakePlatform>(["slack", "msteams"]);
const CODE_TTL_MS = 5 * 60 * 1000;

/** Team ids of the seeded companies, so a login_hint e-mail lands in the right tenant. */
const TEAM_BY_DOMAIN: Record<string, string> = Object.fromEntries(Object.values(DEMO).map((c) => [c.domain, c.externalId]));

/**
 * The chat account ids the seed links people to, by e-mail: the provider names a seeded person by
 * the same Slack user id or Microsoft object id (oid) the app knows them by, as the real ones do.
 */
let seededChatIds: Map<string, { slack: string | null; msteams: string | null }> | undefined;
function seededChatId(platform: FakePlatform, email: string): string | null {
  seededChatIds ??= new Map(
    demoSeed().users.map((u) => [
      String(u.email).toLowerCase(),
      { slack: (u.slack_user_id as string | null) ?? null, msteams: (u.msteams_user_id as string | null) ?? null },
    ]),
  );
  return seededChatIds.get(email.toLowerCase())?.[platform] ?? null;
}

function defaultEmail(platform: FakePlatform) {
  return platform === "slack" ? `alice@${DEMO.acme.domain}` : `gina@${DEMO.globex.domain}`;
}

function personClaims(url: string, platform: FakePlatform, email: string): Record<string, unknown> {
  const local = email.split("@")[0] ?? "someone";
  const domain = email.split("@")[1] ?? "";
  const name = local.charAt(0).toUpperCase() + local.slice(1);
  if (platform === "slack") {
    const team = TEAM_BY_DOMAIN[domain] ?? DEMO.acme.externalId;
    const user = seededChatId("slack", email) ?? `UFAKE${local.toUpperCase()}`;
    return {
      iss: fakeIssuer(url, "slack"),
      sub: user,
      "https://slack.com/user_id": user,
      "https://slack.com/team_id": team,
      email,
      email_verified: true,
      name,
    };
  }
  const tid = TEAM_BY_DOMAIN[domain] ?? DEMO.globex.externalId;
  const oid = seededChatId("msteams", email) ?? createHash("sha256").update(email).digest("hex").slice(0, 32);
  return {
    iss: fakeIssuer(url, "msteams", tid),
    sub: `fake-sub-${oid}`,
    oid,
    tid,
    email,
    preferred_username: email,
    name,
    ver: "2.0",
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

const b64url = (buf: Buffer) => buf.toString("base64").replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

export async function startFakeOidc(options: { port?: number; host?: string } = {}): Promise<FakeOidc> {
  const host = options.host ?? "127.0.0.1";
  const published = await generateKeyPair("RS256", { extractable: true });
  const unknown = await generateKeyPair("RS256", { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(published.publicKey)), kid: "fake-published", alg: "RS256", use: "sig" };
  const codes = new Map<string, IssuedCode>();
  let url = "";

  async function signIdToken(request: FakeCodeRequest): Promise<string> {
    const opts: FakeTokenOptions = request.options ?? {};
    const claims: Record<string, unknown> = {
      ...personClaims(url, request.platform, request.email ?? defaultEmail(request.platform)),
      ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
      jti: b64url(randomBytes(16)),
    };
    for (const [key, value] of Object.entries(request.claims ?? {})) {
      if (value === null) delete claims[key];
      else claims[key] = value;
    }
    // Microsoft's issuer follows the token's tenant, also when a test overrides tid.
    if (request.platform === "msteams" && !request.claims?.iss) claims.iss = fakeIssuer(url, "msteams", String(claims.tid));
    if (opts.issuer) claims.iss = opts.issuer;
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = opts.expiresInSeconds ?? 300;
    const key = opts.signWith === "unknown" ? unknown.privateKey : published.privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: opts.signWith === "unknown" ? "fake-unknown" : "fake-published", typ: "JWT" })
      .setAudience(opts.audience ?? FAKE_OIDC_CLIENTS[request.platform].clientId)
      .setIssuedAt(expiresIn < 0 ? now + expiresIn - 300 : now)
      .setExpirationTime(now + expiresIn)
      .sign(key);
  }

  function issueCode(request: FakeCodeRequest): string {
    const code = b64url(randomBytes(24));
    codes.set(code, { ...request, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  async function authorize(platform: FakePlatform, query: URLSearchParams, res: ServerResponse) {
    const redirectUri = query.get("redirect_uri");
    if (query.get("client_id") !== FAKE_OIDC_CLIENTS[platform].clientId || !redirectUri || query.get("response_type") !== "code") {
      return send(res, 400, { error: "invalid_request" });
    }
    if (query.get("code_challenge") && query.get("code_challenge_method") !== "S256") {
      return send(res, 400, { error: "invalid_request", error_description: "only S256" });
    }
    const code = issueCode({
      platform,
      email: query.get("login_hint") || undefined,
      claims: query.get("team") ? { [platform === "slack" ? "https://slack.com/team_id" : "tid"]: query.get("team") } : undefined,
      nonce: query.get("nonce") ?? undefined,
      redirectUri,
      codeChallenge: query.get("code_challenge") ?? undefined,
    });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    if (query.get("state") !== null) back.searchParams.set("state", query.get("state")!);
    res.writeHead(302, { Location: back.toString(), "Cache-Control": "no-store" });
    res.end();
  }

  async function token(platform: FakePlatform, req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const fail = (error: string) =>
      platform === "slack" ? send(res, 200, { ok: false, error }) : send(res, 400, { error, error_description: error });
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) [clientId, clientSecret] = Buffer.from(basic, "base64").toString("utf8").split(":");
    const client = FAKE_OIDC_CLIENTS[platform];
    if (clientId !== client.clientId || clientSecret !== client.clientSecret) return fail("invalid_client");
    if (form.get("grant_type") !== "authorization_code") return fail("unsupported_grant_type");
    const code = form.get("code") ?? "";
    const issued = codes.get(code);
    codes.delete(code);
    if (!issued || issued.platform !== platform || issued.expiresAt < Date.now()) return fail("invalid_grant");
    if (issued.redirectUri && issued.redirectUri !== form.get("redirect_uri")) return fail("invalid_grant");
    if (issued.codeChallenge) {
      const verifier = form.get("code_verifier") ?? "";
      if (b64url(createHash("sha256").update(verifier).digest()) !== issued.codeChallenge) return fail("invalid_grant");
    }
    if (issued.options?.tokenError) return fail("invalid_grant");
    const idToken = await signIdToken(issued);
    const body = { access_token: `fake-access-${b64url(randomBytes(12))}`, token_type: "Bearer", expires_in: 3600, id_token: idToken };
    return send(res, 200, platform === "slack" ? { ok: true, ...body } : body);
  }

  const server = createServer((req, res) => {
    const requestUrl = new URL(req.url ?? "/", url || `http://${host}`);
    const [, first, second] = requestUrl.pathname.split("/");
    const handle = async () => {
      if (first === "test" && req.method === "POST" && (second === "codes" || second === "id-tokens")) {
        const request = JSON.parse((await readBody(req)) || "{}") as FakeCodeRequest;
        if (!PLATFORMS.has(request.platform)) return send(res, 400, { error: "platform must be slack or msteams" });
        return second === "codes" ? send(res, 200, { code: issueCode(request) }) : send(res, 200, { idToken: await signIdToken(request) });
      }
      if (!PLATFORMS.has(first as FakePlatform)) return send(res, 404, { error: "not_found" });
      const platform = first as FakePlatform;
      if (second === "authorize" && req.method === "GET") return authorize(platform, requestUrl.searchParams, res);
      if (second === "token" && req.method === "POST") return token(platform, req, res);
      if (second === "jwks" && req.method === "GET") return send(res, 200, { keys: [publicJwk] });
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
    providerVars: () => fakeOidcBindings(url),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
