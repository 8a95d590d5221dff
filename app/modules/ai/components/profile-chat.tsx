import { useEffect, useRef } from "react";
import { sharedCopy } from "~/lib/copy";
import { useAiChat } from "../chat-client";
import { ChatView } from "./chat-view";

const words = sharedCopy.assistant;

/**
 * The profile's expanded AI chat (002 §2.2): a labelled region whose input takes the focus on
 * opening; Escape closes it (focus returns to the icon), Refresh starts a new conversation, and
 * three suggested prompts ask about the person in view.
 */
export default function ProfileChat({ platform, personId, onClose }: { platform: "slack" | "msteams"; personId: string; onClose: () => void }) {
  const chat = useAiChat({ platform, oneOnOneId: null, place: "profile", words });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const pending = chat.pendingId !== null;
  return (
    <section
      role="region"
      aria-labelledby="profile-chat-title"
      className="flex h-[32rem] max-h-[75vh] w-80 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xl sm:w-[420px]"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="profile-chat-title" className="text-base font-semibold">
          {words.profileChatTitle}
        </h2>
        <button
          type="button"
          title={words.refreshHint}
          onClick={() => {
            chat.reset();
            inputRef.current?.focus();
          }}
          className="rounded-md border border-slate-300 px-2 py-1 text-xs"
        >
          {words.refresh}
        </button>
      </div>
      <ChatView
        chat={chat}
        profileId={personId}
        inputRef={inputRef}
        before={
          chat.turns.length === 0 ? (
            <div role="group" aria-label={words.suggestions} className="flex flex-col items-start gap-1">
              {words.suggestedPrompts.map((prompt) => (
                <button
                  key={prompt}
                  type="button"
                  disabled={pending || chat.connection !== "open"}
                  onClick={() => chat.send(prompt, personId)}
                  className="rounded-full border border-indigo-200 px-3 py-1 text-left text-xs text-indigo-700 disabled:opacity-50"
                >
                  {prompt}
                </button>
              ))}
            </div>
          ) : null
        }
      />
    </section>
  );
}
