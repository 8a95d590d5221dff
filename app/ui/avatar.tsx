/** Initials of a display name: first letters of the first and last word ("Eve Nakamura" → "EN"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0][0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

// Stable per name, so the same person always gets the same colour (`.avatar[data-tone]` in
// tailwind.css; avatars repeat on every row of long lists, so their styling is not inline).
const TONE_COUNT = 6;

function tone(name: string) {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return hash % TONE_COUNT;
}

/** A person's picture, or their initials when there is none. Decorative: the name sits beside it. */
export function Avatar({ name, imageUrl, size = "md" }: { name: string; imageUrl?: string | null; size?: "sm" | "md" | "lg" }) {
  if (imageUrl) {
    return <img src={imageUrl} alt="" className="avatar" data-size={size} />;
  }
  return (
    <span aria-hidden="true" className="avatar" data-size={size} data-tone={tone(name)}>
      {initials(name)}
    </span>
  );
}
