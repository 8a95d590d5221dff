import type { AppLoadContext } from "@remix-run/cloudflare";
import { readConfig } from "~/lib/config.server";
import { embeddedProvider, type EmbeddedPacing } from "./embedded-provider";
import { openAiProvider } from "./openai-provider";
import type { AiProvider } from "./types";
import { workersAiProvider } from "./workers-ai-provider";

/**
 * The provider the configuration names (AI_PROVIDER), built for this request or object.
 * `workers-ai` without an `AI` binding still gives a provider: it fails with a clear message when
 * used, so the pages that only need the analyser's scores keep working.
 */
export function aiProvider(env: Env, options: { pacing?: Partial<EmbeddedPacing>; fetch?: typeof fetch } = {}): AiProvider {
  const { ai } = readConfig(env);
  switch (ai.provider) {
    case "workers-ai":
      return workersAiProvider(env.AI, { model: ai.workersModel, timeoutMs: ai.timeoutMs });
    case "openai":
      return openAiProvider({ ...ai.openai, timeoutMs: ai.timeoutMs, fetch: options.fetch });
    case "embedded":
      return embeddedProvider(options.pacing);
  }
}

export function aiProviderFor(context: AppLoadContext): AiProvider {
  return aiProvider(context.cloudflare.env);
}

/** Collects a streamed write into one string. */
export async function collect(stream: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += chunk;
  return out;
}
