import { DurableObject } from "cloudflare:workers";

/**
 * One per assistant chat (DESIGN.md), named `chat:<chatId>`: holds the chat's WebSocket with the
 * hibernation API and streams the provider's reply as `ai_response_chunk` events.
 */
export class AiChat extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return new Response("Not available", { status: 501 });
  }
}
