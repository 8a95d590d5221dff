import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Toast, ToastInput } from "./toast";

/**
 * Flash toasts: an action (or loader) answers with a redirect that carries the toast in a
 * short-lived cookie; the root loader reads it once and clears it, so the toast survives the
 * redirect and a page reload with JavaScript off shows it too (STYLE.md, epic-stack).
 *
 * The cookie is not signed: it only ever carries text that React renders escaped, and the root
 * loader re-validates it, so a forged cookie can show at most a harmless string to its own author.
 */
const COOKIE = "__toast";

const ToastCookieSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(["success", "error"]),
  message: z.string().min(1).max(2000),
  errorInfo: z.array(z.string().max(2000)).max(200).optional(),
});

/** Browsers drop cookies above ~4 KB; long per-user problem lists are cut with a count. */
const MAX_COOKIE_CHARS = 3500;

function toastCookie(request?: Request) {
  // Mirrors the session cookie: framed tabs (always https) need SameSite=None; Partitioned.
  const secure = request ? new URL(request.url).protocol === "https:" : false;
  return createCookie(COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: secure ? "none" : "lax",
    secure,
    partitioned: secure,
    maxAge: 60,
  });
}

function fitted(toast: Toast): Toast {
  if (!toast.errorInfo) return toast;
  const info = [...toast.errorInfo];
  let dropped = 0;
  while (info.length > 0 && JSON.stringify({ ...toast, errorInfo: info }).length > MAX_COOKIE_CHARS) {
    info.pop();
    dropped++;
  }
  if (dropped > 0) info.push(`…and ${dropped} more`);
  return { ...toast, errorInfo: info };
}

/** The Set-Cookie value that queues a toast for the next page the browser loads. */
export async function serializeToast(input: ToastInput, request?: Request): Promise<string> {
  const toast = fitted({ ...input, id: input.id ?? crypto.randomUUID() });
  return toastCookie(request).serialize(toast);
}

/**
 * Redirect and show a toast on arrival. Pass `request` in init so the cookie gets the same
 * SameSite/Secure attributes as the session (needed inside Teams/Slack frames).
 */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init: ResponseInit & { request?: Request } = {},
): Promise<Response> {
  const { request, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.append("Set-Cookie", await serializeToast(toast, request));
  return redirect(url, { ...rest, headers });
}

/** The queued toast (validated) and the Set-Cookie that clears it; both null when none is queued. */
export async function getToast(
  request: Request,
  _context?: AppLoadContext,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE}=`)) return { toast: null, setCookie: null };
  const cookie = toastCookie(request);
  const raw = await cookie.parse(header).catch(() => null);
  const parsed = ToastCookieSchema.safeParse(raw);
  const setCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { toast: parsed.success ? parsed.data : null, setCookie };
}
