import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False on the server and during hydration, true afterwards. Widgets that need JavaScript
 * (Headless UI menus and dialogs) render their no-JS fallback until then, so the markup a
 * browser without JavaScript gets still works and hydration never mismatches.
 */
export function useHydrated() {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}

/** True inside an embedded frame (a Teams or Slack tab); decided in the browser only. */
export function useFramed() {
  const [framed, setFramed] = useState(false);
  useEffect(() => {
    try {
      setFramed(window.self !== window.top);
    } catch {
      // A cross-origin parent makes window.top unreadable in some browsers: that is a frame.
      setFramed(true);
    }
  }, []);
  return framed;
}

/** Ask the host frame (Teams/Slack tab) to show its home view (002 §2.2). */
export function postHomeView() {
  window.parent.postMessage({ type: "home_view" }, "*");
}
