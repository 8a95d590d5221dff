import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleEvent } from "~/modules/slack/events.server";
import { verifiedSlackBody } from "~/modules/slack/request.server";

/** /slack/events: Slack's Events API (signed; verified before anything else is read or written). */
export async function action({ request, context }: ActionFunctionArgs) {
  const verified = await verifiedSlackBody(request, context);
  if (!verified.ok) return verified.response;
  return handleEvent(context, verified.rawBody);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
