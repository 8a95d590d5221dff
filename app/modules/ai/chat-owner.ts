import type { ChatOwner } from "./chat-session.server";

/**
 * How the Worker's upgrade tells the chat's object who the socket belongs to. Only the Worker
 * reaches the object (through its binding), so the header cannot come from a browser.
 */
export const CHAT_OWNER_HEADER = "X-Chat-Owner";

export function writeChatOwner(owner: ChatOwner): string {
  return JSON.stringify(owner);
}

export function readChatOwner(header: string | null): ChatOwner | null {
  if (!header) return null;
  try {
    const value = JSON.parse(header) as Partial<ChatOwner>;
    if (typeof value.chatId !== "string" || typeof value.userId !== "string" || typeof value.companyId !== "string") return null;
    return {
      chatId: value.chatId,
      userId: value.userId,
      companyId: value.companyId,
      oneOnOneId: typeof value.oneOnOneId === "string" ? value.oneOnOneId : null,
      fresh: value.fresh === true,
    };
  } catch {
    return null;
  }
}
