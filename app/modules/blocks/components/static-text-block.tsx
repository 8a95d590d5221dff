/** Static text as a builder stores it, shown as plain paragraphs (any markup is dropped, never rendered). */
export function paragraphsOf(value: string): string[] {
  return value
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/gi, " ")
    .replace(/&amp;/gi, "&")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A static text block, in an answer form or (with `preview`, naming an empty one by its type) a preview. */
export function StaticTextBlock({ value, preview = false }: { value: string; preview?: boolean }) {
  if (preview) return <p className="whitespace-pre-line text-sm text-slate-700">{value || "Static text"}</p>;
  return (
    <div className="space-y-2 text-sm whitespace-pre-line text-slate-700" data-block-type="static-text">
      {paragraphsOf(value).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
