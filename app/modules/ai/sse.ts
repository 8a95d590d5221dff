import { AiProviderError } from "./types";

/**
 * The streaming half both remote providers share: server-sent events of chat-completion chunks,
 * read with a deadline before the first chunk and between chunks, ending at `data: [DONE]`.
 * A stream that ends or breaks before `[DONE]` is cut: what came so far is not a whole reply.
 */

export const PROVIDER_MESSAGES = {
  timeout: "The AI provider did not answer in time.",
  cut: "The AI provider's reply was cut off before it ended.",
  unreadable: "The AI provider sent a reply that could not be read.",
  reported: "The AI provider reported an error.",
  unreachable: "The AI provider could not be reached.",
  http: (status: number) => `The AI provider could not answer (HTTP ${status}).`,
} as const;

type Outcome<T> = { ok: true; value: T } | { ok: false; why: "timeout" | "aborted" };

/** Waits for `promise` at most `ms`, or until `signal` aborts; a rejection is passed on. */
export function within<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<Outcome<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      promise.catch(() => {});
      return resolve({ ok: false, why: "aborted" });
    }
    let settled = false;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      if (settled) return;
      finish();
      resolve({ ok: false, why: "aborted" });
    };
    const timer = setTimeout(() => {
      if (settled) return;
      finish();
      resolve({ ok: false, why: "timeout" });
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        if (settled) return;
        finish();
        resolve({ ok: true, value });
      },
      (error: unknown) => {
        if (settled) return;
        finish();
        reject(error);
      }
    );
  });
}

/**
 * The text of one chunk: Workers AI's `{"response": "…"}` or the OpenAI shape
 * `{"choices": [{"delta": {"content": "…"}}]}`; anything else carries no text (usage, roles).
 */
export function chunkText(payload: unknown): string {
  if (!payload || typeof payload !== "object") return "";
  const p = payload as { response?: unknown; choices?: Array<{ delta?: { content?: unknown } }>; error?: unknown };
  if (p.error) throw new AiProviderError(PROVIDER_MESSAGES.reported, "failed");
  if (typeof p.response === "string") return p.response;
  const content = p.choices?.[0]?.delta?.content;
  return typeof content === "string" ? content : "";
}

/** Yields the text of each event of an SSE body until `data: [DONE]`; stops quietly when `signal` aborts. */
export async function* sseText(body: ReadableStream<Uint8Array>, options: { timeoutMs: number; signal?: AbortSignal }): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        const outcome = await within(reader.read(), options.timeoutMs, options.signal);
        if (!outcome.ok) {
          if (outcome.why === "aborted") return;
          throw new AiProviderError(PROVIDER_MESSAGES.timeout, "timeout");
        }
        read = outcome.value;
      } catch (error) {
        if (error instanceof AiProviderError) throw error;
        if (options.signal?.aborted) return;
        throw new AiProviderError(PROVIDER_MESSAGES.cut, "cut");
      }
      if (read.done) {
        // A last "data: [DONE]" without the blank line after it still ends the reply.
        const last = buffer.startsWith("data:") ? [...data, buffer.slice(buffer.startsWith("data: ") ? 6 : 5)] : data;
        if (last.join("\n").trim() === "[DONE]") return;
        throw new AiProviderError(PROVIDER_MESSAGES.cut, "cut");
      }
      buffer += decoder.decode(read.value, { stream: true });
      for (let end = buffer.search(/\r\n|\r|\n/); end >= 0; end = buffer.search(/\r\n|\r|\n/)) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        if (line === "") {
          // The end of an event: its data lines joined (SSE), one chunk.
          const payload = data.join("\n");
          data = [];
          if (payload === "") continue;
          if (payload.trim() === "[DONE]") return;
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            throw new AiProviderError(PROVIDER_MESSAGES.unreadable, "failed");
          }
          const text = chunkText(parsed);
          if (text) yield text;
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
        // Comments (":"), event, id and retry fields carry no text.
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
