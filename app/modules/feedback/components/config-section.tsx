import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import type { ConfigPage, SectionReply } from "../config-page";
import { sectionSchema, type ConfigIntent } from "../config.schema";

/**
 * One setting of the configuration page as its own real form: a Save button (and a Clear one
 * where the setting can be unset) that posts without JavaScript; with it, the same form goes
 * through a fetcher when a control changes (`save()`), the answer's loop replaces the page's
 * (`onSaved`) and its field errors show at the field.
 */

export interface SectionProps {
  page: ConfigPage;
  /** The page's last action answer without JavaScript. */
  reply: SectionReply | undefined;
  onSaved: (page: ConfigPage) => void;
}

/** The form a clear (or upload) answer belongs to. */
const FORM_OF: Partial<Record<ConfigIntent, ConfigIntent>> = {
  clearAudience: "audience",
  clearDeadline: "deadline",
  clearSchedule: "schedule",
};
const formOf = (intent: ConfigIntent) => FORM_OF[intent] ?? intent;

export const control = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
export const panel = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

export function useSection(intent: ConfigIntent, { reply, onSaved }: SectionProps) {
  const fetcher = useFetcher<SectionReply>({ key: `loop-config-${intent}` });
  const hydrated = useHydrated();
  const own = fetcher.data ?? (reply && formOf(reply.intent) === intent ? reply : undefined);
  const [form, fields] = useForm({
    id: `config-${intent}`,
    lastResult: fetcher.state === "idle" ? own?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: sectionSchema((formData.get("intent") as ConfigIntent | null) ?? intent, Date.now()) }),
  });
  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && data?.page) onSaved(data.page);
  }, [fetcher.state, data]); // eslint-disable-line react-hooks/exhaustive-deps
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  /** Save the section as if its Save button was pressed (checked first, errors shown at the fields). */
  // After the event that asked for it has run its course: the form library's own input
  // handling would otherwise re-check the field in the same task and drop the errors shown.
  const save = () => setTimeout(() => formRef.current?.requestSubmit(saveRef.current ?? undefined), 0);
  const status = fetcher.state !== "idle" ? "Saving…" : data?.page && formOf(data.intent) === intent ? "Saved" : "";
  return { intent, fetcher, form, fields, hydrated, formRef, saveRef, save, status, own };
}
export type Section = ReturnType<typeof useSection>;

export function SectionForm({
  section,
  title,
  description,
  children,
  extraButtons,
  encType,
  groupClass = "",
  onChange,
  saveLabel = "Save",
}: {
  section: Section;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  extraButtons?: React.ReactNode;
  encType?: "multipart/form-data";
  /** Tailwind's named group, for parts shown by a radio without JavaScript. */
  groupClass?: string;
  onChange?: (event: React.FormEvent<HTMLFormElement>) => void;
  saveLabel?: string;
}) {
  const { fetcher, form, hydrated, formRef, saveRef, status, intent } = section;
  const headingId = `${intent}-heading`;
  return (
    <section id={intent} aria-labelledby={headingId} className={panel}>
      <fetcher.Form
        method="post"
        id={form.id}
        ref={formRef}
        noValidate
        encType={encType}
        onSubmit={form.onSubmit}
        onChange={(event) => {
          // Controls without a name (a picker's search box) are not part of the setting.
          if (!(event.target as HTMLInputElement).name) return;
          onChange?.(event);
        }}
        className={groupClass}
      >
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
          </div>
          <span className="text-xs text-slate-600" aria-live="polite" data-save-status={intent}>
            {status}
          </span>
        </div>
        {form.errors?.length ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="mt-4 space-y-4">{children}</div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          {extraButtons}
          <button ref={saveRef} type="submit" name="intent" value={intent} className={buttonClass("secondary")}>
            {saveLabel}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** A radio list of one field, with its error. */
export function RadioList({
  name,
  legend,
  options,
  checked,
  errors,
  errorId,
  columns = false,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  checked: string | null;
  errors?: string[];
  errorId: string;
  columns?: boolean;
}) {
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${columns ? "sm:grid-cols-2" : ""}`}>
        {options.map((o) => (
          <label key={o.value} className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm">
            <input type="radio" name={name} value={o.value} defaultChecked={checked === o.value} className="mt-0.5" />
            <span>
              <span className="font-medium text-slate-900">{o.label}</span>
              {o.hint ? <span className="block text-slate-600">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} errors={errors} />
    </fieldset>
  );
}

export function FieldErrorText({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** What a refused submission without JavaScript sent, else null (then the saved values show). */
export function sentValues(initial: unknown): Record<string, unknown> | null {
  return initial && typeof initial === "object" && Object.keys(initial).length > 0 ? (initial as Record<string, unknown>) : null;
}
export const many = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);
