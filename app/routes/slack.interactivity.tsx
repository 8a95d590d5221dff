import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleInteractivity } from "~/modules/slack/interactivity.server";
import { verifiedSlackBody } from "~/modules/slack/request.server";

/** /slack/interactivity: buttons, the quick feedback modal and its colleague search (signed; verified first). */
export async function action({ request, context }: ActionFunctionArgs) {
  const verified = await verifiedSlackBody(request, context);
  if (!verified.ok) return verified.response;
  return handleInteractivity(context, verified.rawBody);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
