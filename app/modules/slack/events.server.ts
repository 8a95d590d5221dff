import type { AppLoadContext } from "@remix-run/cloudflare";
import { publishHome } from "./home.server";
import { revokeInstallation } from "./installations.server";
import { afterResponse } from "./request.server";

type EventsBody =
  | { type: "url_verification"; challenge: string }
  | { type: "event_callback"; team_id?: string; event?: { type?: string; user?: string; tab?: string } }
  | { type?: string };

/** One verified Events API request: the URL check, the Home tab, and the app leaving a workspace. */
export async function handleEvent(context: AppLoadContext, rawBody: string): Promise<Response> {
  let body: EventsBody;
  try {
    body = JSON.parse(rawBody) as EventsBody;
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  if (body.type === "url_verification" && "challenge" in body && typeof body.challenge === "string") {
    return Response.json({ challenge: body.challenge });
  }
  if (body.type === "event_callback" && "event" in body) {
    const teamId = body.team_id ?? "";
    const event = body.event ?? {};
    if (event.type === "app_home_opened" && event.tab !== "messages" && event.user) {
      const user = event.user;
      afterResponse(context, "views.publish", () => publishHome(context, teamId, user));
    } else if ((event.type === "app_uninstalled" || event.type === "tokens_revoked") && teamId) {
      await revokeInstallation(context.db, teamId);
    }
  }
  return new Response(null, { status: 200 });
}
