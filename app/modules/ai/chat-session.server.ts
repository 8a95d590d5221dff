import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiChatMessages, aiChats } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { logError } from "~/lib/log.server";
import { assistantFacts, type FactScope } from "~/modules/access/assistant-facts.server";
import { meetingFor } from "~/modules/access/one-on-ones.server";
import { personOfUser, type Person } from "~/modules/auth/session.server";
import type { ChatReplyStatus } from "~/modules/one-on-ones/one-on-one-types";
import {
  CHAT_HISTORY_TURNS,
  checkQuestion,
  parseClientEvent,
  QUICK_PROMPTS,
  type ChatCitation,
  type ChatTurn,
  type ServerEvent,
} from "./chat-protocol";
import { answerChat, citationsIn } from "./chat-rules";
import { AiProviderError, type AiFact, type AiProvider } from "./types";

const words = sharedCopy.assistant;

/**
 * Who a chat socket belongs to, fixed at the upgrade (chat-socket.server.ts) and kept on the
 * socket (serializeAttachment) so it survives the object's hibernation.
 */
export interface ChatOwner {
  chatId: string;
  userId: string;
  companyId: string;
  /** The meeting whose AI Assistant panel opened the chat; null for the profile chat. */
  oneOnOneId: string | null;
  /** A chat the upgrade has just named: it has nothing stored yet. */
  fresh?: boolean;
}

/** What the chat's object gives the conversation: its sockets and the provider. */
export interface ChatRoom {
  db: Db;
  provider: () => AiProvider;
  /** Every open socket of the chat (one person may have it open in two tabs). */
  broadcast(event: ServerEvent): void;
  send(socket: WebSocket, event: ServerEvent): void;
}

/**
 * One chat's conversation, kept by its AiChat object: the history in D1 (the object is the only
 * writer of `ai_chats` and `ai_chat_messages`), the reply being written in memory. A reply cut
 * by an eviction is found with no status on the next load and stored as failed.
 */
export class ChatConversation {
  private pending: { id: string; controller: AbortController } | null = null;
  /** The turns as stored, read once per life of the object: it is their only writer. */
  private turns: ChatTurn[] | null = null;

  constructor(private readonly room: ChatRoom) {}

  get pendingId(): string | null {
    return this.pending?.id ?? null;
  }

  async greet(socket: WebSocket, owner: ChatOwner): Promise<void> {
    // Only at its first connect is a chat known to be empty; a socket's owner outlives that.
    if (owner.fresh && !this.turns) this.turns = [];
    this.room.send(socket, { type: "new_chat_message", chatId: owner.chatId, messages: await this.history(owner), pendingId: this.pendingId });
  }

  async receive(socket: WebSocket, owner: ChatOwner, raw: string | ArrayBuffer): Promise<void> {
    const event = parseClientEvent(raw);
    if (!event) return this.room.send(socket, { type: "chat_error", id: null, error: words.assistantUnreadable });
    if (event.type === "abort") {
      this.pending?.controller.abort();
      return;
    }
    if (this.pending) return this.room.send(socket, { type: "chat_error", id: event.id, error: words.assistantReplyPending });
    const checked = checkQuestion(event.inputMessage);
    if (!checked.ok) {
      const error = checked.reason === "blank" ? words.assistantBlank : words.assistantTooLong;
      return this.room.send(socket, { type: "chat_error", id: event.id, error });
    }
    const controller = new AbortController();
    // Taken before the first await, so a second message arriving meanwhile is refused.
    this.pending = { id: event.id, controller };
    try {
      await this.reply(socket, owner, event.id, checked.text, event.inputMetaData.profileId, controller);
    } catch (cause) {
      // A database failure before or after the reply: the person is told, the object stays up.
      logError(`chat:${owner.chatId}`, cause, { step: "assistant message" });
      const turn = this.turns?.find((t) => t.id === event.id && t.status === null);
      if (turn) turn.status = "failed";
      this.room.broadcast({ type: "chat_error", id: event.id, error: words.assistantFailed });
    } finally {
      this.pending = null;
    }
  }

