import type { IconName } from "~/lib/navigation";
// `no-inline`: the sprite is small enough that Vite would inline it as a data: URL, which <use>
// cannot reference; as a hashed asset it is fetched once and cached.
import sprite from "./icons.svg?url&no-inline";

/**
 * A handful of line icons, drawn from one SVG sprite (icons.svg): an icon library would cost more
 * first-load JavaScript than the whole shell, and the sidebar shows a dozen of them on every
 * page, so each is a `<use>` of a cached file rather than its path data repeated in the HTML.
 * Decorative only (aria-hidden); the text beside them labels.
 */
export const ICON_KEYS = [
  "home",
  "user",
  "users",
  "groups",
  "reviews",
  "objectives",
  "surveys",
  "workflows",
  "analytics",
  "organization",
  "integrations",
  "settings",
  "oneOnOnes",
  "feedback",
  "menu",
  "close",
  "chevronRight",
  "logout",
  "arrowLeft",
  "check",
  "alert",
  "share",
  "eye",
] as const satisfies ReadonlyArray<IconName | string>;

export type IconKey = (typeof ICON_KEYS)[number];

// Every navigation icon name must be drawable.
type MissingNavigationIcon = Exclude<IconName, IconKey>;
const _everyNavigationIconExists: MissingNavigationIcon extends never ? true : never = true;
void _everyNavigationIconExists;

export function Icon({ name, className = "size-5" }: { name: IconKey; className?: string }) {
  return (
    // Stroke, fill and caps come from `.icon` in tailwind.css (the symbols inherit them).
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`icon ${className}`}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
