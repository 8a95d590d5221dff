import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * The single writer of one 1-on-1 (durable-objects/one-on-one.ts): its state, both sides' prep
 * answers and notes, and its AI feedback all change through it.
 */
export function oneOnOneWriter(context: AppLoadContext, oneOnOneId: string) {
  return oneOnOneWriterOf(context.cloudflare.env, oneOnOneId);
}

export function oneOnOneWriterOf(env: Env, oneOnOneId: string) {
  const namespace = env.ONE_ON_ONE;
  return namespace.get(namespace.idFromName(`one-on-one:${oneOnOneId}`));
}
