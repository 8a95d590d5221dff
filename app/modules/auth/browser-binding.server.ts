import { createCookie } from "@remix-run/cloudflare";

/**
 * Binds a sign-in in progress to the browser that started it. The start (the provider button's
 * POST, or the framed tab's token step) sets a random value in a short-lived HttpOnly cookie and
 * the authorization row keeps only its SHA-256 (`authorizations.browser_key`); the completion
 * link, the workspace choice and the tab's token-free step work only where that cookie is. A link
 * copied out of one browser (history, a screenshot, a log) is then useless in another.
 *
 * Over https (always so when framed in Teams or Slack) it is `__Host-sign_in`, SameSite=None;
 * Secure; Partitioned, so it also works inside the host's frame; over plain http (local
 * development) `__sign_in_browser`, SameSite=Lax. Path=/ because the steps live under /auth,
 * /slack, /msteams and /tab.
 */
const BINDING_TTL_SECONDS = 10 * 60;

function bindingCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? "__Host-sign_in" : "__sign_in_browser", {
    httpOnly: true,
    path: "/",
    sameSite: secure ? "none" : "lax",
    secure,
    partitioned: secure,
    maxAge: BINDING_TTL_SECONDS,
  });
}

function hex(bytes: ArrayBuffer) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string) {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A fresh binding: the Set-Cookie header for the browser and the digest to store with the authorization. */
export async function newBrowserBinding(request: Request): Promise<{ setCookie: string; browserKey: string }> {
  const value = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
  return { setCookie: await bindingCookie(request).serialize(value), browserKey: await sha256Hex(value) };
}

/** The digest of this browser's binding cookie, or null without one. */
export async function browserKeyOf(request: Request): Promise<string | null> {
  const value = await bindingCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? sha256Hex(value) : null;
}

/** Set-Cookie that removes the binding once its sign-in is complete. */
export function clearBrowserBinding(request: Request) {
  return bindingCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
