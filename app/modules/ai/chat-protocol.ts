import type { ChatReplyStatus } from "~/modules/one-on-ones/one-on-one-types";

/**
 * The assistant's WebSocket messages (001 §7, 002 §7): plain JSON objects whose `type` is the
 * specification's event name (socket.io does not run on Workers). Client-safe: the browser and
 * the chat's Durable Object read the same definitions.
 *
 * Client → server
 *   { type: "ai_chat_message", id, inputMessage, inputMetaData: { profileId } }
 *     id: the client's id for the message (1–64 of [A-Za-z0-9_-]); profileId: whom the question is
 *     about, or null.
 *   { type: "abort" }                       stops the reply in progress.
 *   "ping"                                  answered "pong" without waking the object.
 * Server → client
 *   { type: "new_chat_message", chatId, messages: ChatTurn[], pendingId }
 *     on every connect: the chat's id (new or continued) and its whole history; `pendingId` is the
 *     message whose reply is still being written (sending stays blocked), else null.
 *   { type: "input_message", id, humanMessage, profileId }   the stored question, echoed.
 *   { type: "ai_response_chunk", id, chunk }                 the next piece of the reply.
 *   { type: "ai_response_complete", id, status, aiMessage, citations, error }
 *     status complete | aborted | failed; aiMessage is the reply as stored (the partial text when
 *     aborted or failed); error is a sentence to show when failed, else null.
 *   { type: "chat_error", id, error }       a message refused (blank, too long, a reply pending).
 */

/** Longest question accepted, in characters after trimming. */
export const MAX_CHAT_MESSAGE = 2000;
/** Turns of earlier conversation a reply is given. */
export const CHAT_HISTORY_TURNS = 10;

export const QUICK_PROMPTS = {
  reviews: "Analyze performance review campaigns",
  feedback: "Analyze employee feedback",
} as const;

export interface ChatCitation {
  key: string;
  label: string;
  href: string | null;
}

export interface ChatTurn {
  id: string;
  humanMessage: string;
  aiMessage: string;
  /** Null while the reply is being written. */
  status: ChatReplyStatus | null;
  citations: ChatCitation[];
}

export type ClientEvent =
  | { type: "ai_chat_message"; id: string; inputMessage: string; inputMetaData: { profileId: string | null } }
  | { type: "abort" };

export type ServerEvent =
  | { type: "new_chat_message"; chatId: string; messages: ChatTurn[]; pendingId: string | null }
  | { type: "input_message"; id: string; humanMessage: string; profileId: string | null }
  | { type: "ai_response_chunk"; id: string; chunk: string }
  | { type: "ai_response_complete"; id: string; status: ChatReplyStatus; aiMessage: string; citations: ChatCitation[]; error: string | null }
  | { type: "chat_error"; id: string | null; error: string };

const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Why a question is refused (a copy key's text is chosen by the caller), or the trimmed text. */
export function checkQuestion(input: string): { ok: true; text: string } | { ok: false; reason: "blank" | "too-long" } {
  const text = input.trim();
  if (!text) return { ok: false, reason: "blank" };
  if (text.length > MAX_CHAT_MESSAGE) return { ok: false, reason: "too-long" };
  return { ok: true, text };
}

/** A client's message read leniently: anything unknown is null (and answered with a chat_error). */
export function parseClientEvent(raw: string | ArrayBuffer): ClientEvent | null {
  if (typeof raw !== "string" || raw.length > MAX_CHAT_MESSAGE * 8) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const event = value as Record<string, unknown>;
  if (event.type === "abort") return { type: "abort" };
  if (event.type !== "ai_chat_message") return null;
  if (typeof event.id !== "string" || !MESSAGE_ID.test(event.id) || typeof event.inputMessage !== "string") return null;
  const meta = event.inputMetaData;
  const profileId = meta && typeof meta === "object" ? (meta as Record<string, unknown>).profileId : null;
  if (profileId != null && (typeof profileId !== "string" || profileId.length > 64)) return null;
  return { type: "ai_chat_message", id: event.id, inputMessage: event.inputMessage, inputMetaData: { profileId: profileId || null } };
}

/** The socket's path for a platform (001 §7: /api/{product}-ai/socket.io). */
export function aiSocketPath(platform: "slack" | "msteams"): string {
  return `/api/${platform}-ai/socket.io`;
}
