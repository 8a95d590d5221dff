import { DurableObject } from "cloudflare:workers";
import { createDb } from "../app/db/client.server";
import { CHAT_OWNER_HEADER, readChatOwner } from "../app/modules/ai/chat-owner";
import { ChatConversation, type ChatOwner } from "../app/modules/ai/chat-session.server";
import type { ServerEvent } from "../app/modules/ai/chat-protocol";
import { aiProvider } from "../app/modules/ai/provider.server";

/**
 * One per assistant chat (DESIGN.md), named `chat:<chatId>`: holds the chat's WebSockets with the
 * hibernation API and streams the provider's reply as `ai_response_chunk` events. Only the Worker's
 * upgrade (app/modules/ai/chat-socket.server.ts) reaches it, after checking who asks; the owner it
 * hands over rides on each socket (serializeAttachment), so the object can sleep between
 * questions. The conversation's rules and its D1 history are the ai module's ChatConversation.
 */
export class AiChat extends DurableObject<Env> {
  private conversation: ChatConversation;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.conversation = new ChatConversation({
      db: createDb(env.DB),
      provider: () => aiProvider(env),
      broadcast: (event) => {
        const text = JSON.stringify(event);
        for (const socket of ctx.getWebSockets()) sendTo(socket, text);
      },
      send: (socket, event) => sendTo(socket, JSON.stringify(event satisfies ServerEvent)),
    });
  }

  async fetch(request: Request): Promise<Response> {
    const owner = readChatOwner(request.headers.get(CHAT_OWNER_HEADER));
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !owner) return new Response("Expected a chat socket", { status: 426 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ ...owner, fresh: false } satisfies ChatOwner);
    await this.conversation.greet(server, owner);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const owner = socket.deserializeAttachment() as ChatOwner | null;
    if (!owner) return socket.close(1008, "Unknown socket");
    await this.conversation.receive(socket, owner, message);
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // A reply in progress goes on: it is stored, and a reconnecting socket gets it with the history.
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }

  async webSocketError(socket: WebSocket): Promise<void> {
    await this.webSocketClose(socket, 1011);
  }
}

function sendTo(socket: WebSocket, text: string) {
  try {
    socket.send(text);
  } catch {
    // A socket closing meanwhile misses the event; it gets the history when it reconnects.
  }
}
