import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

/**
 * Labelled controls for one Conform field of any form (the builders' fields): the label, the
 * control with Conform's name, id and aria attributes, and the field's first error under it.
 */

/** A field of any form, by the type of its value (Conform's own helpers take any form too). */
export type Field<Value> = FieldMetadata<Value, any, any>;

export const INPUT_CLASS = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

/**
 * A field's error under its control. A builder shows the first message; an answer form, where a
 * field may collect several, shows them all (`all`) in its own style (`className`), and may name
 * the field (`field`, as `data-field-error`) so a page can find the error of a field. `alert`:
 * screen readers announce the error as it appears (the survey audience and scheduler steps).
 */
export function FieldError({
  id,
  errors,
  all = false,
  alert = false,
  className = "mt-1 text-sm text-red-700",
  field,
}: {
  id: string;
  errors?: string[];
  all?: boolean;
  alert?: boolean;
  className?: string;
  field?: string;
}) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={className} role={alert ? "alert" : undefined} data-field-error={field}>
      {all ? errors.join(" ") : errors[0]}
    </p>
  );
}

/**
 * Fields and their button on one line, the fields' errors under the whole line. An error that
 * comes or goes (a blur revalidates between a click's press and release) then never moves the
 * button from under the pointer; `errors` are the row's fields, in order.
 */
export function FieldRow({
  children,
  errors,
  className = "",
}: {
  children: React.ReactNode;
  errors: Array<{ id: string; errors?: string[] }>;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="flex flex-wrap items-end gap-3">{children}</div>
      {errors.map((e) => (
        <FieldError key={e.id} id={e.id} errors={e.errors} />
      ))}
    </div>
  );
}

export function TextField({ field, label, multiline = false }: { field: Field<string | undefined>; label: string; multiline?: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...getTextareaProps(field)} rows={3} className={INPUT_CLASS} />
      ) : (
        <input {...getInputProps(field, { type: "text" })} className={INPUT_CLASS} />
      )}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A select whose options are `children`; `after` goes under its error, inside the same block. */
export function SelectField({
  field,
  label,
  children,
  after,
}: {
  field: Field<string | undefined>;
  label: string;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select {...getSelectProps(field)} className={INPUT_CLASS}>
        {children}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
      {after}
    </div>
  );
}

export function Check({ field, label }: { field: Field<boolean | undefined>; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input {...getInputProps(field, { type: "checkbox" })} />
      {label}
    </label>
  );
}
