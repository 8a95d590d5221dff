import type { AiFact, AiProvider, AiWriteTask } from "./types";

/**
 * The assistant's reply rules, shared by every provider: the reply is the provider's text for the
 * chat task, stopped by `signal`.
 */
export function answerChat(provider: AiProvider, task: Extract<AiWriteTask, { kind: "chat" }>, signal: AbortSignal): AsyncIterable<string> {
  return provider.write(task, { signal });
}

/** The facts a reply cites: those whose key it names in brackets ("[F3]"), in the order given. */
export function citationsIn(text: string, facts: AiFact[]): AiFact[] {
  return facts.filter((fact) => text.includes(`[${fact.key}]`));
}
