import { localPath } from "~/lib/local-path";

/** Paths that must not be a post-sign-in destination: they would restart or undo the sign-in. */
const REFUSED_PATHS = ["/tab", "/auth", "/sign-out", "/sign-in", "/dev/sign-in"];

/**
 * A post-sign-in destination from the query string, only if it is a path on our own origin.
 * Anything else (another host, a protocol-relative `//host`, a backslash trick, a javascript:
 * URL) gives null and the caller falls back to the profile.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  const path = localPath(value);
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0];
  if (REFUSED_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return path;
}
