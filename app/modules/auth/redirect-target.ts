/** Paths that must not be a post-sign-in destination: they would restart or undo the sign-in. */
const REFUSED_PATHS = ["/tab", "/auth", "/sign-out", "/sign-in", "/dev/sign-in"];

/**
 * A post-sign-in destination from the query string, only if it is a path on our own origin.
 * Anything else (another host, a protocol-relative `//host`, a backslash trick, a javascript:
 * URL) gives null and the caller falls back to the profile.
 */
export function sameOriginPath(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (REFUSED_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return path;
}