  private async reply(socket: WebSocket, owner: ChatOwner, id: string, question: string, profileId: string | null, controller: AbortController) {
    const db = this.room.db;
    const asker = await personOfUser(db, owner.companyId, owner.userId);
    const allowed = asker && mayUseChat(asker, owner);
    if (!asker || !allowed) return this.room.send(socket, { type: "chat_error", id, error: words.assistantNotAllowed });
    const meeting = owner.oneOnOneId ? await meetingFor(db, asker, owner.oneOnOneId) : null;
    if (owner.oneOnOneId && !meeting) return this.room.send(socket, { type: "chat_error", id, error: words.assistantNotAllowed });

    const turns = await this.history(owner);
    if (turns.some((turn) => turn.id === id)) return this.room.send(socket, { type: "chat_error", id, error: words.assistantDuplicate });

    const now = new Date();
    const turn: ChatTurn = { id, humanMessage: question, aiMessage: "", status: null, citations: [] };
    // The question is stored while the facts are read; the reply waits for both.
    const stored = db.batch([
      db
        .insert(aiChats)
        .values({ id: owner.chatId, companyId: owner.companyId, userId: owner.userId, oneOnOneId: owner.oneOnOneId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: aiChats.id, set: { updatedAt: now } }),
      db.insert(aiChatMessages).values({ chatId: owner.chatId, id, companyId: owner.companyId, profileId, humanMessage: question, createdAt: now }),
    ]);
    const reading = assistantFacts(db, asker, scopeOf(asker, question, profileId, meeting?.meeting ?? null));
    // Neither rejects unseen while the other is awaited.
    stored.catch(() => {});
    reading.catch(() => {});
    await stored;
    this.turns = [...turns, turn];
    this.room.broadcast({ type: "input_message", id, humanMessage: question, profileId });

    let text = "";
    let status: ChatReplyStatus = "complete";
    let error: string | null = null;
    let facts: AiFact[] = [];
    try {
      const gathered = await reading;
      facts = gathered.facts;
      if (gathered.refused) {
        text = words.assistantSubjectHidden;
        this.room.broadcast({ type: "ai_response_chunk", id, chunk: text });
      } else {
        const history = turns
          .filter((earlier) => earlier.status === "complete")
          .slice(-CHAT_HISTORY_TURNS)
          .map((earlier) => ({ human: earlier.humanMessage, ai: earlier.aiMessage }));
        const task = { kind: "chat" as const, question, history, subject: gathered.subject, facts };
        // An `abort` sent with the question (or while the facts were read) is let in first.
        await nextTurn();
        if (!controller.signal.aborted) {
          for await (const chunk of answerChat(this.room.provider(), task, controller.signal)) {
            if (controller.signal.aborted) break;
            if (chunk) {
              text += chunk;
              // A socket that connects meanwhile gets the text so far in its history, then the rest.
              turn.aiMessage = text;
              this.room.broadcast({ type: "ai_response_chunk", id, chunk });
            }
            // Lets an `abort` (another socket event) in between chunks, whatever the provider's pace.
            await nextTurn();
            if (controller.signal.aborted) break;
          }
        }
      }
      if (controller.signal.aborted) status = "aborted";
    } catch (cause) {
      if (controller.signal.aborted) {
        status = "aborted";
      } else {
        status = "failed";
        error = cause instanceof AiProviderError ? cause.message : words.assistantFailed;
        if (!(cause instanceof AiProviderError)) logError(`chat:${owner.chatId}`, cause, { step: "assistant reply" });
      }
    }
    const citations: ChatCitation[] = citationsIn(text, facts).map(({ key, label, href }) => ({ key, label, href }));
    await db
      .update(aiChatMessages)
      .set({ aiMessage: text, status, citations })
      .where(and(eq(aiChatMessages.chatId, owner.chatId), eq(aiChatMessages.id, id)));
    Object.assign(turn, { aiMessage: text, status, citations });
    this.room.broadcast({ type: "ai_response_complete", id, status, aiMessage: text, citations, error });
  }

  /** The chat's turns, oldest first; a reply left without status by an eviction is stored as failed. */
  private async history(owner: ChatOwner): Promise<ChatTurn[]> {
    if (this.turns) return this.turns;
    const db = this.room.db;
    if (!this.pending) {
      await db
        .update(aiChatMessages)
        .set({ status: "failed" })
        .where(and(eq(aiChatMessages.chatId, owner.chatId), eq(aiChatMessages.companyId, owner.companyId), isNull(aiChatMessages.status)));
    }
    const rows = await db
      .select({
        id: aiChatMessages.id,
        humanMessage: aiChatMessages.humanMessage,
        aiMessage: aiChatMessages.aiMessage,
        status: aiChatMessages.status,
        citations: aiChatMessages.citations,
      })
      .from(aiChatMessages)
      .where(and(eq(aiChatMessages.chatId, owner.chatId), eq(aiChatMessages.companyId, owner.companyId)))
      .orderBy(asc(aiChatMessages.createdAt), asc(sql`rowid`));
    this.turns = rows;
    return rows;
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The gates the upgrade checked, checked again at each question (rights may have changed). */
export function mayUseChat(person: Person, owner: Pick<ChatOwner, "oneOnOneId">): boolean {
  if (!person.permissions.includes("ViewAiFeedback")) return false;
  return owner.oneOnOneId !== null || person.permissions.includes("ViewAiChat");
}

function scopeOf(asker: Person, question: string, profileId: string | null, meeting: { reviewerId: string; revieweeId: string } | null): FactScope {
  if (asker.user.isSuperAdmin && question === QUICK_PROMPTS.reviews) return { kind: "company-reviews" };
  if (asker.user.isSuperAdmin && question === QUICK_PROMPTS.feedback) return { kind: "company-feedback" };
  return { kind: "person", subjectId: profileId, meeting };
}
