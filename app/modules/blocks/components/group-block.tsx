/**
 * A group block: its label and description above its questions (`children`), in an answer form
 * or (with `preview`, naming an empty one) a preview.
 */
export function GroupBlock({
  id,
  label,
  description,
  preview = false,
  children,
}: {
  id: string;
  label: string;
  description: string;
  preview?: boolean;
  children: React.ReactNode;
}) {
  const about = description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null;
  if (preview) {
    return (
      <section className="space-y-4 rounded-md border border-slate-200 p-4" aria-label={label || "Group"}>
        <div>
          <h3 className="text-base font-semibold text-slate-900">{label || "Untitled group"}</h3>
          {about}
        </div>
        {children}
      </section>
    );
  }
  return (
    <section
      aria-labelledby={`group-${id}`}
      className="space-y-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4"
      data-block-type="group"
    >
      <div>
        <h2 id={`group-${id}`} className="text-base font-semibold text-slate-900">
          {label}
        </h2>
        {about}
      </div>
      {children}
    </section>
  );
}
