import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible chat-completions endpoint on 127.0.0.1 for the provider tests.
 * - POST /v1/chat/completions answers the next scripted reply (default: a whole stream)
 * - `script(reply)` sets how the next request is answered, once:
 *   { kind: "stream", chunks, shape?, gapMs?, firstDelayMs?, done? } streams SSE `data:` events
 *     (OpenAI `choices[].delta.content` or Workers AI `{"response"}`), `data: [DONE]` unless done: false;
 *   { kind: "cut", chunks } streams the chunks and destroys the socket before [DONE];
 *   { kind: "status", status, body } answers an HTTP error;
 *   { kind: "hang", chunks } streams the chunks and then sends nothing more.
 * - `requests` lists what was asked (authorization, body) and whether the client hung up early.
 */
export type FakeReply =
  | { kind: "stream"; chunks: string[]; shape?: "openai" | "workers"; gapMs?: number; firstDelayMs?: number; done?: boolean }
  | { kind: "cut"; chunks: string[] }
  | { kind: "status"; status: number; body: string }
  | { kind: "hang"; chunks: string[] };

export interface SeenRequest {
  path: string;
  authorization: string | null;
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: string }> };
  /** The client closed the connection before the reply ended. */
  closedEarly: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sseEvent(text: string, shape: "openai" | "workers" = "openai"): string {
  const payload = shape === "workers" ? { response: text } : { id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: text } }] };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

export async function startFakeOpenAi() {
  const requests: SeenRequest[] = [];
  let next: FakeReply | null = null;
  const sockets = new Set<import("node:net").Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    const seen: SeenRequest = {
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
      closedEarly: false,
    };
    requests.push(seen);
    let ended = false;
    res.on("close", () => {
      if (!ended) seen.closedEarly = true;
    });
    const reply: FakeReply = next ?? { kind: "stream", chunks: ["Hello", " there."] };
    next = null;

    if (reply.kind === "status") {
      res.writeHead(reply.status, { "Content-Type": "application/json" }).end(reply.body);
      ended = true;
      return;
    }
    if (reply.kind === "stream" && reply.firstDelayMs) await sleep(reply.firstDelayMs);
    if (res.destroyed) return;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
    const shape = reply.kind === "stream" ? reply.shape : "openai";
    for (const [i, text] of reply.chunks.entries()) {
      if (i > 0 && reply.kind === "stream" && reply.gapMs) await sleep(reply.gapMs);
      if (res.destroyed) return;
      res.write(sseEvent(text, shape));
    }
    if (reply.kind === "cut") {
      // Give the chunks time to leave, then break the connection mid-reply.
      await sleep(20);
      req.socket.destroy();
      return;
    }
    if (reply.kind === "hang") return;
    if (reply.done !== false) res.write("data: [DONE]\n\n");
    ended = true;
    res.end();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    script(reply: FakeReply) {
      next = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
