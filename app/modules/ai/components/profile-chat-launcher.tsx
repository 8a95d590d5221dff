import { lazy, Suspense, useRef, useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { hasPermission } from "~/lib/permissions/names";
import { Icon } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";

const words = sharedCopy.assistant;

/** The chat's code arrives only when someone opens it: the profile's first load stays small. */
const ProfileChat = lazy(() => import("./profile-chat"));

/** 002 §2.2: the AI chat shows only on these profile paths. */
const CHAT_PATHS = ["/my-team/default-relationship/users/", "/organization/settings/users/", "/my-profile/"];

export function showsProfileChat(permissions: readonly string[], basePath: string): boolean {
  return hasPermission(permissions, "ViewAiChat") && CHAT_PATHS.some((path) => `${basePath}/`.includes(path));
}

/**
 * The profile page's AI chat (002 §2.2; super admins with the company's AI on): an icon that
 * expands into the chat. Without JavaScript the icon opens a line saying the chat needs it.
 */
export function ProfileChatLauncher({ platform, personId }: { platform: "slack" | "msteams"; personId: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const iconRef = useRef<HTMLButtonElement>(null);
  const iconClass = "flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
  if (!hydrated) {
    return (
      <details className="fixed bottom-6 right-6 z-30 flex flex-col items-end" data-profile-chat>
        <summary className={`${iconClass} cursor-pointer list-none`} aria-label={words.openProfileChat}>
          <Icon name="feedback" />
        </summary>
        <p className="mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow" data-chat-needs-js>
          {words.needsJavaScript}
        </p>
      </details>
    );
  }
  return (
    <div className="fixed bottom-6 right-6 z-30 flex flex-col items-end gap-2" data-profile-chat>
      {open ? (
        <Suspense fallback={<p className="rounded-lg bg-white p-3 text-sm shadow">{words.connecting}</p>}>
          <ProfileChat
            platform={platform}
            personId={personId}
            onClose={() => {
              setOpen(false);
              iconRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      <button
        ref={iconRef}
        type="button"
        aria-expanded={open}
        aria-label={open ? words.closeProfileChat : words.openProfileChat}
        onClick={() => setOpen((value) => !value)}
        className={iconClass}
      >
        <Icon name={open ? "close" : "feedback"} />
      </button>
    </div>
  );
}
