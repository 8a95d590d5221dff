/** Initials of a display name: first letters of the first and last word ("Eve Nakamura" → "EN"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0][0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

// Stable per name, so the same person always gets the same colour.
const TONES = [
  "bg-indigo-100 text-indigo-700",
  "bg-emerald-100 text-emerald-700",
  "bg-amber-100 text-amber-800",
  "bg-sky-100 text-sky-700",
  "bg-rose-100 text-rose-700",
  "bg-violet-100 text-violet-700",
];

function tone(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length];
}

const SIZES = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-16 text-xl" } as const;

/** A person's picture, or their initials when there is none. Decorative: the name sits beside it. */
export function Avatar({ name, imageUrl, size = "md" }: { name: string; imageUrl?: string | null; size?: keyof typeof SIZES }) {
  if (imageUrl) {
    return <img src={imageUrl} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />;
  }
  return (
    <span aria-hidden="true" className={`${SIZES[size]} ${tone(name)} inline-flex shrink-0 items-center justify-center rounded-full font-semibold`}>
      {initials(name)}
    </span>
  );
}
