import type { ReactNode } from "react";
import { FieldError } from "~/ui/form-fields";

/**
 * Labelled controls of the audience and scheduler steps, in their look (labels text-slate-800,
 * the error with role="alert"); the builders use app/ui/form-fields.tsx.
 */

/** What a control needs of a conform field (FieldMetadata has more). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/** A control's id and name and, while the field has errors, aria-invalid and aria-describedby pointing at them. */
export function controlProps(field: FieldMeta) {
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": field.errors ? field.errorId : undefined,
  };
}

/** A labelled control (`children`) with the field's first error under it, then `hint`. */
export function Field({
  field,
  label,
  className,
  hint,
  children,
}: {
  field: FieldMeta;
  label: ReactNode;
  className?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldError alert id={field.errorId} errors={field.errors} />
      {hint}
    </div>
  );
}
