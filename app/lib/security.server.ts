import type { Config } from "./config.server";

/** Headers every response carries (static assets get the same set from public/_headers). */
export function applySecurityHeaders(headers: Headers, config: Config) {
  const ancestors = ["'self'", ...config.frameAncestors].join(" ");
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      // The sign-in form's redirect to the identity provider counts as form navigation.
      ["form-action 'self' https:", ...signInOrigins(config)].join(" "),
      "base-uri 'self'",
      "object-src 'none'",
      `frame-ancestors ${ancestors}`,
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

function signInOrigins(config: Config): string[] {
  return Object.values(config.oidc).flatMap((provider) => {
    try {
      return [new URL(provider.authorizeUrl).origin];
    } catch {
      return [];
    }
  });
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
