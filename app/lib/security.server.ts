import type { Config } from "./config.server";

/** A fresh nonce for one response's scripts: 128 random bits, base64. */
export function createCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Headers every response carries (static assets get a stricter set from public/_headers).
 * Scripts run only from our origin or with this response's nonce, which the server render puts
 * on each of its script elements (entry.server.tsx): an injected inline script has no nonce.
 * Styles keep 'unsafe-inline' (style attributes from React and the charts); they cannot run code.
 */
export function applySecurityHeaders(headers: Headers, config: Config, nonce: string) {
  const ancestors = ["'self'", ...config.frameAncestors].join(" ");
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      // The sign-in form redirects to the identity provider, which counts as form navigation.
      ["form-action 'self'", ...signInOrigins(config)].join(" "),
      "base-uri 'self'",
      "object-src 'none'",
      `frame-ancestors ${ancestors}`,
    ].join("; "),
  );
  applyBaseHeaders(headers);
}

/** The headers that need no configuration (also on the answer to a refused configuration). */
export function applyBaseHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

function signInOrigins(config: Config): string[] {
  const origins = Object.values(config.oidc).flatMap((provider) => {
    try {
      return [new URL(provider.authorizeUrl).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)].filter((origin) => origin.startsWith("https://") || origin.startsWith("http://"));
}

// ---------------------------------------------------------------------------------------------
// Request bodies are limited while they are read: a declared Content-Length over the limit is
// refused before reading, and a body without one (chunked) is counted as it streams and refused
// at the limit, so no request makes the Worker hold more than its limit in memory.

const MB = 1024 * 1024;
/** Forms and JSON bodies. */
export const FORM_BODY_LIMIT = 1 * MB;
/**
 * The pages that take a csv/xlsx file (a relationship's members, a review's pairs and nominees).
 * Above their own limits (a 2 MB file, a 3 MB form), so that their own checks answer first.
 */
export const UPLOAD_BODY_LIMIT = 4 * MB;
const UPLOAD_PATHS = [
  /^\/organization\/settings\/relationships$/,
  /^\/reviews\/manage-reviews\/(launch-review|draft\/[^/]+)$/,
  // A feedback loop's configuration takes a file of sender-receiver pairs.
  /^\/workflows\/library\/[^/]+\/[^/]+\/config$/,
];

export function bodyLimitFor(url: URL): { bytes: number; upload: boolean } {
  // A script's form submission goes to the same path with ".data" (Remix single fetch).
  const path = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const upload = UPLOAD_PATHS.some((pattern) => pattern.test(path));
  return { bytes: upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT, upload };
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = "BodyTooLarge";
  }
}

export function bodyTooLargeResponse(limit: number): Response {
  return new Response(`The request is too large (at most ${Math.round(limit / MB)} MB).`, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The request with its body limited, and whether reading it went past the limit; or the 413 for
 * a declared length over it. The upload pages answer a declared oversized file themselves (their
 * form says how large a file may be, before reading anything); their stream is limited all the same.
 */
export function limitRequestBody(request: Request): { refused: Response } | { request: Request; overLimit: () => boolean } {
  if (!request.body) return { request, overLimit: () => false };
  const limit = bodyLimitFor(new URL(request.url));
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!limit.upload && Number.isFinite(declared) && declared > limit.bytes) return { refused: bodyTooLargeResponse(limit.bytes) };
  let over = false;
  // A native identity stream, fed from here: the route reads it as it reads any body, and the
  // client's bytes are read only as fast as the route takes them (each write waits for its read).
  const { readable: counted, writable } = new IdentityTransformStream();
  const pump = async (body: ReadableStream<Uint8Array>) => {
    const source = body.getReader();
    const sink = writable.getWriter();
    let seen = 0;
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        seen += value.byteLength;
        if (seen > limit.bytes) {
          over = true;
          await source.cancel().catch(() => undefined);
          await sink.abort(new BodyTooLarge(limit.bytes)).catch(() => undefined);
          return;
        }
        await sink.write(value);
      }
      await sink.close();
    } catch (error) {
      await source.cancel(error).catch(() => undefined);
      await sink.abort(error).catch(() => undefined);
    }
  };
  void pump(request.body);
  const limited = new Request(request, { body: counted, duplex: "half" } as RequestInit);
  return { request: limited, overLimit: () => over };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery: a mutating request must come from our own origin. Browsers send
 * Origin on every cross-site POST (and Sec-Fetch-Site); a request carrying neither is not a
 * browser form post from another site (curl, server-to-server) and carries no ambient cookie risk.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== url.origin;
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}
