import { useEffect, useState, type CSSProperties } from "react";
import { onToast, toastDuration, type Toast } from "~/lib/toast";
import { Icon } from "./icons";

/**
 * One toast at a time (002 §8: "Toast limit is one, newest on top"): a newer toast replaces the
 * one on screen. The live region is always in the page so screen readers announce arrivals.
 * The toast leaves after its duration by a CSS animation too, so without JavaScript it does not
 * stay over the page's bottom-right corner.
 */
export function Toasts({ toast, closeLabel = "Close" }: { toast: Toast | null; closeLabel?: string }) {
  const [current, setCurrent] = useState<Toast | null>(toast);

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => onToast(setCurrent), []);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), toastDuration(current));
    return () => window.clearTimeout(timer);
  }, [current]);

  const error = current?.type === "error";
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[10000] flex justify-center px-4 sm:justify-end"
    >
      {current ? (
        <div
          key={current.id}
          data-toast-type={current.type}
          style={{ "--toast-ms": `${toastDuration(current)}ms` } as CSSProperties}
          className={`toast-leaves pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-4 shadow-lg ${
            error ? "border-red-200" : "border-emerald-200"
          }`}
        >
          <span className={error ? "text-red-600" : "text-emerald-600"}>
            <Icon name={error ? "alert" : "check"} />
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-slate-900">{current.message}</p>
            {current.errorInfo && current.errorInfo.length > 0 ? (
              <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-4 text-slate-700">
                {current.errorInfo.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => setCurrent(null)}
            className="rounded p-0.5 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="sr-only">{closeLabel}</span>
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
