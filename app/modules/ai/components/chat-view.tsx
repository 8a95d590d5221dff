import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { sharedCopy } from "~/lib/copy";
import { MAX_CHAT_MESSAGE } from "../chat-protocol";
import type { AiChat } from "../chat-client";

const words = sharedCopy.assistant;

/**
 * The conversation and its input, shared by the 1-on-1 panel and the profile chat: a live log
 * (new text is announced), Enter sends and Shift+Enter starts a new line, and while a reply is
 * being written the input is disabled and Abort shows (001 §4, 002 §2.2).
 */
export function ChatView({
  chat,
  profileId,
  inputRef,
  onKeyDown,
  before,
}: {
  chat: AiChat;
  profileId: string | null;
  inputRef?: RefObject<HTMLTextAreaElement>;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  /** Prompts shown above the input (quick or suggested prompts). */
  before?: ReactNode;
}) {
  const [text, setText] = useState("");
  const logRef = useRef<HTMLDivElement>(null);
  const ownInput = useRef<HTMLTextAreaElement>(null);
  const input = inputRef ?? ownInput;
  const abortRef = useRef<HTMLButtonElement>(null);
  const pending = chat.pendingId !== null;
  const connected = chat.connection === "open";
  const last = chat.turns.at(-1);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.turns.length, last?.aiMessage]);

  // The input is disabled while a reply is written: its focus moves to Abort, and back after.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (pending && hadFocus.current) {
      abortRef.current?.focus();
    } else if (!pending && hadFocus.current) {
      hadFocus.current = false;
      if (!document.activeElement || document.activeElement === document.body || document.activeElement === abortRef.current) input.current?.focus();
    }
  }, [pending, input]);

  const submit = () => {
    hadFocus.current = document.activeElement === input.current;
    if (chat.send(text, profileId)) setText("");
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div ref={logRef} role="log" aria-live="polite" aria-label={words.title} className="min-h-24 flex-1 space-y-3 overflow-y-auto text-sm" data-chat-log>
        {chat.turns.length === 0 ? <p className="text-slate-500">{chat.connection === "open" ? words.empty : words.connecting}</p> : null}
        {chat.turns.map((turn) => (
          <div key={turn.id} className="space-y-1" data-turn={turn.id} data-status={turn.status ?? "pending"}>
            <p className="rounded-lg bg-indigo-50 px-3 py-2">
              <span className="sr-only">{words.you}: </span>
              <span className="whitespace-pre-wrap">{turn.humanMessage}</span>
            </p>
            <div className="rounded-lg bg-slate-50 px-3 py-2">
              <span className="sr-only">{words.ai}: </span>
              <span className="whitespace-pre-wrap" data-ai-message>
                {turn.aiMessage || (turn.status === null ? words.writing : "")}
              </span>
              {turn.status === "aborted" ? <span className="ml-1 text-xs text-slate-500">{words.aborted}</span> : null}
              {turn.status === "failed" ? (
                <p className="mt-1 text-xs text-red-700" role="alert">
                  {turn.error || words.assistantFailed}
                </p>
              ) : null}
              {turn.citations.length ? (
                <div className="mt-2 text-xs">
                  <span className="font-medium text-slate-600">{words.sources}</span>
                  <ul className="mt-1 space-y-0.5">
                    {turn.citations.map((citation) => (
                      <li key={citation.key}>
                        [{citation.key}]{" "}
                        {citation.href ? (
                          <a className="text-indigo-700 underline" href={citation.href}>
                            {citation.label}
                          </a>
                        ) : (
                          citation.label
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {chat.connection === "reconnecting" ? (
        <p className="text-xs text-amber-700" role="status">
          {words.disconnected}
        </p>
      ) : null}
      {before}
      {chat.error ? (
        <p className="text-xs text-red-700" role="alert" data-chat-error>
          {chat.error}
        </p>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="sr-only" htmlFor={`chat-input-${chat.chatId ?? "new"}`}>
          {words.inputLabel}
        </label>
        <textarea
          ref={input}
          id={`chat-input-${chat.chatId ?? "new"}`}
          name="inputMessage"
          rows={2}
          maxLength={MAX_CHAT_MESSAGE}
          value={text}
          disabled={pending}
          placeholder={words.placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            if (event.defaultPrevented) return;
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="min-h-10 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
        />
        {pending ? (
          <button key="abort" ref={abortRef} type="button" onClick={chat.abort} className="btn-secondary rounded-md border border-slate-300 px-3 py-2 text-sm">
            {words.abort}
          </button>
        ) : (
          <button key="send" type="submit" disabled={!connected} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white disabled:opacity-50">
            {words.send}
          </button>
        )}
      </form>
    </div>
  );
}
