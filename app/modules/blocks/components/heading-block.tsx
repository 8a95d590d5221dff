/** A title or subtitle block, in an answer form or (with `preview`, naming an empty one by its type) a preview. */
export function HeadingBlock({ type, text, preview = false }: { type: "title" | "subtitle"; text: string; preview?: boolean }) {
  if (preview) {
    return type === "title" ? (
      <h3 className="text-base font-semibold text-slate-900">{text || "Title"}</h3>
    ) : (
      <p className="text-sm font-medium uppercase tracking-wide text-slate-500">{text || "Subtitle"}</p>
    );
  }
  return type === "title" ? (
    <h2 className="text-lg font-semibold text-slate-900">{text}</h2>
  ) : (
    <h3 className="text-sm font-medium uppercase tracking-wide text-slate-500">{text}</h3>
  );
}
