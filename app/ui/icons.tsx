import type { IconName } from "~/lib/navigation";

/**
 * A handful of line icons drawn inline: an icon library would cost more first-load
 * JavaScript than the whole shell. Decorative only (aria-hidden); the text beside them labels.
 */
const SHAPES: Record<IconName | "menu" | "close" | "chevronRight" | "logout" | "arrowLeft" | "check" | "alert", React.ReactNode> = {
  home: <path d="M3 10.5 12 3l9 7.5M5.25 9v11.25h4.5V15h4.5v5.25h4.5V9" />,
  user: (
    <>
      <circle cx="12" cy="8" r="3.75" />
      <path d="M4.5 20.25a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8.25" r="3.25" />
      <path d="M2.75 19.5a6.25 6.25 0 0 1 12.5 0M15.5 5.2a3.25 3.25 0 0 1 0 6.1M17.5 13.6a6.25 6.25 0 0 1 3.75 5.9" />
    </>
  ),
  groups: (
    <>
      <circle cx="12" cy="7.5" r="2.75" />
      <circle cx="5.5" cy="10" r="2.25" />
      <circle cx="18.5" cy="10" r="2.25" />
      <path d="M7 19.5a5 5 0 0 1 10 0M1.75 18a3.9 3.9 0 0 1 4.75-3.8M22.25 18a3.9 3.9 0 0 0-4.75-3.8" />
    </>
  ),
  reviews: (
    <>
      <rect x="5" y="3.75" width="14" height="16.5" rx="2" />
      <path d="M9 3.75h6v2.5H9zM8.5 11l2 2 4-4M8.5 16.5h7" />
    </>
  ),
  objectives: (
    <>
      <circle cx="12" cy="12" r="8.25" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="12" cy="12" r="0.75" />
    </>
  ),
  surveys: <path d="M4.5 5.25h15v10.5h-9l-4.5 3.75v-3.75H4.5zM8.25 9h7.5M8.25 12h4.5" />,
  workflows: (
    <>
      <rect x="3" y="3.75" width="6" height="5" rx="1" />
      <rect x="15" y="15.25" width="6" height="5" rx="1" />
      <path d="M9 6.25h4.5a2.5 2.5 0 0 1 2.5 2.5v6.5" />
    </>
  ),
  analytics: <path d="M3.75 20.25h16.5M6.75 16.5V11M11.25 16.5V6.75M15.75 16.5v-3.75M20.25 16.5V8.25" />,
  organization: (
    <>
      <rect x="9" y="3" width="6" height="4.5" rx="1" />
      <rect x="2.25" y="16.5" width="6" height="4.5" rx="1" />
      <rect x="15.75" y="16.5" width="6" height="4.5" rx="1" />
      <path d="M12 7.5V12M5.25 16.5V12h13.5v4.5" />
    </>
  ),
  integrations: <path d="M9 3.75v4.5M15 3.75v4.5M6.75 8.25h10.5v3a5.25 5.25 0 0 1-10.5 0zM12 16.5v3.75" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.75v2.5M12 18.75v2.5M21.25 12h-2.5M5.25 12h-2.5M18.54 5.46l-1.77 1.77M7.23 16.77l-1.77 1.77M18.54 18.54l-1.77-1.77M7.23 7.23 5.46 5.46" />
    </>
  ),
  oneOnOnes: (
    <>
      <path d="M3 6.75A2.25 2.25 0 0 1 5.25 4.5h7.5A2.25 2.25 0 0 1 15 6.75v4.5a2.25 2.25 0 0 1-2.25 2.25H8.25L5.25 16v-2.5A2.25 2.25 0 0 1 3 11.25z" />
      <path d="M17.25 9h1.5A2.25 2.25 0 0 1 21 11.25v4.5A2.25 2.25 0 0 1 18.75 18v2.5L15.75 18h-3.5a2.25 2.25 0 0 1-2.08-1.4" />
    </>
  ),
  menu: <path d="M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  chevronRight: <path d="m9 5.25 6.75 6.75L9 18.75" />,
  logout: <path d="M15.75 8.25 19.5 12l-3.75 3.75M19.5 12H9M12.75 4.5h-6A2.25 2.25 0 0 0 4.5 6.75v10.5a2.25 2.25 0 0 0 2.25 2.25h6" />,
  arrowLeft: <path d="M10.5 19.5 3 12l7.5-7.5M3 12h18" />,
  check: <path d="m4.5 12.75 6 6 9-13.5" />,
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.25M12 16.25v.01" />
    </>
  ),
};

export type IconKey = keyof typeof SHAPES;

export function Icon({ name, className = "size-5" }: { name: IconKey; className?: string }) {
  return (
    // Stroke, fill and caps come from `.icon` in tailwind.css: icons sit in the sidebar of every page.
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`icon ${className}`}>
      {SHAPES[name]}
    </svg>
  );
}
