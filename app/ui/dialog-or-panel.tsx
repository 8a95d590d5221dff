import { useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated";

// Headless UI's Dialog is not small and most pages never open it: it loads on first use.
const Modal = /* @__PURE__ */ lazy(() => import("./dialog").then((m) => ({ default: m.Modal })));

/**
 * A dialog that is a page state (`?dialog=…`), so it works without JavaScript: a panel in the
 * page as the server renders it, the app's Headless UI modal once hydrated (focus moves in;
 * Escape and a click outside go back to `closeTo`). The server's panel stays while the modal's
 * code loads.
 */
export function DialogOrPanel({
  id,
  title,
  closeTo,
  size = "md",
  role,
  children,
}: {
  /** Prefix of the panel's heading id. */
  id: string;
  title: string;
  closeTo: string;
  size?: "sm" | "md" | "lg" | "xl";
  role?: "alertdialog";
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = (
    <section role={role} aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-6" id={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
  if (!hydrated) return panel;
  return (
    <Suspense fallback={panel}>
      <Modal open onClose={() => navigate(closeTo, { preventScrollReset: true })} title={title} size={size}>
        {children}
      </Modal>
    </Suspense>
  );
}
