import { Link } from "@remix-run/react";
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/ui/use-hydrated";

// The tool's code (form, panel, Headless UI dialog) loads when the link is first used.
const CraftingDialog = /* @__PURE__ */ lazy(() => import("./crafting-dialog").then((m) => ({ default: m.CraftingDialog })));

/**
 * A link to the feedback crafting tool (/one-on-ones/:id/prepare-feedback/:prepareAiFeedbackId).
 * Without JavaScript (and with a modifier key or middle click) it opens the full page; with
 * JavaScript it opens the same tool in a dialog over the page, loading the tool's data from its
 * route, and gives focus back to the link when the dialog closes.
 */
export function CraftLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  // Focus goes back to the link itself: the dialog loaded lazily, after the page may have re-rendered.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => link.current?.focus());
  };
  return (
    <>
      <Link
        ref={link}
        to={to}
        className={className}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(e) => {
          if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <CraftingDialog to={to} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
