import { buildMessages } from "./prompts";
import { PROVIDER_MESSAGES, sseText, within } from "./sse";
import { AiProviderError, type AiProvider, type AiWriteTask } from "./types";

export interface OpenAiSettings {
  /** e.g. https://api.openai.com/v1; the request goes to {baseUrl}/chat/completions. */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token when set (a local compatible server may need none). */
  apiKey: string;
  /** Before the answer's first chunk (headers included) and between chunks. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Any OpenAI-compatible chat-completions endpoint, streamed. A failure never shows the
 * endpoint's own body: its text may echo the prompt or name the account.
 */
export function openAiProvider(settings: OpenAiSettings): AiProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const doFetch = settings.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    kind: "openai",
    async *write(task: AiWriteTask, options?: { signal?: AbortSignal }) {
      const signal = options?.signal;
      if (signal?.aborted) return;
      // Cancels the request on abort or timeout, whichever comes first.
      const request = new AbortController();
      const cancel = () => request.abort();
      signal?.addEventListener("abort", cancel, { once: true });
      try {
        const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
        if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
        let outcome;
        try {
          outcome = await within(
            doFetch(url, {
              method: "POST",
              headers,
              body: JSON.stringify({ model: settings.model, messages: buildMessages(task), stream: true }),
              signal: request.signal,
            }),
            settings.timeoutMs,
            signal
          );
        } catch (error) {
          if (signal?.aborted) return;
          console.warn("AI provider (openai): request failed", error instanceof Error ? error.name : typeof error);
          throw new AiProviderError(PROVIDER_MESSAGES.unreachable, "failed");
        }
        if (!outcome.ok) {
          if (outcome.why === "aborted") return;
          throw new AiProviderError(PROVIDER_MESSAGES.timeout, "timeout");
        }
        const response = outcome.value;
        if (!response.ok || !response.body) {
          response.body?.cancel().catch(() => {});
          console.warn(`AI provider (openai): HTTP ${response.status}`);
          throw new AiProviderError(PROVIDER_MESSAGES.http(response.status), "failed");
        }
        yield* sseText(response.body, { timeoutMs: settings.timeoutMs, signal });
      } finally {
        signal?.removeEventListener("abort", cancel);
        request.abort();
      }
    },
  };
}
