import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/modules/auth/session.server";

/** Signing out changes state, so only a POST does it; a GET (a link, a prefetch) just goes home. */
export async function loader() {
  throw redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/sign-in", { headers: { "Set-Cookie": await destroySession(request, context) } });
}
