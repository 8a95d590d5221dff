/**
 * A redirect target from user input, only if it is a path on our own origin: another host, a
 * protocol-relative `//host`, a backslash trick or a `javascript:` URL gives null. Client-safe.
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  try {
    const url = new URL(value, "http://same.origin");
    if (url.host !== "same.origin") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
