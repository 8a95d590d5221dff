import { useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { CraftLink } from "~/modules/one-on-ones/components/craft-link";
import { useHydrated } from "~/ui/use-hydrated";
import { useAiChat } from "../chat-client";
import { QUICK_PROMPTS } from "../chat-protocol";
import { ChatView } from "./chat-view";

const words = sharedCopy.assistant;

/** What the 1-on-1 page tells the AI Assistant panel (the §6 rules are decided by the page's loader). */
export interface AssistantPanelProps {
  platform: "slack" | "msteams";
  oneOnOneId: string;
  reviewer: { id: string; name: string };
  reviewee: { id: string; name: string };
  /** 'Help me craft feedback': the reviewer, when the meeting has no AI feedback. */
  craftHref: string | null;
  /** Super admins: the quick prompts and the reviewee/reviewer profile toggle. */
  superAdmin: boolean;
}

/**
 * The 1-on-1 AI Assistant side panel (001 §2, §6; 320 px, 420 px on wide screens, 001 §9): the
 * chat over the assistant's WebSocket. Without JavaScript it says so plainly; 'Help me craft
 * feedback' is a link and works either way.
 */
export function AssistantPanel(props: AssistantPanelProps) {
  const hydrated = useHydrated();
  return (
    <aside aria-labelledby={`assistant-${props.oneOnOneId}`} data-one-on-one={props.oneOnOneId} className="flex w-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`assistant-${props.oneOnOneId}`} className="text-base font-semibold">
        {words.title}
      </h2>
      {props.craftHref ? (
        <CraftLink to={props.craftHref} className="inline-block rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-medium text-white">
          {words.craftFeedback}
        </CraftLink>
      ) : null}
      {hydrated ? <PanelChat {...props} /> : <p className="text-sm text-slate-600" data-chat-needs-js>{words.needsJavaScript}</p>}
    </aside>
  );
}

function PanelChat(props: AssistantPanelProps) {
  const chat = useAiChat({ platform: props.platform, oneOnOneId: props.oneOnOneId, place: props.oneOnOneId, words });
  const [about, setAbout] = useState<"reviewee" | "reviewer">("reviewee");
  const profileId = about === "reviewer" ? props.reviewer.id : props.reviewee.id;
  const pending = chat.pendingId !== null;
  return (
    <ChatView
      chat={chat}
      profileId={profileId}
      before={
        props.superAdmin ? (
          <div className="space-y-2">
            <fieldset className="flex flex-wrap gap-3 text-sm">
              <legend className="mb-1 text-xs font-medium text-slate-600">{words.profileToggle}</legend>
              {(["reviewee", "reviewer"] as const).map((side) => (
                <label key={side} className="flex items-center gap-1">
                  <input type="radio" name={`about-${props.oneOnOneId}`} value={side} checked={about === side} onChange={() => setAbout(side)} />
                  {side === "reviewee" ? words.reviewee : words.reviewer}: {props[side].name}
                </label>
              ))}
            </fieldset>
            <div role="group" aria-label={words.quickPrompts} className="flex flex-wrap gap-2">
              {[QUICK_PROMPTS.reviews, QUICK_PROMPTS.feedback].map((prompt) => (
                <button
                  key={prompt}
                  type="button"
                  disabled={pending || chat.connection !== "open"}
                  onClick={() => chat.send(prompt, profileId)}
                  className="rounded-full border border-indigo-200 px-3 py-1 text-xs text-indigo-700 disabled:opacity-50"
                >
                  {prompt}
                </button>
              ))}
            </div>
          </div>
        ) : null
      }
    />
  );
}
