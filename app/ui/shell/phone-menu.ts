import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { SIDEBAR_TOGGLE_ID } from "./sidebar";

/** Below Tailwind's `md` (768 px): the width at which `.sidebar` in app/tailwind.css becomes a menu. */
const PHONE_QUERY = "(width < 48rem)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True in a window narrower than 768 px; false on the server, so the desktop markup hydrates first. */
export function usePhoneWidth() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

const focusToggle = () => document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();

/**
 * The sidebar as a menu below 768 px (a disclosure, not a modal): the toggle opens it and focus
 * moves to the current page's entry (else the first); Escape, a tap beside it, or following one of
 * its links closes it, and focus that was inside comes back to the toggle. Focus that leaves it by
 * Tab or for a dialog closes it and stays where it went. It belongs to the page it was opened on,
 * so any navigation closes it without an effect.
 */
export function usePhoneMenu() {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const wasOpen = useRef(false);

  const toggle = useCallback(() => setOpenOn((key) => (key === location.key ? null : location.key)), [location.key]);
  const close = useCallback(() => setOpenOn(null), []);

  useEffect(() => {
    if (!open) {
      if (wasOpen.current) {
        wasOpen.current = false;
        const active = document.activeElement;
        if (!active || active === document.body || active.closest("#sidebar")) focusToggle();
      }
      return;
    }
    wasOpen.current = true;
    const sidebar = document.getElementById("sidebar");
    const entry = sidebar?.querySelector<HTMLElement>('[aria-current="page"]') ?? sidebar?.querySelector<HTMLElement>("a[href], button");
    entry?.focus({ preventScroll: true });
    entry?.scrollIntoView({ block: "nearest" });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return { open, toggle, close };
}
