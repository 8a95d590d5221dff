import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleBotActivity } from "~/modules/msteams/activities.server";

/**
 * The Teams bot's messaging endpoint (Bot Framework activities, chat-apps/msteams/manifest.json).
 * No session and no Origin: the caller is the Bot Framework, proven by its signed token.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  return handleBotActivity(request, context);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
