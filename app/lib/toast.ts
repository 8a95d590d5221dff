/**
 * Toasts (002 §8): one at a time, newest replaces older; an error carrying a per-user problem
 * list (errorInfo) stays 10000 ms, anything else about five seconds. Client-safe and zod-free on
 * purpose (it ships in the first page load); the cookie is validated in toast.server.ts.
 */
export interface Toast {
  id: string;
  type: "success" | "error";
  message: string;
  errorInfo?: string[];
}

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export const ERROR_INFO_TOAST_MS = 10_000;
export const TOAST_MS = 5_000;

export function toastDuration(toast: Pick<Toast, "type" | "errorInfo">): number {
  return toast.type === "error" && toast.errorInfo && toast.errorInfo.length > 0 ? ERROR_INFO_TOAST_MS : TOAST_MS;
}

const FALLBACK = "Something went wrong.";

/**
 * The text a failed request shows (002 §8, 000 §8): the server's `message`, else its `error`
 * field, else 'Something went wrong.'. Accepts whatever came back, including nothing.
 */
export function toastMessage(body: unknown): string {
  if (body && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message.trim()) return message;
    if (typeof error === "string" && error.trim()) return error;
    if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
      const nested = (error as { message: string }).message;
      if (nested.trim()) return nested;
    }
  }
  return FALLBACK;
}

const EVENT = "app:toast";

/** Show a toast from client code (e.g. after a fetcher answered); it replaces any toast on screen. */
export function showToast(input: ToastInput) {
  if (typeof window === "undefined") return;
  const toast: Toast = { ...input, id: input.id ?? crypto.randomUUID() };
  window.dispatchEvent(new CustomEvent<Toast>(EVENT, { detail: toast }));
}

export function onToast(listener: (toast: Toast) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
