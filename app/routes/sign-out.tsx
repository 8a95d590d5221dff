import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/modules/auth/session.server";
import { clearDraftCookies } from "~/modules/surveys/respond.server";

/** Signing out changes state, so only a POST does it; a GET (a link, a prefetch) just goes home. */
export async function loader() {
  throw redirect("/");
}

/** Also clears the anonymous survey drafts kept in this browser: the next person to sign in here must not find them. */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers({ "Set-Cookie": await destroySession(request, context) });
  for (const cleared of await clearDraftCookies(request, context.config.sessionSecret, context.db)) {
    headers.append("Set-Cookie", cleared);
  }
  return redirect("/sign-in", { headers });
}
