import { buildMessages } from "./prompts";
import { PROVIDER_MESSAGES, sseText, within } from "./sse";
import { AiProviderError, type AiProvider, type AiWriteTask } from "./types";

export interface WorkersAiSettings {
  model: string;
  /** Before the first chunk and between chunks. */
  timeoutMs: number;
}

export const MISSING_BINDING_MESSAGE =
  "Workers AI is configured (AI_PROVIDER=workers-ai) but the Worker has no AI binding: add [ai] binding = \"AI\" to wrangler.toml (README › Configuration).";

/**
 * Cloudflare Workers AI through the `AI` binding, streamed (`stream: true` answers server-sent
 * events). `ai` may be missing: the provider is still made, and says so when it is used.
 */
export function workersAiProvider(ai: Ai | undefined, settings: WorkersAiSettings): AiProvider {
  return {
    kind: "workers-ai",
    async *write(task: AiWriteTask, options?: { signal?: AbortSignal }) {
      const signal = options?.signal;
      if (!ai) throw new AiProviderError(MISSING_BINDING_MESSAGE, "failed");
      if (signal?.aborted) return;
      let outcome;
      try {
        // The model is configuration, not one of the binding's typed model names.
        const run = ai.run as unknown as (model: string, inputs: object) => Promise<unknown>;
        const started = run.call(ai, settings.model, { messages: buildMessages(task), stream: true });
        outcome = await within(started, settings.timeoutMs, signal);
        // A stream that arrives after we stopped waiting is closed unread.
        if (!outcome.ok) started.then(
            (late) => {
              if (late instanceof ReadableStream) late.cancel().catch(() => {});
            },
            () => {}
          );
      } catch (error) {
        console.warn("AI provider (workers-ai): run failed", error instanceof Error ? error.name : typeof error);
        throw new AiProviderError(PROVIDER_MESSAGES.unreachable, "failed");
      }
      if (!outcome.ok) {
        if (outcome.why === "aborted") return;
        throw new AiProviderError(PROVIDER_MESSAGES.timeout, "timeout");
      }
      if (!(outcome.value instanceof ReadableStream)) throw new AiProviderError(PROVIDER_MESSAGES.unreadable, "failed");
      yield* sseText(outcome.value as ReadableStream<Uint8Array>, { timeoutMs: settings.timeoutMs, signal });
    },
  };
}
