import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "./button";

/**
 * The second step of a destructive or weighty action, shown in place on the page: what will
 * happen, a way back, and a plain POST form carrying `fields` (so it works without JavaScript).
 * The confirm button takes focus so the keyboard lands on the decision.
 */
export function ConfirmPanel({
  id,
  title,
  children,
  fields,
  cancelTo,
  cancelLabel = "Cancel",
  confirmLabel,
  tone = "danger",
  ...data
}: {
  /** Prefix of the heading's and the body's ids. */
  id: string;
  title: React.ReactNode;
  children: React.ReactNode;
  fields: Record<string, string>;
  cancelTo: string;
  cancelLabel?: string;
  confirmLabel: string;
  tone?: "danger" | "warning";
} & { [key: `data-${string}`]: string | boolean | undefined }) {
  const colours = tone === "danger" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-slate-900";
  return (
    <section
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className={`mb-6 rounded-lg border p-5 ${colours}`}
      {...data}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <div id={`${id}-body`} className="mt-2 text-sm">
        {children}
      </div>
      <Form method="post" className="mt-4 flex justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {cancelLabel}
        </Link>
        <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} autoFocus>
          {confirmLabel}
        </Button>
      </Form>
    </section>
  );
}
