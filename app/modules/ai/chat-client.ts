import { useCallback, useEffect, useReducer, useRef } from "react";
import { aiSocketPath, checkQuestion, type ChatTurn, type ServerEvent } from "./chat-protocol";

/**
 * The browser's side of the assistant's socket: a small reconnecting WebSocket (a hand-written
 * loop of a few dozen lines instead of a client library), the conversation as the server tells it,
 * and the §5 rules checked before sending (non-blank, connected, no reply pending). The chat's id
 * is kept in sessionStorage per place, so a reload or a dropped socket continues the same chat.
 */

export type ChatConnection = "connecting" | "open" | "reconnecting";

export interface ChatState {
  connection: ChatConnection;
  chatId: string | null;
  turns: Array<ChatTurn & { error?: string | null }>;
  pendingId: string | null;
  /** The last refusal or failure to show beside the input. */
  error: string | null;
}

type Action = { kind: "event"; event: ServerEvent } | { kind: "connection"; connection: ChatConnection } | { kind: "reset" } | { kind: "error"; error: string | null };

const INITIAL: ChatState = { connection: "connecting", chatId: null, turns: [], pendingId: null, error: null };

export function chatReducer(state: ChatState, action: Action): ChatState {
  switch (action.kind) {
    case "connection":
      return { ...state, connection: action.connection };
    case "reset":
      return { ...INITIAL };
    case "error":
      return { ...state, error: action.error };
    case "event":
      return applyEvent(state, action.event);
  }
}

function applyEvent(state: ChatState, event: ServerEvent): ChatState {
  switch (event.type) {
    case "new_chat_message":
      return { ...state, connection: "open", chatId: event.chatId, turns: event.messages, pendingId: event.pendingId, error: null };
    case "input_message":
      if (state.turns.some((turn) => turn.id === event.id)) return { ...state, pendingId: event.id };
      return {
        ...state,
        pendingId: event.id,
        error: null,
        turns: [...state.turns, { id: event.id, humanMessage: event.humanMessage, aiMessage: "", status: null, citations: [] }],
      };
    case "ai_response_chunk":
      return { ...state, turns: state.turns.map((turn) => (turn.id === event.id && turn.status === null ? { ...turn, aiMessage: turn.aiMessage + event.chunk } : turn)) };
    case "ai_response_complete":
      return {
        ...state,
        pendingId: state.pendingId === event.id ? null : state.pendingId,
        turns: state.turns.map((turn) =>
          turn.id === event.id ? { ...turn, aiMessage: event.aiMessage, status: event.status, citations: event.citations, error: event.error } : turn
        ),
      };
    case "chat_error":
      // A question that failed after it was echoed ends there: sending is possible again.
      if (event.id !== null && event.id === state.pendingId) {
        return {
          ...state,
          error: event.error,
          pendingId: null,
          turns: state.turns.map((turn) => (turn.id === event.id && turn.status === null ? { ...turn, status: "failed", error: event.error } : turn)),
        };
      }
      return { ...state, error: event.error };
  }
}

const RETRY_MS = [250, 500, 1000, 2000, 5000];

export interface AiChat extends ChatState {
  /** False when refused by the §5 rules (the reason is in `error`). */
  send(text: string, profileId: string | null): boolean;
  abort(): void;
  /** Refresh: forget this chat and start a new one. */
  reset(): void;
}

export function useAiChat({ platform, oneOnOneId, place, words }: {
  platform: "slack" | "msteams";
  oneOnOneId: string | null;
  /** Where the chat lives ("profile" or the meeting's id): one remembered chat per place. */
  place: string;
  words: { assistantBlank: string; assistantTooLong: string; assistantReplyPending: string; disconnected: string };
}): AiChat {
  const [state, dispatch] = useReducer(chatReducer, INITIAL);
  const socket = useRef<WebSocket | null>(null);
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const storageKey = `ai-chat:${place}`;

  const open = useCallback(() => {
    const mine = ++generation.current;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (mine !== generation.current) return;
      const remembered = readStored(storageKey);
      const query = new URLSearchParams();
      if (oneOnOneId) query.set("oneOnOneId", oneOnOneId);
      // A chat that keeps refusing (gone, or never used) is given up for a new one.
      if (remembered && failures < 2) query.set("chatId", remembered);
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${aiSocketPath(platform)}${query.size ? `?${query}` : ""}`;
      const ws = new WebSocket(url);
      socket.current = ws;
      let opened = false;
      let chatId: string | null = null;
      ws.onmessage = (message) => {
        let event: ServerEvent;
        try {
          event = JSON.parse(String(message.data)) as ServerEvent;
        } catch {
          return;
        }
        if (event.type === "new_chat_message") {
          opened = true;
          failures = 0;
          chatId = event.chatId;
        }
        // Remembered once it has a message: an unused chat has nothing to come back to.
        if (event.type === "input_message" && chatId) writeStored(storageKey, chatId);
        dispatch({ kind: "event", event });
      };
      ws.onclose = () => {
        if (socket.current === ws) socket.current = null;
        if (mine !== generation.current) return;
        if (!opened) failures += 1;
        if (failures >= 2 && remembered) removeStored(storageKey);
        dispatch({ kind: "connection", connection: "reconnecting" });
        timer = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      generation.current += 1;
      clearTimeout(timer);
      socket.current?.close(1000, "Left");
      socket.current = null;
    };
  }, [oneOnOneId, platform, storageKey]);

  const closeRef = useRef<() => void>(() => {});
  useEffect(() => {
    closeRef.current = open();
    return () => closeRef.current();
  }, [open]);

  const send = useCallback(
    (text: string, profileId: string | null) => {
      const checked = checkQuestion(text);
      const ws = socket.current;
      let error: string | null = null;
      if (!checked.ok) error = checked.reason === "blank" ? words.assistantBlank : words.assistantTooLong;
      else if (stateRef.current.pendingId) error = words.assistantReplyPending;
      else if (!ws || ws.readyState !== WebSocket.OPEN || stateRef.current.connection !== "open") error = words.disconnected;
      if (error || !checked.ok || !ws) {
        dispatch({ kind: "error", error });
        return false;
      }
      ws.send(JSON.stringify({ type: "ai_chat_message", id: newMessageId(), inputMessage: checked.text, inputMetaData: { profileId } }));
      return true;
    },
    [words]
  );

  const abort = useCallback(() => {
    socket.current?.send(JSON.stringify({ type: "abort" }));
  }, []);

  const reset = useCallback(() => {
    closeRef.current();
    removeStored(storageKey);
    dispatch({ kind: "reset" });
    closeRef.current = open();
  }, [open, storageKey]);

  return { ...state, send, abort, reset };
}

function newMessageId(): string {
  return crypto.randomUUID();
}

function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private mode: the chat still works, a reload starts a new one.
  }
}

function removeStored(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}
