import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A link to the feedback crafting tool (/one-on-ones/:id/prepare-feedback/:prepareAiFeedbackId).
 * Without JavaScript it opens the full page; with JavaScript it may open the modal variant.
 */
export function CraftLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
