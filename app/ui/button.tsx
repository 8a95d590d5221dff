import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500",
  secondary: "bg-white text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500",
};

export function buttonClass(variant: Variant = "primary", extra = "") {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}

export const Button = forwardRef<HTMLButtonElement, React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }>(function Button(
  { variant = "primary", className = "", type = "button", ...props },
  ref
) {
  return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />;
});

export function ButtonLink({ variant = "primary", className = "", ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}

/**
 * A builder's 'Full Preview': with JavaScript it opens the preview dialog (`onOpen`); without it
 * it submits the form with `preview=full`, and the page answers with the preview in the page.
 */
export function FullPreviewButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="submit"
      name="preview"
      value="full"
      formNoValidate
      className={buttonClass("secondary")}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      Full Preview
    </button>
  );
}
